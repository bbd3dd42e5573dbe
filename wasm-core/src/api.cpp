#include "switchlab/api.hpp"

#include <chrono>

#include "common/sha256.hpp"
#include "config/experiment.hpp"
#include "config/schema.hpp"
#include "engine/routewalk.hpp"

namespace switchlab {
namespace {

json error_object(const Error& e) { return {{"field", e.field}, {"message", e.message}}; }

// Parses text and config; on failure fills `error`.
bool load(const std::string& text, Experiment& ex, json& error) {
  json config = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (config.is_discarded()) {
    error = {{"field", "config"}, {"message", "is not valid JSON"}};
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

std::string hash_of(const Experiment& ex) { return sha256_hex(canonical(ex.normalized) + "\n" + engine_version()); }

}  // namespace

const char* engine_version() { return "0.1.0"; }

std::string run_json(const std::string& config_json) {
  Experiment ex;
  json error;
  if (!load(config_json, ex, error)) return json{{"error", error}}.dump();
  const auto t0 = std::chrono::steady_clock::now();
  json result = run_routewalk(ex);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  result["config_hash"] = hash_of(ex);
  result["engine"] = {{"name", ex.engine}, {"version", engine_version()}};
  result["seed"] = ex.seed;
  result["wall_time_s"] = wall;
  result["topology"] = ex.topology->describe();
  result["units"] = {{"latency_ns", "ns"}, {"wall_time_s", "s"}, {"hit_rate", "fraction of look-ups (0..1)"}};
  return result.dump();
}

std::string validate_json(const std::string& config_json) {
  Experiment ex;
  json error;
  return load(config_json, ex, error) ? std::string() : error.dump();
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

std::string schema_json() { return experiment_schema().dump(); }

}  // namespace switchlab
