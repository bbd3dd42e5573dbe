#pragma once
// Destination ids as the switches see them (topology.node_ids, docs/engines.md "Destination
// ids"): node i's id is i (sequential), or the nodes get distinct ids of key_bits bits drawn
// uniformly from the run's seed (random), as a fabric manager handing out addresses such as
// InfiniBand LIDs may. Cache index functions and the LAG link choice hash these ids.
#include <cstdint>
#include <vector>

namespace switchlab {

// Stream of Rng::derive(run seed, ...) the random ids are drawn from.
constexpr uint64_t kNodeIdStream = 3;

// `nodes` distinct ids in [0, 2^key_bits) (key_bits in [1, 64], nodes <= 2^key_bits; with 64 bits
// the id 2^64 - 1 is never drawn), uniformly random as a set and in their order over the nodes.
std::vector<uint64_t> random_node_ids(uint32_t nodes, uint32_t key_bits, uint64_t seed);

}  // namespace switchlab
