// Threads of the one-thread CACTI module (linked into build/wasm/cacti only). CACTI's organisation
// search starts NTHREADS pthreads and joins them even when NTHREADS is 1 (Ucache.cc, solve()), and
// each ends with pthread_exit. A WebAssembly module built without threads has only Emscripten's
// stubs, whose pthread_create fails (EAGAIN): CACTI would search nothing and report "no valid data
// array organizations found". These definitions replace the stubs (weak symbols in Emscripten's
// libc): pthread_create runs the thread's function to its end before returning, and pthread_exit
// returns to that point, so NTHREADS=1 runs the search exactly as CACTI's own one-thread build does.
#include <pthread.h>

#include <csetjmp>
#include <cstdlib>

namespace {
std::jmp_buf* thread_end = nullptr;  // where pthread_exit of the running "thread" returns to
}

extern "C" {
int pthread_create(pthread_t* thread, const pthread_attr_t*, void* (*start)(void*), void* arg) {
  std::jmp_buf end;
  std::jmp_buf* outer = thread_end;
  thread_end = &end;
  if (setjmp(end) == 0) start(arg);
  thread_end = outer;
  *thread = pthread_t{};
  return 0;
}

int pthread_join(pthread_t, void** result) {
  if (result) *result = nullptr;
  return 0;
}

void pthread_exit(void*) {
  if (!thread_end) std::abort();  // not inside a thread started above: CACTI never does this
  std::longjmp(*thread_end, 1);
}
}
