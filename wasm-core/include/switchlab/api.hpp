#pragma once
// The core's public, string-in/string-out API: what the CLI, the Python extension and the WASM
// module expose. Nothing here throws; errors come back as
// {"error": {"field", "message", "allowed"}} (allowed: short text of the allowed values, or null).
#include <memory>
#include <string>

namespace switchlab {

struct SimulationState;

// A run that can be advanced in steps (progress bars, cancel between steps); run_json() is one
// Simulation stepped to the end. Results do not depend on the step sizes.
class Simulation {
 public:
  explicit Simulation(const std::string& config_json);
  ~Simulation();
  // "" when the config is valid, else the error object as JSON (then nothing else may be called).
  const std::string& error() const { return error_; }
  // Routes up to `packets` more packets; returns the fraction of packets done, in [0, 1].
  double step(double packets);
  // Work units of the whole run (0 for an invalid config) and what they count ("packets",
  // "cycles", "evaluations"): a progress report's denominator and unit.
  uint64_t total() const;
  std::string work_unit() const;
  // The full result JSON; completes the run first if steps are left.
  std::string result();

 private:
  std::string error_;
  std::unique_ptr<SimulationState> state_;
};

// Engine version: part of every experiment id, bumped whenever results for a config may change.
const char* engine_version();

// The one entry point every layer validates with (the config is parsed once):
// {"config": normalized config, "id": experiment id, "summary": {nodes, switches, links, ...,
// lookups, memory_bytes}, "topology": addressing and shape as in a result} or {"error": {...}}.
// Units of the summary: results_schema_json().
std::string prepare_json(const std::string& config_json);
// What a drawing of the config's network needs (topology/drawing.hpp; docs/topologies.md,
// "Drawing"): switches with a layout hint, links, port names and classes; or {"error": {...}}.
// Never part of a result: results stay as they were.
std::string topology_drawing_json(const std::string& config_json);
// Result JSON, or {"error": {...}}.
std::string run_json(const std::string& config_json);
// "" when valid, else the error object {"field", "message"} as JSON.
std::string validate_json(const std::string& config_json);
// Canonical normalized config (defaults filled in, keys sorted, no whitespace), or {"error": ...}.
std::string normalize_json(const std::string& config_json);
// Experiment id: sha256 hex of normalize_json(config) + "\n" + engine_version(), + "\n" + the CACTI
// identity JSON when cost.method is cacti (a changed CACTI changes the id); "" if invalid.
std::string config_hash(const std::string& config_json);
// Hardware cost of the config's switch ({"cost": {...}}: CACTI 7 or its fit, per cost.method, and
// published data; a part that cannot be priced holds {"error": ...} in place of its figures), or
// {"error": ...} for an invalid config; needs no simulation.
std::string cost_json(const std::string& config_json);
// Runs the named closed-form model on its parameters (JSON object); {"error": ...} if invalid.
std::string model_json(const std::string& name, const std::string& params_json);
// The registered models: [{"name", "description", "provenance", "parameters": [...]}].
std::string models_json();
// CACTI 7 memo (docs/cost-model.md, "Exact method"), for the server's PostgreSQL level:
//   cacti_inputs_json(config): [{"key", "cfg"}] of the arrays the config's cost section prices with
//     cost.method cacti ([] for fit or an invalid config): what a worker looks up before a run.
//   cacti_memo_take_json(): CACTI's answers this process got since the last call, to store.
//   cacti_memo_import_json(entries): stored answers, taken instead of running CACTI.
std::string cacti_inputs_json(const std::string& config_json);
std::string cacti_memo_take_json();
void cacti_memo_import_json(const std::string& entries_json);
// {"runs", "hits", "entries"} of this process's memo, and emptying it (benches and tests).
std::string cacti_memo_stats_json();
void cacti_memo_clear();
// SimGrid SMPI inputs for an engine app or smpi config with one benchmark (docs/models.md,
// "SimGrid SMPI mapping"): {"platform_xml", "traces": [per rank], "hosts", "options", "benchmark",
// "hit_rate"}, or {"error": ...}. With `dir` (an existing directory) the platform and traces are
// written there and named instead: "platform_file", "trace_files".
std::string smpi_export_json(const std::string& config_json, const std::string& dir = "");
// A BookSim 2.0 config file's text as a cycle-engine config (docs/engines.md, "BookSim configs in"):
// {"config": {...}, "unmodelled": [{"key", "value", "line", "reason"}] (keys of the file SwitchLab
// does not model: listed, never dropped silently), "defaults": [{"key", "value"}] (BookSim's
// defaults the translation used), "notes": [...]}, or {"error": {...}} whose field is the file's
// "line N" (or the key, for a default) and whose message names the key.
std::string import_booksim_json(const std::string& booksim_text);
// SimGrid time-independent MPI traces (docs/traffic.md, "MPI traces"), kept in this process's
// store by content id, which configs name in traffic.trace_id (traffic.pattern "mpi_trace"):
//   trace_load_json({"<file name>": "<text>", ...}): parses, validates and stores the trace (rank
//     files, or SimGrid's index file and its rank files): {"id", "summary"}, or {"error"} whose
//     field is "trace:<file>:<line>", "trace:<file>" or "trace".
//   trace_summary_json(id): {"id", "summary"}, or {"error"} (field traffic.trace_id) if not loaded.
//   trace_unload_json(id): {"unloaded": true|false}.
//   trace_limits_json(): the limits a trace must fit (files, ranks, bytes, lines, ...).
std::string trace_load_json(const std::string& files_json);
std::string trace_summary_json(const std::string& id);
std::string trace_unload_json(const std::string& id);
std::string trace_limits_json();
// Benchmark of the bare cache look-up kernel (the ceiling for the engines): `lookups` accesses
// of a 2,048-entry 4-way LRU cache at random sets; returns {"lookups", "wall_time_s", "hits"}.
std::string bench_kernel_json(double lookups);
// JSON Schema (draft 2020-12) of the experiment config, generated from the parameter declarations.
std::string schema_json();
// JSON Schema of the result document (and of prepare's summary): every number with its unit
// (x-unit) and description; open-ended sections give units by key suffix (x-unit-suffixes).
std::string results_schema_json();
// {dotted path: unit} for every number of a result or summary JSON, by the results schema's rule;
// {"error": ...} if the text is not JSON.
std::string units_json(const std::string& result_json);

}  // namespace switchlab
