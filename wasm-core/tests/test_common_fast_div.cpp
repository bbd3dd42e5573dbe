#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "common/fast_div.hpp"
#include "common/rng.hpp"

using namespace switchlab;

// FastDiv against the hardware divide: every divisor up to 4,096 and a spread of larger ones, each
// with the operands where rounding is tightest (multiples of d and their neighbours near the top of
// the range) and random ones.
TEST(FastDiv, MatchesHardwareDivisionOverItsRange) {
  const uint32_t top = FastDiv::kMaxOperand - 1;
  Rng rng(5);
  auto check = [&](uint32_t d) {
    const FastDiv f(d);
    auto expect = [&](uint32_t n) {
      ASSERT_EQ(f.div(n), n / d) << n << " / " << d;
      ASSERT_EQ(f.mod(n), n % d) << n << " % " << d;
    };
    for (uint32_t n : {0u, 1u, d - 1, d, d + 1, top, top - 1}) expect(n);
    const uint32_t last = top / d * d;  // the largest multiple of d in range
    for (uint32_t n = last >= 2 * d ? last - 2 * d : 0; n <= top && n <= last + d; ++n) expect(n);
    for (int i = 0; i < 64; ++i) expect(static_cast<uint32_t>(rng.uniform_u64(FastDiv::kMaxOperand)));
  };
  for (uint32_t d = 1; d <= 4096; ++d) check(d);
  for (int i = 0; i < 2000; ++i) check(1 + static_cast<uint32_t>(rng.uniform_u64(top)));
  check(top);
}

// Rng::uniform_u64's 128-bit product in WebAssembly: the 32-bit-halves form against the native
// 128-bit multiply, on edge values and random pairs.
TEST(MulHigh, HalvesMatchThe128BitProduct) {
  Rng rng(11);
  const uint64_t edges[] = {0, 1, 2, 0xFFFFFFFFu, 0x100000000u, 0xFFFFFFFFFFFFFFFFu, 0x8000000000000000u, 12345678901234567u};
  auto expect = [](uint64_t a, uint64_t b) {
    ASSERT_EQ(mul_high_by_halves(a, b), static_cast<uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64)) << a << " " << b;
  };
  for (uint64_t a : edges)
    for (uint64_t b : edges) expect(a, b);
  for (int i = 0; i < 1000000; ++i) expect(rng.next_u64(), rng.next_u64() >> (i % 64));
}

// Rng::bernoulli_below with a threshold from bernoulli_threshold(p) decides as bernoulli(p) on the
// same draws (the cycle engine's injection relies on it), including p at and next to multiples of
// 2^-53 where the two compares could part.
TEST(Bernoulli, ThresholdMatchesTheDoubleCompare) {
  std::vector<double> ps = {0.0, -0.5, 1.0, 1.5, 1e-300, 0x1.0p-53, 0.05, 0.2, 0.35, 1.0 / 3, 0.999999};
  Rng pick(3);
  for (int i = 0; i < 200; ++i) {
    const double p = static_cast<double>(pick.uniform_u64(uint64_t{1} << 53)) * 0x1.0p-53;
    ps.insert(ps.end(), {p, std::nextafter(p, 0.0), std::nextafter(p, 1.0)});
  }
  for (const double p : ps) {
    Rng a(7), b(7);
    const uint64_t t = Rng::bernoulli_threshold(p);
    for (int i = 0; i < 2000; ++i) ASSERT_EQ(a.bernoulli(p), b.bernoulli_below(t)) << p;
  }
  // Draws right at the threshold: u * 2^-53 < p exactly when u < threshold.
  for (const double p : ps) {
    const uint64_t t = Rng::bernoulli_threshold(p);
    for (uint64_t u : {t - 1, t, t + 1})
      if (u < (uint64_t{1} << 53)) ASSERT_EQ(static_cast<double>(u) * 0x1.0p-53 < p, u < t) << p << " " << u;
  }
}
