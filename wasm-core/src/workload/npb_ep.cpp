// EP (embarrassingly parallel; RNR-94-007 Sec. 2.3): 2^(M+1) uniform random numbers turned into
// Gaussian pairs by the polar method, tallied in 10 annuli. Compute: one operation per random
// number, NPB's own count, which the real runs are calibrated to (docs/models.md, "Skeletons
// against the real NPB"). Communication as the real trace has it: a 4-byte broadcast (a flag) and
// a barrier before, four allreduces after (sum of x, sum of y: 8 bytes each; the 10 counts: 80
// bytes; the time: 8 bytes). Rating: 2^(M+1) operations (NPB's Mop/s for EP).
#include <cmath>

#include "workload/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kM[] = {24, 25, 28, 30, 32};

Skeleton build(char cls, uint32_t ranks) {
  const double numbers = std::ldexp(1.0, static_cast<int>(kM[class_index(cls)]) + 1);
  Skeleton sk{"ep", cls, ranks, numbers / 1e6, {}};
  Block b{1, {}};
  bcast(b.steps, world(ranks), 4);
  barrier(b.steps, world(ranks));
  b.steps.push_back(compute(numbers / ranks));
  for (const uint64_t bytes : {8, 8, 80, 8}) allreduce(b.steps, world(ranks), bytes);
  sk.blocks = {std::move(b)};
  return sk;
}

const BenchmarkRegistrar reg{{"ep", "Embarrassingly parallel: random-number compute, four allreduces at the end",
                              check_any, build}};

}  // namespace
}  // namespace switchlab::app
