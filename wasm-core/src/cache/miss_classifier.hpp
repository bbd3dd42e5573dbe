#pragma once
// 3C classification (seed 001 Sec. 4; docs/engines.md, Caches): a miss is compulsory on the first
// reference of a tag at that cache, capacity if a fully associative LRU cache of the same size
// would also miss, conflict otherwise.
//
// Two exact ways to answer, chosen per run:
// - Few keys (at most `entries` distinct tags can ever reach a cache, e.g. 512 destinations and
//   2,048 entries): the fully associative cache never evicts, so it hits exactly on tags seen
//   before and a bit per (cache, key) decides: no capacity misses, a miss of a seen tag is a conflict.
// - Otherwise a fully associative LRU shadow per cache (O(1) hash map + recency list) that remembers
//   evicted tags, so one probe also tells first references apart.
#include <array>
#include <cstdint>
#include <vector>

#include "cache/lru_list.hpp"
#include "common/prefetch.hpp"

namespace switchlab {

// Compulsory, capacity and conflict misses (MissClassifier::Kind order).
using MissCounts = std::array<uint64_t, 3>;

class MissClassifier {
 public:
  // `caches` caches of `entries` entries whose tags are below `keys`.
  MissClassifier(size_t caches, uint32_t entries, uint32_t keys);

  enum Kind { Compulsory, Capacity, Conflict, Hit };  // misses index MissCounts

  Kind classify(uint32_t cache, uint32_t tag, bool hit) {
    if (!seen_.empty()) {
      uint64_t& word = seen_[size_t{cache} * words_per_cache_ + tag / 64];
      const uint64_t bit = uint64_t{1} << (tag % 64);
      const bool before = word & bit;
      word |= bit;
      return hit ? Hit : before ? Conflict : Compulsory;
    }
    const LruList::Outcome fa = shadow_[cache].lookup(tag);
    if (hit) return Hit;
    if (fa == LruList::MissFirstTime) return Compulsory;
    return fa == LruList::Hit ? Conflict : Capacity;
  }

  // Starts loading what classify(cache, tag, ...) reads first.
  SWITCHLAB_PREFETCH_FN void prefetch(uint32_t cache, uint32_t tag) const {
    if (!seen_.empty()) prefetch_address(&seen_[size_t{cache} * words_per_cache_ + tag / 64]);
    else shadow_[cache].prefetch(tag);
  }

  // Second step, a few look-ups later: the shadow's list node (reads the map slot prefetched above).
  SWITCHLAB_PREFETCH_FN void prefetch_node(uint32_t cache, uint32_t tag) const {
    if (seen_.empty()) shadow_[cache].prefetch_node(tag);
  }

  // Which of the two ways this run uses (docs, tests).
  bool seen_bits_only() const { return !seen_.empty(); }

 private:
  size_t words_per_cache_ = 0;
  std::vector<uint64_t> seen_;   // few keys: a bit per (cache, key)
  std::vector<LruList> shadow_;  // otherwise: fully associative LRU of the same size, remembering every tag seen
};

}  // namespace switchlab
