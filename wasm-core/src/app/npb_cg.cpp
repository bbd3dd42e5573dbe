// CG (conjugate gradient; NPB 1 spec RNR-94-007 Sec. 2.5, NPB 2 report NAS-95-020): inverse
// power iteration on a random sparse symmetric matrix A (na rows, the sum of na outer products of
// vectors with nonzer+1 nonzeros, so at most na (nonzer+1)^2 nonzeros), niter outer iterations of
// 25 CG iterations each. Ranks form an nprows x npcols grid (npcols = nprows or 2 nprows, R a
// power of two); rank (i, j) holds block (i, j) of A. Per CG iteration: the matrix-vector product
// (2 flops per nonzero) and the vector updates (10 flops per element of the rank's length-
// na/nprows segment: 3 axpy, 2 dot products), then the partial products are summed along the
// process row by recursive halving (round k sends half of what is left: na/nprows/2^(k+1)
// doubles to the partner j XOR 2^k), each rank sends its na/R-double piece to its transpose
// partner, and the process column gathers the new segment by recursive doubling (na/R 2^k
// doubles in round k); the two dot products are 8-byte allreduces along the row. Each outer
// iteration ends with one more product (the residual) and two allreduces (norms).
#include "app/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kNa[] = {1400, 7000, 14000, 75000, 150000};
constexpr uint32_t kNonzer[] = {7, 8, 11, 13, 15};
constexpr uint32_t kNiter[] = {15, 15, 15, 75, 75};
constexpr uint32_t kCgIterations = 25;

struct Grid {
  uint32_t rows, cols;
  uint32_t rank(uint32_t i, uint32_t j) const { return i * cols + j; }
};

Grid grid_of(uint32_t ranks) {
  const uint32_t l = ilog2(ranks);
  const uint32_t rows = 1u << (l / 2);
  return {rows, ranks / rows};
}

// The matrix-vector product's communication: row reduce-scatter, transpose, column allgather.
void matvec_exchange(std::vector<Step>& out, const Grid& g, double na) {
  const double seg = na / g.rows;  // doubles in a rank's row segment
  for (uint32_t k = 0; (1u << k) < g.cols; ++k) {
    Step s;
    const auto bytes = static_cast<uint64_t>(seg / (2u << k) * 8);
    for (uint32_t i = 0; i < g.rows; ++i)
      for (uint32_t j = 0; j < g.cols; ++j) s.msgs.push_back({g.rank(i, j), g.rank(i, j ^ (1u << k)), bytes});
    out.push_back(std::move(s));
  }
  const uint32_t ranks = g.rows * g.cols;
  const auto piece = static_cast<uint64_t>(na / ranks * 8);
  Step t;
  for (uint32_t i = 0; i < g.rows; ++i)
    for (uint32_t j = 0; j < g.cols; ++j) {
      // Transpose partner: (j, i) on a square grid; (j / 2, 2 i + j mod 2) on a rows x 2 rows grid
      // (an involution as well).
      const uint32_t pi = g.rows == g.cols ? j : j / 2, pj = g.rows == g.cols ? i : 2 * i + j % 2;
      if (g.rank(pi, pj) != g.rank(i, j)) t.msgs.push_back({g.rank(i, j), g.rank(pi, pj), piece});
    }
  if (!t.msgs.empty()) out.push_back(std::move(t));
  for (uint32_t k = 0; (1u << k) < g.rows; ++k) {
    Step s;
    const uint64_t bytes = piece << k;
    for (uint32_t i = 0; i < g.rows; ++i)
      for (uint32_t j = 0; j < g.cols; ++j) s.msgs.push_back({g.rank(i, j), g.rank(i ^ (1u << k), j), bytes});
    out.push_back(std::move(s));
  }
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
  const double iter_flops = 2.0 * nnz / ranks + 10.0 * na / g.rows;
  Skeleton sk{"cg", cls, ranks, 0, {}};
  Block cg{uint64_t{kNiter[c]} * kCgIterations, {compute(iter_flops)}};
  matvec_exchange(cg.steps, g, na);
  allreduce(cg.steps, rows_of(g), 8);
  allreduce(cg.steps, rows_of(g), 8);
  Block outer{kNiter[c], {compute(2.0 * nnz / ranks + 4.0 * na / g.rows)}};
  matvec_exchange(outer.steps, g, na);
  allreduce(outer.steps, rows_of(g), 8);
  allreduce(outer.steps, rows_of(g), 8);
  sk.blocks = {std::move(cg), std::move(outer)};
  sk.mop = sk.flops_per_rank() * ranks / 1e6;
  return sk;
}

const BenchmarkRegistrar reg{{"cg", "Conjugate gradient: 2-D block decomposition, row reduce-scatter + transpose + column allgather per product, 8-byte allreduces",
                              check_pow2,
                              build}};

}  // namespace
}  // namespace switchlab::app
