#pragma once
// Zipf(alpha) sampler over ranks 0..n-1 (P(rank k) ~ (k+1)^-alpha) by inverse-CDF table and
// binary search. The table holds the CDF rounded down to integers in [0, 2^53] and is built with
// det_math, and draws compare 53-bit integers from the project Rng, so native and WASM builds
// draw identical ranks for the same seed.
#include <cstdint>
#include <vector>

#include "common/rng.hpp"

namespace switchlab::models {

class ZipfSampler {
 public:
  ZipfSampler(uint64_t n, double alpha);
  uint64_t sample(Rng& rng) const;
  uint64_t size() const { return static_cast<uint64_t>(cdf_.size()); }
  // Probability of rank k as stored in the table (difference of adjacent thresholds / 2^53).
  double probability(uint64_t k) const;

 private:
  std::vector<uint64_t> cdf_;  // cdf_[k] = floor(2^53 * P(rank <= k)); cdf_.back() = 2^53
};

}  // namespace switchlab::models
