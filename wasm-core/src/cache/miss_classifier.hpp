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
// With sampling S > 1 (switch.cache.classify_sampling) the shadow way becomes an estimate, spatial
// sampling as in SHARDS (Waldspurger et al., FAST 2015; docs/references.md): only tags whose hash
// falls in a fixed 1/S of the hash space are classified, against a shadow scaled like the sample
// (about entries / S entries: the sampled tags' reuse distances are about 1/S of the true ones).
// Unsampled look-ups never touch the shadow, which is the speed-up: the shadow's misses in memory
// are what 3C costs.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "cache/lru_list.hpp"
#include "common/flat_set.hpp"
#include "common/prefetch.hpp"

namespace switchlab {

// Compulsory, capacity and conflict misses (MissClassifier::Kind order).
using MissCounts = std::array<uint64_t, 3>;

class MissClassifier {
 public:
  // `caches` caches of `entries` entries whose tags are below `keys`; 1 in `sampling` tags
  // classified (a power of two; 1: every tag, exact).
  MissClassifier(size_t caches, uint32_t entries, uint32_t keys, uint32_t sampling = 1);

  // Misses index MissCounts; Unsampled: a miss of a tag the sample leaves out (counted in no class).
  enum Kind { Compulsory, Capacity, Conflict, Hit, Unsampled };

  Kind classify(uint32_t cache, uint32_t tag, bool hit) {
    if (!seen_.empty()) {
      uint64_t& word = seen_[size_t{cache} * words_per_cache_ + tag / 64];
      const uint64_t bit = uint64_t{1} << (tag % 64);
      const bool before = word & bit;
      word |= bit;
      return hit ? Hit : before ? Conflict : Compulsory;
    }
    if (!sampled(tag)) return hit ? Hit : Unsampled;
    const LruList::Outcome fa = shadow_[cache].lookup(tag);
    if (hit) return Hit;
    if (fa == LruList::MissFirstTime) return Compulsory;
    return fa == LruList::Hit ? Conflict : Capacity;
  }

  // Starts loading what classify(cache, tag, ...) reads first.
  SWITCHLAB_PREFETCH_FN void prefetch(uint32_t cache, uint32_t tag) const {
    if (!seen_.empty()) prefetch_address(&seen_[size_t{cache} * words_per_cache_ + tag / 64]);
    else if (sampled(tag)) shadow_[cache].prefetch(tag);
  }

  // Second step, a few look-ups later: the shadow's list node (reads the map slot prefetched above).
  SWITCHLAB_PREFETCH_FN void prefetch_node(uint32_t cache, uint32_t tag) const {
    if (seen_.empty() && sampled(tag)) shadow_[cache].prefetch_node(tag);
  }

  // Memory bound for the run's estimate: `caches` caches over `keys` keys; `tags` the most distinct
  // (cache, tag) pairs the run can classify, `listed` the most of them in the shadows' recency lists
  // (a list keeps at most its cache's entries). Few keys: the seen bits. Otherwise per cache a
  // shadow object (80 B natively; a constant, so that the estimate is the same in every build); per
  // shadow that remembers a tag its map's first 16 slots; per remembered tag a map slot (8 B) in a
  // table that doubles past 3/4 full, so is at least 3/8 full: 64/3 B; per listed tag a node (12 B)
  // in an array that doubles from one, so holds the power of two at or above its size: at most
  // twice the listed tags, and per cache at most the power of two at or above `entries`. (The
  // tables a map grows out of are freed as it grows and reused by the others': the 16-ary 3-tree
  // example's resident peak, 0.60 GB, is what its live tables and caches hold.)
  static double bytes(double caches, double entries, double keys, double tags, double listed) {
    if (keys <= entries) return caches * std::ceil(keys / 64) * 8.0;
    const double list_capacity = std::exp2(std::ceil(std::log2(std::max(1.0, entries))));
    return std::ceil(caches * kShadowObjectBytes + 16 * 8.0 * std::min(caches, tags) + 64.0 / 3 * tags +
                     12.0 * std::min(2 * listed, caches * list_capacity));
  }
  static constexpr double kShadowObjectBytes = 80;
  // Bytes allocated now (objects counted as kShadowObjectBytes), for checking bytes() from above.
  double allocated_bytes() const;
  // Which of the two ways this run uses (docs, tests).
  bool seen_bits_only() const { return !seen_.empty(); }
  // 1 when every miss is classified (exact counts), else S: the counts are a 1-in-S sample.
  uint32_t sampling() const { return sampling_; }  // (the few-keys way keeps 1: it samples nothing)

 private:
  // The sample: tags whose hash is below 2^32 / S (SHARDS' "hash mod P < T"). The high bits decide,
  // because the shadow's hash map places a tag by the low bits of this same hash: sampled tags still
  // spread over all its slots.
  bool sampled(uint32_t tag) const { return mix32(tag) <= sample_limit_; }

  uint32_t sampling_ = 1;
  uint32_t sample_limit_ = 0xFFFFFFFFu;
  size_t words_per_cache_ = 0;
  std::vector<uint64_t> seen_;   // few keys: a bit per (cache, key)
  std::vector<LruList> shadow_;  // otherwise: fully associative LRU scaled to the sample, remembering every sampled tag seen
};

// A group's 3C counts from its exact miss total and its sampled misses' classes: the total split in
// the sampled proportions, floors first, then the leftover misses one each to the largest
// remainders (ties to the earlier kind), so the three add up to `total` exactly and the same inputs
// give the same counts in every build. False (nothing to split by) when the group had misses but
// none sampled.
bool estimate_misses(uint64_t total, const MissCounts& sampled, MissCounts& out);

}  // namespace switchlab
