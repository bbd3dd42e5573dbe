#pragma once
// One routing-table cache (one switch input port): `sets` x `ways` entries, each holding one
// tag (a destination id, or an output-port tag under the switchable hash). The 12-byte entry of
// seed 001 Sec. 3 (8 B tag, 2 B port, 2 B reserved) matters for cost, not for hit/miss, so only the
// tag is simulated. Storage is allocated on first access: ports that no packet crosses cost nothing.
#include <cstdint>
#include <vector>

#include "cache/lru_list.hpp"
#include "cache/replacement.hpp"
#include "common/rng.hpp"

namespace switchlab {

struct CacheGeometry {
  uint32_t entries = 0;
  uint32_t ways = 0;  // == entries when fully associative
  uint32_t sets() const { return entries / ways; }
  Policy policy = Policy::Lru;
};

class SetAssocCache {
 public:
  static constexpr uint32_t kEmpty = 0xFFFFFFFFu;

  SetAssocCache(const CacheGeometry& g, uint64_t seed);

  // Looks `tag` up in `set`; a miss installs it, evicting by the policy. Returns true on a hit.
  bool access(uint32_t set, uint32_t tag);
  // Installs without counting (warm-up / prefetch of seed 000 Sec. VI-A).
  void prefetch(uint32_t set, uint32_t tag) { access(set, tag); }
  // Flush on a routing update.
  void clear();
  uint32_t occupancy() const;

 private:
  bool use_list() const { return g_.policy == Policy::Lru && g_.ways > 16; }
  void allocate();
  uint32_t victim(uint32_t set, const uint32_t* s);
  void plru_touch(uint32_t set, uint32_t way);

  CacheGeometry g_;
  Rng rng_;
  std::vector<uint32_t> tags_;   // sets x ways; LRU/FIFO/LFU keep each set in recency order
  std::vector<uint32_t> count_;  // LFU use counts, parallel to tags_
  std::vector<uint64_t> plru_;   // tree-PLRU bits, one word per set
  LruList list_;                 // fully associative LRU: O(1) instead of a linear scan
};

}  // namespace switchlab
