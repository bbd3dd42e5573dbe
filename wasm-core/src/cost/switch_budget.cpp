// Whole-switch budget and the JSON cost report (declared in cost.hpp).
#include <algorithm>

#include "cost/cacti/exact.hpp"
#include "cost/cacti/runner.hpp"
#include "cost/cost.hpp"
#include "cost/exact_cost.hpp"
#include "cost/fit_model.hpp"

namespace switchlab::cost {

namespace {
constexpr const char* kFit = "CACTI-7 fit";

std::string cacti_provenance() {
  const nlohmann::json& id = cacti::identity();
  return "CACTI 7 (exact): version " + id.value("cacti_version", std::string()) + ", built from " +
         id.value("package", std::string()) + " " + id.value("package_version", std::string());
}

nlohmann::json error_json(const Error& e) {
  return {{"field", e.field}, {"message", e.message}, {"allowed", e.allowed.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.allowed)}};
}
constexpr const char* kHashProv = "as published in seed 000 Sec. V-B";

// Published figures beside (never mixed with) the model's; wasm-core/data/cacti/README.md notes that no
// CACTI 7 setting reproduces the area / energy / leakage ones.
nlohmann::json published_figures() {
  using J = nlohmann::json;
  return J{
      {"provenance", "as published in seeds 000 and 001 (CACTI 6.5 and product data; not reproduced "
                     "by CACTI 7 except the 0.41 ns access time)"},
      {"cache_2048x12B_4way",
       J::array({J{{"source", "seed 000 Sec. V-A, Figs. 13-14"}, {"tech_nm", 45}, {"access_ns", 0.41},
                   {"area_mm2_per_port", 0.228}, {"area_mm2_64_ports", 14.6}},
                 J{{"source", "seed 001 Sec. 3.1, 4.1"}, {"tech_nm", 32}, {"access_ns", 0.41},
                   {"area_mm2_per_port", 0.18}},
                 J{{"source", "seed 001 Sec. 4.1"}, {"tech_nm", 65}, {"area_mm2_per_port", 0.73},
                   {"area_mm2_10_ports", 7.3}, {"overhead_pct_of_icc", 2}},
                 J{{"source", "seed 001 Sec. 6.2 (power model parameters)"}, {"read_energy_nJ", 0.039},
                   {"leakage_mW", 13}}})},
      {"cam", J::array({J{{"source", "seed 001 Sec. 2.1"}, {"search_ns", 25},
                          {"note", "4-5 ns CAM + about 20 ns NoC and chip-to-chip round trip"}},
                        J{{"source", "seed 000 Sec. I"}, {"search_ns", 4},
                          {"note", "TCAM R8A20611BG (2021); 6 ns for R8A20410BG (2009)"}},
                        J{{"source", "seed 001 Sec. 6.2 (power model, from CAM papers)"},
                          {"search_energy_nJ", 42}, {"leakage_mW", 36}}})},
      {"reference_dies", J::array({J{{"name", "ICC (K computer)"}, {"area_mm2", kIccDieMm2},
                                     {"tech_nm", 65}, {"ports", 10},
                                     {"source", "seed 000 Sec. V-A/B, seed 001 Sec. 4.1"}},
                                   J{{"name", "64-port 800 Gb/s switching ASIC"}, {"ports", 64},
                                     {"port_rate_Gbps", 800},
                                     {"cache_budget_mm2", 14.6},
                                     {"note", "seed 000 Sec. V gives no die area, only the 14.6 mm^2 "
                                              "cache budget (2,048 x 4-way, 45 nm)"}}})},
  };
}
}  // namespace

std::string read_cost_method(Params& cost) {
  const bool have = cacti::available();
  std::string m = cost.choice(
      "method", have ? kMethodCacti : kMethodFit, {kMethodCacti, kMethodFit},
      "How cache and CAM costs are computed: cacti runs CACTI 7 itself (exact; the default where this build has "
      "it), fit evaluates the fit to CACTI 7 rows (a fast estimate with a stated cross-validated error)");
  if (m == kMethodCacti && !have) {
    cost.errors().fail(cost.field("method"),
                       "\"cacti\" needs CACTI 7, which this build does not have (natively: run scripts/install.sh "
                       "or set SWITCHLAB_CACTI to its executable); use \"fit\" for the estimate",
                       "\"fit\"");
    m = kMethodFit;
  }
  return m;
}

CostInputs read_cost_inputs(Params& cost, Params& hw, Params& cam, const CacheSpec& cache, int ports) {
  CostInputs in;
  in.method = read_cost_method(cost);
  in.cache = cache;
  in.ports = ports;
  in.tech_nm = read_tech_nm(hw);
  in.hash_unit = read_hash_unit_id(hw);
  if (const auto die = hw.optional_number("die_area_mm2", {0.0, 1.0, 10000.0, "mm^2",
                                                           "Optional die area to express the overhead against (absent or null: none)"}))
    in.die_area_mm2 = *die;
  in.cam = read_cam_spec(cam);
  return in;
}

namespace {

bool check_ports(int ports, ErrorSink& errors) {
  if (ports >= 1 && ports <= 4096) return true;
  errors.fail("ports", "must be an integer in [1, 4096] (input ports), got " + std::to_string(ports),
              "an integer in [1, 4096]");
  return false;
}

CacheCost price_cache(const CostInputs& in, ErrorSink& errors) {
  return in.method == kMethodCacti ? cacti_cache_or_fallback(in.cache, in.tech_nm, errors) : estimate_cache(in.cache, in.tech_nm, errors);
}

CamCost price_cam(const CostInputs& in, ErrorSink& errors) {
  return in.method == kMethodCacti ? cacti_cam(in.cam, in.tech_nm, errors) : estimate_cam(in.cam, in.tech_nm, errors);
}

const HashUnit* hash_unit_of(const CostInputs& in, ErrorSink& errors) {
  const HashUnit* h = find_hash_unit(in.hash_unit);
  if (!h) errors.fail("hardware.hash_unit", "unknown hash unit \"" + in.hash_unit + "\"");
  return h;
}

// The whole-switch arithmetic on priced parts (docs/cost-model.md, section 4).
SwitchBudget combine(const CostInputs& in, const CacheCost& cache, const CamCost& cam, const HashUnit& hash) {
  SwitchBudget b;
  b.cache = cache;
  b.cam = cam;
  b.hash = hash;

  // Area: ports x (cache + hash unit) + CAM(s) (seed 000 Sec. V-A: 64 x 0.228 = 14.6 mm^2).
  b.cam_count = in.cam.shared ? 1 : in.ports;
  b.caches_area_mm2 = in.ports * b.cache.area_mm2;
  b.hash_units_area_mm2 = in.ports * b.hash.area_um2 * 1e-6;
  b.cams_area_mm2 = b.cam_count * b.cam.area_mm2;
  b.rc_logic_area_mm2 = b.caches_area_mm2 + b.hash_units_area_mm2;
  b.total_area_mm2 = b.rc_logic_area_mm2 + b.cams_area_mm2;

  // Latency (seed 001 Sec. 3.1 pipeline: hash, cache access, CAM only on a miss; seed 000 Sec. V-C:
  // 0.41 ns cache + 0.72 ns hash ~ 1 ns on a hit).
  b.rc_hit_ns = b.hash.latency_ns + b.cache.access_ns;
  b.rc_miss_ns = b.rc_hit_ns + b.cam.search_ns;

  // Throughput: one look-up per slowest stage (seed 000 Sec. V-A/B). A cache whose cycle time
  // exceeds its access time cannot start a look-up every access time.
  b.cache_stage_ns = std::max(b.cache.access_ns, b.cache.cycle_ns);
  b.slowest_stage_ns = std::max(b.cache_stage_ns, b.hash.stage_ns);
  b.slowest_stage = b.cache_stage_ns >= b.hash.stage_ns ? "cache" : "hash unit";
  b.hit_rate = line_rate(b.slowest_stage_ns);
  // CAM-bound: one search at a time per CAM (CACTI's CAM cycle time does not cover the search
  // path, wasm-core/data/cacti/README.md); a shared CAM divides its rate among all ports.
  b.cam_bound_rate = line_rate(b.cam.search_ns * (in.cam.shared ? in.ports : 1));

  b.leakage_mW = in.ports * b.cache.total_leak_mW + b.cam_count * b.cam.total_leak_mW;
  return b;
}

}  // namespace

SwitchBudget compute_budget(const CostInputs& in, ErrorSink& errors) {
  if (!check_ports(in.ports, errors)) return {};
  const CacheCost cache = price_cache(in, errors);
  if (!errors.ok()) return {};
  const CamCost cam = price_cam(in, errors);
  if (!errors.ok()) return {};
  const HashUnit* h = hash_unit_of(in, errors);
  if (!h) return {};
  return combine(in, cache, cam, *h);
}

namespace {

using J = nlohmann::json;

// Which method made a block's figures, and how far to trust them: CACTI's identity and reasoning,
// or the fit's cross-validated error in the grid region of the priced array.
void method_keys(J& block, const std::string& method, const J& cacti_details, const FitArray& array) {
  block["method"] = method;
  if (method == kMethodCacti) {
    block["cacti"] = cacti_details;
  } else {
    block.update(fit_error(array));
  }
}

J cache_json(const CostInputs& in, const CacheCost& c) {
  J cache = {
      {"provenance", c.method == kMethodCacti ? cacti_provenance() : std::string(kFit)},
      {"entries", in.cache.entries},
      {"ways", in.cache.ways == kFullyAssociative ? J("full") : J(in.cache.ways)},
      {"entry_bytes", in.cache.entry_bytes},
      {"capacity_bytes", static_cast<long long>(in.cache.entries) * in.cache.entry_bytes},
      {"access_ns", c.access_ns},
      {"cycle_ns", c.cycle_ns},
      {"area_mm2", c.area_mm2},
      {"read_energy_nJ", c.read_energy_nJ},
      {"leakage_mW", c.total_leak_mW},
      {"subthreshold_leakage_mW", c.leak_mW},
      {"cacti_organisable", c.organisable},
      {"figures_for", c.fully_associative_figures
                          ? (c.organisable ? "fully associative" : "fully associative (fallback)")
                          : std::to_string(in.cache.ways) + "-way set associative"},
      {"extrapolated", c.extrapolated},
      {"note", c.note},
  };
  if (!c.refusal.is_null()) cache["cacti_refusal"] = c.refusal;
  FitArray array{c.fully_associative_figures ? "full_assoc" : "set_assoc", in.cache.entries, in.cache.entry_bytes};
  if (!c.fully_associative_figures) array.ways = in.cache.ways;
  method_keys(cache, c.method, c.cacti, array);
  return cache;
}

J cam_json(const CostInputs& in, const CamCost& c, int count) {
  const std::string base = c.method == kMethodCacti ? cacti_provenance() : std::string(kFit);
  J cam = {
      {"provenance", c.tcam_assumption ? base + " (binary CAM) x TCAM assumption" : base},
      {"kind", in.cam.kind == CamKind::Tcam ? "tcam" : "cam"},
      {"preset", in.cam.preset.empty() ? J(nullptr) : J(in.cam.preset)},
      {"entries", in.cam.entries},
      {"key_bits", in.cam.key_bits},
      {"with_result", in.cam.with_result},
      {"shared", in.cam.shared},
      {"count", count},
      {"search_ns", c.search_ns},
      {"offchip_rtt_ns", in.cam.offchip_rtt_ns},
      {"area_mm2", c.area_mm2},
      {"search_energy_nJ", c.search_energy_nJ},
      {"searchline_energy_nJ", c.searchline_energy_nJ},
      {"leakage_mW", c.total_leak_mW},
      {"subthreshold_leakage_mW", c.leak_mW},
      {"assumption", c.assumption},
  };
  FitArray array{in.cam.with_result ? "fa_cache" : "cam", in.cam.entries};
  array.key_bits = in.cam.key_bits;
  method_keys(cam, c.method, c.cacti, array);
  return cam;
}

J hash_json(const CostInputs& in, const HashUnit& h) {
  return {
      {"provenance", kHashProv},
      {"variant", h.id},
      {"label", h.label},
      {"tech_nm", 45},
      {"latency_ns", h.latency_ns},
      {"stage_ns", h.stage_ns},
      {"area_um2", h.area_um2},
      {"area_mm2", h.area_um2 * 1e-6},
      {"latency_source", h.latency_source},
      {"stage_source", h.stage_source},
      {"area_source", h.area_source},
      {"note", in.tech_nm == 45 ? "" : "published 45 nm figures, not scaled to the chosen node"},
  };
}

J budget_json(const CostInputs& in, const SwitchBudget& b) {
  J budget = {
      {"provenance", "model"},
      {"ports", in.ports},
      {"caches_area_mm2", b.caches_area_mm2},
      {"hash_units_area_mm2", b.hash_units_area_mm2},
      {"cams_area_mm2", b.cams_area_mm2},
      {"rc_logic_area_mm2", b.rc_logic_area_mm2},
      {"total_area_mm2", b.total_area_mm2},
      {"rc_logic_overhead_pct_of_icc_329mm2", 100.0 * b.rc_logic_area_mm2 / kIccDieMm2},
      {"total_pct_of_icc_329mm2", 100.0 * b.total_area_mm2 / kIccDieMm2},
      {"caches_vs_seed000_64port_budget_ratio", b.caches_area_mm2 / 14.6},
      {"rc_hit_ns", b.rc_hit_ns},
      {"rc_miss_ns", b.rc_miss_ns},
      {"cache_stage_ns", b.cache_stage_ns},
      {"slowest_stage_ns", b.slowest_stage_ns},
      {"slowest_stage", b.slowest_stage},
      {"frame_bytes", kMinFrameBytes},
      {"max_forwarding_rate_pps", b.hit_rate.forwarding_rate_pps},
      {"line_rate_Gbps", b.hit_rate.line_rate_Gbps},
      {"cam_bound_forwarding_rate_pps", b.cam_bound_rate.forwarding_rate_pps},
      {"cam_bound_line_rate_Gbps", b.cam_bound_rate.line_rate_Gbps},
      {"leakage_mW", b.leakage_mW},
      {"note", "rates are per input port: all look-ups hit (max_forwarding_rate_pps) or all go to "
               "the CAM (cam_bound_*); line rates for 84-byte minimum frames; hash-unit leakage "
               "is not published and not included"},
  };
  if (in.die_area_mm2 > 0) {
    budget["die_area_mm2"] = in.die_area_mm2;
    budget["rc_logic_overhead_pct_of_die"] = 100.0 * b.rc_logic_area_mm2 / in.die_area_mm2;
    budget["total_pct_of_die"] = 100.0 * b.total_area_mm2 / in.die_area_mm2;
  }
  return budget;
}

J report_of(const CostInputs& in, J cache, J cam, J hash, J budget) {
  J cost = {{"method", in.method},
            {"tech_nm", in.tech_nm},
            {"cache", std::move(cache)},
            {"cam", std::move(cam)},
            {"hash_unit", std::move(hash)},
            {"budget", std::move(budget)},
            {"published", published_figures()}};
  if (in.method == kMethodCacti) cost["cacti"] = cacti::identity();
  return J{{"cost", std::move(cost)}};
}

}  // namespace

nlohmann::json cost_report(const CostInputs& in, ErrorSink& errors) {
  const SwitchBudget b = compute_budget(in, errors);
  if (!errors.ok()) return nullptr;
  return report_of(in, cache_json(in, b.cache), cam_json(in, b.cam, b.cam_count), hash_json(in, b.hash), budget_json(in, b));
}

nlohmann::json cost_report_parts(const CostInputs& in) {
  ErrorSink ports_errors, cache_errors, cam_errors, hash_errors;
  if (!check_ports(in.ports, ports_errors)) return J{{"cost", {{"error", error_json(ports_errors.error())}}}};
  const CacheCost cache = price_cache(in, cache_errors);
  const CamCost cam = price_cam(in, cam_errors);
  const HashUnit* h = hash_unit_of(in, hash_errors);
  const int cam_count = in.cam.shared ? 1 : in.ports;
  J budget;
  for (const ErrorSink* e : {&cache_errors, &cam_errors, &hash_errors})
    if (!e->ok() && budget.is_null()) {
      Error why = e->error();
      why.message = "the switch budget needs every part's figures; " + why.field + ": " + why.message;
      budget = {{"error", error_json(why)}};
    }
  if (budget.is_null()) budget = budget_json(in, combine(in, cache, cam, *h));
  return report_of(in, cache_errors.ok() ? cache_json(in, cache) : J{{"error", error_json(cache_errors.error())}, {"method", in.method}},
                   cam_errors.ok() ? cam_json(in, cam, cam_count) : J{{"error", error_json(cam_errors.error())}, {"method", in.method}},
                   h ? hash_json(in, *h) : J{{"error", error_json(hash_errors.error())}}, std::move(budget));
}

nlohmann::json cost_report(const nlohmann::json& config, const CacheSpec& cache, int ports,
                           ErrorSink& errors) {
  const nlohmann::json* hw = nullptr;
  const nlohmann::json* cam = nullptr;
  const nlohmann::json* cost = nullptr;
  if (config.is_object()) {
    auto h = config.find("hardware");
    if (h != config.end()) hw = &*h;
    auto m = config.find("cost");
    if (m != config.end()) cost = &*m;
    auto s = config.find("switch");
    if (s != config.end() && s->is_object()) {
      auto c = s->find("cam");
      if (c != s->end()) cam = &*c;
    }
  }
  Params hw_params(hw, "hardware", errors);
  Params cam_params(cam, "switch.cam", errors);
  Params cost_params(cost, "cost", errors);
  const CostInputs in = read_cost_inputs(cost_params, hw_params, cam_params, cache, ports);
  if (!errors.ok()) return nullptr;
  return cost_report(in, errors);
}

}  // namespace switchlab::cost
