// Least frequently used: a use count per entry (meta, parallel to the tags); sets kept in
// recency order so that ties go to the least recently used.
#include "cache/policy/set_ops.hpp"

namespace switchlab {
namespace {

SWITCHLAB_POLICY_ACCESS bool access(CacheState& c, uint32_t set, uint32_t tag) {
  uint32_t* s = c.tags_of(set);
  uint32_t* count = c.meta_of(set);
  const uint32_t w = c.ways;
  bool hit;
  uint32_t i = set_ops::find_ordered(s, w, tag, hit);
  if (!hit && s[i] != CacheState::kEmpty) {  // full set: the least used, the least recent on ties
    for (uint32_t j = w - 1; j-- > 0;)
      if (count[j] < count[i]) i = j;
  }
  set_ops::move_to_front(s, i);
  set_ops::move_to_front(count, i);
  s[0] = tag;
  count[0] = hit ? count[0] + 1 : 1;
  return hit;
}

const PolicyRegistrar reg{{"lfu", "least frequently used, ties to the least recently used", access_all<access>,
                           [](uint32_t ways) { return ways; }}};

}  // namespace
}  // namespace switchlab
