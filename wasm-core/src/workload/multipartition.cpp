#include "workload/multipartition.hpp"

#include <algorithm>

namespace switchlab::app {
namespace {
// The rank owning the next cell along direction d (0 x, 1 y, 2 z) forwards, or backwards: rank
// (a, b)'s cells (a + c, b - c, c) continue in (a + 1, b), (a, b + 1) and (a - 1, b + 1).
uint32_t next_owner(uint32_t p, uint32_t r, int d, bool fwd) {
  const uint32_t a = r % p, b = r / p, up = fwd ? 1 : p - 1, down = fwd ? p - 1 : 1;
  const uint32_t da = d == 0 ? up : d == 2 ? down : 0, db = d == 0 ? 0 : up;
  return (a + da) % p + p * ((b + db) % p);
}

// A solve message's face points when rank r's cell in slab s of direction d sends.
double solve_points(SolveFace rule, uint32_t p, uint32_t n, uint32_t r, int d, uint32_t s) {
  if (rule == SolveFace::kPadded) {
    const double edge = std::max(1.0, static_cast<double>(n) / p);
    return (edge + 1) * (edge + 1);
  }
  // The cell (a + c, b - c, c) with coordinate s in direction d.
  const uint32_t a = r % p, b = r / p;
  const uint32_t c = d == 0 ? (s + p - a) % p : d == 1 ? (b + p - s) % p : s;
  const uint32_t coord[3] = {(a + c) % p, (b + p - c) % p, c};
  double points = 1;
  for (int o = 0; o < 3; ++o) {
    if (o == d) continue;
    // The first n mod p cells of a dimension are one point longer; the grid's boundary rows stay.
    const double extent = n / p + (coord[o] < n % p ? 1 : 0);
    points *= std::max(1.0, extent - (coord[o] == 0 ? 1 : 0) - (coord[o] + 1 == p ? 1 : 0));
  }
  return points;
}

// The two-deep face exchange with the six neighbour ranks: the p - 1 cells that have a neighbour.
void face_exchange(std::vector<Step>& out, uint32_t ranks, uint32_t n) {
  const uint32_t p = isqrt_exact(ranks);
  if (p < 2) return;
  const double edge = std::max(1.0, static_cast<double>(n) / p);
  Step faces;
  const auto bytes = static_cast<uint64_t>(2 * 5 * edge * edge * (p - 1) * 8);
  for (uint32_t r = 0; r < ranks; ++r)
    for (int d = 0; d < 3; ++d)
      for (bool fwd : {true, false}) faces.msgs.push_back({r, next_owner(p, r, d, fwd), bytes});
  out.push_back(std::move(faces));
}
}  // namespace

std::string check_square(char, uint32_t ranks) { return isqrt_exact(ranks) ? "" : "needs a square number of ranks (p^2)"; }

Block multipartition_step(uint32_t ranks, uint32_t n, uint64_t steps, const AdiCosts& k) {
  const uint32_t p = isqrt_exact(ranks);
  const double edge = std::max(1.0, static_cast<double>(n) / p), cell = edge * edge * edge;
  Block b{steps, {}};
  face_exchange(b.steps, ranks, n);
  b.steps.push_back(compute(k.rhs_flops_per_point * cell * p));
  for (int d = 0; d < 3; ++d)
    for (bool fwd : {true, false})
      for (uint32_t c = 0; c < p; ++c) {
        // Half the solve's work in each sweep; the last stage of a sweep sends nothing.
        Step s = compute(k.solve_flops_per_point * cell / 2);
        if (c + 1 < p) {
          // Stage c works on slab c forwards, on slab p - 1 - c backwards.
          const uint32_t slab = fwd ? c : p - 1 - c;
          for (uint32_t r = 0; r < ranks; ++r) {
            const double points = solve_points(k.solve_face, p, n, r, d, slab);
            const auto bytes = static_cast<uint64_t>(points * (fwd ? k.forward_doubles : k.back_doubles) * 8);
            s.msgs.push_back({r, next_owner(p, r, d, fwd), bytes});
          }
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
