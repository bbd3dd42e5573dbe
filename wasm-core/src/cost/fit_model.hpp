#pragma once
// Evaluates the log-linear CACTI fits shipped in wasm-core/data/cacti_fit.json (written by
// tools/fit_cacti.py):  ln y = node[tech] + sum_k coef_k * term_k, with terms of
//   L = ln(capacity / reference), w = log2(ways), E = ln(entry_bytes / 12), K = ln(key_bits / 24),
//   "L@N" = L at node N only (per-node capacity slope).
// Outside the fitted capacity span L_span, ln y continues linearly with the slope at the span's
// edge, floored at 0 (no output shrinks as the array grows): the curvature term must not bend an
// extrapolation. tools/fit_cacti.py predict() does the same, so its hold-out errors apply.
// Cost numbers are not part of the native/WASM bit-identity contract, so std::log/std::exp are fine.
#include <string>
#include <vector>

#include "common/error.hpp"

#include <nlohmann/json.hpp>

namespace switchlab::cost {

struct FitInputs {
  int tech_nm = 45;
  double L = 0.0, w = 0.0, E = 0.0, K = 0.0;
};

class LogLinearFit {
 public:
  // Parses one {"node": {...}, "terms": {...}} object; returns false (with `why`) if malformed.
  bool load(const nlohmann::json& j, std::string& why);
  double eval(const FitInputs& in) const;
  // True if in.L lies outside the fitted capacity span.
  bool outside_span(const FitInputs& in) const { return in.L < lo_ || in.L > hi_; }

 private:
  enum class Term { L, L2, L3, W, W2, LW, E, K, LK, LAtNode };
  struct Coef {
    Term term;
    int node_nm;  // only for LAtNode
    double value;
  };
  double log_value(const FitInputs& in) const;
  double node_[5] = {0, 0, 0, 0, 0};
  double lo_ = 0, hi_ = 0;  // L_span
  std::vector<Coef> coefs_;
};

// The parsed contents of cacti_fit.json. Loaded once; `ok` false means the shipped data is broken
// (a build problem, reported to the caller as an error rather than a crash).
struct CactiFit {
  bool ok = false;
  std::string error;
  double cache_ref_bytes = 24576;
  int min_sets = 32;
  double cache_train_entries_lo = 64, cache_train_entries_hi = 16384;
  double cache_train_eb_lo = 12, cache_train_eb_hi = 16;
  // Output order: access_ns, cycle_ns, area_mm2, read_energy_nJ, leak_mW, total_leak_mW.
  LogLinearFit set_assoc[6], full_assoc[6];
  double cam_ref_entries = 49152;
  double cam_train_entries_lo = 1024, cam_train_entries_hi = 524288;
  // Output order: search_ns, area_mm2, search_energy_nJ, searchline_energy_nJ, leak_mW, total_leak_mW.
  LogLinearFit cam[6], fa_cache[6];
  nlohmann::json error_summary;  // the fit script's error table (median / worst %), for reports
};

const CactiFit& cacti_fit();

// The fit, after checking the node (hardware.tech_nm must be 22/32/45/65/90) and that the shipped
// coefficients loaded; nullptr with the error reported otherwise.
const CactiFit* fit_for_node(int tech_nm, ErrorSink& errors);

}  // namespace switchlab::cost
