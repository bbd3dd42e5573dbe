#pragma once
// The multi-partition time step shared by BT and SP (NAS-95-020 Sec. on BT/SP; docs/models.md):
// R = p^2 ranks, the n^3 grid cut into p^3 cells of (n/p)^3 points, rank (i, j) owning the p
// cells (i + c, j + c, c) mod p, c = 0..p-1, so that every rank has one cell in every slab of
// every direction. A time step: the right-hand side after a two-deep face exchange with the six
// neighbour ranks (5 doubles per point, p cells' faces each); then for x, y and z a line solve:
// p forward-elimination stages (each rank eliminates one cell and passes `forward_doubles` per
// face point to the owner of the next cell in that direction) and p back-substitution stages
// (`back_doubles` per face point the other way); then the update. The owner of the next cell
// is (i + 1, j) in x, (i, j + 1) in y and (i - 1, j - 1) in z (mod p).
#include "app/skeleton.hpp"

namespace switchlab::app {

struct AdiCosts {
  double rhs_flops_per_point;
  double solve_flops_per_point;  // per direction
  double forward_doubles, back_doubles;  // per face point
};

// "needs a square number of ranks" unless R = p^2.
std::string check_square(char cls, uint32_t ranks);
Block multipartition_step(uint32_t ranks, uint32_t n, uint64_t steps, const AdiCosts& costs);
// The whole run: `steps` time steps on n^3 points; rated by its flop count.
Skeleton adi_skeleton(const char* name, char cls, uint32_t ranks, uint32_t n, uint64_t steps, const AdiCosts& costs);

}  // namespace switchlab::app
