#pragma once
// A small open-addressing hash map keyed by 32-bit ids (destination ids, tags). The engine
// keeps one per cache port, so they must be compact and allocation-light; std::unordered_* costs
// ~40 bytes per element and a heap node each.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/prefetch.hpp"

namespace switchlab {

inline uint32_t mix32(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

// Map from uint32 key (never 0xFFFFFFFF) to uint32 value, with erase (backward-shift deletion).
class U32Map {
 public:
  static constexpr uint32_t kEmpty = 0xFFFFFFFFu;

  // Returns a pointer to the value, or nullptr.
  uint32_t* find(uint32_t key) {
    if (keys_.empty()) return nullptr;
    for (size_t i = mix32(key) & mask_;; i = (i + 1) & mask_) {
      if (keys_[i] == key) return &vals_[i];
      if (keys_[i] == kEmpty) return nullptr;
    }
  }

  // Starts loading the slot where `key` would be looked up.
  SWITCHLAB_PREFETCH_FN void prefetch(uint32_t key) const {
    if (!keys_.empty()) prefetch_address(&keys_[mix32(key) & mask_]);
  }

  void insert(uint32_t key, uint32_t val) {
    if ((size_ + 1) * 4 > keys_.size() * 3) grow();
    size_t i = mix32(key) & mask_;
    while (keys_[i] != kEmpty && keys_[i] != key) i = (i + 1) & mask_;
    if (keys_[i] == kEmpty) ++size_;
    keys_[i] = key;
    vals_[i] = val;
  }

  void erase(uint32_t key) {
    if (keys_.empty()) return;
    size_t i = mix32(key) & mask_;
    while (keys_[i] != key) {
      if (keys_[i] == kEmpty) return;
      i = (i + 1) & mask_;
    }
    // Backward-shift so probe chains stay intact without tombstones.
    size_t j = i;
    for (;;) {
      j = (j + 1) & mask_;
      if (keys_[j] == kEmpty) break;
      size_t home = mix32(keys_[j]) & mask_;
      if (((j - home) & mask_) >= ((j - i) & mask_)) {
        keys_[i] = keys_[j];
        vals_[i] = vals_[j];
        i = j;
      }
    }
    keys_[i] = kEmpty;
    --size_;
  }

  size_t size() const { return size_; }
  template <class F>
  void for_each(F f) const {
    for (size_t i = 0; i < keys_.size(); ++i)
      if (keys_[i] != kEmpty) f(keys_[i], vals_[i]);
  }
  void clear() {
    keys_.clear();
    vals_.clear();
    size_ = 0;
    mask_ = 0;
  }

 private:
  void grow() {
    std::vector<uint32_t> ok = std::move(keys_), ov = std::move(vals_);
    size_t cap = ok.empty() ? 16 : ok.size() * 2;
    keys_.assign(cap, kEmpty);
    vals_.assign(cap, 0);
    mask_ = cap - 1;
    size_ = 0;
    for (size_t i = 0; i < ok.size(); ++i)
      if (ok[i] != kEmpty) insert(ok[i], ov[i]);
  }

  std::vector<uint32_t> keys_, vals_;
  size_t size_ = 0;
  size_t mask_ = 0;
};

}  // namespace switchlab
