#pragma once
// The engines a config can pick with `engine` (docs/engines.md), registered by name: each engine's
// own file declares an EngineRegistrar with its name, the one-line description the schema shows,
// and how to make its run.
#include <memory>
#include <string>
#include <vector>

#include "config/experiment.hpp"
#include "engine/run.hpp"

namespace switchlab {

struct EngineInfo {
  std::string name;
  std::string doc;
  // The result keys that stand for a run of this engine, in order: a sweep's table columns (the
  // API's sweep results, the explorer's sweep table). Each is a key of the results schema, so its
  // unit comes from there.
  std::vector<std::string> headline;
  std::unique_ptr<EngineRun> (*make)(const Experiment& ex);  // `ex` must outlive the run; null: not run by the core
  std::string runs_elsewhere = {};  // with make null: why the core cannot run it and where it runs
};

std::vector<std::string> engine_names();
const EngineInfo* find_engine(const std::string& name);
// "LEAD. app: ...; cycle: ...; routewalk: ...": the description of the `engine` field.
std::string describe_engines(const std::string& lead);
// The config schema's "x-engines": per engine, in registry order, {name, doc, headline, runs_in_core,
// runs_elsewhere}: what the edges show about engines, so that none of them lists engine names.
nlohmann::json engines_json();

struct EngineRegistrar {
  explicit EngineRegistrar(EngineInfo info);
};

// The registrar of an engine whose run is constructed from the experiment alone.
template <class Run>
std::unique_ptr<EngineRun> make_engine_run(const Experiment& ex) {
  return std::make_unique<Run>(ex);
}

}  // namespace switchlab
