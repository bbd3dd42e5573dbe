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
  std::unique_ptr<EngineRun> (*make)(const Experiment& ex);  // `ex` must outlive the run; null: not run by the core
  std::string runs_elsewhere = {};  // with make null: why the core cannot run it and where it runs
};

std::vector<std::string> engine_names();
const EngineInfo* find_engine(const std::string& name);
// "LEAD. app: ...; cycle: ...; routewalk: ...": the description of the `engine` field.
std::string describe_engines(const std::string& lead);

struct EngineRegistrar {
  explicit EngineRegistrar(EngineInfo info);
};

// The registrar of an engine whose run is constructed from the experiment alone.
template <class Run>
std::unique_ptr<EngineRun> make_engine_run(const Experiment& ex) {
  return std::make_unique<Run>(ex);
}

}  // namespace switchlab
