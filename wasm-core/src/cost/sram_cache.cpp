#include "cost/sram_cache.hpp"

#include <algorithm>
#include <cmath>

#include "common/det_math.hpp"
#include "common/params.hpp"
#include "cost/fit_model.hpp"
#include "cost/tech.hpp"

namespace switchlab::cost {

bool validate_cache_spec(const CacheSpec& s, ErrorSink& errors) {
  if (s.entries < kCacheEntriesMin || s.entries > kCacheEntriesMax) {
    errors.fail("switch.cache.entries", "must be an integer in [16, 65536] (entries per port), got " +
                                            std::to_string(s.entries),
                                            "an integer in [16, 65536]");
    return false;
  }
  if (s.ways < 0 || s.ways > kCacheWaysMax) {
    errors.fail("switch.cache.ways",
                "must be an integer in [1, 16] or \"full\" (the cost model is fitted on 1..16 ways "
                "and fully associative arrays), got " + std::to_string(s.ways),
                "an integer in [1, 16] or \"full\"");
    return false;
  }
  if (s.ways != kFullyAssociative && s.entries % s.ways != 0) {
    errors.fail("switch.cache.ways", "must divide switch.cache.entries (" + std::to_string(s.entries) +
                                         "), got " + std::to_string(s.ways),
                                         "a divisor of " + std::to_string(s.entries));
    return false;
  }
  if (s.entry_bytes < kEntryBytesMin || s.entry_bytes > kEntryBytesMax) {
    errors.fail("switch.cache.entry_bytes", "must be an integer in [4, 64] (bytes per entry), got " +
                                                std::to_string(s.entry_bytes),
                                                "an integer in [4, 64]");
    return false;
  }
  return true;
}

namespace {
// The fit's variables for a cache shape; tools/fit_cacti.py cache_vars() is the reference.
FitInputs cache_inputs(double entries, int ways, double entry_bytes, int tech_nm, const CactiFit& fit) {
  const bool full = ways == kFullyAssociative;
  const double rows = full ? entries : entries / ways, per_row = full ? 1.0 : ways;
  // CACTI's default tag width for these arrays (wasm-core/data/cacti/README.md).
  const double tag = 47.0 - det_log2(full ? 1.0 : rows) - det_log2(entry_bytes);
  FitInputs in;
  in.tech_nm = tech_nm;
  in.L = det_log(entries * entry_bytes / fit.cache_ref_bytes);
  in.E = det_log(entry_bytes / 12.0);
  in.w = full ? 0.0 : det_log2(double(ways));
  in.S = det_log2(rows);
  in.dm = ways == 1 ? 1.0 : 0.0;
  in.A = det_log(entries * (8.0 * entry_bytes + tag) / fit.cache_ref_bits_with_tags);
  in.R = tag / (tag + 8.0 * entry_bytes);
  in.D = det_log2(per_row * (8.0 * entry_bytes + tag));
  return in;
}

// ln y outside the fitted entries / entry-bytes span (docs/cost-model.md, section 1): the value at
// the nearest fitted shape, continued as a power law in capacity whose exponent is the fit's slope
// between that shape and the one a factor of 2 inside the span, floored at 0 (no output shrinks as
// the array grows), so the hinge and curvature terms never bend an extrapolation.
double eval_cache(const LogLinearFit& f, const CacheSpec& s, int ways, int tech_nm, const CactiFit& fit) {
  const double e = std::clamp(double(s.entries), fit.cache_train_entries_lo, fit.cache_train_entries_hi);
  const double b = std::clamp(double(s.entry_bytes), fit.cache_train_eb_lo, fit.cache_train_eb_hi);
  const double y0 = det_log(f.eval(cache_inputs(e, ways, b, tech_nm, fit)));
  const double cap = double(s.entries) * s.entry_bytes, cap0 = e * b;
  if (cap == cap0 && e == s.entries) return y0;
  // One step inside the span, along the dimension that was clamped (entries first).
  double e1 = e, b1 = b;
  if (e != s.entries) e1 = e < s.entries ? e / 2 : e * 2;
  else b1 = b < s.entry_bytes ? b / 2 : b * 2;
  const double y1 = det_log(f.eval(cache_inputs(e1, ways, b1, tech_nm, fit)));
  const double slope = std::max(0.0, (y0 - y1) / det_log(cap0 / (e1 * b1)));
  return y0 + slope * det_log(cap / cap0);
}
}  // namespace

CacheCost estimate_cache(const CacheSpec& s, int tech_nm, ErrorSink& errors) {
  CacheCost c;
  if (!validate_cache_spec(s, errors)) return c;
  const CactiFit* fitp = fit_for_node(tech_nm, errors);
  if (!fitp) return c;
  const CactiFit& fit = *fitp;

  const FitFamily* family = &fit.full_assoc;
  int ways = kFullyAssociative;
  if (s.ways == kFullyAssociative) {
    c.fully_associative_figures = true;
  } else {
    const int sets = s.entries / s.ways;
    if (sets < fit.min_sets) {
      // wasm-core/data/cacti/README.md: CACTI finds no data-array organisation with 16 sets or
      // fewer (it needs Ndwl, Ndbl >= 2 with >= 16 rows per subarray), so there is no CACTI figure
      // to fit; the fully associative array of the same size is what CACTI can build instead.
      c.organisable = false;
      c.fully_associative_figures = true;
      c.note = "CACTI cannot organise a " + std::to_string(s.ways) + "-way array with " +
               std::to_string(sets) + " sets (needs at least " + std::to_string(fit.min_sets) +
               "); figures are for a fully associative array of " + std::to_string(s.entries) +
               " entries instead.";
    } else {
      family = &fit.set_assoc;
      ways = s.ways;
    }
  }
  // The entry-size segment is that of the nearest fitted entry size.
  const LogLinearFit* f = family->for_entry_bytes(
      std::clamp(double(s.entry_bytes), fit.cache_train_eb_lo, fit.cache_train_eb_hi));
  double v[6];
  for (int i = 0; i < 6; ++i) v[i] = det_exp(eval_cache(f[i], s, ways, tech_nm, fit));
  c.access_ns = v[0];
  c.cycle_ns = v[1];
  c.area_mm2 = v[2];
  c.read_energy_nJ = v[3];
  c.leak_mW = v[4];
  c.total_leak_mW = v[5];

  if (s.entries < fit.cache_train_entries_lo || s.entries > fit.cache_train_entries_hi ||
      s.entry_bytes < fit.cache_train_eb_lo || s.entry_bytes > fit.cache_train_eb_hi) {
    c.extrapolated = true;
    c.note += std::string(c.note.empty() ? "" : " ") +
              "Extrapolated: the fit covers " + format_number(fit.cache_train_entries_lo) + ".." +
              format_number(fit.cache_train_entries_hi) + " entries of " +
              format_number(fit.cache_train_eb_lo) + ".." + format_number(fit.cache_train_eb_hi) +
              " B; expect larger errors than the documented cross-validated error.";
  }
  return c;
}

}  // namespace switchlab::cost
