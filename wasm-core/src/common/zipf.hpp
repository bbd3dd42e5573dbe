#pragma once
// Zipf(alpha) sampler over ranks 0..n-1 (P(rank k) ~ (k+1)^-alpha) by inverse-CDF table and
// binary search, exact and identical in every build: the weights come from det_math (+ - * /
// only), the table holds the CDF rounded down to integers in [0, 2^53], and a draw compares 53
// random bits from the project Rng with them, so native and WASM builds draw identical ranks for
// the same seed. Used by the ICN content-store simulation and the traffic pattern "zipf".
#include <cstdint>
#include <vector>

#include "common/rng.hpp"

namespace switchlab {

class ZipfSampler {
 public:
  ZipfSampler(uint64_t n, double alpha);
  // A rank in [0, n), n >= 1: binary search of the thresholds.
  uint64_t sample(Rng& rng) const;
  uint64_t size() const { return static_cast<uint64_t>(cdf_.size()); }
  // The probability sample() really gives rank k (difference of adjacent thresholds / 2^53).
  double probability(uint64_t k) const;

 private:
  std::vector<uint64_t> cdf_;  // cdf_[k] = floor(2^53 * P(rank <= k)); cdf_.back() = 2^53
};

}  // namespace switchlab
