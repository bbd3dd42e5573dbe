// EP (embarrassingly parallel; RNR-94-007 Sec. 2.3): 2^(M+1) uniform random numbers turned into
// Gaussian pairs by the polar method, tallied in 10 annuli. Compute: 25 flops per random number
// (an estimate: the 46-bit linear congruential generator in split double-precision arithmetic,
// about 10; the polar test, and for the accepted pi/4 share a log and a square root, about 15).
// Communication: three allreduces at the end (sum of x, sum of y: 8 bytes each; the 10 counts:
// 80 bytes). Rating: 2^(M+1) operations (NPB's Mop/s for EP).
#include <cmath>

#include "app/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kM[] = {24, 25, 28, 30, 32};

Skeleton build(char cls, uint32_t ranks) {
  const double numbers = std::ldexp(1.0, static_cast<int>(kM[class_index(cls)]) + 1);
  Skeleton sk{"ep", cls, ranks, numbers / 1e6, {}};
  Block b{1, {compute(25.0 * numbers / ranks)}};
  allreduce(b.steps, world(ranks), 8);
  allreduce(b.steps, world(ranks), 8);
  allreduce(b.steps, world(ranks), 80);
  sk.blocks = {std::move(b)};
  return sk;
}

const BenchmarkRegistrar reg{{"ep", "Embarrassingly parallel: random-number compute, three allreduces at the end",
                              check_any, build}};

}  // namespace
}  // namespace switchlab::app
