// Least recently used: sets kept in recency order, the last way is the victim.
#include "cache/policy/set_ops.hpp"

namespace switchlab {
namespace {

SWITCHLAB_POLICY_ACCESS bool access(CacheState& c, uint32_t set, uint32_t tag) {
  // A fully associative cache of many ways: the O(1) list instead of a linear scan.
  if (keeps_list(c.entries, c.ways)) return c.list->access(tag);
  uint32_t* s = c.tags_of(set);
  bool hit;
  const uint32_t i = set_ops::find_ordered(s, c.ways, tag, hit);
  set_ops::move_to_front(s, i);
  s[0] = tag;
  return hit;
}

const PolicyRegistrar reg{{"lru", "least recently used", access_all<access>, nullptr, nullptr, false, /*uses_list=*/true}};

}  // namespace
}  // namespace switchlab
