// Time limit of a CACTI run in WebAssembly (linked into the cacti modules only, never the core).
// A synchronous WebAssembly call cannot be interrupted from outside, and CACTI's source is built
// unchanged, so the CACTI modules are compiled with -finstrument-functions-after-inlining: every
// call of a function that was not inlined enters here, and every 4,096th entry compares the clock
// with the deadline that bindings/wasm/cacti.mjs set. Past it, the main thread exits with code 124 (the
// status of coreutils' timeout) and a search thread ends early, so pthread_join returns and the main
// thread exits at its next call. Cost: one counter increment per call (measured in make bench).
#include <emscripten.h>
#include <emscripten/threading.h>
#include <pthread.h>
#include <atomic>
#include <cstdlib>

namespace {
double deadline_ms = 0;  // on emscripten_get_now()'s clock (which pthreads share); 0: no limit
std::atomic<bool> timed_out{false};
thread_local unsigned calls = 0;
}  // namespace

extern "C" {
// Called before each run; seconds <= 0: no limit.
EMSCRIPTEN_KEEPALIVE void switchlab_cacti_set_time_limit(double seconds) {
  deadline_ms = seconds > 0 ? emscripten_get_now() + 1000 * seconds : 0;
  timed_out = false;
}
EMSCRIPTEN_KEEPALIVE int switchlab_cacti_timed_out() { return timed_out ? 1 : 0; }

__attribute__((no_instrument_function)) void __cyg_profile_func_enter(void*, void*) {
  if ((++calls & 4095u) != 0 || deadline_ms == 0) return;
  if (emscripten_get_now() < deadline_ms) return;
  timed_out = true;
  if (emscripten_is_main_runtime_thread()) exit(124);
  pthread_exit(nullptr);
}
__attribute__((no_instrument_function)) void __cyg_profile_func_exit(void*, void*) {}
}
