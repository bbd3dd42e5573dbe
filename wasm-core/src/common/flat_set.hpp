#pragma once
// A small open-addressing hash map keyed by 32-bit ids (destination ids, tags). The engine
// keeps one per cache port, so they must be compact and allocation-light; std::unordered_* costs
// ~40 bytes per element and a heap node each.
#include <cstddef>
#include <cstdint>
#include <utility>
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
// Key and value share a slot, so a probe that finds the key has its value in the same line.
class U32Map {
 public:
  static constexpr uint32_t kEmpty = 0xFFFFFFFFu;

  // Returns a pointer to the value, or nullptr.
  uint32_t* find(uint32_t key) { return const_cast<uint32_t*>(std::as_const(*this).find(key)); }
  const uint32_t* find(uint32_t key) const {
    if (slots_.empty()) return nullptr;
    for (size_t i = mix32(key) & mask_;; i = (i + 1) & mask_) {
      if (slots_[i].key == key) return &slots_[i].val;
      if (slots_[i].key == kEmpty) return nullptr;
    }
  }

  // Starts loading the slot where `key` would be looked up.
  SWITCHLAB_PREFETCH_FN void prefetch(uint32_t key) const {
    if (!slots_.empty()) prefetch_address(&slots_[mix32(key) & mask_]);
  }

  void insert(uint32_t key, uint32_t val) {
    if ((size_ + 1) * 4 > slots_.size() * 3) grow();
    size_t i = mix32(key) & mask_;
    while (slots_[i].key != kEmpty && slots_[i].key != key) i = (i + 1) & mask_;
    if (slots_[i].key == kEmpty) ++size_;
    slots_[i] = {key, val};
  }

  void erase(uint32_t key) {
    if (slots_.empty()) return;
    size_t i = mix32(key) & mask_;
    while (slots_[i].key != key) {
      if (slots_[i].key == kEmpty) return;
      i = (i + 1) & mask_;
    }
    // Backward-shift so probe chains stay intact without tombstones.
    size_t j = i;
    for (;;) {
      j = (j + 1) & mask_;
      if (slots_[j].key == kEmpty) break;
      size_t home = mix32(slots_[j].key) & mask_;
      if (((j - home) & mask_) >= ((j - i) & mask_)) {
        slots_[i] = slots_[j];
        i = j;
      }
    }
    slots_[i].key = kEmpty;
    --size_;
  }

  size_t size() const { return size_; }
  // Bytes of its slot array (the estimate's check: MissClassifier::allocated_bytes).
  size_t allocated_bytes() const { return slots_.capacity() * sizeof(Slot); }
  template <class F>
  void for_each(F f) const {
    for (const Slot& s : slots_)
      if (s.key != kEmpty) f(s.key, s.val);
  }
  void clear() {
    slots_.clear();
    size_ = 0;
    mask_ = 0;
  }

 private:
  struct Slot {
    uint32_t key, val;
  };
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    size_t cap = old.empty() ? 16 : old.size() * 2;
    slots_.assign(cap, Slot{kEmpty, 0});
    mask_ = cap - 1;
    size_ = 0;
    for (const Slot& s : old)
      if (s.key != kEmpty) insert(s.key, s.val);
  }

  std::vector<Slot> slots_;
  size_t size_ = 0;
  size_t mask_ = 0;
};

}  // namespace switchlab
