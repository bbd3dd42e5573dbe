#include "app/app_run.hpp"

#include "app/engine_config.hpp"
#include "config/engines.hpp"

namespace switchlab::app {

uint64_t AppRun::advance(uint64_t) {
  if (section_.is_null()) section_ = run_time_model(ex_);
  return 0;
}

namespace {
EngineInfo app_engine() {
  EngineInfo e{kAppEngine, "application time model of NPB skeletons (traffic.pattern npb, docs/models.md)",
               {"app.relative_mean"}, make_engine_run<AppRun>};
  e.config = &app_config_hooks();
  // The skeletons' messages; look-ups too when their hit rates come from a route walk.
  e.work = {"messages", "lookups"};
  return e;
}
const EngineRegistrar reg{app_engine()};
}

}  // namespace switchlab::app
