#pragma once
// The set every cache indexes for each destination (or, under the switchable hash, for each
// 16-bit output port): the index function gives every cache the same set for a key, so both
// engines compute the table once per run.
#include <cstdint>
#include <memory>
#include <vector>

#include "config/experiment.hpp"

namespace switchlab {

// By destination node: the destination id (sequential or random, docs/engines.md) hashed.
std::vector<uint32_t> sets_by_destination(const Experiment& ex);
// By output port number (Hop::out_port), for an index keyed by the output port.
std::vector<uint32_t> sets_by_output_port(const Experiment& ex);
// The run's `caches` caches; cache c draws (random replacement) from stream 1000 + c of the seed.
// Stored as the run's estimate says: dense, dense in huge pages, or sparse (RunEstimate::cache_storage).
std::unique_ptr<CacheBank> make_cache_bank(const Experiment& ex, size_t caches);

}  // namespace switchlab
