#pragma once
// A two-stage pipeline over numbered batches, used by the route walk (docs/engines.md, Threads):
// produce(k, slot) fills ring slot `slot` with batch k on the calling thread; consume(slot, w) then
// runs for w = 0..workers-1, each on a thread of its own (each worker owns a fixed share of the
// state, so they never touch the same data); finish(slot) runs on the calling thread, in batch
// order, before the slot is reused. With no workers everything runs on the calling thread, still
// one batch apart, so a batch's memory requests overlap the previous batch's work. Whatever the
// number of workers, every stage sees the batches in the same order: results do not depend on it.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace switchlab {

// Waiting for the other stage: spin a little (a batch takes tens of microseconds), then sleep on a
// condition variable. Yielding in a loop instead cost more system time than the run itself.
class PipelineSignal {
 public:
  template <class Ready>
  void wait(Ready&& ready) {
    for (int i = 0; i < 4096; ++i) {
      if (ready()) return;
      relax();
    }
    std::unique_lock<std::mutex> lock(mutex_);
    sleepers_.fetch_add(1);  // seq_cst, as the notifier's state store and load of sleepers_
    cv_.wait(lock, ready);
    sleepers_.fetch_sub(1);
  }
  // After changing what a waiter's `ready` reads (with a seq_cst store).
  void notify() {
    if (sleepers_.load() == 0) return;
    std::lock_guard<std::mutex> lock(mutex_);
    cv_.notify_all();
  }

 private:
  static void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  std::mutex mutex_;
  std::condition_variable cv_;
  std::atomic<int> sleepers_{0};
};

// Threads this build can run (1 where the build has none, e.g. WebAssembly without pthreads).
inline uint32_t hardware_threads() {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  return 1;
#else
  const unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
#endif
}

template <class Produce, class Consume, class Finish>
void run_pipeline(uint64_t batches, uint32_t workers, uint32_t slots, Produce&& produce, Consume&& consume,
                  Finish&& finish) {
  if (workers == 0 || hardware_threads() == 1) {
    for (uint64_t k = 0; k < batches; ++k) {
      produce(k, static_cast<uint32_t>(k % 2));
      if (k > 0) {
        consume(static_cast<uint32_t>((k - 1) % 2), 0u);
        finish(static_cast<uint32_t>((k - 1) % 2));
      }
    }
    if (batches > 0) {
      consume(static_cast<uint32_t>((batches - 1) % 2), 0u);
      finish(static_cast<uint32_t>((batches - 1) % 2));
    }
    return;
  }
  struct Slot {
    std::atomic<uint64_t> ready{UINT64_MAX};  // the batch the slot holds, once produced
    std::atomic<uint32_t> done{0};            // workers finished with it
  };
  std::vector<Slot> ring(slots);
  std::vector<std::exception_ptr> errors(workers);
  PipelineSignal produced, consumed;
  std::vector<std::thread> threads;
  threads.reserve(workers);
  for (uint32_t w = 0; w < workers; ++w)
    threads.emplace_back([&, w] {
      for (uint64_t k = 0; k < batches; ++k) {
        Slot& s = ring[k % slots];
        produced.wait([&] { return s.ready.load() == k; });
        if (!errors[w]) {
          try {
            consume(static_cast<uint32_t>(k % slots), w);
          } catch (...) {
            errors[w] = std::current_exception();  // keep counting batches so nobody waits forever
          }
        }
        s.done.fetch_add(1);
        consumed.notify();
      }
    });
  auto retire = [&](uint64_t k) {
    Slot& s = ring[k % slots];
    consumed.wait([&] { return s.done.load() == workers; });
    finish(static_cast<uint32_t>(k % slots));
    s.done.store(0);
  };
  std::exception_ptr error;
  for (uint64_t k = 0; k < batches; ++k) {
    if (k >= slots) retire(k - slots);
    if (!error) {
      try {
        produce(k, static_cast<uint32_t>(k % slots));
      } catch (...) {
        error = std::current_exception();
      }
    }
    ring[k % slots].ready.store(k);
    produced.notify();
  }
  for (uint64_t k = batches > slots ? batches - slots : 0; k < batches; ++k) retire(k);
  for (auto& t : threads) t.join();
  for (auto& e : errors)
    if (e && !error) error = e;
  if (error) std::rethrow_exception(error);
}

}  // namespace switchlab
