#pragma once
// The experiment config (one JSON schema for all three builds; every example of examples/ must
// stay valid). parse_experiment() validates every field, fills defaults, and produces the
// normalized config whose canonical form is hashed into the experiment id.
#include <cstdint>
#include <memory>
#include <string>

#include "cache/index.hpp"
#include "cache/cache_bank.hpp"
#include "common/params.hpp"
#include "config/engine_sections.hpp"
#include "cost/cost.hpp"
#include "topology/topology.hpp"
#include "traffic/traffic.hpp"

namespace switchlab {

struct CacheConfig {
  bool enabled = true;  // false: "cache": null, every look-up goes to the CAM
  bool per_switch = false;         // one cache shared by all input ports of a switch (comparison)
  bool prefetch_all_to_all = false;  // seed 000 Sec. VI-A: fill caches with an all-to-all walk first
  bool classify_misses = true;       // 3C breakdown (costs a shadow cache per cache)
  uint32_t classify_sampling = 1;    // classify 1 in this many tags (a power of two; 1: exact)
  CacheGeometry geometry;
  const IndexInfo* index = find_index_function(kDefaultIndex);
  uint32_t entry_bytes = 12;  // seed 001 Sec. 3: 8 B tag + 2 B port + 2 B reserved
};

// Runs whose estimated memory (RunEstimate::memory_bytes) exceeds this are rejected.
constexpr double kMaxRunMemoryBytes = 16.0 * (1 << 30);
constexpr int64_t kMaxThreads = 256;  // sim.threads
// Dense cache arrays above this size give way to sparse storage when the run touches fewer sets.
constexpr double kMaxDenseCacheBytes = 4.0 * (1 << 30);

// What a run will touch, estimated before it starts (the `summary` of prepare(); size limits).
struct RunEstimate {
  double caches = 0;        // simulated caches
  double lookups = 0;       // upper bound on cache look-ups (prefetch included)
  double memory_bytes = 0;  // peak memory of the cache state (cycle engine: all state), bytes
  CacheStorage cache_storage = CacheStorage::Dense;  // how the run's CacheBank keeps its state
};

// What every engine's run reads, plus the engine's own sections (`sections`), which only the
// engine looks inside.
struct Experiment {
  uint64_t seed = 1;
  std::string engine;
  std::unique_ptr<Topology> topology;
  std::unique_ptr<Traffic> traffic;
  CacheConfig cache;
  // Destination ids as the switches see them (docs/engines.md, "Destination ids"): key_bits wide
  // (switch.cam.key_bits), node numbers or distinct random ids drawn from the seed
  // (topology.node_ids). The cache index functions and the LAG link choice hash them.
  uint32_t key_bits = 24;
  bool random_node_ids = false;
  bool per_port_output = false;      // cache.by_port: every input port's look-ups and hits
  uint32_t threads = 0;              // sim.threads: 0 = every core; not part of the experiment id
  cost::CostInputs cost;      // hardware.* and switch.cam.*, for the cost report
  EngineSections sections;    // the engine's own fields, made and read by its folder's code
  RunEstimate estimate;
  nlohmann::json normalized;  // every field, defaults filled in
};

// Returns false (and fills `errors`) on any invalid field. `registry`, if given, collects every
// declared parameter (for the JSON Schema).
bool parse_experiment(const nlohmann::json& config, Experiment& out, ErrorSink& errors,
                      ParamRegistry* registry = nullptr);

}  // namespace switchlab
