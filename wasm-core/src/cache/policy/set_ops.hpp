#pragma once
// Set operations shared by the replacement policies.
#include <cstdint>
#include <utility>

#include "cache/replacement.hpp"

namespace switchlab::set_ops {

// Moves s[pos] to the front, shifting s[0..pos) back by one (the recency-order update).
// A plain loop: sets are a few ways long, where std::rotate's generic algorithm is slower. Each
// value is carried one slot on: written as s[i] = s[i - 1], clang makes the loop a memmove call,
// which in WebAssembly is a library function (8 % of the cache kernel's time).
template <class T>
inline void move_to_front(T* s, uint32_t pos) {
  T carry = s[pos];
  for (uint32_t i = 0; i <= pos; ++i) std::swap(carry, s[i]);
}

// Ordered sets (LRU, FIFO, LFU) are packed from the front, most recent first. Returns the way
// holding `tag`, or, on a miss, the slot to fill: the first empty way, else the last way (the
// oldest); `hit` tells which.
inline uint32_t find_ordered(const uint32_t* s, uint32_t ways, uint32_t tag, bool& hit) {
  uint32_t i = 0;
  for (; i < ways; ++i) {
    if (s[i] == tag) {
      hit = true;
      return i;
    }
    if (s[i] == CacheState::kEmpty) break;  // packed: the rest is empty too
  }
  hit = false;
  return i < ways ? i : ways - 1;
}

// Unordered sets (random, PLRU): the way holding `tag`, or `ways` on a miss.
inline uint32_t find(const uint32_t* s, uint32_t ways, uint32_t tag) {
  for (uint32_t i = 0; i < ways; ++i)
    if (s[i] == tag) return i;
  return ways;
}

// The first empty way, or `ways` when the set is full.
inline uint32_t first_empty(const uint32_t* s, uint32_t ways) { return find(s, ways, CacheState::kEmpty); }

}  // namespace switchlab::set_ops
