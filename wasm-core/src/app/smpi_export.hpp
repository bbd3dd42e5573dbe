#pragma once
// SimGrid SMPI inputs for one NPB skeleton (docs/models.md, "SimGrid SMPI mapping"): a platform
// whose routes carry the switch delays of the cache model, and time-independent traces.
#include <nlohmann/json.hpp>

#include "app/app_config.hpp"
#include "workload/skeleton.hpp"
#include "config/experiment.hpp"

namespace switchlab::app {

// Engine smpi's size limits, checked when a config is validated: a replay simulates every rank
// (at most kMaxSmpiRanks), the platform has a route per ordered node pair (at most
// kMaxSmpiNodes nodes) and the traces hold a line per rank event (at most kMaxSmpiTraceLines).
constexpr uint32_t kMaxSmpiRanks = 256;
constexpr uint32_t kMaxSmpiNodes = 512;
constexpr uint64_t kMaxSmpiTraceLines = 25'000'000;
bool check_smpi_limits(const Experiment& ex, ErrorSink& errors);

// The replays that give one benchmark's run time (docs/models.md, "Extrapolated replays"). Full:
// one replay of the whole run, weight 1. Extrapolated with k sampled repeats: every block repeated
// more than 2k times ("long") runs k times in replay 0 and, in replay b, long block b runs 2k
// times and the others k; the run time is then T_0 + sum_b (t_b - k) / k (T_b - T_0), i.e. the
// weighted sum of the replays' times: the blocks' iterations are identical, so a block's time is
// linear in its repeats once the first k have filled the pipeline (to ~1e-5 measured; LU's
// pipelined wavefronts drift, to a few 1e-3: docs/models.md, "Extrapolated replays").
struct SmpiReplay {
  std::vector<uint64_t> repeats;  // per block of the skeleton
  double weight = 1;
};
struct SmpiReplayPlan {
  bool extrapolated = false;
  std::vector<SmpiReplay> replays;
  uint64_t max_lines = 0;  // trace lines of the longest replay
};
SmpiReplayPlan smpi_replay_plan(const Skeleton& sk, const AppConfig& cfg);

// {"platform_xml", "hosts": [host of each rank], "mop", "options": [smpirun --cfg options],
// "benchmark", "replay": "full" | "extrapolated", "sample_repeats", "replays": [{"repeats",
// "weight", "traces": [one text per rank]}]}; fills `error` (field, message) instead when the
// config is not an engine app or smpi config with exactly one benchmark or the traces would be
// too long. With `dir`, the platform and the traces are written there instead (platform.xml,
// replayI/rankR.txt) and the answer names them: "platform_file", each replay's "trace_files".
nlohmann::json smpi_export(const Experiment& ex, std::string& error_field, std::string& error_message,
                           const std::string& dir = "");

}  // namespace switchlab::app
