// Deterministic log/exp (+ - * / only) against libm, and the Zipf table against the analytical
// pmf.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "traffic/det_math.hpp"
#include "traffic/zipf_dest.hpp"

using namespace switchlab;
using namespace switchlab::traffic_detail;

namespace {
// Distance in units in the last place between two finite doubles of the same sign.
int64_t ulps(double a, double b) {
  int64_t ia, ib;
  std::memcpy(&ia, &a, 8);
  std::memcpy(&ib, &b, 8);
  return ia > ib ? ia - ib : ib - ia;
}
}  // namespace

TEST(TrafficMath, LogMatchesLibmWithinFourUlp) {
  EXPECT_EQ(det_log(1.0), 0.0);
  EXPECT_LE(ulps(det_log(2.0), 0.69314718055994530942), 1);
  for (double x = 1; x < 2e6; x = x * 1.37 + 1) EXPECT_LE(ulps(det_log(x), std::log(x)), 4) << x;
  for (double x = 1e-300; x < 1; x *= 17.3) EXPECT_LE(ulps(det_log(x), std::log(x)), 4) << x;
  for (int k = 2; k <= 5000; ++k) ASSERT_LE(ulps(det_log(k), std::log(static_cast<double>(k))), 4) << k;
}

TEST(TrafficMath, ExpMatchesLibmWithinFourUlp) {
  EXPECT_EQ(det_exp(0.0), 1.0);
  EXPECT_EQ(det_exp(-800), 0.0);
  EXPECT_TRUE(std::isinf(det_exp(800)));
  for (double x = -700; x < 700; x += 0.731) ASSERT_LE(ulps(det_exp(x), std::exp(x)), 4) << x;
  for (double x = -1; x < 1; x += 0.00173) ASSERT_LE(ulps(det_exp(x), std::exp(x)), 4) << x;
}

TEST(TrafficMath, PowNegMatchesLibm) {
  for (double s : {0.0, 0.5, 0.9, 1.0, 1.2, 2.0, 3.7})
    for (int k = 1; k <= 100000; k = k * 3 + 1)
      EXPECT_NEAR(det_pow_neg(k, s) / std::pow(k, -s), 1.0, 1e-13) << k << "^-" << s;
  EXPECT_EQ(det_pow_neg(12345, 0), 1.0);
  EXPECT_EQ(det_pow_neg(1, 2.5), 1.0);
}

// The table's probabilities are the pmf r^-s / H(n,s) up to the 2^-53 quantisation.
TEST(TrafficMath, ZipfTableProbabilitiesAreThePmf) {
  for (double s : {0.0, 0.9, 1.0, 2.0}) {
    const uint32_t n = 1000;
    ZipfTable t(n, s);
    double H = 0;
    for (uint32_t r = 1; r <= n; ++r) H += std::pow(r, -s);
    double sum = 0;
    for (uint32_t r = 0; r < n; ++r) {
      EXPECT_NEAR(t.probability(r), std::pow(r + 1, -s) / H, 1e-12) << "s " << s << " rank " << r + 1;
      sum += t.probability(r);
    }
    EXPECT_NEAR(sum, 1.0, 1e-12);
  }
}

// Sampled rank frequencies vs the pmf: every rank within 5 standard deviations
// (sqrt(p(1-p)/N)) plus 1/N, and a chi-square over the 50 ranks below the 99.99% quantile
// of chi2(49) (about 95).
TEST(TrafficMath, ZipfSampleFrequenciesMatchThePmf) {
  const uint32_t n = 50;
  const double s = 0.9;
  const uint64_t N = 1000000;
  ZipfTable t(n, s);
  std::vector<uint64_t> count(n);
  Rng rng(2024);
  for (uint64_t i = 0; i < N; ++i) ++count[t.sample(rng)];
  double H = 0;
  for (uint32_t r = 1; r <= n; ++r) H += std::pow(r, -s);
  double chi2 = 0;
  for (uint32_t r = 0; r < n; ++r) {
    const double p = std::pow(r + 1, -s) / H, f = static_cast<double>(count[r]) / N;
    EXPECT_NEAR(f, p, 5 * std::sqrt(p * (1 - p) / N) + 1.0 / N) << "rank " << r + 1;
    chi2 += (count[r] - N * p) * (count[r] - N * p) / (N * p);
  }
  EXPECT_LT(chi2, 95.0);
}
