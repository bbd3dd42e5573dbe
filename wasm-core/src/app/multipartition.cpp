#include "app/multipartition.hpp"

#include <algorithm>

namespace switchlab::app {
namespace {
// The rank owning the next cell along direction d (0 x, 1 y, 2 z) forwards, or backwards.
uint32_t next_owner(uint32_t p, uint32_t i, uint32_t j, int d, bool fwd) {
  const uint32_t di = d == 1 ? 0 : (d == 0) == fwd ? 1 : p - 1;
  const uint32_t dj = d == 0 ? 0 : (d == 1) == fwd ? 1 : p - 1;
  return ((i + di) % p) * p + (j + dj) % p;
}

// The two-deep face exchange with the six neighbour ranks: the p - 1 cells that have a neighbour.
void face_exchange(std::vector<Step>& out, uint32_t ranks, uint32_t n) {
  const uint32_t p = isqrt_exact(ranks);
  if (p < 2) return;
  const double edge = std::max(1.0, static_cast<double>(n) / p);
  Step faces;
  const auto bytes = static_cast<uint64_t>(2 * 5 * edge * edge * (p - 1) * 8);
  for (uint32_t i = 0; i < p; ++i)
    for (uint32_t j = 0; j < p; ++j)
      for (int d = 0; d < 3; ++d)
        for (bool fwd : {true, false}) faces.msgs.push_back({i * p + j, next_owner(p, i, j, d, fwd), bytes});
  out.push_back(std::move(faces));
}
}  // namespace

std::string check_square(char, uint32_t ranks) { return isqrt_exact(ranks) ? "" : "needs a square number of ranks (p^2)"; }

Block multipartition_step(uint32_t ranks, uint32_t n, uint64_t steps, const AdiCosts& k) {
  const uint32_t p = isqrt_exact(ranks);
  const double edge = std::max(1.0, static_cast<double>(n) / p), cell = edge * edge * edge;
  auto next = [p](uint32_t i, uint32_t j, int d, bool fwd) { return next_owner(p, i, j, d, fwd); };
  Block b{steps, {}};
  face_exchange(b.steps, ranks, n);
  b.steps.push_back(compute(k.rhs_flops_per_point * cell * p));
  for (int d = 0; d < 3; ++d)
    for (bool fwd : {true, false})
      for (uint32_t c = 0; c < p; ++c) {
        // Half the solve's work in each sweep; the last stage of a sweep sends nothing.
        Step s = compute(k.solve_flops_per_point * cell / 2);
        if (c + 1 < p) {
          const double points = std::max(1.0, (edge + k.solve_face[0]) * (edge + k.solve_face[1]));
          const auto bytes = static_cast<uint64_t>(points * (fwd ? k.forward_doubles : k.back_doubles) * 8);
          for (uint32_t i = 0; i < p; ++i)
            for (uint32_t j = 0; j < p; ++j) s.msgs.push_back({i * p + j, next(i, j, d, fwd), bytes});
        }
        b.steps.push_back(std::move(s));
      }
  return b;
}

Skeleton adi_skeleton(const char* name, char cls, uint32_t ranks, uint32_t n, uint64_t steps, const AdiCosts& k) {
  const double points = static_cast<double>(n) * n * n;
  const Groups all = world(ranks);
  Block setup{1, {}};
  for (const uint64_t bytes : k.bcast_bytes) bcast(setup.steps, all, bytes);
  Block untimed = multipartition_step(ranks, n, 1, k);
  barrier(untimed.steps, all);
  Block end{1, {}};
  face_exchange(end.steps, ranks, n);
  allreduce(end.steps, all, 40);
  allreduce(end.steps, all, 40);
  reduce(end.steps, all, 8);
  barrier(end.steps, all);
  return {name, cls, ranks, (k.rhs_flops_per_point + 3 * k.solve_flops_per_point) * points * static_cast<double>(steps) / 1e6,
          {std::move(setup), std::move(untimed), multipartition_step(ranks, n, steps, k), std::move(end)}};
}

}  // namespace switchlab::app
