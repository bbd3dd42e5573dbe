#pragma once
// A zero-filled array whose pages are committed on first touch (untouched parts cost no memory).
// Large arrays that will be touched all over may ask Linux for transparent huge pages: the route
// walk looks up random sets of tag arrays of hundreds of MB, and with 4 KB pages nearly every
// look-up also missed the TLB (random reads over 235 MB on this project's 2-core machine: 58 M/s
// with 4 KB pages, 103 M/s with huge pages). The others refuse them: a huge page commits 2 MB at its
// first touch, so an array touched in a few scattered places would be committed whole (a 2.4 GB
// dragonfly bank whose run touches 8,800 of its 149,000 caches; fuzz/run_fuzzer.cpp found it).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#define SWITCHLAB_HUGE_PAGES 1
#endif

namespace switchlab {

template <class T>
class ZeroedArray {
 public:
  ZeroedArray() = default;
  // Throws std::bad_alloc if `n` elements cannot be reserved. `huge_pages`: it will be touched all over.
  explicit ZeroedArray(size_t n, [[maybe_unused]] bool huge_pages = false) : n_(n) {
    if (n == 0) return;
    if (n > SIZE_MAX / sizeof(T)) throw std::bad_alloc();
#ifdef SWITCHLAB_HUGE_PAGES
    if (bytes() >= kHugeFrom) {
      void* p = mmap(nullptr, bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p == MAP_FAILED) throw std::bad_alloc();
      // Advice only, fine if the kernel says no (and needed both ways: with THP "always" the kernel
      // would give huge pages unasked).
      madvise(p, bytes(), huge_pages ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
      p_ = static_cast<T*>(p);
      mapped_ = true;
      return;
    }
#endif
    p_ = static_cast<T*>(std::calloc(n, sizeof(T)));
    if (!p_) throw std::bad_alloc();
  }
  ZeroedArray(ZeroedArray&& o) noexcept : p_(o.p_), n_(o.n_), mapped_(o.mapped_) { o.p_ = nullptr; }
  ZeroedArray& operator=(ZeroedArray&& o) noexcept {
    if (this != &o) {
      release();
      p_ = o.p_;
      n_ = o.n_;
      mapped_ = o.mapped_;
      o.p_ = nullptr;
    }
    return *this;
  }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  ~ZeroedArray() { release(); }

  T* get() const { return p_; }
  size_t size() const { return n_; }

 private:
  static constexpr size_t kHugeFrom = size_t{4} << 20;  // smaller arrays: calloc
  size_t bytes() const { return n_ * sizeof(T); }
  void release() {
    if (!p_) return;
#ifdef SWITCHLAB_HUGE_PAGES
    if (mapped_) {
      munmap(p_, bytes());
      p_ = nullptr;
      return;
    }
#endif
    std::free(p_);
    p_ = nullptr;
  }

  T* p_ = nullptr;
  size_t n_ = 0;
  bool mapped_ = false;
};

}  // namespace switchlab
