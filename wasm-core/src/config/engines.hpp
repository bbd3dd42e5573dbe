#pragma once
// The engines a config can pick with `engine` (docs/engines.md), registered by name: each engine's
// own folder declares an EngineRegistrar with its name, the one-line description the schema shows,
// how to make its run, and the hooks through which the config layer reads, checks and sizes its
// part of a config (EngineConfigHooks), so that neither the config layer nor the bindings name an
// engine. The registry is the config layer's: engines include it, it includes none of them.
#include <memory>
#include <string>
#include <vector>

#include "config/experiment.hpp"

namespace switchlab {

class EngineRun;  // engine/run.hpp: what an engine's run is

// How an engine reads its part of a config. parse_experiment() calls them in this order, between
// the sections every engine shares, so that a config with several errors reports the same first one
// whichever engine's fields they are. Null: the engine has nothing at that point.
struct EngineConfigHooks {
  // Its fields in `switch` besides the cache, and sections of its own read with them.
  void (*switch_fields)(Params& root, Params& sw, Experiment& ex) = nullptr;
  // Its fields in switch, switch.cam and traffic read once the CAM's section is open, and its own
  // sections (sim windows and the like).
  void (*sections)(Params& root, Params& sw, Params& cam, Params& traffic, Experiment& ex) = nullptr;
  // Its traffic fields read before the traffic is made (packet counts).
  void (*traffic_fields)(Params& traffic, Experiment& ex) = nullptr;
  // Checks across fields once the topology and traffic are made (errors.ok() says whether they
  // were), then the sections it reads last.
  void (*finish)(Params& root, Params& traffic, Experiment& ex) = nullptr;
  // Fills ex.estimate (what the run will touch); false, with an error naming the field to change,
  // for a run too large. Called only on a config without errors.
  bool (*estimate)(Params& root, Experiment& ex) = nullptr;
  // Its keys of prepare()'s summary besides the shared ones (sizes and the estimate's caches,
  // look-ups and memory): what measures its run's work (the route walk's packets, the cycle
  // engine's cycles and flit-hops, ...), replacing the look-ups where they do not.
  void (*summary)(const Experiment& ex, nlohmann::json& summary) = nullptr;
};

struct EngineInfo {
  std::string name;
  std::string doc;
  // The result keys that stand for a run of this engine, in order: a sweep's table columns (the
  // API's sweep results, the explorer's sweep table). Each is a key of the results schema, so its
  // unit comes from there.
  std::vector<std::string> headline;
  std::unique_ptr<EngineRun> (*make)(const Experiment& ex);  // `ex` must outlive the run; null: not run by the core
  std::string runs_elsewhere = {};  // with make null: why the core cannot run it and where it runs
  // The engine whose system it simulates by other means, or "" (smpi: app's system, replayed by
  // SimGrid). Its runner takes that engine's result of the same config for the sections the two
  // share, and the explorer offers its run beside that engine's numbers.
  std::string twin_of = {};
  const EngineConfigHooks* config = nullptr;  // how the config layer reads its part (never null once registered)
  bool is_default = false;  // the engine of a config without `engine` (exactly one)
  // Whether it simulates the network's state, which adaptive routing chooses ports by.
  bool simulates_network_state = false;
  // The summary keys that measure its run's work, the first the one its speed is stated in (the
  // browser's estimate of a run's time; the server's per-run caps on work apply to these only).
  std::vector<std::string> work = {"lookups"};
  // Whether one run uses sim.threads threads (the server's workers set it from their share).
  bool run_threads = false;
  // Whether its result carries the closed-form models evaluated at its simulated miss rate.
  bool closed_form_models = false;
  // Its fix of a cold-cache warning besides the shared ones (a warning_fix, or null for none), and
  // its own warnings about a finished result, appended to `out` (engine/warnings.hpp).
  nlohmann::json (*cold_cache_fix)(const Experiment& ex) = nullptr;
  void (*warnings)(const Experiment& ex, const nlohmann::json& result, nlohmann::json& out) = nullptr;
};

std::vector<std::string> engine_names();
const EngineInfo* find_engine(const std::string& name);
const EngineInfo& default_engine();
// "engine cycle" or "engines a or b": the engines for which `has` holds, for error messages.
std::string engines_where(bool EngineInfo::*has);
// "LEAD. app: ...; cycle: ...; routewalk: ...": the description of the `engine` field.
std::string describe_engines(const std::string& lead);
// The config schema's "x-engines": per engine, in registry order, {name, doc, headline, runs_in_core,
// runs_elsewhere, twin_of, work, run_threads}: what the edges show about engines and how they treat their
// runs, so that none of them lists engine names.
nlohmann::json engines_json();

// Shared by the engines' config hooks. Dense storage of `caches` caches that at most `lookups`
// look-ups reach (huge pages when the run can touch them all).
CacheStorage dense_storage(double caches, double lookups);
// Reads sim.threads, an execution setting, into ex.threads; `use` says what the threads do.
void read_threads(Params& sim, Experiment& ex, const std::string& use);

struct EngineRegistrar {
  explicit EngineRegistrar(EngineInfo info);
};

// The registrar of an engine whose run is constructed from the experiment alone.
template <class Run>
std::unique_ptr<EngineRun> make_engine_run(const Experiment& ex) {
  return std::make_unique<Run>(ex);
}

}  // namespace switchlab
