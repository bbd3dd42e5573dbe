#pragma once
// The most nodes an all-to-all prefetch (switch.cache.prefetch) may fill caches for: checked by
// the config (config/experiment.cpp), and offered as a fix by result warnings only below it.
#include <cstdint>

namespace switchlab {
inline constexpr int64_t kMaxPrefetchNodes = 8192;
}  // namespace switchlab
