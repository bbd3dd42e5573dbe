// NPB skeletons (src/app): message counts and bytes derived by hand for small R and class S
// (docs/models.md gives each skeleton's structure), and the rank checks.
#include <gtest/gtest.h>

#include <cmath>

#include "app/skeleton.hpp"

using namespace switchlab::app;

namespace {
Skeleton build(const char* name, char cls, uint32_t ranks) {
  const BenchmarkInfo* b = find_benchmark(name);
  EXPECT_NE(b, nullptr) << name;
  EXPECT_EQ(b->check(cls, ranks), "") << name;
  return b->build(cls, ranks);
}
}  // namespace

TEST(NpbSkeleton, EveryBenchmarkIsRegistered) {
  std::string names;
  for (const auto& b : benchmarks()) names += b.name + " ";
  EXPECT_EQ(names, "bt cg dt ep ft is lu mg mm sp ");
}

TEST(NpbSkeleton, EpIsThreeRecursiveDoublingAllreduces) {
  // 4 ranks: 2 rounds x 4 messages per allreduce; 8 + 8 + 80 bytes.
  const Skeleton s = build("ep", 'S', 4);
  EXPECT_EQ(s.messages(), 24u);
  EXPECT_EQ(s.bytes(), 8 * 8 + 8 * 8 + 8 * 80);
  EXPECT_EQ(s.flops_per_rank(), 25.0 * std::ldexp(1.0, 25) / 4);
  EXPECT_EQ(s.mop, std::ldexp(1.0, 25) / 1e6);
}

TEST(NpbSkeleton, IsClassS) {
  // Per iteration: allreduce of 4,096 B (8 messages), all-to-all of 4 B (12), all-to-all of
  // 2^16 / 16 keys x 4 B = 16,384 B (12); 10 iterations; 3 verification messages of 4 B.
  const Skeleton s = build("is", 'S', 4);
  EXPECT_EQ(s.messages(), 10u * 32 + 3);
  EXPECT_EQ(s.bytes(), 10.0 * (8 * 4096 + 12 * 4 + 12 * 16384) + 12);
}

TEST(NpbSkeleton, CgClassS) {
  // 2 x 2 grid, na = 1,400: per product reduce-scatter 4 x 2,800 B, transpose 2 x 2,800 B
  // ((0,1) <-> (1,0)), allgather 4 x 2,800 B; two row allreduces of 8 B (4 messages each).
  // 15 x 25 CG iterations + 15 residuals, each 18 messages.
  const Skeleton s = build("cg", 'S', 4);
  EXPECT_EQ(s.messages(), (15u * 25 + 15) * 18);
  EXPECT_EQ(s.bytes(), (15.0 * 25 + 15) * (10 * 2800 + 8 * 8));
}

TEST(NpbSkeleton, FtClassS) {
  // Slabs (4 <= 64 planes): an all-to-all of 64^3 x 16 / 16 = 262,144 B per pair (12 messages)
  // per FFT, 7 FFTs; a binomial reduce of 16 B (3 messages) per iteration, 6 iterations.
  const Skeleton s = build("ft", 'S', 4);
  EXPECT_EQ(s.messages(), 7u * 12 + 6 * 3);
  EXPECT_EQ(s.bytes(), 7.0 * 12 * 262144 + 6 * 3 * 16);
}

TEST(NpbSkeleton, BtClassS) {
  // p = 2, cells of 6^3 points, faces of 36: face exchange 4 ranks x 6 x (2 x 5 x 36 x 2 x 8 B);
  // per direction 4 forward messages of 36 x 30 x 8 B and 4 backward of 36 x 5 x 8 B; 60 steps.
  const Skeleton s = build("bt", 'S', 4);
  EXPECT_EQ(s.messages(), 60u * (24 + 24));
  EXPECT_EQ(s.bytes(), 60.0 * (24 * 5760 + 3 * 4 * (8640 + 1440)));
  EXPECT_EQ(find_benchmark("bt")->check('S', 8), "needs a square number of ranks (p^2)");
}

TEST(NpbSkeleton, LuClassS) {
  // 2 x 2 blocks, n = 12: ghost exchange 4 + 4 messages; each sweep 10 planes x 4 messages
  // ((0,0) sends 2, (0,1) and (1,0) one each); 50 steps; a final allreduce of 40 B (8 messages).
  const Skeleton s = build("lu", 'S', 4);
  EXPECT_EQ(s.messages(), 50u * (8 + 2 * 40) + 8);
  // Ghost faces 2 x 5 x 6 x 12 x 8 = 5,760 B; sweep messages 5 x 6 x 8 = 240 B.
  EXPECT_EQ(s.bytes(), 50.0 * (8 * 5760 + 80 * 240) + 8 * 40);
}

TEST(NpbSkeleton, MgClassS) {
  // 2 x 2 x 2 ranks: a face exchange is 3 steps of 8 messages; 18 exchanges per V-cycle
  // (residual, 4 restrictions, bottom smoother, 4 x (interpolation, residual, smoother)) and two
  // 8-byte allreduces (3 rounds x 8); 4 iterations.
  const Skeleton s = build("mg", 'S', 8);
  EXPECT_EQ(s.messages(), 4u * (18 * 24 + 2 * 24));
}

TEST(NpbSkeleton, DtBlackHoleClassS) {
  // 4 sources send 1,728 x 4 doubles each to the sink (rank 4); rank 5 idles.
  const Skeleton s = build("dt", 'S', 6);
  EXPECT_EQ(s.messages(), 4u);
  EXPECT_EQ(s.bytes(), 4.0 * 1728 * 4 * 8);
  for (const auto& m : s.blocks[0].steps[0].msgs) EXPECT_EQ(m.dst, 4u);
  EXPECT_EQ(find_benchmark("dt")->check('A', 20), "needs at least 21 ranks (one per graph node) in class A");
}

TEST(NpbSkeleton, MmSumma) {
  // 2 x 2 blocks of 512 x 512 doubles (2 MiB): per step one row and one column broadcast of one
  // message in each of the 2 rows / columns, then 2 x 512^3 flops; 2 steps.
  const Skeleton s = build("mm", 'S', 4);
  EXPECT_EQ(s.messages(), 8u);
  EXPECT_EQ(s.bytes(), 8.0 * 512 * 512 * 8);
  EXPECT_EQ(s.flops_per_rank(), 2 * 2.0 * 512 * 512 * 512);
  // Step 0: rank (i, 0) sends its A block to (i, 1); rank (0, j) its B block to (1, j).
  EXPECT_EQ(s.blocks[0].steps[0].msgs[0].src, 0u);
  EXPECT_EQ(s.blocks[0].steps[0].msgs[0].dst, 1u);
  EXPECT_EQ(s.blocks[0].steps[1].msgs[1].src, 1u);
  EXPECT_EQ(s.blocks[0].steps[1].msgs[1].dst, 3u);
}

TEST(NpbSkeleton, AllreduceFoldsNonPowerOfTwoGroups) {
  // 6 ranks: 2 fold-in messages, 2 rounds x 4 on the core of 4, 2 fold-out messages.
  std::vector<Step> steps;
  allreduce(steps, world(6), 8);
  ASSERT_EQ(steps.size(), 4u);
  EXPECT_EQ(steps[0].msgs.size(), 2u);
  EXPECT_EQ(steps[1].msgs.size(), 4u);
  EXPECT_EQ(steps[3].msgs.size(), 2u);
  EXPECT_EQ(steps[3].msgs[0].src, 0u);
  EXPECT_EQ(steps[3].msgs[0].dst, 4u);
}

TEST(NpbSkeleton, PairwiseAlltoallCoversEveryPairOnce) {
  for (uint32_t n : {4u, 6u}) {
    std::vector<Step> steps;
    alltoall(steps, world(n), 1);
    std::vector<int> seen(n * n, 0);
    for (const auto& s : steps)
      for (const auto& m : s.msgs) ++seen[m.src * n + m.dst];
    for (uint32_t a = 0; a < n; ++a)
      for (uint32_t b = 0; b < n; ++b) EXPECT_EQ(seen[a * n + b], a == b ? 0 : 1) << n;
  }
}

TEST(NpbSkeleton, EveryClassBuildsAt256Ranks) {
  for (const auto& b : benchmarks())
    for (const char* c = kClasses; *c; ++c) {
      ASSERT_EQ(b.check(*c, 256), "") << b.name << *c;
      const Skeleton s = b.build(*c, 256);
      EXPECT_GT(s.messages(), 0u) << b.name << *c;
      EXPECT_GT(s.mop, 0) << b.name << *c;
    }
}
