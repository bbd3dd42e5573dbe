#pragma once
// SwitchLab hardware cost model (docs/cost-model.md). Public API.
//
//   Component            Function                         Provenance
//   per-port SRAM cache  cacti_cache(CacheSpec, nm)       "CACTI 7" (exact_cost.hpp; cost.method cacti)
//                        estimate_cache(CacheSpec, nm)    "CACTI-7 fit"      (sram_cache.hpp; method fit)
//   CAM forwarding table cacti_cam / estimate_cam         the same two (+ labelled TCAM assumption)
//   switchable-hash unit find_hash_unit(id)               "as published in seed 000 Sec. V-B"
//   line-rate arithmetic line_rate(stage_ns, bytes, k)    "model" (seed 000 Sec. I, V)
//   whole-switch budget  compute_budget(CostInputs)       "model"
//
// Config fields (all errors go to the ErrorSink, naming the field and the allowed values):
//   cost.method             cacti (CACTI 7 itself; the default where the build has it) | fit
//                           (the fast estimate)                  read_cost_method(Params& cost)
//   hardware.tech_nm        22|32|45|65|90, default 45           read_tech_nm(Params& hardware)
//   hardware.hash_unit      hash variant id, default switchable_pipelined
//   hardware.die_area_mm2   optional die to compare the overhead with (mm^2)
//   switch.cam.*            preset, entries (1024..524288, default 49152), key_bits (1..64,
//                           default 24; costed at 24|64), kind (cam|tcam), with_result,
//                           shared, offchip_rtt_ns, tcam_factor   read_cam_spec(Params& cam)
//   switch.cache.*          NOT read here: the config layer parses entries / ways / entry_bytes
//                           and passes a CacheSpec (ways 0 = "full"); estimate_cache re-validates.
// None of these readers calls reject_unknown(): the config layer owns those sections.
//
// Typical use from the single config parser:
//   Params hw = root.child("hardware", ...);   Params cam = sw.child("cam", ...);
//   CostInputs in = read_cost_inputs(hw, cam, cache_spec, ports);
//   if (errors.ok()) json report = cost_report(in, errors);
// or, given the whole config JSON:  cost_report(config, cache_spec, ports, errors).
//
// cost_report returns {"cost": {"tech_nm", "cache", "cam", "hash_unit", "budget", "published"}};
// every number has its unit in its key (…_ns, …_mm2, …_nJ, …_mW, …_pps, …_Gbps, …_pct) and every
// block a "provenance" string. cost.cache.leakage_mW and cost.cam.leakage_mW are CACTI's total
// (subthreshold + gate); subthreshold_leakage_mW is given beside them.
#include <string>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "common/params.hpp"
#include "cost/cam_table.hpp"
#include "cost/hash_unit.hpp"
#include "cost/line_rate.hpp"
#include "cost/sram_cache.hpp"
#include "cost/tech.hpp"

namespace switchlab::cost {

// Reference die of seed 000 Sec. V-A/B and seed 001 Sec. 4.1: the K computer's ICC switch chip
// (10 ports, Fujitsu 65 nm), 329 mm^2.
inline constexpr double kIccDieMm2 = 329.0;

inline constexpr const char* kMethodCacti = "cacti";
inline constexpr const char* kMethodFit = "fit";

// Reads cost.method; "cacti" where CACTI is unavailable is an error naming the field.
std::string read_cost_method(Params& cost);

struct CostInputs {
  std::string method = kMethodFit;  // kMethodCacti or kMethodFit
  int tech_nm = 45;
  CacheSpec cache;
  int ports = 64;  // input ports, each with one cache and one hash unit (seed 000 Sec. V: 64)
  CamSpec cam;
  std::string hash_unit = kDefaultHashUnit;
  double die_area_mm2 = 0;  // 0 = not given
};

CostInputs read_cost_inputs(Params& cost, Params& hardware, Params& cam, const CacheSpec& cache, int ports);

struct SwitchBudget {
  CacheCost cache;
  CamCost cam;
  HashUnit hash;
  int cam_count = 1;
  double caches_area_mm2 = 0, hash_units_area_mm2 = 0, cams_area_mm2 = 0, total_area_mm2 = 0;
  double rc_logic_area_mm2 = 0;  // caches + hash units: what the cache switch adds
  double rc_hit_ns = 0;          // hash + cache access
  double rc_miss_ns = 0;         // hash + cache access + CAM search
  double cache_stage_ns = 0;     // max(access, cycle): one look-up per stage
  double slowest_stage_ns = 0;   // max(cache stage, hash stage)
  std::string slowest_stage;     // "cache" or "hash unit"
  LineRate hit_rate;             // per port, every look-up hits
  LineRate cam_bound_rate;       // per port, every look-up goes to the CAM
  double leakage_mW = 0;         // ports x cache + CAM(s), CACTI totals (hash unit: not published)
};

SwitchBudget compute_budget(const CostInputs& in, ErrorSink& errors);

// The whole report; the first error (cache, CAM, hash unit) fails it.
nlohmann::json cost_report(const CostInputs& in, ErrorSink& errors);

// The report with each part priced on its own: a part that fails carries {"error": {field,
// message, allowed}} in place of its figures and the rest stays (the CAM does not depend on the
// cache); the budget needs both. What a result's "cost" section holds.
nlohmann::json cost_report_parts(const CostInputs& in);
nlohmann::json cost_report(const nlohmann::json& config, const CacheSpec& cache, int ports,
                           ErrorSink& errors);

}  // namespace switchlab::cost
