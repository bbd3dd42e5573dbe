#include "cost/fit_model.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

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
                 LogLinearFit* fits, std::string& why) {
  auto f = parent.find(family);
  if (f == parent.end() || !f->is_object()) {
    why = std::string("missing family ") + family;
    return false;
  }
  for (int i = 0; i < 6; ++i) {
    auto o = f->find(outputs[i]);
    if (o == f->end() || !fits[i].load(*o, why)) {
      why = std::string(family) + "." + outputs[i] + ": " + (why.empty() ? "missing" : why);
      return false;
    }
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
  fit.ok = true;
  return fit;
}
}  // namespace

bool LogLinearFit::load(const nlohmann::json& j, std::string& why) {
  auto node = j.find("node");
  auto terms = j.find("terms");
  if (!j.is_object() || node == j.end() || terms == j.end() || !node->is_object() ||
      !terms->is_object()) {
    why = "needs node and terms objects";
    return false;
  }
  for (size_t i = 0; i < kTechNodesNm.size(); ++i) {
    auto v = node->find(std::to_string(kTechNodesNm[i]));
    if (v == node->end() || !v->is_number()) {
      why = "missing node factor for " + std::to_string(kTechNodesNm[i]) + " nm";
      return false;
    }
    node_[i] = v->get<double>();
  }
  auto span = j.find("L_span");
  if (span == j.end() || !span->is_array() || span->size() != 2 || !(*span)[0].is_number() ||
      !(*span)[1].is_number() || (*span)[0].get<double>() > (*span)[1].get<double>()) {
    why = "needs L_span [lo, hi]";
    return false;
  }
  lo_ = (*span)[0].get<double>();
  hi_ = (*span)[1].get<double>();
  coefs_.clear();
  for (auto it = terms->begin(); it != terms->end(); ++it) {
    if (!it->is_number()) {
      why = "term " + it.key() + " is not a number";
      return false;
    }
    const std::string& k = it.key();
    Coef c{Term::L, 0, it->get<double>()};
    if (k == "L") c.term = Term::L;
    else if (k == "L2") c.term = Term::L2;
    else if (k == "L3") c.term = Term::L3;
    else if (k == "w") c.term = Term::W;
    else if (k == "w2") c.term = Term::W2;
    else if (k == "Lw") c.term = Term::LW;
    else if (k == "E") c.term = Term::E;
    else if (k == "K") c.term = Term::K;
    else if (k == "LK") c.term = Term::LK;
    else if (k.size() > 2 && k.compare(0, 2, "L@") == 0 &&
             tech_index(std::atoi(k.c_str() + 2)) >= 0) {
      c.term = Term::LAtNode;
      c.node_nm = std::atoi(k.c_str() + 2);
    } else {
      why = "unknown term " + k;
      return false;
    }
    coefs_.push_back(c);
  }
  return true;
}

double LogLinearFit::eval(const FitInputs& in) const {
  if (in.L >= lo_ && in.L <= hi_) return std::exp(log_value(in));
  const double edge = in.L < lo_ ? lo_ : hi_;
  const double d = 1e-3;
  FitInputs at = in;
  at.L = edge + d;
  const double up = log_value(at);
  at.L = edge - d;
  const double down = log_value(at);
  at.L = edge;
  const double slope = std::max(0.0, (up - down) / (2 * d));  // exact for a quadratic in L
  return std::exp(log_value(at) + slope * (in.L - edge));
}

double LogLinearFit::log_value(const FitInputs& in) const {
  const int ti = tech_index(in.tech_nm);
  double v = ti >= 0 ? node_[ti] : 0.0;
  for (const Coef& c : coefs_) {
    double t = 0.0;
    switch (c.term) {
      case Term::L: t = in.L; break;
      case Term::L2: t = in.L * in.L; break;
      case Term::L3: t = in.L * in.L * in.L; break;
      case Term::W: t = in.w; break;
      case Term::W2: t = in.w * in.w; break;
      case Term::LW: t = in.L * in.w; break;
      case Term::E: t = in.E; break;
      case Term::K: t = in.K; break;
      case Term::LK: t = in.L * in.K; break;
      case Term::LAtNode: t = in.tech_nm == c.node_nm ? in.L : 0.0; break;
    }
    v += c.value * t;
  }
  return v;
}

const CactiFit* fit_for_node(int tech_nm, ErrorSink& errors) {
  if (tech_index(tech_nm) < 0) {
    errors.fail("hardware.tech_nm", "must be one of 22, 32, 45, 65, 90 (nm), got " + std::to_string(tech_nm));
    return nullptr;
  }
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
