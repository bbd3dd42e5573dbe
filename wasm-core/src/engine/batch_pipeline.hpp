#pragma once
// A two-stage pipeline over numbered batches, used by the route walk (docs/engines.md, Threads).
// The work of a batch is split into kPipelineParts parts (the route walk: caches by id mod parts);
// every part of every batch is consumed exactly once, by one party, in batch order, so results do
// not depend on the number of threads or on who took which part.
//
// The calling thread (party 0) runs produce(k, slot, split) to fill ring slot `slot` with batch k,
// then its own parts [0, split) of the previous batch, then finish(slot) of the previous batch once
// every party is done with it. Workers 1..W each take the parts p >= split with p % W == w - 1, as
// soon as a batch is published. `split` adapts between batches: it
// grows while the caller waits for the workers and shrinks while the workers wait for the caller,
// so routing (the caller's alone) plus the caller's parts balance the workers' parts. A batch is
// published only after the caller's parts of the previous batch are done, and a part changes hands
// only between batches, so no part is ever consumed by two parties at once or out of order.
// Without workers everything runs on the calling thread, still one batch apart, so a batch's memory
// requests overlap the previous batch's work.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace switchlab {

constexpr uint32_t kPipelineParts = 64;
constexpr uint32_t kPipelineSlots = 4;  // batches in flight: the ring the caller keeps

// The party that consumes part `part` of a batch produced with `split`, among `workers` workers: a
// part above the split always goes to the same worker, so it only ever moves to and from the caller.
inline uint32_t pipeline_owner(uint32_t part, uint32_t split, uint32_t workers) {
  return part < split ? 0 : 1 + part % workers;
}

// The parts `party` consumes, bit p for part p: what a consumer tests per item, which is cheaper
// than calling pipeline_owner (a divide) for each.
inline uint64_t pipeline_parts_of(uint32_t party, uint32_t split, uint32_t workers) {
  static_assert(kPipelineParts == 64, "one bit per part");
  uint64_t parts = 0;
  for (uint32_t p = 0; p < kPipelineParts; ++p)
    if (pipeline_owner(p, split, workers) == party) parts |= uint64_t{1} << p;
  return parts;
}

// Waiting for the other stage: spin a little (a batch takes tens of microseconds), then sleep on a
// condition variable. Yielding in a loop instead cost more system time than the run itself.
class PipelineSignal {
 public:
  template <class Ready>
  void wait(Ready&& ready) {
    for (int i = 0; i < kSpins; ++i) {
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
  // WebAssembly has no pause instruction, so a spin there is a fraction of the time, while waking a
  // Web Worker from Atomics.wait is slower than a futex wake: it spins 16x as often (measured, idle
  // machine: 8x8x8 and 32^3 tori 1.2-1.3x faster on two threads than with 4,096; fat tree the same).
#if defined(__EMSCRIPTEN__)
  static constexpr int kSpins = 1 << 16;
#else
  static constexpr int kSpins = 4096;
#endif
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

// Threads a run uses for sim.threads = `requested` (0: every core). Natively more than the machine
// has is allowed (waiting threads sleep; only useful for tests). WebAssembly threads come from a
// pool of one Web Worker per extra core, made while the module loads: a worker started during a run
// could not load, since the run blocks the event loop it needs, so a run never asks for more.
inline uint32_t run_threads(uint32_t requested) {
  const uint32_t cores = hardware_threads();
  if (cores == 1 || requested == 0) return cores;
#if defined(__EMSCRIPTEN__)
  return requested < cores ? requested : cores;
#else
  return requested;
#endif
}

template <class Produce, class Consume, class Finish>
void run_pipeline(uint64_t batches, uint32_t workers, Produce&& produce, Consume&& consume, Finish&& finish) {
  constexpr uint32_t kSlots = kPipelineSlots;
  if (workers == 0) {
    for (uint64_t k = 0; k <= batches; ++k) {
      if (k < batches) produce(k, static_cast<uint32_t>(k % kSlots), kPipelineParts);
      if (k > 0) {
        consume(static_cast<uint32_t>((k - 1) % kSlots), 0u);
        finish(static_cast<uint32_t>((k - 1) % kSlots));
      }
    }
    return;
  }
  struct Slot {
    std::atomic<uint64_t> ready{UINT64_MAX};  // the batch the slot holds, once published
    std::atomic<uint32_t> done{0};            // workers finished with it
  };
  std::vector<Slot> ring(kSlots);
  std::vector<std::exception_ptr> errors(workers + 1);
  PipelineSignal published, consumed;
  std::atomic<bool> workers_waited{false};
  auto guarded = [&](uint32_t party, auto&& work) {
    if (errors[party]) return;
    try {
      work();
    } catch (...) {
      errors[party] = std::current_exception();  // keep counting batches so nobody waits forever
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(workers);
  for (uint32_t w = 1; w <= workers; ++w)
    threads.emplace_back([&, w] {
      for (uint64_t k = 0; k < batches; ++k) {
        Slot& s = ring[k % kSlots];
        if (s.ready.load() != k) workers_waited.store(true);
        published.wait([&] { return s.ready.load() == k; });
        guarded(w, [&] { consume(static_cast<uint32_t>(k % kSlots), w); });
        s.done.fetch_add(1);
        consumed.notify();
      }
    });
  uint32_t split = kPipelineParts / (workers + 1);
  for (uint64_t k = 0; k <= batches; ++k) {
    if (k < batches) {
      if (workers_waited.exchange(false) && split > 0) --split;
      guarded(0, [&] { produce(k, static_cast<uint32_t>(k % kSlots), split); });
    }
    if (k > 0) {
      const uint32_t prev = static_cast<uint32_t>((k - 1) % kSlots);
      guarded(0, [&] { consume(prev, 0u); });
      if (k < batches) {
        ring[k % kSlots].ready.store(k);
        published.notify();
      }
      Slot& s = ring[prev];
      if (s.done.load() != workers && split < kPipelineParts) ++split;
      consumed.wait([&] { return s.done.load() == workers; });
      guarded(0, [&] { finish(prev); });
      s.done.store(0);
    } else if (batches > 0) {
      ring[0].ready.store(0);
      published.notify();
    }
  }
  for (auto& t : threads) t.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace switchlab
