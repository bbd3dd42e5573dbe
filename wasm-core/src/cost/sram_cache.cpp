#include "cost/sram_cache.hpp"

#include <cmath>

#include "common/params.hpp"
#include "cost/fit_model.hpp"
#include "cost/tech.hpp"

namespace switchlab::cost {

bool validate_cache_spec(const CacheSpec& s, ErrorSink& errors) {
  if (s.entries < kCacheEntriesMin || s.entries > kCacheEntriesMax) {
    errors.fail("switch.cache.entries", "must be an integer in [16, 65536] (entries per port), got " +
                                            std::to_string(s.entries));
    return false;
  }
  if (s.ways < 0 || s.ways > kCacheWaysMax) {
    errors.fail("switch.cache.ways",
                "must be an integer in [1, 16] or \"full\" (the cost model is fitted on 1..16 ways "
                "and fully associative arrays), got " + std::to_string(s.ways));
    return false;
  }
  if (s.ways != kFullyAssociative && s.entries % s.ways != 0) {
    errors.fail("switch.cache.ways", "must divide switch.cache.entries (" + std::to_string(s.entries) +
                                         "), got " + std::to_string(s.ways));
    return false;
  }
  if (s.entry_bytes < kEntryBytesMin || s.entry_bytes > kEntryBytesMax) {
    errors.fail("switch.cache.entry_bytes", "must be an integer in [4, 64] (bytes per entry), got " +
                                                std::to_string(s.entry_bytes));
    return false;
  }
  return true;
}

CacheCost estimate_cache(const CacheSpec& s, int tech_nm, ErrorSink& errors) {
  CacheCost c;
  if (!validate_cache_spec(s, errors)) return c;
  const CactiFit* fitp = fit_for_node(tech_nm, errors);
  if (!fitp) return c;
  const CactiFit& fit = *fitp;
  FitInputs in;
  in.tech_nm = tech_nm;
  in.L = std::log(double(s.entries) * s.entry_bytes / fit.cache_ref_bytes);
  in.E = std::log(s.entry_bytes / 12.0);

  const LogLinearFit* family = fit.full_assoc;
  if (s.ways == kFullyAssociative) {
    c.fully_associative_figures = true;
  } else {
    const int sets = s.entries / s.ways;
    if (sets < fit.min_sets) {
      // ../shared/cacti/README.md: CACTI finds no data-array organisation with 16 sets or fewer
      // (it needs Ndwl, Ndbl >= 2 with >= 16 rows per subarray), so there is no CACTI figure to
      // fit; the fully associative array of the same size is what CACTI can build instead.
      c.organisable = false;
      c.fully_associative_figures = true;
      c.note = "CACTI cannot organise a " + std::to_string(s.ways) + "-way array with " +
               std::to_string(sets) + " sets (needs at least " + std::to_string(fit.min_sets) +
               "); figures are for a fully associative array of " + std::to_string(s.entries) +
               " entries instead.";
    } else {
      family = fit.set_assoc;
      in.w = std::log2(double(s.ways));
    }
  }
  const double v[6] = {family[0].eval(in), family[1].eval(in), family[2].eval(in),
                       family[3].eval(in), family[4].eval(in), family[5].eval(in)};
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
              " B; expect larger errors than the documented hold-out error.";
  }
  return c;
}

}  // namespace switchlab::cost
