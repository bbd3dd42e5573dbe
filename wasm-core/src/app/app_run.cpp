#include "app/app_run.hpp"

#include "engine/engines.hpp"

namespace switchlab::app {

uint64_t AppRun::advance(uint64_t) {
  if (section_.is_null()) section_ = run_time_model(ex_);
  return 0;
}

namespace {
const EngineRegistrar reg{{"app", "application time model of NPB skeletons (traffic.pattern npb, docs/models.md)",
                           {"app.relative_mean"}, make_engine_run<AppRun>}};
}

}  // namespace switchlab::app
