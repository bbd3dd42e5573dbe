// MM (dense matrix multiply C = A B, SUMMA; seed 000 Sec. V-C runs "the matrix multiplication
// example provided in the SimGrid distribution", whose size it does not state). Not an NPB
// benchmark; registered with them so the seeds' application mix can be run. R = p^2 ranks hold
// N/p x N/p blocks of A, B and C; in step k = 0..p-1 the ranks of process column k broadcast
// their A block along their process rows and the ranks of process row k their B block along
// their process columns (binomial trees, N^2/p^2 doubles each), then every rank multiplies the two
// blocks it received (2 (N/p)^3 flops). ASSUMPTION: N = 1,024 x 2^class-index (S 1,024 .. C
// 16,384), not a published size. Rating: 2 N^3 flops.
#include "workload/multipartition.hpp"

namespace switchlab::app {
namespace {

Skeleton build(char cls, uint32_t ranks) {
  const double n = 1024.0 * (1u << class_index(cls));
  const uint32_t p = isqrt_exact(ranks);
  const double b = n / p;
  const auto bytes = static_cast<uint64_t>(b * b * 8);
  Block summa{1, {}};
  for (uint32_t k = 0; k < p; ++k) {
    Groups rows(p), cols(p);  // each group rooted at the broadcasting rank (its first member)
    for (uint32_t i = 0; i < p; ++i)
      for (uint32_t j = 0; j < p; ++j) {
        rows[i].push_back(i * p + (k + j) % p);
        cols[j].push_back(((k + i) % p) * p + j);
      }
    bcast(summa.steps, rows, bytes);
    bcast(summa.steps, cols, bytes);
    summa.steps.push_back(compute(2 * b * b * b));
  }
  return {"mm", cls, ranks, 2 * n * n * n / 1e6, {std::move(summa)}};
}

const BenchmarkRegistrar reg{{"mm", "Matrix multiply (SUMMA): p x p blocks, row and column broadcasts per step",
                              check_square, build}};

}  // namespace
}  // namespace switchlab::app
