#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cache/index.hpp"
#include "cache/lru_list.hpp"
#include "cache/cache_bank.hpp"
#include "common/crc.hpp"

using namespace switchlab;

namespace {
SetAssocCache make(uint32_t entries, uint32_t ways, const char* policy) {
  CacheGeometry g;
  g.entries = entries;
  g.ways = ways;
  g.policy = find_policy(policy);
  return SetAssocCache(g, 42);
}
}  // namespace

TEST(Cache, LruEvictsLeastRecentlyUsed) {
  auto c = make(4, 4, "lru");  // one set, 4 ways
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
  auto c = make(2, 2, "fifo");
  c.access(0, 1);
  c.access(0, 2);
  EXPECT_TRUE(c.access(0, 1));   // a hit does not refresh under FIFO
  EXPECT_FALSE(c.access(0, 3));  // evicts 1, the oldest arrival
  EXPECT_TRUE(c.access(0, 2));
  EXPECT_FALSE(c.access(0, 1));
}

TEST(Cache, LfuKeepsFrequentTags) {
  auto c = make(2, 2, "lfu");
  c.access(0, 1);
  c.access(0, 1);
  c.access(0, 1);
  c.access(0, 2);
  EXPECT_FALSE(c.access(0, 3));  // evicts 2 (count 1) rather than 1 (count 3)
  EXPECT_TRUE(c.access(0, 1));
  EXPECT_FALSE(c.access(0, 2));
}

TEST(Cache, TreePlruVictim) {
  auto c = make(4, 4, "plru");
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
  auto c = make(4, 1, "lru");  // direct mapped, 4 sets
  EXPECT_FALSE(c.access(0, 7));
  EXPECT_FALSE(c.access(1, 8));
  EXPECT_TRUE(c.access(0, 7));
  EXPECT_FALSE(c.access(0, 9));  // conflicts with 7 in set 0 only
  EXPECT_TRUE(c.access(1, 8));
  EXPECT_FALSE(c.access(0, 7));
}

TEST(Cache, FullyAssociativeLruMatchesReferenceList) {
  auto c = make(64, 64, "lru");  // uses the O(1) list
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

// More than 16 ways but several sets: each set is its own LRU stack (a single fully associative
// list would let one set's tags evict another's).
TEST(Cache, WideSetsStayIndependent) {
  auto c = make(64, 32, "lru");  // 2 sets of 32 ways
  std::vector<std::vector<uint32_t>> ref(2);
  Rng rng(5);
  for (int i = 0; i < 20000; ++i) {
    const uint32_t t = static_cast<uint32_t>(rng.uniform_u64(80)), set = t % 2;
    auto& stack = ref[set];
    auto it = std::find(stack.begin(), stack.end(), t);
    const bool expect = it != stack.end();
    if (expect) stack.erase(it);
    stack.insert(stack.begin(), t);
    if (stack.size() > 32) stack.pop_back();
    ASSERT_EQ(c.access(set, t), expect) << i;
  }
  EXPECT_EQ(c.occupancy(), 64u);
}

namespace {
uint32_t index_of(const char* name, uint64_t key, uint32_t key_bits, uint32_t sets) {
  return find_index_function(name)->set_of(key, key_bits, sets);
}
}  // namespace

TEST(Index, SetIndexFunctions) {
  EXPECT_EQ(index_of("low_bits", 0x1234, 24, 256), 0x34u);
  EXPECT_EQ(index_of("low_bits", 10, 24, 3), 1u);
  EXPECT_EQ(index_of("crc32", 5, 24, 512), crc32_of_key(5, 24) % 512);
  EXPECT_EQ(index_of("crc16", 5, 24, 512), crc16_of_key(5, 24) % 512u);
  // xor_fold of 0x12345678 into 8-bit chunks: 0x12 ^ 0x34 ^ 0x56 ^ 0x78 = 0x08.
  EXPECT_EQ(index_of("xor_fold", 0x12345678u, 32, 256), 0x08u);
  // 64-bit ids fold every chunk: 0x01 ^ 0x80 = 0x81.
  EXPECT_EQ(index_of("xor_fold", 0x0100000000000080u, 64, 256), 0x81u);
  EXPECT_EQ(index_of("crc32", 12345, 24, 1), 0u);
  EXPECT_EQ(index_of("switchable", 7, 24, 4), 3u);  // the output port mod sets
}

// The registry is the one list: names sorted, every entry documented, the config's enum and
// description built from it.
TEST(Index, RegistryListsEveryFunction) {
  EXPECT_EQ(index_function_names(), (std::vector<std::string>{"crc16", "crc32", "low_bits", "switchable", "xor_fold"}));
  EXPECT_EQ(replacement_policy_names(), (std::vector<std::string>{"fifo", "lfu", "lru", "plru", "random"}));
  for (const auto& i : index_functions()) EXPECT_FALSE(i.doc.empty()) << i.name;
  for (const auto& p : replacement_policies()) EXPECT_FALSE(p.doc.empty()) << p.name;
  EXPECT_TRUE(find_index_function("switchable")->keyed_by_output_port);
  EXPECT_EQ(default_policy()->name, "lru");
}

// docs/engines.md repeats every registered entry's text, so the docs cannot drift from the code.
TEST(Index, DocsListEveryRegistryEntry) {
  std::ifstream f(std::string(SWITCHLAB_SOURCE_DIR) + "/../docs/engines.md");
  ASSERT_TRUE(f) << "docs/engines.md";
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string docs = ss.str();
  for (const auto& i : index_functions())
    EXPECT_NE(docs.find("| `" + i.name + "` | " + i.doc + " |"), std::string::npos) << i.name;
  for (const auto& p : replacement_policies())
    EXPECT_NE(docs.find("| `" + p.name + "` | " + p.doc + " |"), std::string::npos) << p.name;
}

// Sparse storage (only the sets looked up, cache/sparse_sets.hpp) behaves exactly as dense arrays:
// the same hits and occupancies for every policy on a random stream over several caches.
TEST(CacheBank, SparseStorageMatchesDenseForEveryPolicy) {
  for (const char* policy : {"lru", "fifo", "lfu", "plru", "random"}) {
    CacheGeometry g;
    g.entries = 64;
    g.ways = 4;
    g.policy = find_policy(policy);
    auto seed = [](size_t c) { return uint64_t{77} + c; };
    CacheBank dense(g, 5, seed), sparse(g, 5, seed, CacheStorage::Sparse);
    Rng rng(3);
    for (int i = 0; i < 200000; ++i) {
      const auto cache = static_cast<uint32_t>(rng.uniform_u64(5));
      const auto tag = static_cast<uint32_t>(rng.uniform_u64(200));
      ASSERT_EQ(dense.access(cache, tag % g.sets(), tag), sparse.access(cache, tag % g.sets(), tag)) << policy << " " << i;
    }
    EXPECT_EQ(dense.occupancies(), sparse.occupancies()) << policy;
  }
}
