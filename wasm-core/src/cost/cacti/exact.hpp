#pragma once
// CACTI 7 behind the cost figures (docs/cost-model.md, "Exact method"): runs CACTI through
// runner.hpp at most once per distinct input in a process (the memo, keyed by the whole cfg
// text), parses its report and turns its failures into outcomes the cost model words as errors.
// Shared by the native and WebAssembly builds; no I/O of its own.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "cost/cacti/cfg.hpp"
#include "cost/cacti/report.hpp"

namespace switchlab::cost::cacti {

struct Outcome {
  enum class Status {
    Ok,
    NoOrganisation,  // CACTI: "no valid data array organizations found"
    Failed,          // non-zero exit (assertion, crash) or no report
    TimedOut,        // killed after the time limit
    Unavailable,     // this build has no CACTI
  };
  Status status = Status::Unavailable;
  Report report;        // Ok only
  std::string detail;   // CACTI's own message, exit status or why it could not run
  double run_s = 0;     // wall time of the CACTI run (0 when the memo answered)
  bool memo = false;    // answered from the memo
};

// The limit of one CACTI run: $SWITCHLAB_CACTI_TIME_LIMIT_S if set (0.1..3,600 s), else 60 s
// (the slowest grid row took 7 s).
double time_limit_s();

// CACTI's answer for `a`, from the memo or by running it (the run happens with the memo locked,
// so concurrent callers asking for the same array wait for one run). Reports and "no valid
// organization" are remembered; crashes, time-outs and an unavailable CACTI are not.
Outcome evaluate(const ArraySpec& a);

// Key of a cfg text in the PostgreSQL memo: sha256 (hex) of this CACTI's identity and the text, so
// answers of another CACTI are never taken. (In a process the text alone is the key.)
std::string memo_key(const std::string& cfg_text);

struct MemoStats {
  uint64_t runs = 0;     // CACTI processes (or WASM calls) started by this process
  uint64_t hits = 0;     // answers from the memo
  uint64_t entries = 0;  // distinct inputs remembered
};
MemoStats memo_stats();
void memo_clear();  // for tests and benches

// The server's second memo level (PostgreSQL, migrations/006_cacti_memo.sql): the worker imports
// the stored answers of a run's arrays before it runs and stores the new ones after.
//   memo_take_new(): [{"key", "cfg", "exit_code", "out"}] remembered since the last call.
//   memo_import([...same...]): adds them (entries whose key is not memo_key(cfg) are ignored).
nlohmann::json memo_take_new();
void memo_import(const nlohmann::json& entries);

// The CACTI this build runs, for provenance and experiment ids: {"cacti_version", "package",
// "package_version", "package_sha256"} from wasm-core/data/cacti_package.json.
const nlohmann::json& identity();

}  // namespace switchlab::cost::cacti
