#pragma once
// Replacement policies of the per-port routing-table cache (docs/engines.md, Caches), registered by name
// (`switch.cache.policy`): one file per policy under cache/policy/, each with one PolicyRegistrar
// line; the config enum and its description come from this table. A cache resolves its policy's
// look-up routine once, so a look-up costs one indirect call and no branching on the policy.
#include <cstdint>
#include <string>
#include <vector>

#include "cache/lru_list.hpp"
#include "cache/sparse_sets.hpp"
#include "common/prefetch.hpp"
#include "common/rng.hpp"

namespace switchlab {

// The state of one cache that a policy updates: `sets` x `ways` tags and the policy's own words, a
// view into the run's CacheBank. Empty ways hold kEmpty (0: tags are stored + 1, so that freshly
// allocated zero pages are empty caches).
struct CacheState {
  static constexpr uint32_t kEmpty = 0;

  uint32_t* tags_of(uint32_t set) const { return tags + static_cast<size_t>(set) * ways; }
  // The policy's meta_per_set words of `set`.
  uint32_t* meta_of(uint32_t set) const { return meta + static_cast<size_t>(set) * meta_per_set; }

  uint32_t* tags;  // sets x ways
  uint32_t* meta;  // sets x meta_per_set, e.g. LFU use counts, tree-PLRU bits
  uint32_t entries, ways, meta_per_set;
  Rng* rng;       // the cache's own stream, for policies with uses_rng
  LruList* list;  // a policy with uses_list may keep a fully associative cache here instead of tags
};

// The arrays of every cache of a bank (cache/cache_bank.hpp).
struct BankArrays {
  uint32_t* tags;       // caches x entries (dense storage)
  uint32_t* meta;       // caches x meta_per_cache (dense storage)
  SparseSets* sparse;   // sparse storage: the sets looked up so far, kCacheShards tables, or null
  Rng* rngs;         // per cache, or null
  LruList* lists;    // per cache, or null
  uint8_t* touched;  // per cache: looked up at least once (occupancy() skips the others)
  uint32_t entries, ways, meta_per_set;
  size_t meta_per_cache;

  // Starts loading what a look-up of `set` in `cache` reads first.
  SWITCHLAB_PREFETCH_FN void prefetch(uint32_t cache, uint32_t set) const {
    if (sparse) sparse[cache_shard(cache)].prefetch(cache, set);
    else prefetch_address(tags + size_t{cache} * entries + size_t{set} * ways);
  }
};

// One look-up: tag `tag` (below 0xFFFFFFFF) in set `set` of cache `cache`.
struct CacheAccess {
  uint32_t cache, set, tag;
};

// A policy's look-up of one tag: a miss installs it, evicting by the policy. Returns true on a hit.
// `tag` is the stored tag (+ 1), never kEmpty. Declared SWITCHLAB_POLICY_ACCESS, so that it is
// inlined into access_all's loops (GCC 12 otherwise kept it a call per look-up).
#if defined(__GNUC__) || defined(__clang__)
#define SWITCHLAB_POLICY_ACCESS [[gnu::always_inline]] inline
#else
#define SWITCHLAB_POLICY_ACCESS inline
#endif
using AccessFn = bool (*)(CacheState& cache, uint32_t set, uint32_t tag);
// Look-ups a[j] in order for j = 0..n-1, or for j = only[0..n-1] when `only` is given; hit[j] = 1 if
// look-up j hit. Policies register access_all<their access>, so the policy's look-up is inlined
// into the loop: one indirect call per batch, not per look-up.
using AccessAllFn = void (*)(const BankArrays& bank, const CacheAccess* a, uint8_t* hit, const uint32_t* only, size_t n);

#if defined(__EMSCRIPTEN__)
inline volatile uint32_t touched_sink;  // keeps access_all's reads of sets from being optimised away
#endif

// access_all's loop for one storage kind and one way of picking look-ups (`at(i)`): the choices are
// template parameters so that the loop body carries no test of them.
template <AccessFn Access, bool kSparse, class At>
void access_loop(const BankArrays& arrays, const CacheAccess* a, uint8_t* hit, size_t n, At at) {
  // A local copy: the byte stores below (hit, touched) may alias anything as far as the compiler
  // knows, so fields read through the reference would be loaded again for every look-up.
  const BankArrays bank = arrays;
  // Sets are requested from memory kAhead look-ups before they are read: a big network's caches do
  // not fit in the CPU's, and the look-ups of a batch are independent until they reach one cache.
  constexpr size_t kAhead = 16;
#if defined(__EMSCRIPTEN__)
  // WebAssembly has no prefetch instruction: read a word of every set first (independent loads,
  // which the CPU overlaps), so the look-ups below find their sets in the CPU's caches.
  if (!kSparse) {
    uint32_t sink = 0;
    for (size_t i = 0; i < n; ++i) sink |= bank.tags[size_t{a[at(i)].cache} * bank.entries + size_t{a[at(i)].set} * bank.ways];
    touched_sink = sink;
  }
#endif
  for (size_t i = 0; i < n && i < kAhead; ++i) bank.prefetch(a[at(i)].cache, a[at(i)].set);
  for (size_t i = 0; i < n; ++i) {
    if (i + kAhead < n) bank.prefetch(a[at(i + kAhead)].cache, a[at(i + kAhead)].set);
    const size_t j = at(i);
    const uint32_t cache = a[j].cache;
    bank.touched[cache] = 1;
    CacheState s{nullptr, nullptr, bank.entries, bank.ways, bank.meta_per_set, bank.rngs ? bank.rngs + cache : nullptr,
                 bank.lists ? bank.lists + cache : nullptr};
    uint32_t set = a[j].set;
    if constexpr (kSparse) {  // the policy sees the set's own block as set 0
      SparseSets& shard = bank.sparse[cache_shard(cache)];
      const uint32_t block = shard.block_of(cache, set);
      s.tags = shard.tags(block);
      s.meta = shard.meta(block);
      set = 0;
    } else {
      s.tags = bank.tags + size_t{cache} * bank.entries;
      s.meta = bank.meta + cache * bank.meta_per_cache;
    }
    hit[j] = Access(s, set, a[j].tag + 1);
  }
}

template <AccessFn Access>
void access_all(const BankArrays& bank, const CacheAccess* a, uint8_t* hit, const uint32_t* only, size_t n) {
  auto all = [](size_t i) { return i; };
  auto some = [only](size_t i) { return size_t{only[i]}; };
  if (bank.sparse) {
    if (only) access_loop<Access, true>(bank, a, hit, n, some); else access_loop<Access, true>(bank, a, hit, n, all);
  } else {
    if (only) access_loop<Access, false>(bank, a, hit, n, some); else access_loop<Access, false>(bank, a, hit, n, all);
  }
}

struct PolicyInfo {
  std::string name;
  std::string doc;
  AccessAllFn access;
  uint32_t (*meta_words_per_set)(uint32_t ways) = nullptr;  // null: none
  // Why the policy cannot manage sets of `ways` ways, as the allowed values, or "" if it can.
  std::string (*check_ways)(uint32_t ways) = nullptr;  // null: any
  bool uses_rng = false;   // draws from CacheState::rng
  bool uses_list = false;  // keeps fully associative caches in CacheState::list
};

// Where a policy with uses_list keeps a cache as an O(1) list instead of scanning its ways: fully
// associative with many ways.
inline bool keeps_list(uint32_t entries, uint32_t ways) { return ways == entries && ways > 16; }

constexpr const char* kDefaultPolicy = "lru";

const std::vector<PolicyInfo>& replacement_policies();
std::vector<std::string> replacement_policy_names();
const PolicyInfo* find_policy(const std::string& name);
const PolicyInfo* default_policy();
// "LEAD. name: doc; ..." for the config field's description.
std::string describe_policies(const std::string& lead);

struct PolicyRegistrar {
  explicit PolicyRegistrar(PolicyInfo info);
};

}  // namespace switchlab
