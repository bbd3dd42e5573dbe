#pragma once
// Runs CACTI 7 (docs/cost-model.md, "Exact method"). One interface, two implementations chosen by
// the build: runner_native.cpp (CACTI as a separate process) and runner_wasm.cpp (CACTI compiled
// to WebAssembly). Everything above this file (cfg text, report parser, memo, error envelope) is
// shared and does no I/O.
#include <string>

namespace switchlab::cost::cacti {

struct RunOutput {
  int exit_code = 0;       // the process's exit status; 128 + N when killed by signal N
  bool timed_out = false;  // stopped after time_limit_s
  std::string out;         // CACTI's report (stdout)
  std::string err;         // stderr, or why CACTI could not be started
};

// Runs CACTI 7 on one configuration file's text; time_limit_s bounds a hung run.
RunOutput run(const std::string& cfg_text, double time_limit_s);

// false where this build has no CACTI (then cost.method cacti is refused with a clear error).
bool available();

}  // namespace switchlab::cost::cacti
