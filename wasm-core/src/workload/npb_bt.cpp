// BT (block-tridiagonal ADI; RNR-94-007 Sec. 3.1, NAS-95-020): n^3 grid, niter time steps,
// multi-partition on R = p^2 ranks (workload/multipartition.hpp). The forward elimination passes a
// 5x5 block and a 5-vector per face point (30 doubles), the back substitution a 5-vector (5).
// Per point (estimates of the 5x5 block operations): right-hand side 900 flops, each direction's
// block-tridiagonal solve 700.
#include "workload/multipartition.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kN[] = {12, 24, 64, 102, 162};
constexpr uint32_t kNiter[] = {60, 200, 200, 200, 200};
const AdiCosts kCosts{650, 506, 30, 5, SolveFace::kPadded, {4, 8, 12, 4, 4, 4}};

Skeleton build(char cls, uint32_t ranks) {
  const int c = class_index(cls);
  return adi_skeleton("bt", cls, ranks, kN[c], kNiter[c], kCosts);
}

const BenchmarkRegistrar reg{{"bt", "Block-tridiagonal ADI: multi-partition on p^2 ranks, face exchange, pipelined x/y/z line solves",
                              check_square, build}};

}  // namespace
}  // namespace switchlab::app
