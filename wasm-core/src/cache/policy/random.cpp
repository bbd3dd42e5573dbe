// Random replacement: an empty way if any, else a uniformly random way (the cache's own stream).
#include "cache/policy/set_ops.hpp"

namespace switchlab {
namespace {

SWITCHLAB_POLICY_ACCESS bool access(CacheState& c, uint32_t set, uint32_t tag) {
  uint32_t* s = c.tags_of(set);
  const uint32_t w = c.ways;
  if (set_ops::find(s, w, tag) < w) return true;
  uint32_t v = set_ops::first_empty(s, w);
  if (v == w) v = static_cast<uint32_t>(c.rng->uniform_u64(w));
  s[v] = tag;
  return false;
}

const PolicyRegistrar reg{{"random", "a uniformly random way once the set is full", access_all<access>, nullptr, nullptr, /*uses_rng=*/true}};

}  // namespace
}  // namespace switchlab
