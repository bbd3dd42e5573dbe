// LU (SSOR with lower/upper Gauss-Seidel sweeps; RNR-94-007 Sec. 3.3, NAS-95-020): an n^3 grid of
// 5-variable points, itmax time steps. The x-y plane is cut into px x py blocks (R a power of
// two, px = 2^ceil(log2 R / 2)), each rank holding every z-plane of its block. Per time step:
// the right-hand side with a two-deep ghost exchange of 5 doubles per point (x neighbours, then
// y neighbours: 2 x 5 x (block edge) x n doubles per face); the lower sweep as a wavefront over
// the n - 2 inner z-planes: in stage s the ranks (i, j) with k = s - i - j in [0, n - 2) relax
// plane k and pass 5 doubles per edge point to (i + 1, j) and (i, j + 1), so a sweep takes
// n - 2 + px + py - 2 stages (pipeline fill included); the upper sweep the same towards (i - 1,
// j) and (i, j - 1). The residual norm (5 doubles, allreduce) at the end. Per point and step
// (estimates of the 5x5 block operations): right-hand side 200 flops, each sweep 400.
#include <algorithm>

#include "app/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kN[] = {12, 33, 64, 102, 162};
constexpr uint32_t kItmax[] = {50, 300, 250, 250, 250};

void sweep(std::vector<Step>& out, uint32_t px, uint32_t py, uint32_t planes, double plane_flops, uint64_t bx,
           uint64_t by, bool lower) {
  const uint32_t stages = planes + px + py - 2;
  for (uint32_t s = 0; s < stages; ++s) {
    Step st = compute(plane_flops);
    for (uint32_t i = 0; i < px; ++i)
      for (uint32_t j = 0; j < py; ++j) {
        // The upper sweep runs the same wavefront from the opposite corner.
        const uint32_t a = lower ? i : px - 1 - i, b = lower ? j : py - 1 - j;
        if (s < a + b || s - a - b >= planes) continue;
        const int di = lower ? 1 : -1;
        const uint32_t me = i * py + j;
        if (a + 1 < px) st.msgs.push_back({me, (i + di) * py + j, by});
        if (b + 1 < py) st.msgs.push_back({me, i * py + (j + di), bx});
      }
    out.push_back(std::move(st));
  }
}

Skeleton build(char cls, uint32_t ranks) {
  const int c = class_index(cls);
  const uint32_t n = kN[c];
  const uint32_t px = 1u << ((ilog2(ranks) + 1) / 2), py = ranks / px;
  const double ex = std::max(1.0, static_cast<double>(n) / px), ey = std::max(1.0, static_cast<double>(n) / py);  // block edges
  Block step{kItmax[c], {compute(200.0 * ex * ey * n)}};
  for (int d = 0; d < 2; ++d) {  // right-hand side ghost exchange: x, then y
    const uint32_t p = d == 0 ? px : py;
    if (p == 1) continue;
    const auto bytes = static_cast<uint64_t>(2 * 5 * (d == 0 ? ey : ex) * n * 8);
    Step s;
    for (uint32_t i = 0; i < px; ++i)
      for (uint32_t j = 0; j < py; ++j) {
        const uint32_t me = i * py + j, k = d == 0 ? i : j;
        if (k > 0) s.msgs.push_back({me, d == 0 ? me - py : me - 1, bytes});
        if (k + 1 < p) s.msgs.push_back({me, d == 0 ? me + py : me + 1, bytes});
      }
    step.steps.push_back(std::move(s));
  }
  const auto bx = static_cast<uint64_t>(5 * ex * 8), by = static_cast<uint64_t>(5 * ey * 8);
  sweep(step.steps, px, py, n - 2, 400.0 * ex * ey, bx, by, true);
  sweep(step.steps, px, py, n - 2, 400.0 * ex * ey, bx, by, false);
  Block end{1, {}};
  allreduce(end.steps, world(ranks), 40);
  Skeleton sk{"lu", cls, ranks, 0, {std::move(step), std::move(end)}};
  sk.mop = 1000.0 * n * n * n * kItmax[c] / 1e6;
  return sk;
}

const BenchmarkRegistrar reg{{"lu", "SSOR: 2-D decomposition, pipelined wavefront sweeps (lower and upper), ghost exchanges",
                              check_pow2,
                              build}};

}  // namespace
}  // namespace switchlab::app
