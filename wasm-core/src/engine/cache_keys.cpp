#include "engine/cache_keys.hpp"

#include "topology/node_ids.hpp"

namespace switchlab {

std::vector<uint32_t> sets_by_destination(const Experiment& ex) {
  const uint32_t nodes = ex.topology->num_nodes(), sets = ex.cache.geometry.sets();
  const std::vector<uint64_t> ids = ex.random_node_ids ? random_node_ids(nodes, ex.key_bits, ex.seed) : std::vector<uint64_t>();
  std::vector<uint32_t> out(nodes);
  for (uint32_t d = 0; d < nodes; ++d) out[d] = ex.cache.index->set_of(ids.empty() ? d : ids[d], ex.key_bits, sets);
  return out;
}

std::vector<uint32_t> sets_by_output_port(const Experiment& ex) {
  std::vector<uint32_t> out(size_t{1} << 16);  // every 16-bit output port number
  for (uint32_t p = 0; p < out.size(); ++p) out[p] = ex.cache.index->set_of(p, ex.key_bits, ex.cache.geometry.sets());
  return out;
}

std::unique_ptr<CacheBank> make_cache_bank(const Experiment& ex, size_t caches) {
  return std::make_unique<CacheBank>(ex.cache.geometry, caches, [&ex](size_t c) { return Rng::derive(ex.seed, 1000 + c); },
                                     ex.estimate.cache_storage);
}

}  // namespace switchlab
