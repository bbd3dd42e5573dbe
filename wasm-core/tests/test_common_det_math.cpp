// Deterministic log/exp/pow (+ - * / only) against libm, and the Zipf sampler against the
// analytical pmf. The Zipf sampler feeds the seed 002 ICN content-store simulation (Zipf 0.9) and
// the traffic pattern "zipf".
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "common/det_math.hpp"
#include "common/rng.hpp"
#include "common/zipf.hpp"

using namespace switchlab;

namespace {
// Distance in units in the last place between two finite doubles of the same sign.
int64_t ulps(double a, double b) {
  int64_t ia, ib;
  std::memcpy(&ia, &a, 8);
  std::memcpy(&ib, &b, 8);
  return ia > ib ? ia - ib : ib - ia;
}
}  // namespace

TEST(CommonDetMath, MatchesLibmAtSamplePoints) {
  for (double x : {1e-300, 1e-5, 0.3, 0.7071, 1.0, 2.0, 3.0, 10.0, 12345.678, 1e7, 1e300}) {
    EXPECT_NEAR(det_log(x), std::log(x), 4e-16 * std::fabs(std::log(x)) + 1e-300) << x;
  }
  for (double x : {-700.0, -50.0, -1.0, -1e-8, 0.0, 0.5, 1.0, 20.0, 700.0}) {
    EXPECT_NEAR(det_exp(x), std::exp(x), 4e-16 * std::exp(x)) << x;
  }
  EXPECT_NEAR(det_pow(1e6, -0.9), std::pow(1e6, -0.9), 1e-15 * std::pow(1e6, -0.9));
  EXPECT_TRUE(std::isnan(det_log(0)));
}

TEST(CommonDetMath, LogMatchesLibmWithinFourUlp) {
  EXPECT_EQ(det_log(1.0), 0.0);
  EXPECT_LE(ulps(det_log(2.0), 0.69314718055994530942), 1);
  for (double x = 1; x < 2e6; x = x * 1.37 + 1) EXPECT_LE(ulps(det_log(x), std::log(x)), 4) << x;
  for (double x = 1e-300; x < 1; x *= 17.3) EXPECT_LE(ulps(det_log(x), std::log(x)), 4) << x;
  for (int k = 2; k <= 5000; ++k) ASSERT_LE(ulps(det_log(k), std::log(static_cast<double>(k))), 4) << k;
}

TEST(CommonDetMath, ExpMatchesLibmWithinFourUlp) {
  EXPECT_EQ(det_exp(0.0), 1.0);
  EXPECT_EQ(det_exp(-800), 0.0);
  EXPECT_TRUE(std::isinf(det_exp(800)));
  for (double x = -700; x < 700; x += 0.731) ASSERT_LE(ulps(det_exp(x), std::exp(x)), 4) << x;
  for (double x = -1; x < 1; x += 0.00173) ASSERT_LE(ulps(det_exp(x), std::exp(x)), 4) << x;
}

// Zipf weights k^-s as the sampler computes them: det_pow(k, -s).
TEST(CommonDetMath, PowNegMatchesLibm) {
  for (double s : {0.0, 0.5, 0.9, 1.0, 1.2, 2.0, 3.7})
    for (int k = 1; k <= 100000; k = k * 3 + 1)
      EXPECT_NEAR(det_pow(k, -s) / std::pow(k, -s), 1.0, 1e-13) << k << "^-" << s;
  EXPECT_EQ(det_pow(12345, -0.0), 1.0);
  EXPECT_EQ(det_pow(1, -2.5), 1.0);
}

// The table's probabilities are the pmf r^-s / H(n,s) up to the 2^-53 quantisation.
TEST(CommonZipf, ProbabilitiesAreThePmf) {
  for (double s : {0.0, 0.9, 1.0, 2.0}) {
    const uint32_t n = 1000;
    ZipfSampler t(n, s);
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
TEST(CommonZipf, SampleFrequenciesMatchThePmf) {
  const uint32_t n = 50;
  const double s = 0.9;
  const uint64_t N = 1000000;
  ZipfSampler t(n, s);
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

// seed 002 Zipf 0.9 over a 1,000-item catalogue: rank probabilities and sampled frequencies.
TEST(CommonZipf, SamplerFollowsZipf) {
  const uint64_t n = 1000;
  ZipfSampler z(n, 0.9);
  double h = 0;
  for (uint64_t k = 1; k <= n; ++k) h += std::pow(static_cast<double>(k), -0.9);
  for (uint64_t k : {0, 1, 9, 999}) EXPECT_NEAR(z.probability(k), std::pow(k + 1.0, -0.9) / h, 1e-12);
  Rng rng(7);
  std::vector<int> counts(n, 0);
  const int draws = 1000000;
  for (int i = 0; i < draws; ++i) ++counts[z.sample(rng)];
  // Rank 1: p = 0.1331; 5 sigma of a binomial with 1e6 draws ~ 0.0017.
  const double p0 = z.probability(0);
  EXPECT_NEAR(counts[0] / double(draws), p0, 5 * std::sqrt(p0 * (1 - p0) / draws));
  const double p9 = z.probability(9);
  EXPECT_NEAR(counts[9] / double(draws), p9, 5 * std::sqrt(p9 * (1 - p9) / draws));
}

TEST(CommonZipf, AlphaZeroIsUniform) {
  ZipfSampler z(4, 0);
  for (uint64_t k = 0; k < 4; ++k) EXPECT_DOUBLE_EQ(z.probability(k), 0.25);
}
