// First in, first out: sets kept in arrival order; a hit changes nothing.
#include "cache/policy/set_ops.hpp"

namespace switchlab {
namespace {

SWITCHLAB_POLICY_ACCESS bool access(CacheState& c, uint32_t set, uint32_t tag) {
  uint32_t* s = c.tags_of(set);
  bool hit;
  const uint32_t i = set_ops::find_ordered(s, c.ways, tag, hit);
  if (hit) return true;
  set_ops::move_to_front(s, i);
  s[0] = tag;
  return false;
}

const PolicyRegistrar reg{{"fifo", "first in, first out (a hit does not refresh an entry)", access_all<access>}};

}  // namespace
}  // namespace switchlab
