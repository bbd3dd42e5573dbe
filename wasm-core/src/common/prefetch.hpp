#pragma once
// Asks the memory system for the line holding `p` ahead of its use (a no-op where the compiler or
// the target has no prefetch, e.g. WebAssembly). Functions made of prefetches alone must be forced
// inline (SWITCHLAB_PREFETCH_FN): GCC 12 counts them as pure and drops their calls otherwise.
#if defined(__GNUC__) || defined(__clang__)
#define SWITCHLAB_PREFETCH_FN [[gnu::always_inline]] inline
#else
#define SWITCHLAB_PREFETCH_FN inline
#endif

namespace switchlab {

SWITCHLAB_PREFETCH_FN void prefetch_address(const void* p) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}

}  // namespace switchlab
