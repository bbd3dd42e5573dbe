#include "topology/node_ids.hpp"

#include <unordered_set>
#include <utility>

#include "common/rng.hpp"

namespace switchlab {

std::vector<uint64_t> random_node_ids(uint32_t nodes, uint32_t key_bits, uint64_t seed) {
  Rng rng(Rng::derive(seed, kNodeIdStream));
  const uint64_t space = key_bits >= 64 ? UINT64_MAX : uint64_t{1} << key_bits;
  // Floyd's sampling: exactly `nodes` draws even when the ids fill the whole space. The set is
  // only probed, never iterated, so the result does not depend on the hash table's layout.
  std::vector<uint64_t> ids;
  ids.reserve(nodes);
  std::unordered_set<uint64_t> taken;
  taken.reserve(nodes);
  for (uint64_t j = space - nodes; j < space; ++j) {
    const uint64_t t = rng.uniform_u64(j + 1);
    const uint64_t id = taken.count(t) ? j : t;
    taken.insert(id);
    ids.push_back(id);
  }
  // Floyd's order is not uniform (late ids are biased to the top of the range): shuffle.
  for (uint32_t i = nodes; i > 1; --i) std::swap(ids[i - 1], ids[rng.uniform_u64(i)]);
  return ids;
}

}  // namespace switchlab
