// NPB skeletons (src/app): message counts and bytes derived by hand for small R and class S
// (docs/models.md gives each skeleton's structure), and the rank checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "workload/skeleton.hpp"

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
  EXPECT_EQ(names, "bt cg dt dt_sh dt_wh ep ft graph500 is lu mg mm sp ");
}

// On 4 ranks a binomial broadcast or reduce is 3 messages, an allreduce (and a barrier: 0 bytes)
// 2 rounds x 4 messages.
TEST(NpbSkeleton, EpBroadcastBarrierAndFourAllreduces) {
  // A 4-byte broadcast, a barrier, then allreduces of 8, 8, 80 and 8 bytes; one operation per
  // random number.
  const Skeleton s = build("ep", 'S', 4);
  EXPECT_EQ(s.messages(), 3u + 8 + 4 * 8);
  EXPECT_EQ(s.bytes(), 3 * 4 + 8 * (8 + 8 + 80 + 8));
  EXPECT_EQ(s.flops_per_rank(), std::ldexp(1.0, 25) / 4);
  EXPECT_EQ(s.mop, std::ldexp(1.0, 25) / 1e6);
}

TEST(NpbSkeleton, IsClassS) {
  // A 4-byte broadcast; 11 iterations (one untimed): allreduce of (512 + 5) x 4 = 2,068 B (8
  // messages), all-to-all of 4 B (12), all-to-all-v of 2^16 / 16 keys x 4 B = 16,384 B per pair
  // (12, all at once); then ranks 0-2 send 4 B to their right neighbour and two reduces (4, 8 B).
  const Skeleton s = build("is", 'S', 4);
  EXPECT_EQ(s.messages(), 3u + 11 * 32 + 3 + 3 + 3);
  EXPECT_EQ(s.bytes(), 12 + 11.0 * (8 * 2068 + 12 * 4 + 12 * 16384) + 12 + 12 + 24);
  const std::vector<RankOps> ops = op_counts(s);
  ASSERT_EQ(ops[0].size(), 6u);  // allreduce, alltoall, alltoallv, bcast, reduce, and p2p first
  EXPECT_EQ(ops[0][0].first, Op::kP2p);
  EXPECT_EQ(ops[0][3].first, Op::kAlltoallv);
  EXPECT_EQ(ops[0][3].second.calls, 11u);
  EXPECT_EQ(ops[0][3].second.bytes, 11.0 * 4 * 16384);  // the whole send buffer, as MPI passes it
  EXPECT_EQ(ops[3].size(), 5u);  // the last rank sends no verification key
}

TEST(NpbSkeleton, CgClassS) {
  // 2 x 2 grid, na = 1,400, segments of 700 doubles (5,600 B). A 4-byte broadcast (3 messages).
  // An outer iteration: a row dot product (rows of 2: one round, 4 messages of 8 B), then 26
  // times compute, a product (row exchange: 4 x 5,600 B; transpose (0,1) <-> (1,0): 2 x 5,600 B,
  // ranks 0 and 3 send to themselves: calls, no messages) and two dot products (8 B, the last
  // 16 B). 16 outer iterations (one untimed), a barrier (8 messages) after the first; an 8-byte
  // reduce (3) at the end.
  const Skeleton s = build("cg", 'S', 4);
  EXPECT_EQ(s.messages(), 3u + 16 * (4 + 26 * 14) + 8 + 3);
  EXPECT_EQ(s.bytes(), 12 + 16.0 * (4 * 8 + 26 * (6 * 5600 + 4 * 8) + 25 * 4 * 8 + 4 * 16) + 24);
  const std::vector<RankOps> ops = op_counts(s);
  // Every rank calls 16 x (1 + 26 x 4) = 1,680 sends: the diagonal's self sends counted.
  for (uint32_t r = 0; r < 4; ++r) {
    EXPECT_EQ(ops[r][0].first, Op::kP2p);
    EXPECT_EQ(ops[r][0].second.calls, 16u * (1 + 26 * 4)) << r;
  }
  // The self sends are the transpose steps' copies: ranks 0 and 3, 5,600 B each, 0.56 us at 10 GB/s.
  size_t steps_with_copies = 0;
  for (const Block& b : s.blocks)
    for (const Step& st : b.steps)
      if (!st.copies.empty()) {
        steps_with_copies += b.times;
        ASSERT_EQ(st.copies.size(), 2u);
        EXPECT_EQ(st.copies[0].rank, 0u);
        EXPECT_EQ(st.copies[1].rank, 3u);
        EXPECT_EQ(st.copies[1].bytes, 5600u);
        EXPECT_DOUBLE_EQ(st.copy_s(), 5600 / 10e9);
      }
  EXPECT_EQ(steps_with_copies, 16u * 26);
}

TEST(NpbSkeleton, FtClassS) {
  // Five 4-byte broadcasts (3 messages each), the untimed FFT and a barrier (8), then the timed
  // forward FFT and 6 iterations (inverse FFT, 16-byte binomial reduce: 3 messages). Slabs (4 <=
  // 64 planes): an all-to-all of 64^3 x 16 / 16 = 262,144 B per pair (12 messages) per FFT.
  const Skeleton s = build("ft", 'S', 4);
  EXPECT_EQ(s.messages(), 15u + 8 * 12 + 8 + 6 * 3);
  EXPECT_EQ(s.bytes(), 60 + 8.0 * 12 * 262144 + 6 * 3 * 16);
}

TEST(NpbSkeleton, FtTwoDimensionalLayoutIsPlanesByTheRest) {
  // Class W on 64 ranks: 32 planes, so 32 x 2 ranks (the real trace's all-to-alls: 256 and 4,096
  // complex per pair). Per FFT an all-to-all within each column of 32 ranks (r mod 2 alike) of
  // 128 x 128 x 32 x 16 / (64 x 32) = 4,096 B per pair, then within each row of 2 ranks of
  // 65,536 B per pair; 8 FFTs. Five broadcasts (63 messages each), a barrier (6 x 64), six
  // reduces (63).
  const Skeleton s = build("ft", 'W', 64);
  EXPECT_EQ(s.messages(), 5u * 63 + 8 * (64 * 31 + 64) + 6 * 64 + 6 * 63);
  EXPECT_EQ(s.bytes(), 5.0 * 63 * 4 + 8.0 * (64 * 31 * 4096 + 64 * 65536) + 6 * 63 * 16);
  const std::vector<RankOps> ops = op_counts(s);
  for (const auto& [op, c] : ops[5])
    if (op == Op::kAlltoall) {
      EXPECT_EQ(c.calls, 16u);
      EXPECT_EQ(c.bytes, 8.0 * (32 * 4096 + 2 * 65536));  // each call's whole send buffer
    }
  // The first round of the column all-to-all pairs rank 5 with rank 7 (column 1, members 2 apart).
  for (const Block& b : s.blocks)
    for (const Step& st : b.steps)
      if (st.op == Op::kAlltoall) {
        for (const Message& m : st.msgs)
          if (m.src == 5) EXPECT_EQ(m.dst, 7u);
        return;
      }
}

TEST(NpbSkeleton, BtClassS) {
  // p = 2, cells of 6^3 points: the face exchange sends 4 ranks x 6 x (2 x 5 x 36 x (p - 1) x
  // 8 B = 2,880 B); per direction 4 forward messages of 49 x 30 x 8 B (faces of (6 + 1)^2) and 4
  // backward of 49 x 5 x 8 B. Six broadcasts (36 B, 3 messages each), one untimed step and a
  // barrier, 60 steps, a face exchange, two 40-byte allreduces, an 8-byte reduce, a barrier.
  const Skeleton s = build("bt", 'S', 4);
  EXPECT_EQ(s.messages(), 18u + 61 * (24 + 24) + 8 + 24 + 16 + 3 + 8);
  EXPECT_EQ(s.bytes(), 108 + 61.0 * (24 * 2880 + 12 * (11760 + 1960)) + 24 * 2880 + 16 * 40 + 24);
  EXPECT_EQ(find_benchmark("bt")->check('S', 8), "needs a square number of ranks (p^2)");
}

TEST(NpbSkeleton, LuClassS) {
  // 2 x 2 blocks of 6 x 6 x 12: ghost exchange 4 + 4 messages of 2 x 5 x 6 x 12 x 8 = 5,760 B;
  // each sweep 10 planes x 4 messages ((0,0) sends 2, (0,1) and (1,0) one each) of 5 doubles per
  // inner edge point (6 - 1: both blocks lose a boundary point) = 200 B. Ten broadcasts (84 B,
  // 3 messages each), two ghost exchanges, a 40-byte allreduce and a barrier (8 messages each);
  // 51 steps (one untimed, then 8- and 40-byte allreduces and a barrier); at the end allreduces of
  // 40, 40, 8, 40 B around a ghost exchange, 4 surface messages of 64 B, three 8-byte allreduces.
  const Skeleton s = build("lu", 'S', 4);
  EXPECT_EQ(s.messages(), 30u + 16 + 16 + 51 * (8 + 80) + 24 + 8 + 8 + 24 + 4 + 24);
  EXPECT_EQ(s.bytes(), 252 + 16 * 5760 + 8 * 40 + 51.0 * (8 * 5760 + 80 * 200) + 8 * (8 + 40) + 8 * 40 + 8 * 5760 +
                           8 * (40 + 8 + 40) + 4 * 64 + 24 * 8);
}

TEST(NpbSkeleton, MgClassS) {
  // 2 x 2 x 2 ranks, every level wide enough for them: a ghost exchange is 3 steps of 16 messages
  // (two faces to the one neighbour along each dimension); 14 exchanges per V-cycle with its
  // residual (4 restrictions, bottom smoother, 4 x (residual, smoother), residual), 5 V-cycles
  // (one untimed), 4 more (two right-hand sides, two residuals); 88 allreduces and 6 barriers of
  // 3 rounds x 8 messages, 7 broadcasts and a reduce of 7.
  const Skeleton s = build("mg", 'S', 8);
  EXPECT_EQ(s.messages(), 74u * 48 + 94 * 24 + 8 * 7);
  // 16 ranks: a 2 x 2 x 4 grid of 16 x 16 x 8 points. The first exchange's faces include the ghosts
  // of the dimensions before: 16 x 8, 18 x 8, 18 x 18 doubles.
  const Skeleton t = build("mg", 'S', 16);
  const auto& steps = t.blocks[0].steps;
  size_t i = 0;
  while (steps[i].op != Op::kP2p || steps[i].msgs.empty()) ++i;
  for (uint64_t face : {16 * 8, 18 * 8, 18 * 18}) {
    ASSERT_EQ(steps[i].msgs.size(), 32u);
    EXPECT_EQ(steps[i++].msgs[0].bytes, face * 8);
  }
  // On level 1 (2 points along z) only the odd z layers hold points: per V-cycle they make two
  // more exchanges (restriction to level 1, smoother there: 12 sends) and send the expansion
  // exchange back onto level 2 (2 sends), 70 sends more than rank 0 over the 5 V-cycles; both
  // counts are the real trace's (tests/data/npb_real/stats.json).
  const std::vector<RankOps> ops = op_counts(t);
  EXPECT_EQ(ops[0][0].second.calls, 384u);
  EXPECT_EQ(ops[4][0].second.calls, 454u);
}

TEST(NpbSkeleton, DtBlackHoleClassS) {
  // 4 sources send their length (4 B) and 1,728 x 4 doubles each to the sink (rank 4), one
  // source after another; the sink sends its 8-byte checksum to rank 0; rank 5 idles.
  const Skeleton s = build("dt", 'S', 6);
  EXPECT_EQ(s.messages(), 4u * 2 + 1);
  EXPECT_EQ(s.bytes(), 4.0 * (4 + 1728 * 4 * 8) + 8);
  const auto& steps = s.blocks[0].steps;  // compute, 4 x (length, array), compute, checksum
  ASSERT_EQ(steps.size(), 1u + 8 + 1 + 1);
  for (uint32_t k = 0; k < 4; ++k) {
    ASSERT_EQ(steps[2 + 2 * k].msgs.size(), 1u);
    EXPECT_EQ(steps[2 + 2 * k].msgs[0].src, k);
    EXPECT_EQ(steps[2 + 2 * k].msgs[0].dst, 4u);
  }
  EXPECT_EQ(find_benchmark("dt")->check('A', 20), "needs at least 21 ranks (one per graph node) in class A");
}

namespace {
constexpr double kDtBytesA = 1728.0 * 64 * 4 * 8;  // one class-A array: 110,592 samples x 4 doubles

// The arrays (not their lengths nor the checksums) in sending order.
std::vector<Message> arrays(const Skeleton& s, double bytes) {
  std::vector<Message> out;
  for (const auto& b : s.blocks)
    for (const auto& st : b.steps)
      for (const auto& m : st.msgs)
        if (m.bytes == bytes) out.push_back(m);
  return out;
}

// Arrays into each rank over the whole run.
std::vector<int> in_degree(const std::vector<Message>& msgs, uint32_t ranks) {
  std::vector<int> in(ranks, 0);
  for (const auto& m : msgs) ++in[m.dst];
  return in;
}
}  // namespace

TEST(NpbSkeleton, DtWhiteHoleMirrorsTheBlackHole) {
  // Class A: one source (rank 0) -> 4 comparators (ranks 1-4) -> 16 sinks (ranks 5-20); rank 21
  // idles. Comparator r sends to sinks 5 + 4 (r - 1) .. + 3; every array goes with its length;
  // the 16 sinks send their checksums to rank 0.
  const Skeleton s = build("dt_wh", 'A', 22);
  const std::vector<Message> a = arrays(s, kDtBytesA);
  ASSERT_EQ(a.size(), 20u);
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(a[i].src, 0u);
  for (uint32_t i = 0; i < 16; ++i) {
    EXPECT_EQ(a[4 + i].src, 1 + i / 4);
    EXPECT_EQ(a[4 + i].dst, 5 + i);
  }
  EXPECT_EQ(s.messages(), 20u * 2 + 16);
  EXPECT_EQ(s.bytes(), 20 * (4 + kDtBytesA) + 16 * 8);
  // One source (nothing flows into rank 0), every other graph node fed exactly once.
  const std::vector<int> in = in_degree(a, 22);
  EXPECT_EQ(in[0], 0);
  for (uint32_t r = 1; r <= 20; ++r) EXPECT_EQ(in[r], 1) << r;
  EXPECT_EQ(in[21], 0);
  EXPECT_EQ(find_benchmark("dt_wh")->check('A', 20), "needs at least 21 ranks (one per graph node) in class A");
  // Class W: 1 source -> 2 comparators -> 8 sinks (the first comparator feeds sinks 0-3).
  const Skeleton w = build("dt_wh", 'W', 11);
  const std::vector<Message> aw = arrays(w, 1728.0 * 8 * 4 * 8);
  ASSERT_EQ(aw.size(), 10u);
  EXPECT_EQ(aw[2 + 3].dst, 6u);
  EXPECT_EQ(aw[2 + 4].src, 2u);
  // Same sizes and rating as BH: an array per source or sink, widest layer x layers.
  EXPECT_EQ(s.mop, build("dt", 'A', 21).mop);
}

TEST(NpbSkeleton, DtShuffleLayersAreShuffleExchanges) {
  // Class A: w = 16, 5 layers of 16 (80 graph nodes); layer l on ranks 16 l .. 16 l + 15; node k
  // sends to nodes 2k mod 16 and 2k+1 mod 16 of the next layer; 4 x 32 arrays, each with its
  // length, and the 16 sinks' checksums to rank 0.
  const Skeleton s = build("dt_sh", 'A', 80);
  const std::vector<Message> a = arrays(s, kDtBytesA);
  ASSERT_EQ(a.size(), 128u);
  for (uint32_t l = 0; l < 4; ++l) {
    // A layer's arcs, by receiver: each receiver takes its first input, then its second.
    std::vector<std::pair<uint32_t, uint32_t>> arcs, want;
    for (uint32_t i = 0; i < 32; ++i) arcs.push_back({a[32 * l + i].src, a[32 * l + i].dst});
    for (uint32_t k = 0; k < 16; ++k)
      for (uint32_t e = 0; e < 2; ++e) want.push_back({16 * l + k, 16 * (l + 1) + (2 * k + e) % 16});
    std::sort(arcs.begin(), arcs.end());
    EXPECT_EQ(arcs, want) << l;
  }
  EXPECT_EQ(s.messages(), 128u * 2 + 16);
  EXPECT_EQ(s.bytes(), 128 * (4 + kDtBytesA) + 16 * 8);
  // Every comparator and sink combines two arrays; the sources none.
  const std::vector<int> in = in_degree(a, 80);
  for (uint32_t r = 0; r < 80; ++r) EXPECT_EQ(in[r], r < 16 ? 0 : 2) << r;
  // After log2(16) = 4 layers every source reaches every sink.
  std::vector<std::vector<bool>> reach(16, std::vector<bool>(80, false));
  for (uint32_t src = 0; src < 16; ++src) {
    reach[src][src] = true;
    for (const auto& m : a)
      if (reach[src][m.src]) reach[src][m.dst] = true;
    for (uint32_t sink = 64; sink < 80; ++sink) EXPECT_TRUE(reach[src][sink]) << src << " " << sink;
  }
  EXPECT_EQ(find_benchmark("dt_sh")->check('A', 79), "needs at least 80 ranks (one per graph node) in class A");
  // Graph nodes per class: w (log2 w + 1) = 12, 32, 80, 192, 448.
  const uint32_t nodes[] = {12, 32, 80, 192, 448};
  for (int c = 0; c < 5; ++c) {
    EXPECT_EQ(find_benchmark("dt_sh")->check(kClasses[c], nodes[c]), "") << kClasses[c];
    EXPECT_NE(find_benchmark("dt_sh")->check(kClasses[c], nodes[c] - 1), "") << kClasses[c];
  }
  // Rating: the array's values x 16 x 5.
  EXPECT_EQ(s.mop, 1728.0 * 64 * 4 * 16 * 5 / 1e6);
}

TEST(NpbSkeleton, DtGraphNodeCountsPerClass) {
  // BH and WH: 4 x 2^class sources in a tree of fan 4: 5, 11, 21, 43, 85 nodes.
  const uint32_t nodes[] = {5, 11, 21, 43, 85};
  for (const char* name : {"dt", "dt_wh"})
    for (int c = 0; c < 5; ++c) {
      EXPECT_EQ(find_benchmark(name)->check(kClasses[c], nodes[c]), "") << name << kClasses[c];
      EXPECT_NE(find_benchmark(name)->check(kClasses[c], nodes[c] - 1), "") << name << kClasses[c];
    }
}

TEST(NpbSkeleton, Graph500ClassS) {
  // SCALE 16: M = 2^20 edges, 2^21 adjacency entries per search. 4 ranks: level l's share
  // (in 1/1024) s_l gives 2^21 s_l / 1024 / 4^2 = 128 s_l entries per ordered pair, 16 bytes
  // each. Per level: compute, 3 all-to-all rounds of 4 messages, 2 allreduce rounds of 4
  // (8 bytes); 7 levels, 64 searches.
  const Skeleton s = build("graph500", 'S', 4);
  ASSERT_EQ(s.blocks.size(), 1u);
  EXPECT_EQ(s.blocks[0].times, 64u);
  const auto& steps = s.blocks[0].steps;
  ASSERT_EQ(steps.size(), 7u * 6);
  const uint32_t share[] = {1, 5, 205, 614, 184, 14, 1};
  double exchanged = 0;
  for (uint32_t l = 0; l < 7; ++l) {
    EXPECT_EQ(steps[6 * l].flops, 4.0 * 2097152 * share[l] / 1024 / 4) << l;
    EXPECT_TRUE(steps[6 * l].msgs.empty());
    for (uint32_t k = 1; k <= 3; ++k) {
      ASSERT_EQ(steps[6 * l + k].msgs.size(), 4u);
      for (const auto& m : steps[6 * l + k].msgs) {
        EXPECT_EQ(m.bytes, 128u * share[l] * 16) << l;
        exchanged += static_cast<double>(m.bytes);
      }
    }
    for (uint32_t k = 4; k <= 5; ++k) {  // the frontier-count allreduce
      ASSERT_EQ(steps[6 * l + k].msgs.size(), 4u);
      for (const auto& m : steps[6 * l + k].msgs) EXPECT_EQ(m.bytes, 8u);
    }
  }
  // The levels' shares sum to a whole search: the 3/4 of the 2^21 entries owned elsewhere.
  EXPECT_EQ(exchanged, 2097152.0 * 3 / 4 * 16);
  EXPECT_EQ(s.messages(), 64u * 7 * (12 + 8));
  EXPECT_EQ(s.bytes(), 64 * (exchanged + 7 * 8 * 8));
  EXPECT_EQ(s.flops_per_rank(), 64 * 4.0 * 2097152 / 4);
  // Rating: TEPS edges, M = 16 x 2^16 per search.
  EXPECT_EQ(s.mop, 64 * 1048576 / 1e6);
  EXPECT_EQ(find_benchmark("graph500")->check('C', 3), "");  // a 1-D partition fits any R
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
  // At 256 ranks, or 1,024 (square and a power of two) for graphs larger than 256 nodes (DT SH
  // class C: 448). No rank sends to itself.
  for (const auto& b : benchmarks())
    for (const char* c = kClasses; *c; ++c) {
      const uint32_t ranks = b.check(*c, 256).empty() ? 256 : 1024;
      ASSERT_EQ(b.check(*c, ranks), "") << b.name << *c;
      const Skeleton s = b.build(*c, ranks);
      EXPECT_GT(s.messages(), 0u) << b.name << *c;
      EXPECT_GT(s.mop, 0) << b.name << *c;
      for (const auto& bl : s.blocks)
        for (const auto& st : bl.steps)
          for (const auto& m : st.msgs) ASSERT_NE(m.src, m.dst) << b.name << *c;
    }
}
