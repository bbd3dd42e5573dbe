// CG (conjugate gradient; NPB 1 spec RNR-94-007 Sec. 2.5, NPB 2 report NAS-95-020): inverse
// power iteration on a random sparse symmetric matrix A (na rows, the sum of na outer products of
// vectors with nonzer+1 nonzeros, so at most na (nonzer+1)^2 nonzeros), niter timed outer
// iterations after one untimed one, 25 CG iterations each. Ranks form an nprows x npcols grid
// (npcols = nprows or 2 nprows, R a power of two); rank (i, j) holds block (i, j) of A. As the
// real trace has it (docs/models.md, "Skeletons against the real NPB"; measured on square grids),
// every exchange is point-to-point: a matrix-vector product sums the partial products along the
// process row by recursive doubling (round k: the whole na/nprows-double segment to j XOR 2^k),
// then each rank sends the segment to its transpose partner (a send to itself on the diagonal: a
// local copy, skeleton.hpp, which bounds the step at high bandwidth); a dot product is the same row
// recursive doubling on 8 bytes. Per CG iteration one product and two dot products; per outer
// iteration one dot product first, one product and one dot product (the residual) after the 25
// CG iterations, and a 16-byte dot product (two norms at once). Around them: a 4-byte broadcast,
// the matrix generation (untimed compute), a barrier after the untimed iteration, an 8-byte
// reduce of the time. Compute per CG iteration: kOpsPerNonzero per nonzero of the rank's block
// (na (nonzer+1)^2 / R), fitted to the busiest real rank's compute at classes S and W (NPB's
// operation count at 100 Gflop/s, the matrix generation included): +10 % at S, -10 % at W.
#include "workload/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kNa[] = {1400, 7000, 14000, 75000, 150000};
constexpr uint32_t kNonzer[] = {7, 8, 11, 13, 15};
constexpr uint32_t kNiter[] = {15, 15, 15, 75, 75};
constexpr uint32_t kCgIterations = 25;
constexpr double kOpsPerNonzero = 1.43;

struct Grid {
  uint32_t rows, cols;
  uint32_t rank(uint32_t i, uint32_t j) const { return i * cols + j; }
};

Grid grid_of(uint32_t ranks) {
  const uint32_t l = ilog2(ranks);
  const uint32_t rows = 1u << (l / 2);
  return {rows, ranks / rows};
}

// The matrix-vector product's communication: row recursive doubling, transpose.
void matvec_exchange(std::vector<Step>& out, const Grid& g, double na) {
  const auto seg = static_cast<uint64_t>(na / g.rows * 8);  // bytes of a rank's row segment
  for (uint32_t k = 0; (1u << k) < g.cols; ++k) {
    Step s;
    for (uint32_t i = 0; i < g.rows; ++i)
      for (uint32_t j = 0; j < g.cols; ++j) s.msgs.push_back({g.rank(i, j), g.rank(i, j ^ (1u << k)), seg});
    out.push_back(std::move(s));
  }
  Step t;
  for (uint32_t i = 0; i < g.rows; ++i)
    for (uint32_t j = 0; j < g.cols; ++j) {
      // Transpose partner: (j, i) on a square grid; (j / 2, 2 i + j mod 2) on a rows x 2 rows grid
      // (an involution as well).
      const uint32_t pi = g.rows == g.cols ? j : j / 2, pj = g.rows == g.cols ? i : 2 * i + j % 2;
      if (g.rank(pi, pj) != g.rank(i, j)) t.msgs.push_back({g.rank(i, j), g.rank(pi, pj), seg});
      else t.copies.push_back({g.rank(i, j), seg});
    }
  out.push_back(std::move(t));
}

Groups rows_of(const Grid& g) {
  Groups rows(g.rows);
  for (uint32_t i = 0; i < g.rows; ++i)
    for (uint32_t j = 0; j < g.cols; ++j) rows[i].push_back(g.rank(i, j));
  return rows;
}

Skeleton build(char cls, uint32_t ranks) {
  const int c = class_index(cls);
  const double na = kNa[c], nnz = na * (kNonzer[c] + 1.0) * (kNonzer[c] + 1.0);
  const Grid g = grid_of(ranks);
  const double iter_flops = kOpsPerNonzero * nnz / ranks;
  const Groups rows = rows_of(g);
  auto dot = [&](std::vector<Step>& out, uint64_t bytes) { allreduce(out, rows, bytes, Op::kP2p); };
  Skeleton sk{"cg", cls, ranks, 0, {}};
  Block setup{1, {}};
  bcast(setup.steps, world(ranks), 4);
  // One outer iteration (its 25 CG iterations written out, so that the outer iterations are one
  // block's repeats): the untimed one, the barrier, then the timed ones.
  Block outer{1, {}};
  dot(outer.steps, 8);
  for (uint32_t k = 0; k <= kCgIterations; ++k) {
    outer.steps.push_back(compute(iter_flops));
    matvec_exchange(outer.steps, g, na);
    dot(outer.steps, 8);
    dot(outer.steps, k < kCgIterations ? 8 : 16);  // the residual's norm, then both norms at once
  }
  sk.blocks = {std::move(setup), outer};
  Block sync{1, {}};
  barrier(sync.steps, world(ranks));
  sk.blocks.push_back(std::move(sync));
  outer.times = kNiter[c];
  sk.blocks.push_back(std::move(outer));
  Block done{1, {}};
  reduce(done.steps, world(ranks), 8);
  sk.blocks.push_back(std::move(done));
  sk.mop = kNiter[c] * (kCgIterations + 1) * iter_flops * ranks / 1e6;
  return sk;
}

const BenchmarkRegistrar reg{{"cg", "Conjugate gradient: 2-D block decomposition, row recursive doubling + transpose per product, 8-byte row dot products, all point-to-point",
                              check_pow2,
                              build}};

}  // namespace
}  // namespace switchlab::app
