#include "common/zipf.hpp"

#include <algorithm>

#include "common/det_math.hpp"

namespace switchlab {

namespace {
constexpr uint64_t kScale = uint64_t{1} << 53;
}

ZipfSampler::ZipfSampler(uint64_t n, double alpha) : cdf_(n) {
  // Running sums in a fixed order: the same doubles in every build. They never decrease, so
  // neither do the thresholds.
  std::vector<double> prefix(n);
  double run = 0;
  for (uint64_t k = 1; k <= n; ++k) {
    run += det_pow(static_cast<double>(k), -alpha);
    prefix[k - 1] = run;
  }
  for (uint64_t k = 0; k < n; ++k) {
    // Scaling by 2^53 is exact; the cast truncates.
    const double f = prefix[k] / run * static_cast<double>(kScale);
    cdf_[k] = f >= static_cast<double>(kScale) ? kScale : static_cast<uint64_t>(f);
  }
  if (n) cdf_[n - 1] = kScale;
}

uint64_t ZipfSampler::sample(Rng& rng) const {
  const uint64_t u = rng.next_u64() >> 11;  // uniform in [0, 2^53)
  // First rank whose threshold exceeds u.
  return static_cast<uint64_t>(std::upper_bound(cdf_.begin(), cdf_.end(), u) - cdf_.begin());
}

double ZipfSampler::probability(uint64_t k) const {
  const uint64_t lo = k == 0 ? 0 : cdf_[k - 1];
  return static_cast<double>(cdf_[k] - lo) / static_cast<double>(kScale);
}

}  // namespace switchlab
