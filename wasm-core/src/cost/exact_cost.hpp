#pragma once
// cost.method "cacti": the per-port cache and the CAM priced by CACTI 7 itself (docs/cost-model.md,
// "Exact method"), through cost/cacti/exact.hpp (memo, runner). Same limits as the fit (checked
// before CACTI runs); CACTI's failures become errors naming the field, saying why and what CACTI
// can build instead.
#include "common/error.hpp"
#include "cost/cam_table.hpp"
#include "cost/cacti/cfg.hpp"
#include "cost/sram_cache.hpp"

namespace switchlab::cost {

// The CACTI arrays of a cache and a CAM (shared by pricing, the memo and the tests).
cacti::ArraySpec cache_array(const CacheSpec& spec, int tech_nm);
cacti::ArraySpec cam_array(const CamSpec& spec, int tech_nm);

CacheCost cacti_cache(const CacheSpec& spec, int tech_nm, ErrorSink& errors);
// As cacti_cache, but a set-associative array CACTI finds no organisation for (fewer than 32 sets)
// is priced as the fully associative array of the same entries, the array CACTI builds instead and
// the fit's own fallback (docs/cost-model.md "Configs CACTI cannot organise"): CACTI's exact figures
// for it, `organisable` false, a note, and CACTI's refusal of the asked array in `refusal`.
CacheCost cacti_cache_or_fallback(const CacheSpec& spec, int tech_nm, ErrorSink& errors);
CamCost cacti_cam(const CamSpec& spec, int tech_nm, ErrorSink& errors);

}  // namespace switchlab::cost
