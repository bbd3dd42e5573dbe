// MG (multigrid; RNR-94-007 Sec. 2.2, NAS-95-020): V-cycles on an n^3 periodic grid, nit
// iterations. Ranks form a px x py x pz grid (R a power of two; its factors of two are dealt to
// x, y, z in turn). Every grid operator is followed by a ghost-face exchange ("comm3"): one step
// per dimension in which each rank sends one face (8-byte points) to each of its two neighbours
// along that dimension (no message along a dimension of one rank: the face is local). Per
// iteration: a residual on the finest level, the V-cycle (down: restriction to each coarser
// level; bottom: smoother; up: interpolation, residual, smoother on each finer level), and the
// residual norm (two 8-byte allreduces). Per point (estimates from the operators' stencils):
// residual 25 flops, smoother 25, restriction 30 per coarse point, interpolation 15, all scaled
// by kMeasured = 0.71 to fit the busiest real rank's compute (NPB's operation count at 100
// Gflop/s; docs/models.md, "Skeletons against the real NPB": +7 % at class S, -6 % at W). On
// levels coarser than the process grid a rank keeps at least one point per dimension.
#include <algorithm>
#include <array>

#include "app/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kN[] = {32, 128, 256, 256, 512};
constexpr uint32_t kNit[] = {4, 4, 4, 20, 20};
constexpr double kMeasured = 0.71;

struct Grid3 {
  std::array<uint32_t, 3> p{1, 1, 1};
  uint32_t rank(std::array<uint32_t, 3> c) const { return (c[2] * p[1] + c[1]) * p[0] + c[0]; }
};

// Ghost exchange at a level of n points per dimension.
void comm3(std::vector<Step>& out, const Grid3& g, uint32_t n) {
  std::array<double, 3> local{};
  for (int d = 0; d < 3; ++d) local[d] = std::max(1.0, static_cast<double>(n) / g.p[d]);
  for (int d = 0; d < 3; ++d) {
    if (g.p[d] == 1) continue;
    const auto bytes = static_cast<uint64_t>(local[(d + 1) % 3] * local[(d + 2) % 3] * 8);
    Step s;
    std::array<uint32_t, 3> c{};
    for (c[2] = 0; c[2] < g.p[2]; ++c[2])
      for (c[1] = 0; c[1] < g.p[1]; ++c[1])
        for (c[0] = 0; c[0] < g.p[0]; ++c[0]) {
          const uint32_t me = g.rank(c);
          for (uint32_t step : {1u, g.p[d] - 1}) {
            auto o = c;
            o[d] = (c[d] + step) % g.p[d];
            s.msgs.push_back({me, g.rank(o), bytes});
          }
          if (g.p[d] == 2) s.msgs.pop_back();  // both neighbours are one rank: one face each way
        }
    out.push_back(std::move(s));
  }
}

Skeleton build(char cls, uint32_t ranks) {
  const int c = class_index(cls);
  const uint32_t n = kN[c], levels = ilog2(n);
  Grid3 g;
  for (uint32_t b = 0; b < ilog2(ranks); ++b) g.p[b % 3] *= 2;
  auto points = [&](uint32_t level) {  // points per rank on level l (2^l per dimension)
    double pts = 1;
    for (int d = 0; d < 3; ++d) pts *= std::max(1.0, double(1u << level) / g.p[d]);
    return pts;
  };
  Block it{kNit[c], {}};
  auto op = [&](double flops, uint32_t level) {
    it.steps.push_back(compute(kMeasured * flops));
    comm3(it.steps, g, 1u << level);
  };
  op(25 * points(levels), levels);  // residual on the finest level
  for (uint32_t l = levels; l > 1; --l) op(30 * points(l - 1), l - 1);  // restriction
  op(25 * points(1), 1);                                                 // smoother at the bottom
  for (uint32_t l = 2; l <= levels; ++l) {
    op(15 * points(l), l);  // interpolation
    op(25 * points(l), l);  // residual
    op(25 * points(l), l);  // smoother
  }
  allreduce(it.steps, world(ranks), 8);
  allreduce(it.steps, world(ranks), 8);
  Skeleton sk{"mg", cls, ranks, 0, {std::move(it)}};
  sk.mop = sk.flops_per_rank() * ranks / 1e6;
  return sk;
}

const BenchmarkRegistrar reg{{"mg", "Multigrid V-cycle: 3-D decomposition, face exchanges after every operator on every level",
                              check_pow2,
                              build}};

}  // namespace
}  // namespace switchlab::app
