#include <gtest/gtest.h>

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
