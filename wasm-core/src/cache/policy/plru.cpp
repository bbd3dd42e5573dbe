// Tree pseudo-LRU over a power-of-two number of ways: node bits (two meta words per set, node i
// at bit i) point towards the next victim; an access flips the bits on its path to point away.
#include "cache/policy/set_ops.hpp"
#include "common/pow2.hpp"

namespace switchlab {
namespace {

constexpr uint32_t kMaxWays = 64;  // nodes 1..63 fit in the 64 bits

void touch(uint64_t& bits, uint32_t ways, uint32_t way) {
  uint32_t node = 1;
  for (uint32_t span = ways; span > 1; span /= 2) {
    const bool right = (way % span) >= span / 2;
    if (right) bits &= ~(uint64_t{1} << node); else bits |= uint64_t{1} << node;
    node = 2 * node + (right ? 1 : 0);
  }
}

uint32_t victim(uint64_t bits, uint32_t ways) {
  uint32_t node = 1, way = 0;
  for (uint32_t span = ways; span > 1; span /= 2) {
    const bool right = (bits >> node) & 1;
    if (right) way += span / 2;
    node = 2 * node + (right ? 1 : 0);
  }
  return way;
}

SWITCHLAB_POLICY_ACCESS bool access(CacheState& c, uint32_t set, uint32_t tag) {
  uint32_t* s = c.tags_of(set);
  uint32_t* m = c.meta_of(set);
  const uint32_t w = c.ways;
  uint64_t bits = m[0] | uint64_t{m[1]} << 32;
  uint32_t way = set_ops::find(s, w, tag);
  const bool hit = way < w;
  if (!hit) {
    way = set_ops::first_empty(s, w);
    if (way == w) way = victim(bits, w);
    s[way] = tag;
  }
  touch(bits, w, way);
  m[0] = static_cast<uint32_t>(bits);
  m[1] = static_cast<uint32_t>(bits >> 32);
  return hit;
}

std::string check_ways(uint32_t ways) {
  return is_pow2(ways) && ways <= kMaxWays ? "" : "a power of two in [1, 64]";
}

const PolicyRegistrar reg{{"plru", "tree pseudo-LRU, power-of-two ways up to 64", access_all<access>,
                           [](uint32_t) -> uint32_t { return 2; }, check_ways}};

}  // namespace
}  // namespace switchlab
