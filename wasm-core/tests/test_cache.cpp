#include <gtest/gtest.h>

#include "cache/index.hpp"
#include "cache/lru_list.hpp"
#include "cache/set_assoc.hpp"
#include "common/crc.hpp"

using namespace switchlab;

namespace {
SetAssocCache make(uint32_t entries, uint32_t ways, Policy p) {
  CacheGeometry g;
  g.entries = entries;
  g.ways = ways;
  g.policy = p;
  return SetAssocCache(g, 42);
}
}  // namespace

TEST(Cache, LruEvictsLeastRecentlyUsed) {
  auto c = make(4, 4, Policy::Lru);  // one set, 4 ways
  for (uint32_t t : {1, 2, 3, 4}) EXPECT_FALSE(c.access(0, t));
  EXPECT_TRUE(c.access(0, 1));   // order (MRU..LRU): 1 4 3 2
  EXPECT_FALSE(c.access(0, 5));  // evicts 2
  EXPECT_TRUE(c.access(0, 3));
  EXPECT_TRUE(c.access(0, 4));
  EXPECT_TRUE(c.access(0, 1));
  EXPECT_FALSE(c.access(0, 2));  // 2 was the victim; now evicts 5 (LRU)
  EXPECT_FALSE(c.access(0, 5));
  EXPECT_EQ(c.occupancy(), 4u);
}

TEST(Cache, FifoIgnoresHits) {
  auto c = make(2, 2, Policy::Fifo);
  c.access(0, 1);
  c.access(0, 2);
  EXPECT_TRUE(c.access(0, 1));   // a hit does not refresh under FIFO
  EXPECT_FALSE(c.access(0, 3));  // evicts 1, the oldest arrival
  EXPECT_TRUE(c.access(0, 2));
  EXPECT_FALSE(c.access(0, 1));
}

TEST(Cache, LfuKeepsFrequentTags) {
  auto c = make(2, 2, Policy::Lfu);
  c.access(0, 1);
  c.access(0, 1);
  c.access(0, 1);
  c.access(0, 2);
  EXPECT_FALSE(c.access(0, 3));  // evicts 2 (count 1) rather than 1 (count 3)
  EXPECT_TRUE(c.access(0, 1));
  EXPECT_FALSE(c.access(0, 2));
}

TEST(Cache, TreePlruVictim) {
  auto c = make(4, 4, Policy::Plru);
  for (uint32_t t : {10, 11, 12, 13}) c.access(0, t);  // ways 0..3
  c.access(0, 10);                                      // touch way 0
  // Bits now point away from way 0's half and, in the other half, away from way 3 (last fill):
  // the victim is way 2 (tag 12).
  EXPECT_FALSE(c.access(0, 14));
  EXPECT_TRUE(c.access(0, 10));
  EXPECT_TRUE(c.access(0, 11));
  EXPECT_TRUE(c.access(0, 13));
  EXPECT_FALSE(c.access(0, 12));
}

TEST(Cache, SetsAreIndependent) {
  auto c = make(4, 1, Policy::Lru);  // direct mapped, 4 sets
  EXPECT_FALSE(c.access(0, 7));
  EXPECT_FALSE(c.access(1, 8));
  EXPECT_TRUE(c.access(0, 7));
  EXPECT_FALSE(c.access(0, 9));  // conflicts with 7 in set 0 only
  EXPECT_TRUE(c.access(1, 8));
  EXPECT_FALSE(c.access(0, 7));
}

TEST(Cache, FullyAssociativeLruMatchesReferenceList) {
  auto c = make(64, 64, Policy::Lru);  // uses the O(1) list
  LruList ref(64);
  Rng rng(3);
  for (int i = 0; i < 20000; ++i) {
    const uint32_t t = static_cast<uint32_t>(rng.uniform_u64(100));
    ASSERT_EQ(c.access(0, t), ref.access(t));
  }
  // And the list itself against a brute-force LRU stack.
  LruList l(3);
  std::vector<uint32_t> stack;
  for (uint32_t t : {1, 2, 3, 1, 4, 2, 5, 1, 3, 3, 4}) {
    auto it = std::find(stack.begin(), stack.end(), t);
    const bool expect = it != stack.end();
    if (expect) stack.erase(it);
    stack.insert(stack.begin(), t);
    if (stack.size() > 3) stack.pop_back();
    EXPECT_EQ(l.access(t), expect) << "tag " << t;
  }
}

TEST(Index, SetIndexFunctions) {
  EXPECT_EQ(index_of(IndexKind::LowBits, 0x1234, 256), 0x34u);
  EXPECT_EQ(index_of(IndexKind::LowBits, 10, 3), 1u);
  EXPECT_EQ(index_of(IndexKind::Crc32, 5, 512), crc32_of_id(5) % 512);
  EXPECT_EQ(index_of(IndexKind::Crc16, 5, 512), crc16_of_id(5) % 512u);
  // xor_fold of 0x12345678 into 8-bit chunks: 0x12 ^ 0x34 ^ 0x56 ^ 0x78 = 0x08.
  EXPECT_EQ(index_of(IndexKind::XorFold, 0x12345678u, 256), 0x08u);
  EXPECT_EQ(index_of(IndexKind::Crc32, 12345, 1), 0u);
}
