#pragma once
// One routing-table cache (one switch input port): `sets` x `ways` entries, each holding one
// tag (a destination, or an output-port tag under the switchable hash). The 12-byte entry of
// seed 001 Sec. 3 (8 B tag, 2 B port, 2 B reserved) matters for cost, not for hit/miss, so only the
// tag is simulated. Storage is allocated on first access: ports that no packet crosses cost nothing.
#include <cstdint>

#include "cache/replacement.hpp"

namespace switchlab {

struct CacheGeometry {
  uint32_t entries = 0;
  uint32_t ways = 0;  // == entries when fully associative
  uint32_t sets() const { return entries / ways; }
  const PolicyInfo* policy = default_policy();
};

class SetAssocCache {
 public:
  SetAssocCache(const CacheGeometry& g, uint64_t seed);

  // Looks `tag` up in `set`; a miss installs it, evicting by the policy. Returns true on a hit.
  bool access(uint32_t set, uint32_t tag) { return access_(state_, set, tag); }
  // Flush on a routing update.
  void clear();
  uint32_t occupancy() const;

 private:
  AccessFn access_;
  CacheState state_;
};

}  // namespace switchlab
