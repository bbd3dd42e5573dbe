#include "switchlab/api.hpp"

#include <chrono>
#include <map>
#include <vector>

#include "app/smpi_export.hpp"
#include "workload/ti_trace.hpp"
#include "common/sha256.hpp"
#include "config/experiment.hpp"
#include "config/json_errors.hpp"
#include "config/results_schema.hpp"
#include "config/schema.hpp"
#include "cost/cacti/exact.hpp"
#include "cost/exact_cost.hpp"
#include "engine/analytic_torus.hpp"
#include "config/engines.hpp"
#include "engine/run.hpp"
#include "engine/warnings.hpp"
#include "models/registry.hpp"
#include "topology/drawing.hpp"

namespace switchlab {
namespace {

// Messages quote the input, which may hold invalid UTF-8 (dumping that aborts): invalid bytes
// become U+FFFD.
std::string valid_utf8(const std::string& s) {
  return json::parse(json(s).dump(-1, ' ', false, json::error_handler_t::replace)).get<std::string>();
}

json error_object(const Error& e) {
  return {{"field", valid_utf8(e.field)},
          {"message", valid_utf8(e.message)},
          {"allowed", e.allowed.empty() ? json(nullptr) : json(valid_utf8(e.allowed))}};
}

// Parses text and config; on failure fills `error`.
bool load(const std::string& text, Experiment& ex, json& error) {
  json config;
  Error bad;
  if (!parse_untrusted_json(text, "config", config, bad)) {
    error = error_object(bad);
    return false;
  }
  ErrorSink errors;
  if (!parse_experiment(config, ex, errors)) {
    error = error_object(errors.error());
    return false;
  }
  return true;
}

// nlohmann's dump of a std::map-backed object sorts keys and prints integers exactly and doubles
// in shortest round-trip form, which matches RFC 8785 for the values configs use.
std::string canonical(const json& normalized) { return normalized.dump(); }

json error_wrapper(const Error& e) { return json{{"error", error_object(e)}}; }

// The cost section: a config the simulator accepts may still be outside the fitted range
// (e.g. 8 entries); that is reported inside the section, not as a failed run.
// Each part is priced on its own, so a cache CACTI cannot build still shows the CAM's figures and the
// reason for the cache's absence.
json cost_section(const Experiment& ex) {
  if (!ex.cache.enabled) return {{"note", "no cache: see the CAM figures with a cache configured"}};
  return cost::cost_report_parts(ex.cost)["cost"];
}

json model_or_error(const std::string& name, const json& params) {
  ErrorSink errors;
  json out;
  if (!run_model(name, params, out, errors)) return {{"error", error_object(errors.error())}};
  return out;
}

// Closed-form models evaluated at this run's simulated miss rate: seed 001's routing throughput
// (eqs. 6-7) and table-lookup power (eq. 5), the latter with the published parameters and with
// the CACTI energies (cost.method's) of the configured node, side by side.
json models_section(const Experiment& ex, const json& result, const json& cost) {
  json models = {{"seed001_torus", seed001_torus_model(ex, result)}};
  const json& hit_rate = result["cache"]["hit_rate"];
  if (!ex.cache.enabled || hit_rate.is_null()) return models;
  const double miss = 1.0 - hit_rate.get<double>();
  const int ports = ex.topology->ports_per_switch();
  models["routing_throughput"] = model_or_error("routing_throughput", {{"miss_rate", miss}});
  models["lookup_power_published"] = model_or_error("lookup_power", {{"miss_rate", miss}, {"ports", ports}});
  if (cost.contains("cache") && cost["cache"].contains("read_energy_nJ") && cost.contains("cam") &&
      cost["cam"].contains("search_energy_nJ")) {
    const std::string src = std::string(ex.cost.method == cost::kMethodCacti ? "CACTI 7" : "CACTI-7 fit") + ", " +
                            std::to_string(ex.cost.tech_nm) + " nm";
    models["lookup_power_cacti"] = model_or_error(
        "lookup_power", {{"miss_rate", miss},
                         {"ports", ports},
                         {"cache_energy_nJ", cost["cache"]["read_energy_nJ"]},
                         {"cache_static_mW", cost["cache"]["leakage_mW"]},
                         {"cam_energy_nJ", cost["cam"]["search_energy_nJ"]},
                         {"cam_static_mW", cost["cam"]["leakage_mW"]},
                         {"cache_params_source", src},
                         {"cam_params_source", src}});
  }
  return models;
}

// With cost.method cacti, the CACTI that priced the cost section is one of the id's inputs, so a
// changed CACTI (another package or version) gives new ids.
std::string hash_of(const Experiment& ex) {
  const std::string cacti = ex.cost.method == cost::kMethodCacti ? "\n" + cost::cacti::identity().dump() : std::string();
  return sha256_hex(canonical(ex.normalized) + "\n" + engine_version() + cacti);
}

// What the run will be, before it runs: sizes for limits (API), placement (browser or server) and
// the UI's preview. Units are declared in the results schema (results_schema.cpp, "summary").
json summary_of(const Experiment& ex) {
  const Topology& t = *ex.topology;
  json s = {{"engine", ex.engine},
          {"topology", ex.normalized["topology"]["kind"]},
          {"nodes", t.num_nodes()},
          {"switches", t.num_switches()},
          {"ports_per_switch", t.ports_per_switch()},
          {"input_ports", uint64_t{t.num_switches()} * t.ports_per_switch()},
          {"links", t.num_links()},
          {"max_hops", t.max_hops()},
          {"caches", ex.estimate.caches},
          {"lookups", ex.estimate.lookups},
          {"memory_bytes", ex.estimate.memory_bytes},
          {"cache_bytes_per_port", ex.cache.enabled ? json(CacheBank::bytes_per_cache(ex.cache.geometry)) : json(nullptr)}};
  const EngineInfo& engine = *find_engine(ex.engine);
  if (engine.config->summary) engine.config->summary(ex, s);
  if (!engine.make) s["server_only"] = true;
  return s;
}

}  // namespace

// Part of every experiment id: it changes whenever the same config's results change, so that a
// stored result is never served for a config the current engine would compute differently. 0.3.0:
// the central buffer's reservation, on/off duty cycles, per-window rates and the 3C estimate;
// 0.3.1: a job mix's destinations drawn from the sender's own job in the cycle engine (other
// random draws than before) and the offered-load spread in every cycle result; 0.3.3: an MPI
// trace's alltoallv replayed as all pairs at once (it was pairwise rounds), as the IS skeleton's;
// 0.3.4: the MG skeleton restructured after the real NPB MG (its process grid, faces, coarse
// levels, initialisation's collectives and compute); a rank's point-to-point message to itself
// (CG's diagonal transpose) costs a memory copy at 10 GB/s, as SMPI's loopback charges it, in
// engines app, smpi and cycle; FT's 2-D layout is nz x R/nz ranks (it was about square); SP's
// line-solve messages carry each stage's own cell face less its rows on the grid's boundary, on
// NPB's cell layout (they carried the stages' mean face).
const char* engine_version() { return "0.3.4"; }

struct SimulationState {
  Experiment ex;
  std::unique_ptr<EngineRun> run;
  uint64_t total = 0, left = 0;
  double wall_s = 0;
};

Simulation::Simulation(const std::string& config_json) : state_(std::make_unique<SimulationState>()) {
  json error;
  if (!load(config_json, state_->ex, error)) {
    error_ = error.dump();
    return;
  }
  const EngineInfo* engine = find_engine(state_->ex.engine);
  if (!engine->make) {
    error_ = error_object({"engine", engine->runs_elsewhere, ""}).dump();
    return;
  }
  state_->run = engine->make(state_->ex);
  state_->total = state_->left = state_->run->total();
}

Simulation::~Simulation() = default;

double Simulation::step(double packets) {
  SimulationState& st = *state_;
  if (!st.run) return error_.empty() ? 1 : 0;
  const auto t0 = std::chrono::steady_clock::now();
  st.left = st.run->advance(packets >= 1.8e19 ? UINT64_MAX : static_cast<uint64_t>(packets < 1 ? 1 : packets));
  st.wall_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return 1.0 - static_cast<double>(st.left) / static_cast<double>(st.total);
}

uint64_t Simulation::total() const { return state_->total; }

std::string Simulation::work_unit() const { return state_->run ? state_->run->work_unit() : ""; }

std::string Simulation::result() {
  if (!error_.empty()) return json{{"error", json::parse(error_)}}.dump();
  if (state_->left > 0) step(static_cast<double>(state_->left));
  const Experiment& ex = state_->ex;
  // Priced before the clock starts: a first CACTI run of an array is not simulation time.
  json cost = cost_section(ex);
  const auto t0 = std::chrono::steady_clock::now();
  json result = state_->run->report();
  result["config_hash"] = hash_of(ex);
  result["engine"] = {{"name", ex.engine}, {"version", engine_version()}};
  result["seed"] = ex.seed;
  result["topology"] = ex.topology->describe();
  if (json t = ex.traffic->describe(); !t.is_null()) result["traffic"] = std::move(t);
  result["cost"] = std::move(cost);
  if (find_engine(ex.engine)->closed_form_models) result["models"] = models_section(ex, result, result["cost"]);
  result["summary"] = summary_of(ex);
  // Only when there are some, so a result without any is byte for byte what it was before warnings.
  if (json warnings = result_warnings(ex, result); !warnings.empty()) result["warnings"] = std::move(warnings);
  result["wall_time_s"] = state_->wall_s + std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return result.dump();
}

std::string run_json(const std::string& config_json) { return Simulation(config_json).result(); }

std::string validate_json(const std::string& config_json) {
  Experiment ex;
  json error;
  return load(config_json, ex, error) ? std::string() : error.dump();
}

std::string prepare_json(const std::string& config_json) {
  Experiment ex;
  json error;
  if (!load(config_json, ex, error)) return json{{"error", error}}.dump();
  return json{{"config", ex.normalized}, {"id", hash_of(ex)}, {"summary", summary_of(ex)},
              {"topology", ex.topology->describe()}}
      .dump();
}

std::string topology_drawing_json(const std::string& config_json) {
  Experiment ex;
  json error;
  if (!load(config_json, ex, error)) return json{{"error", error}}.dump();
  return drawing_json(*ex.topology).dump();
}

std::string normalize_json(const std::string& config_json) {
  Experiment ex;
  json error;
  if (!load(config_json, ex, error)) return json{{"error", error}}.dump();
  return canonical(ex.normalized);
}

std::string config_hash(const std::string& config_json) {
  Experiment ex;
  json error;
  return load(config_json, ex, error) ? hash_of(ex) : std::string();
}

std::string cost_json(const std::string& config_json) {
  Experiment ex;
  json error;
  if (!load(config_json, ex, error)) return json{{"error", error}}.dump();
  return cost::cost_report_parts(ex.cost).dump();
}

std::string model_json(const std::string& name, const std::string& params_json) {
  json params;
  Error bad;
  if (!parse_untrusted_json(params_json.empty() ? "{}" : params_json, "params", params, bad)) return error_wrapper(bad).dump();
  ErrorSink errors;
  json out;
  if (!run_model(name, params, out, errors)) return error_wrapper(errors.error()).dump();
  return out.dump();
}

std::string models_json() {
  json list = json::array();
  for (const auto& m : list_models())
    list.push_back({{"name", m.name}, {"description", m.description}, {"provenance", m.provenance},
                    {"parameters", model_params_doc(m.name)}});
  return list.dump();
}

std::string cacti_inputs_json(const std::string& config_json) {
  Experiment ex;
  json error, out = json::array();
  if (!load(config_json, ex, error) || ex.cost.method != cost::kMethodCacti) return out.dump();
  std::vector<cost::cacti::ArraySpec> arrays = {cost::cam_array(ex.cost.cam, ex.cost.tech_nm)};
  if (ex.cache.enabled) arrays.push_back(cost::cache_array(ex.cost.cache, ex.cost.tech_nm));
  for (const auto& a : arrays) {
    const std::string cfg = cost::cacti::cfg_text(a);
    out.push_back({{"key", cost::cacti::memo_key(cfg)}, {"cfg", cfg}});
  }
  return out.dump();
}

std::string cacti_memo_take_json() { return cost::cacti::memo_take_new().dump(); }

void cacti_memo_import_json(const std::string& entries_json) {
  cost::cacti::memo_import(json::parse(entries_json, nullptr, false));
}

std::string cacti_memo_stats_json() {
  const cost::cacti::MemoStats m = cost::cacti::memo_stats();
  return json{{"runs", m.runs}, {"hits", m.hits}, {"entries", m.entries}}.dump();
}

void cacti_memo_clear() { cost::cacti::memo_clear(); }

std::string smpi_export_json(const std::string& config_json, const std::string& dir) {
  Experiment ex;
  json error;
  if (!load(config_json, ex, error)) return json{{"error", error}}.dump();
  std::string field, message;
  json out = app::smpi_export(ex, field, message, dir);
  return out.is_null() ? error_wrapper({field, message, ""}).dump() : out.dump();
}

std::string trace_load_json(const std::string& files_json) {
  json files;
  Error bad;
  if (!parse_untrusted_json(files_json, "trace", files, bad)) {
    // The parser names a JSON path, e.g. a file name given twice; a trace's errors name
    // "trace:<file>" (found by trace_fuzzer: two names that differ only in invalid UTF-8).
    if (bad.field != "trace") bad.field = "trace:" + bad.field;
    return error_wrapper(bad).dump();
  }
  const std::string shape = "an object {\"<file name>\": \"<text>\", ...}";
  if (!files.is_object()) return error_wrapper({"trace", "the files must be " + shape, shape}).dump();
  std::map<std::string, std::string> texts;
  for (const auto& [name, text] : files.items()) {
    if (!text.is_string())
      return error_wrapper({"trace:" + valid_utf8(name), "a file's content must be its text (a JSON string)", shape}).dump();
    texts[name] = text.get<std::string>();
  }
  files = nullptr;  // the texts are copied: free the parsed document before parsing the trace
  json out = app::trace_store_load(texts);
  // File names and quoted lines may hold invalid UTF-8.
  if (out.contains("error"))
    for (const char* k : {"field", "message"}) out["error"][k] = valid_utf8(out["error"][k].get<std::string>());
  return out.dump();
}

std::string trace_summary_json(const std::string& id) {
  const auto t = app::trace_store_find(id);
  if (!t) return error_wrapper({"traffic.trace_id", app::trace_not_loaded(valid_utf8(id)), "the id trace_load returned"}).dump();
  return json{{"id", t->id}, {"summary", t->summary}}.dump();
}

std::string trace_unload_json(const std::string& id) { return json{{"unloaded", app::trace_store_unload(id)}}.dump(); }

std::string trace_limits_json() { return app::trace_limits().dump(); }

std::string bench_kernel_json(double lookups) {
  CacheGeometry g;
  g.entries = 2048;
  g.ways = 4;
  SetAssocCache cache(g, 1);
  // Tags and sets drawn up front so the timed loop is the look-up alone.
  Rng rng(1);
  std::vector<uint32_t> tags(1 << 16);
  for (auto& t : tags) t = static_cast<uint32_t>(rng.uniform_u64(4096));
  const uint64_t n = static_cast<uint64_t>(lookups);
  uint64_t hits = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (uint64_t i = 0; i < n; ++i) {
    const uint32_t t = tags[i & 0xFFFF];
    hits += cache.access(t & 511, t);
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return json{{"lookups", n}, {"hits", hits}, {"wall_time_s", wall}}.dump();
}

std::string schema_json() { return experiment_schema().dump(); }

std::string results_schema_json() { return results_schema().dump(); }

std::string units_json(const std::string& result_json) {
  json result;
  Error bad;
  if (!parse_untrusted_json(result_json, "result", result, bad)) return error_wrapper(bad).dump();
  return units_of(result).dump();
}

}  // namespace switchlab
