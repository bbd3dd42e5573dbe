#pragma once
// The config hooks of engines app and smpi (config/engines.hpp): node.*, switch.link_gbps and
// app.* (app_config.hpp), the route walk's switch delays, packet counts and monitored mode (their
// hit rates may come from a walk), the workload they need, smpi's size limits, and their summary.
#include "config/engines.hpp"

namespace switchlab::app {

const EngineConfigHooks& app_config_hooks();
const EngineConfigHooks& smpi_config_hooks();

}  // namespace switchlab::app
