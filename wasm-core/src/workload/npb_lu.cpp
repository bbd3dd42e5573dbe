// LU (SSOR with lower/upper Gauss-Seidel sweeps; RNR-94-007 Sec. 3.3, NAS-95-020): an n^3 grid of
// 5-variable points, itmax time steps. The x-y plane is cut into px x py blocks (R a power of
// two, px = 2^ceil(log2 R / 2)), each rank holding every z-plane of its block. Per time step:
// the right-hand side with a two-deep ghost exchange of 5 doubles per point (x neighbours, then
// y neighbours: 2 x 5 x (block edge) x n doubles per face); the lower sweep as a wavefront over
// the n - 2 inner z-planes: in stage s the ranks (i, j) with k = s - i - j in [0, n - 2) relax
// plane k and pass 5 doubles per inner edge point to (i + 1, j) and (i, j + 1), so a sweep takes
// n - 2 + px + py - 2 stages (pipeline fill included); the upper sweep the same towards (i - 1,
// j) and (i, j - 1). As the real trace has it (docs/models.md, "Skeletons against the real NPB"):
// first ten broadcasts of the parameters (84 bytes in all), two ghost exchanges, a 40-byte
// allreduce (the residual norm) and a barrier; one untimed time step, an 8- and a 40-byte
// allreduce and a barrier; the itmax timed steps; then the norms and errors (five allreduces and
// one more ghost exchange), the surface integral (8 doubles to the (i - 1, j) and (i, j - 1)
// neighbours) and three 8-byte allreduces. Per point and step (estimates of the 5x5 block
// operations): right-hand side 200 flops, each sweep 400.
#include <algorithm>

#include "workload/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kN[] = {12, 33, 64, 102, 162};
constexpr uint32_t kItmax[] = {50, 300, 250, 250, 250};

// A sweep message carries 5 doubles per inner point of the sender's block edge across the
// direction it goes: `bx[i]` bytes from process row i towards (i, j +- 1), `by[j]` from process
// column j towards (i +- 1, j).
void sweep(std::vector<Step>& out, uint32_t px, uint32_t py, uint32_t planes, double plane_flops,
           const std::vector<uint64_t>& bx, const std::vector<uint64_t>& by, bool lower) {
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
        if (a + 1 < px) st.msgs.push_back({me, (i + di) * py + j, by[j]});
        if (b + 1 < py) st.msgs.push_back({me, i * py + (j + di), bx[i]});
      }
    out.push_back(std::move(st));
  }
}

Skeleton build(char cls, uint32_t ranks) {
  const int c = class_index(cls);
  const uint32_t n = kN[c];
  const uint32_t px = 1u << ((ilog2(ranks) + 1) / 2), py = ranks / px;
  const double ex = std::max(1.0, static_cast<double>(n) / px), ey = std::max(1.0, static_cast<double>(n) / py);  // block edges
  // Block edges: n / p points, the first n mod p blocks one more (measured: class W, 33 points
  // on 4 process rows: 9, 8, 8, 8).
  auto blocks = [n](uint32_t p) {
    std::vector<double> e(p);
    for (uint32_t k = 0; k < p; ++k) e[k] = std::max(1u, n / p + (k < n % p));
    return e;
  };
  const std::vector<double> edge_x = blocks(px), edge_y = blocks(py);
  auto ghost_exchange = [&](std::vector<Step>& out) {  // x neighbours, then y
    for (int d = 0; d < 2; ++d) {
      const uint32_t p = d == 0 ? px : py;
      if (p == 1) continue;
      Step s;
      for (uint32_t i = 0; i < px; ++i)
        for (uint32_t j = 0; j < py; ++j) {
          const uint32_t me = i * py + j, k = d == 0 ? i : j;
          const auto bytes = static_cast<uint64_t>(2 * 5 * (d == 0 ? edge_y[j] : edge_x[i]) * n * 8);
          if (k > 0) s.msgs.push_back({me, d == 0 ? me - py : me - 1, bytes});
          if (k + 1 < p) s.msgs.push_back({me, d == 0 ? me + py : me + 1, bytes});
        }
      out.push_back(std::move(s));
    }
  };
  const Groups all = world(ranks);
  Block setup{1, {}};
  for (const uint64_t bytes : {4, 4, 4, 8, 8, 40, 4, 4, 4, 4}) bcast(setup.steps, all, bytes);
  ghost_exchange(setup.steps);
  ghost_exchange(setup.steps);
  allreduce(setup.steps, all, 40);
  barrier(setup.steps, all);
  Block step{1, {compute(200.0 * ex * ey * n)}};
  ghost_exchange(step.steps);
  // The sweeps relax inner points only: the first and last block of a dimension lose the
  // boundary point (measured: class S, 16 ranks, 10 doubles from corner ranks, 15 from inner ones).
  auto inner = [](const std::vector<double>& e) {
    const size_t p = e.size();
    std::vector<uint64_t> bytes(p);
    for (size_t k = 0; k < p; ++k) bytes[k] = static_cast<uint64_t>(5 * std::max(1.0, e[k] - (k == 0) - (k + 1 == p)) * 8);
    return bytes;
  };
  const std::vector<uint64_t> bx = inner(edge_x), by = inner(edge_y);
  sweep(step.steps, px, py, n - 2, 400.0 * ex * ey, bx, by, true);
  sweep(step.steps, px, py, n - 2, 400.0 * ex * ey, bx, by, false);
  Block untimed_end{1, {}};
  allreduce(untimed_end.steps, all, 8);
  allreduce(untimed_end.steps, all, 40);
  barrier(untimed_end.steps, all);
  Block timed = step;
  timed.times = kItmax[c];
  Block end{1, {}};
  allreduce(end.steps, all, 40);
  ghost_exchange(end.steps);
  for (const uint64_t bytes : {40, 8, 40}) allreduce(end.steps, all, bytes);
  Step surface;
  for (uint32_t i = 0; i < px; ++i)
    for (uint32_t j = 0; j < py; ++j) {
      if (i > 0) surface.msgs.push_back({i * py + j, (i - 1) * py + j, 64});
      if (j > 0) surface.msgs.push_back({i * py + j, i * py + j - 1, 64});
    }
  end.steps.push_back(std::move(surface));
  for (int k = 0; k < 3; ++k) allreduce(end.steps, all, 8);
  Skeleton sk{"lu", cls, ranks, 0, {std::move(setup), std::move(step), std::move(untimed_end), std::move(timed), std::move(end)}};
  sk.mop = 1000.0 * n * n * n * kItmax[c] / 1e6;
  return sk;
}

const BenchmarkRegistrar reg{{"lu", "SSOR: 2-D decomposition, pipelined wavefront sweeps (lower and upper), ghost exchanges",
                              check_pow2,
                              build}};

}  // namespace
}  // namespace switchlab::app
