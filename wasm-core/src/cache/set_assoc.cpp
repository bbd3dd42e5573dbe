#include "cache/set_assoc.hpp"

#include <algorithm>

namespace switchlab {
namespace {
// Moves s[pos] to the front, shifting s[0..pos) back by one (the recency-order update).
// A plain loop: sets are a few ways long, where std::rotate's generic algorithm is slower.
template <class T>
inline void move_to_front(T* s, uint32_t pos) {
  const T v = s[pos];
  for (uint32_t i = pos; i > 0; --i) s[i] = s[i - 1];
  s[0] = v;
}
}  // namespace

SetAssocCache::SetAssocCache(const CacheGeometry& g, uint64_t seed)
    : g_(g), rng_(seed), list_(g.entries) {}

void SetAssocCache::allocate() {
  tags_.assign(static_cast<size_t>(g_.entries), kEmpty);
  if (g_.policy == Policy::Lfu) count_.assign(g_.entries, 0);
  if (g_.policy == Policy::Plru) plru_.assign(g_.sets(), 0);
}

void SetAssocCache::clear() {
  tags_.clear();
  count_.clear();
  plru_.clear();
  list_.clear();
}

uint32_t SetAssocCache::occupancy() const {
  if (use_list()) return list_.size();
  return static_cast<uint32_t>(std::count_if(tags_.begin(), tags_.end(), [](uint32_t t) { return t != kEmpty; }));
}

// Tree-PLRU over a power-of-two number of ways: node bits point towards the next victim; an access
// flips the bits on its path to point away from it.
void SetAssocCache::plru_touch(uint32_t set, uint32_t way) {
  uint64_t& bits = plru_[set];
  uint32_t node = 1;
  for (uint32_t span = g_.ways; span > 1; span /= 2) {
    const bool right = (way % span) >= span / 2;
    if (right) bits &= ~(uint64_t{1} << node); else bits |= uint64_t{1} << node;
    node = 2 * node + (right ? 1 : 0);
  }
}

uint32_t SetAssocCache::victim(uint32_t set, const uint32_t* s) {
  const uint32_t w = g_.ways;
  switch (g_.policy) {
    case Policy::Lru:
    case Policy::Fifo:
      return w - 1;  // sets are kept in recency / arrival order
    case Policy::Lfu: {
      const uint32_t* c = &count_[static_cast<size_t>(set) * w];
      uint32_t best = w - 1;  // ties go to the least recently used
      for (uint32_t i = w - 1; i-- > 0;)
        if (c[i] < c[best]) best = i;
      return best;
    }
    case Policy::Random:
      for (uint32_t i = 0; i < w; ++i)
        if (s[i] == kEmpty) return i;
      return static_cast<uint32_t>(rng_.uniform_u64(w));
    case Policy::Plru: {
      for (uint32_t i = 0; i < w; ++i)
        if (s[i] == kEmpty) return i;
      const uint64_t bits = plru_[set];
      uint32_t node = 1, way = 0;
      for (uint32_t span = w; span > 1; span /= 2) {
        const bool right = (bits >> node) & 1;
        if (right) way += span / 2;
        node = 2 * node + (right ? 1 : 0);
      }
      return way;
    }
  }
  return 0;
}

bool SetAssocCache::access(uint32_t set, uint32_t tag) {
  if (use_list()) return list_.access(tag);
  if (tags_.empty()) allocate();
  const uint32_t w = g_.ways;
  const size_t base = static_cast<size_t>(set) * w;
  uint32_t* s = &tags_[base];
  const bool ordered = g_.policy == Policy::Lru || g_.policy == Policy::Fifo || g_.policy == Policy::Lfu;

  for (uint32_t i = 0; i < w; ++i) {
    if (s[i] == tag) {
      if (g_.policy == Policy::Lru || g_.policy == Policy::Lfu) {
        move_to_front(s, i);
        if (g_.policy == Policy::Lfu) {
          uint32_t* c = &count_[base];
          move_to_front(c, i);
          ++c[0];
        }
      } else if (g_.policy == Policy::Plru) {
        plru_touch(set, i);
      }
      return true;
    }
    if (ordered && s[i] == kEmpty) break;  // ordered sets are packed: the rest is empty too
  }

  const uint32_t v = victim(set, s);
  if (ordered) {
    // Insert at the front, shifting [0, v) one place back (the victim's slot is overwritten).
    move_to_front(s, v);
    s[0] = tag;
    if (g_.policy == Policy::Lfu) {
      uint32_t* c = &count_[base];
      move_to_front(c, v);
      c[0] = 1;
    }
  } else {
    s[v] = tag;
    if (g_.policy == Policy::Plru) plru_touch(set, v);
  }
  return false;
}

}  // namespace switchlab
