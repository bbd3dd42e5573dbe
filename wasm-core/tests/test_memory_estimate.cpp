// prepare()'s summary.memory_bytes for the route walk: an upper bound of the state a run allocates
// (the core's own accounting, RouteWalkRun::state_bytes, after the run: caches and 3C shadows only
// grow, so the end is the peak) and an honest one, within 2x of it. It once counted a 3C shadow
// entry per look-up: 5.5 GiB for the 16-ary 3-tree example, whose run peaks near 0.6 GB.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "config/experiment.hpp"
#include "engine/routewalk.hpp"
#include "switchlab/api.hpp"

using json = nlohmann::json;
using namespace switchlab;

namespace {
double estimate(const json& config) {
  return json::parse(prepare_json(config.dump()))["summary"]["memory_bytes"].get<double>();
}

double allocated(const json& config) {
  Experiment ex;
  ErrorSink errors;
  EXPECT_TRUE(parse_experiment(config, ex, errors)) << errors.error().message;
  RouteWalkRun run(ex);
  while (run.advance(1 << 20) > 0) {
  }
  return run.state_bytes();
}

json example_config(const char* key) {
  std::ifstream in(std::string(SWITCHLAB_EXAMPLES_DIR) + "/" + key + ".json");
  return json::parse(in)["config"];
}

json cache(int entries, bool prefetch = false) {
  json c = {{"entries", entries}, {"ways", 4}, {"policy", "lru"}, {"index", "crc32"}};
  if (prefetch) c["prefetch"] = "all_to_all";
  return c;
}
}  // namespace

TEST(MemoryEstimate, BoundsTheRunsStateWithinTwice) {
  const std::pair<const char*, json> cases[] = {
      // The example itself (89 M look-ups, ~15 s): 0.91 GB estimated, 0.61 GB allocated (and 0.60 GB
      // resident at its peak natively); 5.9 GB estimated before.
      {"16-ary 3-tree example", example_config("fattree-16ary-3tree")},
      // Monitored mode: 21 sample switches of a 10^4-switch torus. The shadows' bound is the
      // samples' share of the network's (translation symmetry): 15.2 MB estimated, 9.3 MB allocated
      // (46.6 MB estimated before, the bound of every destination at every sampled port).
      {"10-ary 4-torus example, monitored", example_config("seed000-fig7-4torus-k10")},
      {"6-ary 4-torus example, monitored", example_config("seed000-fig7-4torus-k6")},
      {"k6 monitored", example_config("seed000-fig7-4torus-k6")},
      {"k10 monitored", example_config("seed000-fig7-4torus-k10")},
      // The fat-tree example's shape at k = 8: the all-to-all prefetch brings every destination
      // its routes can bring to each cache (512 destinations, 256 entries: 3C shadows).
      {"8-ary 3-tree, prefetch", {{"seed", 3},
                                  {"topology", {{"kind", "fat_tree"}, {"k", 8}, {"n", 3}}},
                                  {"switch", {{"cache", cache(256, true)}}},
                                  {"traffic", {{"warmup_packets", 10000}, {"packets", 50000}}}}},
      {"6x6x6 torus, uniform", {{"seed", 1},
                                {"topology", {{"kind", "torus"}, {"dims", {6, 6, 6}}}},
                                {"switch", {{"cache", cache(64)}}},
                                {"traffic", {{"warmup_packets", 100000}, {"packets", 400000}}}}},
      {"Dragonfly 8 x 16, minimal", {{"seed", 5},
                                     {"topology", {{"kind", "dragonfly"}, {"p", 1}, {"a", 8}, {"h", 2}, {"g", 16}}},
                                     {"routing", {{"algorithm", "minimal"}}},
                                     {"switch", {{"cache", cache(64)}}},
                                     {"traffic", {{"warmup_packets", 50000}, {"packets", 300000}}}}},
      // Few destinations (the seen bits, no shadow): the cache arrays dominate.
      {"Dragonfly 16 x 16, 2,048 entries", {{"seed", 5},
                                            {"topology", {{"kind", "dragonfly"}, {"p", 1}, {"a", 16}, {"h", 1}, {"g", 16}}},
                                            {"routing", {{"algorithm", "minimal"}}},
                                            {"switch", {{"cache", cache(2048)}}},
                                            {"traffic", {{"warmup_packets", 10000}, {"packets", 50000}}}}},
  };
  for (const auto& [what, config] : cases) {
    SCOPED_TRACE(what);
    const double bound = estimate(config), used = allocated(config);
    EXPECT_GE(bound, used);
    EXPECT_LE(bound, 2 * used);
  }
}
