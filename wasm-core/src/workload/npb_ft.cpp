// FT (3-D FFT PDE solver; RNR-94-007 Sec. 2.6, NAS-95-020): an nx x ny x nz complex grid
// (16-byte points), one forward 3-D FFT, then niter iterations of "evolve" (a complex multiply
// per point, 6 flops) and an inverse 3-D FFT (kFft N log2 N operations for N points: 5 in the
// usual count, 4.8 fitted to the busiest real rank's compute, +7 % at class S, -9 % at W) with a 16-byte
// checksum reduced to rank 0. As the real trace has it (docs/models.md, "Skeletons against the
// real NPB"): five 4-byte broadcasts (the parameters) and one untimed 3-D FFT (the warm-up) come
// first, then a barrier. The grid is cut into slabs (1-D layout, R <= nz): each 3-D FFT
// needs one transpose, an all-to-all of N 16 / R^2 bytes per rank pair. With more ranks than
// planes (2-D layout) the ranks form p1 x p2 with p1 = nz (rank r in row r / p2, column r mod p2)
// and each FFT needs two all-to-alls, within columns of p1 ranks (N 16 / (R p1) bytes per pair)
// and within rows of p2 ranks (N 16 / (R p2) bytes per pair): the real trace's per-pair sizes at
// class W on 64 ranks (4,096 and 65,536 bytes: a 32 x 2 grid, not 8 x 8).
#include <cmath>

#include "workload/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kNx[] = {64, 128, 256, 512, 512};
constexpr uint32_t kNy[] = {64, 128, 256, 256, 512};
constexpr uint32_t kNz[] = {64, 32, 128, 256, 512};
constexpr uint32_t kNiter[] = {6, 6, 6, 20, 20};
constexpr double kFft = 4.8;

void transposes(std::vector<Step>& out, uint32_t ranks, uint32_t nz, double n) {
  if (ranks <= nz) {
    alltoall(out, world(ranks), static_cast<uint64_t>(n * 16 / ranks / ranks));
    return;
  }
  const uint32_t p1 = nz, p2 = ranks / p1;
  Groups rows(p1), cols(p2);
  for (uint32_t i = 0; i < p1; ++i)
    for (uint32_t j = 0; j < p2; ++j) {
      rows[i].push_back(i * p2 + j);
      cols[j].push_back(i * p2 + j);
    }
  alltoall(out, cols, static_cast<uint64_t>(n * 16 / ranks / p1));
  alltoall(out, rows, static_cast<uint64_t>(n * 16 / ranks / p2));
}

Skeleton build(char cls, uint32_t ranks) {
  const int c = class_index(cls);
  const double n = static_cast<double>(kNx[c]) * kNy[c] * kNz[c];
  const double fft = kFft * n * std::log2(n) / ranks;
  Skeleton sk{"ft", cls, ranks, 0, {}};
  Block warmup{1, {}};
  for (int i = 0; i < 5; ++i) bcast(warmup.steps, world(ranks), 4);
  warmup.steps.push_back(compute(fft));
  transposes(warmup.steps, ranks, kNz[c], n);
  barrier(warmup.steps, world(ranks));
  Block setup{1, {compute(fft)}};
  transposes(setup.steps, ranks, kNz[c], n);
  Block iter{kNiter[c], {compute(6.0 * n / ranks + fft)}};
  transposes(iter.steps, ranks, kNz[c], n);
  reduce(iter.steps, world(ranks), 16);
  sk.blocks = {std::move(setup), std::move(iter)};
  sk.mop = sk.flops_per_rank() * ranks / 1e6;  // the timed part: forward FFT and iterations
  sk.blocks.insert(sk.blocks.begin(), std::move(warmup));
  return sk;
}

const BenchmarkRegistrar reg{{"ft", "3-D FFT: slab (or nz x R/nz pencil) layout, all-to-all transposes, 16-byte checksum reduce",
                              check_pow2,
                              build}};

}  // namespace
}  // namespace switchlab::app
