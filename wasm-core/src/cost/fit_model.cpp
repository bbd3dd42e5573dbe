#include "cost/fit_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "common/det_math.hpp"
#include "cost/tech.hpp"

namespace switchlab::cost {

namespace {
static const char* kCactiFit =
#include "switchlab_data/cacti_fit.inc"
    ;

const char* kCacheOutputs[6] = {"access_ns", "cycle_ns", "area_mm2", "read_energy_nJ", "leak_mW",
                                "total_leak_mW"};
const char* kCamOutputs[6] = {"search_ns", "area_mm2", "search_energy_nJ", "searchline_energy_nJ",
                              "leak_mW", "total_leak_mW"};

bool number_at(const nlohmann::json& j, const char* key, double& out) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number()) return false;
  out = it->get<double>();
  return true;
}

bool range_at(const nlohmann::json& j, const char* key, double& lo, double& hi) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_array() || it->size() != 2 || !(*it)[0].is_number() ||
      !(*it)[1].is_number())
    return false;
  lo = (*it)[0].get<double>();
  hi = (*it)[1].get<double>();
  return true;
}

bool load_family(const nlohmann::json& parent, const char* family, const char* const* outputs,
                 FitFamily& fits, std::string& why) {
  // (nlohmann iterators of different objects must not be compared: look each key up in its own.)
  auto f = parent.find(family);
  const nlohmann::json* segs = nullptr;
  if (f != parent.end() && f->is_object() && f->contains("segments")) segs = &f->at("segments");
  if (!segs || !segs->is_array() || segs->empty()) {
    why = std::string("missing family ") + family + " or its segments";
    return false;
  }
  fits.segments.clear();
  for (const nlohmann::json& seg : *segs) {
    FitFamily::Segment s;
    double lo = 0;
    if (seg.contains("entry_bytes") && !range_at(seg, "entry_bytes", lo, s.entry_bytes_hi)) {
      why = std::string(family) + ": segment entry_bytes must be [lo, hi]";
      return false;
    }
    const bool has_models = seg.is_object() && seg.contains("models") && seg.at("models").is_object();
    for (int i = 0; i < 6; ++i) {
      if (!has_models || !seg.at("models").contains(outputs[i]) ||
          !s.out[i].load(seg.at("models").at(outputs[i]), why)) {
        why = std::string(family) + "." + outputs[i] + ": " + (why.empty() ? "missing" : why);
        return false;
      }
    }
    fits.segments.push_back(std::move(s));
  }
  return true;
}

CactiFit load_cacti_fit() {
  CactiFit fit;
  const nlohmann::json j = nlohmann::json::parse(kCactiFit, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    fit.error = "cacti_fit.json is not valid JSON";
    return fit;
  }
  auto cache = j.find("cache");
  auto cam = j.find("cam");
  if (cache == j.end() || cam == j.end() || !cache->is_object() || !cam->is_object()) {
    fit.error = "cacti_fit.json lacks cache/cam sections";
    return fit;
  }
  double min_sets = 0;
  if (!number_at(*cache, "ref_capacity_bytes", fit.cache_ref_bytes) ||
      !number_at(*cache, "ref_bits_with_tags", fit.cache_ref_bits_with_tags) ||
      !number_at(*cache, "min_sets", min_sets) ||
      !range_at(*cache, "training_entries", fit.cache_train_entries_lo, fit.cache_train_entries_hi) ||
      !range_at(*cache, "training_entry_bytes", fit.cache_train_eb_lo, fit.cache_train_eb_hi) ||
      !number_at(*cam, "ref_entries", fit.cam_ref_entries) ||
      !range_at(*cam, "training_entries", fit.cam_train_entries_lo, fit.cam_train_entries_hi)) {
    fit.error = "cacti_fit.json lacks reference/training-range fields";
    return fit;
  }
  fit.min_sets = static_cast<int>(min_sets);
  std::string why;
  if (!load_family(*cache, "set_assoc", kCacheOutputs, fit.set_assoc, why) ||
      !load_family(*cache, "full_assoc", kCacheOutputs, fit.full_assoc, why) ||
      !load_family(*cam, "cam", kCamOutputs, fit.cam, why) ||
      !load_family(*cam, "fa_cache", kCamOutputs, fit.fa_cache, why)) {
    fit.error = "cacti_fit.json: " + why;
    return fit;
  }
  auto es = j.find("error_summary_pct");
  if (es != j.end()) fit.error_summary = *es;
  auto er = j.find("error_regions_pct");
  if (er != j.end()) fit.error_regions = *er;
  fit.ok = true;
  return fit;
}
}  // namespace

const LogLinearFit* FitFamily::for_entry_bytes(double entry_bytes) const {
  for (const Segment& s : segments)
    if (entry_bytes <= s.entry_bytes_hi) return s.out;
  return segments.back().out;
}

bool LogLinearFit::parse_term(const std::string& name, Term& t) {
  t.factors.clear();
  t.node_nm = 0;
  std::string body = name;
  const size_t at = name.find('@');
  if (at != std::string::npos) {
    const std::string node = name.substr(at + 1);
    if (node.empty() || node.find_first_not_of("0123456789") != std::string::npos) return false;
    t.node_nm = std::atoi(node.c_str());
    if (tech_index(t.node_nm) < 0) return false;
    body = name.substr(0, at);
  }
  size_t pos = 0;
  while (pos <= body.size()) {
    size_t star = body.find('*', pos);
    if (star == std::string::npos) star = body.size();
    const std::string f = body.substr(pos, star - pos);
    pos = star + 1;
    Factor fac{Var::One, Shape::Plain, 0.0};
    std::string var = f;
    const size_t cmp = f.find_first_of("<>");
    if (cmp != std::string::npos) {
      var = f.substr(0, cmp);
      fac.shape = f[cmp] == '>' ? Shape::Above : Shape::Below;
      char* end = nullptr;
      const std::string knot = f.substr(cmp + 1);
      fac.knot = std::strtod(knot.c_str(), &end);
      if (knot.empty() || *end != '\0') return false;
    }
    static const std::pair<const char*, Var> kVars[] = {{"1", Var::One}, {"L", Var::L}, {"w", Var::W},
                                                        {"E", Var::E},   {"K", Var::K}, {"S", Var::S},
                                                        {"dm", Var::Dm},
                                                        {"A", Var::A},   {"R", Var::R},
                                                        {"D", Var::D}};
    bool known = false;
    for (const auto& [n, v] : kVars)
      if (var == n) {
        fac.var = v;
        known = true;
      }
    if (!known) return false;
    t.factors.push_back(fac);
  }
  return !t.factors.empty();
}

bool LogLinearFit::load(const nlohmann::json& j, std::string& why) {
  auto terms = j.is_object() ? j.find("terms") : j.end();
  if (!j.is_object() || terms == j.end() || !terms->is_object() || terms->empty()) {
    why = "needs a non-empty terms object";
    return false;
  }
  terms_.clear();
  for (auto it = terms->begin(); it != terms->end(); ++it) {
    Term t;
    if (!it->is_number()) {
      why = "term " + it.key() + " is not a number";
      return false;
    }
    if (!parse_term(it.key(), t)) {
      why = "unknown term " + it.key();
      return false;
    }
    t.coef = it->get<double>();
    terms_.push_back(std::move(t));
  }
  return true;
}

double LogLinearFit::eval(const FitInputs& in) const {
  double v = 0.0;
  for (const Term& t : terms_) {
    if (t.node_nm != 0 && t.node_nm != in.tech_nm) continue;
    double p = t.coef;
    for (const Factor& f : t.factors) {
      double x = 1.0;
      switch (f.var) {
        case Var::One: x = 1.0; break;
        case Var::L: x = in.L; break;
        case Var::W: x = in.w; break;
        case Var::E: x = in.E; break;
        case Var::K: x = in.K; break;
        case Var::S: x = in.S; break;
        case Var::Dm: x = in.dm; break;
        case Var::A: x = in.A; break;
        case Var::R: x = in.R; break;
        case Var::D: x = in.D; break;
      }
      if (f.shape == Shape::Above) x = std::max(0.0, x - f.knot);
      if (f.shape == Shape::Below) x = std::max(0.0, f.knot - x);
      p *= x;
    }
    v += p;
  }
  return det_exp(v);
}

namespace {
bool within(const nlohmann::json& region, const char* key, double x, bool hi_inclusive) {
  auto r = region.find(key);
  if (r == region.end()) return true;  // no bound on this dimension
  double lo = 0, hi = 0;
  if (!range_at(region, key, lo, hi)) return false;
  return x >= lo && (hi_inclusive ? x <= hi : x < hi);
}

// The fit's output names as the report names its figures.
std::string report_key(const std::string& output) {
  if (output == "leak_mW") return "subthreshold_leakage_mW";
  if (output == "total_leak_mW") return "leakage_mW";
  return output;
}
}  // namespace

nlohmann::json fit_error(const FitArray& a) {
  using J = nlohmann::json;
  const CactiFit& fit = cacti_fit();
  const J fam = fit.error_regions.value(a.family, J::object());
  const bool cam = a.key_bits > 0;
  const double capacity = double(a.entries) * a.entry_bytes;
  const J regions = fam.value("regions", J::array());
  const J* region = nullptr;
  for (const J& r : regions) {
    const bool in = cam ? r.value("key_bits", 0) == a.key_bits && within(r, "entries", double(a.entries), false)
                        : within(r, "entry_bytes", a.entry_bytes, true) && within(r, "capacity_bytes", capacity, false) &&
                              within(r, "ways", a.ways, true);
    if (in) region = &r;
  }
  J where = {{"family", a.family}, {"family_label", fam.value("label", std::string(a.family))}};
  J pct = J::object();
  if (region && region->contains("cross-validated")) {
    where["region"] = region->value("label", std::string());
    where["rows"] = region->value("rows", 0);
    where["errors_of"] = "region";
    for (const auto& [out, mw] : region->at("cross-validated").items()) pct[report_key(out)] = mw;
  } else {
    const int min_rows = fit.error_regions.value("min_rows", 0);
    where["region"] = region ? region->value("label", std::string()) : std::string();
    where["rows"] = fam.value("rows", 0);
    where["errors_of"] = "family";
    where["why"] = region ? "only " + std::to_string(region->value("rows", 0)) + " held-out CACTI rows in this region (a region's "
                                "figure needs at least " + std::to_string(min_rows) + "); the error is the family's, over all its rows"
                          : std::string("no CACTI rows in this region of the grid (outside the fitted sizes); the error is the "
                                        "family's, over all its rows");
    const J es = fit.error_summary.value(a.family, J::object());
    for (const auto& [out, kinds] : es.items())
      if (kinds.contains("cross-validated")) pct[report_key(out)] = kinds.at("cross-validated");
  }
  return {{"fit_region", where}, {"fit_holdout_error_pct", pct}};
}

const CactiFit* fit_for_node(int tech_nm, ErrorSink& errors) {
  if (!check_tech_nm(tech_nm, errors)) return nullptr;
  const CactiFit& fit = cacti_fit();
  if (!fit.ok) {
    errors.fail("cost", "internal: " + fit.error);
    return nullptr;
  }
  return &fit;
}

const CactiFit& cacti_fit() {
  static const CactiFit fit = load_cacti_fit();
  return fit;
}

}  // namespace switchlab::cost
