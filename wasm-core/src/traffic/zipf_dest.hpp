#pragma once
// Zipf sampling over ranks 0..n-1 (rank r has weight (r+1)^-s), exact and identical in every
// build: weights come from det_math (+ - * / only), the CDF is stored as integer thresholds out
// of 2^53, and a draw compares 53 random bits with them.
#include <cstdint>
#include <vector>

#include "common/rng.hpp"

namespace switchlab::traffic_detail {

class ZipfTable {
 public:
  ZipfTable(uint32_t n, double s);
  // A rank in [0, n): binary search of the thresholds.
  uint32_t sample(Rng& rng) const;
  // The probability sample() really gives rank r (threshold difference / 2^53).
  double probability(uint32_t r) const;
  uint32_t size() const { return static_cast<uint32_t>(thr_.size()); }

 private:
  std::vector<uint64_t> thr_;  // thr_[r] = floor(2^53 * CDF(r)), thr_[n-1] = 2^53
};

}  // namespace switchlab::traffic_detail
