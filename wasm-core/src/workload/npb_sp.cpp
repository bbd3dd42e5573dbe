// SP (scalar-pentadiagonal ADI; RNR-94-007 Sec. 3.2, NAS-95-020): n^3 grid, niter time steps,
// multi-partition on R = p^2 ranks (workload/multipartition.hpp). The forward elimination passes two
// rows of the pentadiagonal systems per face point (coefficients and right-hand sides: 22
// doubles), the back substitution two rows of the solution (10), for the interior points of the
// sending cell's face (SolveFace::kInterior: a face on the grid's boundary sends fewer). Per
// point (estimates): right-hand side 350 flops, each direction's solve with its diagonalisation 200.
#include "workload/multipartition.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kN[] = {12, 36, 64, 102, 162};
constexpr uint32_t kNiter[] = {100, 400, 400, 400, 400};
const AdiCosts kCosts{198, 113.4, 22, 10, SolveFace::kInterior, {4, 8, 12, 4}};

Skeleton build(char cls, uint32_t ranks) {
  const int c = class_index(cls);
  return adi_skeleton("sp", cls, ranks, kN[c], kNiter[c], kCosts);
}

const BenchmarkRegistrar reg{{"sp", "Scalar-pentadiagonal ADI: multi-partition on p^2 ranks, face exchange, pipelined x/y/z line solves",
                              check_square, build}};

}  // namespace
}  // namespace switchlab::app
