// Engine "smpi": the engine-app system replayed by SimGrid SMPI (docs/models.md, "SimGrid SMPI
// mapping"). It takes engine app's fields and size limits of its own (app/smpi_export.hpp); the
// core only validates and exports it, the server's workers run smpirun on the export.
#include <string>

#include "app/app_run.hpp"
#include "app/engine_config.hpp"
#include "app/smpi_export.hpp"
#include "config/engines.hpp"

namespace switchlab::app {
namespace {
EngineInfo smpi_engine() {
  EngineInfo e{"smpi",
               "engine app's system replayed by SimGrid SMPI on the server's workers (at most " +
                   std::to_string(kMaxSmpiRanks) + " ranks, " + std::to_string(kMaxSmpiNodes) + " nodes; docs/models.md)",
               {"app.relative_mean"},  // the same "app" section as engine app's, as SMPI simulates it
               nullptr,
               "engine smpi runs only on the server's workers (SimGrid SMPI replays the skeletons "
               "there): submit it to the API, or use engine app for the time model here"};
  e.config = &smpi_config_hooks();
  e.twin_of = kAppEngine;
  e.work = {"messages", "lookups"};  // engine app's, whose system it replays
  return e;
}
const EngineRegistrar reg{smpi_engine()};
}
}  // namespace switchlab::app
