#pragma once
// The cycle engine's part of a config (docs/engines.md, "Cycle engine"): its config hooks, which
// read the buffers, allocators, pipeline, injection and sim windows (parse_cycle_config), check
// its traffic, size its run and fill its summary.
#include "config/engines.hpp"

namespace switchlab {

const EngineConfigHooks& cycle_config_hooks();

}  // namespace switchlab
