#include "cost/exact_cost.hpp"

#include <vector>

#include "common/params.hpp"
#include "cost/cacti/exact.hpp"
#include "cost/tech.hpp"

namespace switchlab::cost {
namespace {

using J = nlohmann::json;

// What a result shows of CACTI's reasoning: the organisation it chose, its access-time breakdown
// and its area split (units in the key suffixes), and which CACTI made them.
J reasoning(const cacti::Report& r) {
  J org = J::object();
  for (const auto& [name, v] : r.organisation) org[name] = static_cast<long long>(v);
  J time = J::object();
  for (const auto& side : r.time) {
    J parts = {{"total", side.total_ns}};
    for (const auto& p : side.parts) parts[p.name] = p.ns;
    time[side.side] = parts;
  }
  J area = J::object(), eff = J::object();
  for (const auto& a : r.areas) {
    area[a.array] = a.area_mm2;
    eff[a.array] = a.cell_efficiency_pct;
  }
  J out = cacti::identity();
  out["printed_version"] = r.version;
  out["organisation"] = org;
  out["access_time_breakdown_ns"] = time;
  out["area_split_mm2"] = area;
  out["cell_area_efficiency_pct"] = eff;
  out["height_mm"] = r.height_mm;
  out["width_mm"] = r.width_mm;
  out["write_energy_nJ"] = r.write_energy_nJ;
  return out;
}

// A failed CACTI run worded for the user: field, why, and what to do instead.
// `field` names the shape CACTI could not organise; other failures name the array (`array_field`).
void report_failure(const cacti::Outcome& o, const cacti::ArraySpec& a, const std::string& field,
                    const std::string& array_field, const std::string& instead, ErrorSink& errors) {
  using S = cacti::Outcome::Status;
  const std::string what = cacti::describe(a);
  switch (o.status) {
    case S::NoOrganisation:
      errors.fail(field, "CACTI 7 finds no valid organisation for " + what + " (it said: \"" + o.detail + "\")" +
                             (instead.empty() ? std::string(".") : "; CACTI can build " + instead + "."),
                  instead.empty() ? "cost.method \"fit\"" : instead);
      return;
    case S::TimedOut:
      errors.fail(array_field, "CACTI 7 did not finish " + what + ": " + o.detail +
                             " (the limit is SWITCHLAB_CACTI_TIME_LIMIT_S); use cost.method \"fit\" for an estimate",
                  "cost.method \"fit\", or a smaller array");
      return;
    case S::Unavailable:
      errors.fail("cost.method", "\"cacti\" needs CACTI 7, and " + o.detail + "; use \"fit\"", "\"fit\"");
      return;
    case S::Failed:
    case S::Ok:
      break;
  }
  errors.fail(array_field, "CACTI 7 failed on " + what + " (" + o.detail + "); use cost.method \"fit\" for an estimate",
              "cost.method \"fit\", or another shape");
}

// Set-associative shapes near `s` that CACTI does organise, checked by running it (memoised):
// fewer ways at the same entries, more entries at the same ways, and the fully associative array.
std::string organisable_alternatives(const CacheSpec& s, int tech_nm) {
  std::vector<std::string> found;
  for (int w = s.ways / 2; w >= 1; w /= 2) {
    CacheSpec t = s;
    t.ways = w;
    if (s.entries % w == 0 && cacti::evaluate(cache_array(t, tech_nm)).status == cacti::Outcome::Status::Ok) {
      found.push_back(std::to_string(s.entries) + " entries " + (w == 1 ? std::string("direct-mapped") : std::to_string(w) + "-way") +
                      " (" + std::to_string(s.entries / w) + " sets)");
      break;
    }
  }
  for (long long e = 2LL * s.entries; e <= kCacheEntriesMax; e *= 2) {
    CacheSpec t = s;
    t.entries = static_cast<int>(e);
    if (cacti::evaluate(cache_array(t, tech_nm)).status == cacti::Outcome::Status::Ok) {
      found.push_back(std::to_string(e) + " entries " + std::to_string(s.ways) + "-way (" + std::to_string(e / s.ways) + " sets)");
      break;
    }
  }
  CacheSpec fa = s;
  fa.ways = kFullyAssociative;
  if (cacti::evaluate(cache_array(fa, tech_nm)).status == cacti::Outcome::Status::Ok)
    found.push_back(std::to_string(s.entries) + " entries fully associative (switch.cache.ways \"full\")");
  std::string out;
  for (size_t i = 0; i < found.size(); ++i) out += (i == 0 ? "" : i + 1 == found.size() ? " or " : ", ") + found[i];
  return out;
}

}  // namespace

cacti::ArraySpec cache_array(const CacheSpec& s, int tech_nm) {
  cacti::ArraySpec a;
  a.kind = cacti::ArrayKind::Cache;
  a.entries = s.entries;
  a.block_bytes = s.entry_bytes;  // the whole entry is the block (wasm-core/data/cacti/README.md)
  a.assoc = s.ways;
  a.tech_nm = tech_nm;
  return a;
}

cacti::ArraySpec cam_array(const CamSpec& s, int tech_nm) {
  cacti::ArraySpec a;
  a.kind = s.with_result ? cacti::ArrayKind::FaCache : cacti::ArrayKind::Cam;
  a.entries = s.entries;
  a.block_bytes = s.with_result ? 4 : s.key_bits / 8;  // pure CAM: the key is the line
  a.assoc = 0;
  a.tag_bits = s.key_bits;
  a.tech_nm = tech_nm;
  return a;
}

CacheCost cacti_cache(const CacheSpec& s, int tech_nm, ErrorSink& errors) {
  CacheCost c;
  c.method = "cacti";
  if (!validate_cache_spec(s, errors)) return c;
  if (!check_tech_nm(tech_nm, errors)) return c;
  const cacti::ArraySpec a = cache_array(s, tech_nm);
  const cacti::Outcome o = cacti::evaluate(a);
  if (o.status != cacti::Outcome::Status::Ok) {
    const bool assoc = s.ways != kFullyAssociative;
    report_failure(o, a, assoc ? "switch.cache.ways" : "switch.cache.entries", "switch.cache",
                   o.status == cacti::Outcome::Status::NoOrganisation && assoc ? organisable_alternatives(s, tech_nm) : "",
                   errors);
    return c;
  }
  const cacti::Report& r = o.report;
  c.access_ns = r.access_ns;
  c.cycle_ns = r.cycle_ns;
  c.area_mm2 = r.area_mm2();
  // Per look-up: a fully associative cache searches (as the fit's figure, docs/cost-model.md).
  c.read_energy_nJ = s.ways == kFullyAssociative ? r.search_energy_nJ : r.read_energy_nJ;
  c.leak_mW = r.leakage_mW;
  c.total_leak_mW = r.leakage_mW + r.gate_leakage_mW;
  c.fully_associative_figures = s.ways == kFullyAssociative;
  c.cacti = reasoning(r);
  return c;
}

CacheCost cacti_cache_or_fallback(const CacheSpec& s, int tech_nm, ErrorSink& errors) {
  ErrorSink asked;
  const CacheCost c = cacti_cache(s, tech_nm, asked);
  // Only CACTI's "no valid organisation" of a set-associative array names switch.cache.ways.
  if (asked.ok() || asked.error().field != "switch.cache.ways") {
    if (!asked.ok()) errors.fail(asked.error().field, asked.error().message, asked.error().allowed);
    return c;
  }
  CacheSpec fa = s;
  fa.ways = kFullyAssociative;
  CacheCost f = cacti_cache(fa, tech_nm, errors);
  if (!errors.ok()) return f;
  const Error& why = asked.error();
  f.refusal = {{"field", why.field}, {"message", why.message}, {"allowed", why.allowed}};
  f.organisable = false;
  f.note = "CACTI 7 finds no organisation for this " + std::to_string(s.ways) + "-way array of " +
           std::to_string(s.entries / s.ways) + " sets (cacti_refusal); the figures are CACTI 7's own for " +
           std::to_string(s.entries) + " entries fully associative, the array of the same entries it builds instead.";
  return f;
}

CamCost cacti_cam(const CamSpec& s, int tech_nm, ErrorSink& errors) {
  CamCost c;
  c.method = "cacti";
  if (!validate_cam_spec(s, errors) || !check_tech_nm(tech_nm, errors)) return c;
  const cacti::ArraySpec a = cam_array(s, tech_nm);
  const cacti::Outcome o = cacti::evaluate(a);
  if (o.status != cacti::Outcome::Status::Ok) {
    report_failure(o, a, "switch.cam.entries", "switch.cam", "", errors);
    return c;
  }
  const cacti::Report& r = o.report;
  c.search_ns = r.access_ns + s.offchip_rtt_ns;
  c.area_mm2 = r.area_mm2();
  c.search_energy_nJ = r.search_energy_nJ;
  c.searchline_energy_nJ = r.searchline_energy_nJ;
  c.leak_mW = r.leakage_mW;
  c.total_leak_mW = r.leakage_mW + r.gate_leakage_mW;
  c.cacti = reasoning(r);
  apply_tcam_assumption(s, c);
  return c;
}

}  // namespace switchlab::cost
