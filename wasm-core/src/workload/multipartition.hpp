#pragma once
// The multi-partition time step shared by BT and SP (NAS-95-020 Sec. on BT/SP; docs/models.md):
// R = p^2 ranks, the n^3 grid cut into p^3 cells of (n/p)^3 points, rank a + p b owning the p
// cells (a + c, b - c, c) mod p, c = 0..p-1 (NPB's make_set), so that every rank has one cell in
// every slab of every direction. A time step: the right-hand side after a two-deep face exchange with the six
// neighbour ranks (5 doubles per point, p cells' faces each); then for x, y and z a line solve:
// p forward-elimination stages (each rank eliminates one cell and passes `forward_doubles` per
// face point to the owner of the next cell in that direction) and p back-substitution stages
// (`back_doubles` per face point the other way); then the update. The owner of the next cell
// is (a + 1, b) in x, (a, b + 1) in y and (a - 1, b + 1) in z (mod p). As the real traces have
// it (docs/models.md, "Skeletons against the real NPB"): the face exchange carries the p - 1
// cells that have a neighbour in that direction; a solve message's face points follow
// `solve_face` (SolveFace); the run starts with the parameters' broadcasts (`bcast_bytes`) and one untimed time step and a
// barrier, and ends with one more face exchange, two 40-byte allreduces (the norms), an 8-byte
// reduce (the time) and a barrier.
#include "workload/skeleton.hpp"

namespace switchlab::app {

// How many face points a line-solve message carries, as the real codes' traces have it.
enum class SolveFace {
  kPadded,    // (e + 1)^2 for cells of edge e = n / p, every stage alike (BT)
  kInterior,  // the sending cell's own face (the first n mod p cells of a dimension one point
              // longer) less its rows on the grid's boundary in the two other dimensions (SP)
};

struct AdiCosts {
  double rhs_flops_per_point;
  double solve_flops_per_point;  // per direction
  double forward_doubles, back_doubles;  // per face point
  SolveFace solve_face;
  std::vector<uint64_t> bcast_bytes;     // the broadcasts before the first step
};

// "needs a square number of ranks" unless R = p^2.
std::string check_square(char cls, uint32_t ranks);
Block multipartition_step(uint32_t ranks, uint32_t n, uint64_t steps, const AdiCosts& costs);
// The whole run: `steps` time steps on n^3 points; rated by its flop count.
Skeleton adi_skeleton(const char* name, char cls, uint32_t ranks, uint32_t n, uint64_t steps, const AdiCosts& costs);

}  // namespace switchlab::app
