#include "app/multipartition.hpp"

#include <algorithm>

namespace switchlab::app {

std::string check_square(char, uint32_t ranks) { return isqrt_exact(ranks) ? "" : "needs a square number of ranks (p^2)"; }

Block multipartition_step(uint32_t ranks, uint32_t n, uint64_t steps, const AdiCosts& k) {
  const uint32_t p = isqrt_exact(ranks);
  const double edge = std::max(1.0, static_cast<double>(n) / p), face = edge * edge, cell = face * edge;
  auto rank = [p](uint32_t i, uint32_t j) { return (i % p) * p + j % p; };
  // Next owner along direction d (0 x, 1 y, 2 z) forwards, or backwards.
  auto next = [&](uint32_t i, uint32_t j, int d, bool fwd) {
    const uint32_t di = d == 1 ? 0 : (d == 0) == fwd ? 1 : p - 1;
    const uint32_t dj = d == 0 ? 0 : (d == 1) == fwd ? 1 : p - 1;
    return rank(i + di, j + dj);
  };
  Block b{steps, {}};
  if (p > 1) {
    Step faces;
    const auto bytes = static_cast<uint64_t>(2 * 5 * face * p * 8);
    for (uint32_t i = 0; i < p; ++i)
      for (uint32_t j = 0; j < p; ++j)
        for (int d = 0; d < 3; ++d)
          for (bool fwd : {true, false}) faces.msgs.push_back({rank(i, j), next(i, j, d, fwd), bytes});
    b.steps.push_back(std::move(faces));
  }
  b.steps.push_back(compute(k.rhs_flops_per_point * cell * p));
  for (int d = 0; d < 3; ++d)
    for (bool fwd : {true, false})
      for (uint32_t c = 0; c < p; ++c) {
        // Half the solve's work in each sweep; the last stage of a sweep sends nothing.
        Step s = compute(k.solve_flops_per_point * cell / 2);
        if (c + 1 < p) {
          const auto bytes = static_cast<uint64_t>(face * (fwd ? k.forward_doubles : k.back_doubles) * 8);
          for (uint32_t i = 0; i < p; ++i)
            for (uint32_t j = 0; j < p; ++j) s.msgs.push_back({rank(i, j), next(i, j, d, fwd), bytes});
        }
        b.steps.push_back(std::move(s));
      }
  return b;
}

Skeleton adi_skeleton(const char* name, char cls, uint32_t ranks, uint32_t n, uint64_t steps, const AdiCosts& k) {
  const double points = static_cast<double>(n) * n * n;
  return {name, cls, ranks, (k.rhs_flops_per_point + 3 * k.solve_flops_per_point) * points * static_cast<double>(steps) / 1e6,
          {multipartition_step(ranks, n, steps, k)}};
}

}  // namespace switchlab::app
