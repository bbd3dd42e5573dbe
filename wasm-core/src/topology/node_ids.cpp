#include "topology/node_ids.hpp"

#include <algorithm>
#include <utility>

#include "common/rng.hpp"

namespace switchlab {
namespace {

// Ids fill a sizeable part of the space: Floyd's sampling (exactly `nodes` draws) with a bitmap of
// the space (at most 8 bytes per node), then a shuffle, since Floyd's order is not uniform (late
// ids lean to the top of the range).
std::vector<uint64_t> dense_ids(uint32_t nodes, uint64_t space, Rng& rng) {
  std::vector<uint64_t> taken((space + 63) / 64, 0), ids;
  ids.reserve(nodes);
  for (uint64_t j = space - nodes; j < space; ++j) {
    const uint64_t t = rng.uniform_u64(j + 1);
    const uint64_t id = (taken[t / 64] >> (t % 64)) & 1 ? j : t;
    taken[id / 64] |= uint64_t{1} << (id % 64);
    ids.push_back(id);
  }
  for (uint32_t i = nodes; i > 1; --i) std::swap(ids[i - 1], ids[rng.uniform_u64(i)]);
  return ids;
}

// Ids are sparse in the space (at most 1 in 64 taken): independent draws; while some value is
// drawn more than once, its first holder (in node order) keeps it and the others draw again.
std::vector<uint64_t> sparse_ids(uint32_t nodes, uint64_t space, Rng& rng) {
  std::vector<uint64_t> ids(nodes);
  for (auto& id : ids) id = rng.uniform_u64(space);
  for (;;) {
    std::vector<uint64_t> sorted(ids), repeated;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 1; i < sorted.size(); ++i)
      if (sorted[i] == sorted[i - 1] && (repeated.empty() || repeated.back() != sorted[i])) repeated.push_back(sorted[i]);
    if (repeated.empty()) return ids;
    std::vector<bool> held(repeated.size(), false);
    for (auto& id : ids) {
      const auto it = std::lower_bound(repeated.begin(), repeated.end(), id);
      if (it == repeated.end() || *it != id) continue;
      const size_t r = static_cast<size_t>(it - repeated.begin());
      if (held[r]) id = rng.uniform_u64(space); else held[r] = true;
    }
  }
}

}  // namespace

std::vector<uint64_t> random_node_ids(uint32_t nodes, uint32_t key_bits, uint64_t seed) {
  Rng rng(Rng::derive(seed, kNodeIdStream));
  const uint64_t space = key_bits >= 64 ? UINT64_MAX : uint64_t{1} << key_bits;
  return space / 64 <= nodes ? dense_ids(nodes, space, rng) : sparse_ids(nodes, space, rng);
}

}  // namespace switchlab
