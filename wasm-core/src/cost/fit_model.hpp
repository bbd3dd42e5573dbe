#pragma once
// Evaluates the CACTI fits shipped in wasm-core/data/cacti_fit.json (written by tools/fit_cacti.py
// from the CACTI 7 rows in wasm-core/data/cacti/; docs/cost-model.md):  ln y = sum_k coef_k * term_k.
// A term is a product of factors, optionally restricted to one node ("S*D@45" is 0 at other
// nodes, "1@45" is the 45 nm constant). Factors: "1", the variables of FitInputs, and hinges
// "X>k" = max(0, X - k), "X<k" = max(0, k - X). tools/fit_cacti.py term_value() is the reference.
// Cost numbers are not part of the native/WASM bit-identity contract, so std::log/std::exp are fine.
#include <string>
#include <vector>

#include "common/error.hpp"

#include <nlohmann/json.hpp>

namespace switchlab::cost {

struct FitInputs {
  int tech_nm = 45;
  double L = 0.0;   // ln(capacity / reference): bytes (cache) or entries (CAM)
  double w = 0.0;   // log2(ways); 0 for fully associative
  double E = 0.0;   // ln(entry_bytes / 12)
  double K = 0.0;   // ln(key_bits / 24)
  double S = 0.0;   // log2(rows): entries / ways, or entries when fully associative / CAM
  double dm = 0.0;  // 1 for a direct-mapped cache
  double A = 0.0;   // ln(bits incl. CACTI's default tags / the seeds' 2,048 x 12 B table's)
  double R = 0.0;   // tag bits / (tag bits + entry bits)
  double D = 0.0;   // log2(bits per row incl. tags)
};

class LogLinearFit {
 public:
  // Parses one {"terms": {name: coefficient}} object; returns false (with `why`) if malformed.
  bool load(const nlohmann::json& j, std::string& why);
  double eval(const FitInputs& in) const;

 private:
  enum class Var { One, L, W, E, K, S, Dm, A, R, D };
  enum class Shape { Plain, Above, Below };  // x, max(0, x - k), max(0, k - x)
  struct Factor {
    Var var;
    Shape shape;
    double knot;
  };
  struct Term {
    std::vector<Factor> factors;
    int node_nm;  // 0 = every node
    double coef;
  };
  static bool parse_term(const std::string& name, Term& t);
  std::vector<Term> terms_;
};

// One family (set-associative cache, fully associative cache, CAM, CAM + result): a fit per output
// in each entry-size segment (caches are fitted piecewise in entry size; CAMs have one segment).
struct FitFamily {
  struct Segment {
    double entry_bytes_hi = 1e300;  // the segment covers entry sizes up to this (inclusive)
    LogLinearFit out[6];            // in the family's output order (below)
  };
  std::vector<Segment> segments;
  // The fits of the segment holding `entry_bytes` (the last one above every segment's range).
  const LogLinearFit* for_entry_bytes(double entry_bytes) const;
};

// The parsed contents of cacti_fit.json. Loaded once; `ok` false means the shipped data is broken
// (a build problem, reported to the caller as an error rather than a crash).
struct CactiFit {
  bool ok = false;
  std::string error;
  double cache_ref_bytes = 24576;
  double cache_ref_bits_with_tags = 2048 * (96 + 35);
  int min_sets = 32;
  double cache_train_entries_lo = 64, cache_train_entries_hi = 16384;
  double cache_train_eb_lo = 12, cache_train_eb_hi = 16;  // entry (block) bytes
  // Output order: access_ns, cycle_ns, area_mm2, read_energy_nJ, leak_mW, total_leak_mW.
  FitFamily set_assoc, full_assoc;
  double cam_ref_entries = 49152;
  double cam_train_entries_lo = 1024, cam_train_entries_hi = 524288;
  // Output order: search_ns, area_mm2, search_energy_nJ, searchline_energy_nJ, leak_mW, total_leak_mW.
  FitFamily cam, fa_cache;
  nlohmann::json error_summary;  // the fit script's error table (median / worst %), for reports
  nlohmann::json error_regions;  // the same cross-validated errors per grid region (error_regions_pct)
};

const CactiFit& cacti_fit();

// The array a fit figure is for, located in the grid of CACTI rows (docs/cost-model.md section 5).
struct FitArray {
  const char* family = "set_assoc";  // set_assoc, full_assoc, cam, fa_cache
  long long entries = 0;
  int entry_bytes = 0;  // caches
  int ways = 0;         // set-associative caches
  int key_bits = 0;     // CAMs
};

// The fit's cross-validated error for `a`: {"fit_region": where it was measured, "fit_holdout_error_pct":
// {report key: [median, worst] %}}. It is the error over the held-out rows of the grid region `a`
// falls in, or the family's over all its rows (with the reason) where that region has too few rows
// or none. The keys are the report's figure names (leakage_mW is CACTI's total leakage).
nlohmann::json fit_error(const FitArray& a);

// The fit, after checking the node (hardware.tech_nm must be 22/32/45/65/90) and that the shipped
// coefficients loaded; nullptr with the error reported otherwise.
const CactiFit* fit_for_node(int tech_nm, ErrorSink& errors);

}  // namespace switchlab::cost
