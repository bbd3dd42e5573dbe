#pragma once
// Every routing-table cache of a run (one per input port, or per switch) in one bank: the tags of
// all caches in one flat array (cache, set, way) and the policies' words in another, instead of an
// object with its own vectors per port. Per-port state is entries x 4 B (plus the policy's words),
// a set's address is known before it is looked up (the route walk prefetches it), and pages of
// caches no packet crosses stay uncommitted (common/zeroed_array.hpp; empty = 0).
// The 12-byte entry of seed 001 Sec. 3 (8 B tag, 2 B port, 2 B reserved) matters for cost, not for
// hit/miss, so only the tag is simulated.
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <vector>

#include "cache/replacement.hpp"
#include "common/zeroed_array.hpp"

namespace switchlab {

struct CacheGeometry {
  uint32_t entries = 0;
  uint32_t ways = 0;  // == entries when fully associative
  uint32_t sets() const { return entries / ways; }
  const PolicyInfo* policy = default_policy();
};

// How a bank keeps its state; the run's estimate picks it (RunEstimate::cache_storage), so that its
// memory figure is what the storage commits.
enum class CacheStorage {
  Dense,           // flat arrays, committed 4 KB page by page as caches are first looked up
  DenseHugePages,  // the same in huge pages: for runs that look every cache up (fewer TLB misses)
  Sparse,          // only the sets looked up (cache/sparse_sets.hpp)
};

class CacheBank {
 public:
  // `caches` caches of geometry `g` (ids below 2^32); `rng_seed(c)` seeds cache c's stream (asked only when the
  // policy draws random numbers). Throws std::bad_alloc if the arrays cannot be reserved.
  CacheBank(const CacheGeometry& g, size_t caches, const std::function<uint64_t(size_t)>& rng_seed,
            CacheStorage storage = CacheStorage::Dense);

  // Looks `tag` up in `set` of cache `cache`; a miss installs it, evicting by the policy. Returns
  // true on a hit. Tags are stored + 1 (0 marks an empty way), so tag 0xFFFFFFFF is not allowed.
  bool access(uint32_t cache, uint32_t set, uint32_t tag) {
    const CacheAccess a{cache, set, tag};
    uint8_t hit;
    access_all_(arrays_, &a, &hit, nullptr, 1);
    return hit;
  }
  // Look-ups a[j] in order, j = 0..n-1 or only[0..n-1]; hit[j] = 1 if look-up j hit.
  void access_all(const CacheAccess* a, uint8_t* hit, const uint32_t* only, size_t n) { access_all_(arrays_, a, hit, only, n); }
  size_t size() const { return caches_; }
  // Valid entries of every cache.
  std::vector<uint32_t> occupancies() const;
  // Bytes of state one cache of geometry `g` keeps in a bank (tags, policy words, its touched flag,
  // its random stream or list when the policy uses them).
  static uint64_t bytes_per_cache(const CacheGeometry& g);
  // Bytes the bank has allocated (dense arrays counted whole: reserved, committed as touched), for
  // checking the run's memory estimate (RouteWalkRun::state_bytes).
  double allocated_bytes() const;

 private:
  uint32_t dense_occupancy(size_t cache) const;

  AccessAllFn access_all_;
  size_t caches_;
  uint32_t entries_, ways_, meta_per_set_;
  size_t meta_per_cache_;
  ZeroedArray<uint32_t> tags_, meta_;  // dense storage
  std::vector<SparseSets> sparse_;      // sparse storage, kCacheShards tables
  std::vector<Rng> rngs_;       // per cache, only for policies that draw
  std::vector<LruList> lists_;  // per cache, only for fully associative caches the policy keeps as a list
  std::vector<uint8_t> touched_;
  BankArrays arrays_{};         // views of the above
};

// One cache on its own (the kernel benchmark, unit tests and validation checks).
class SetAssocCache {
 public:
  SetAssocCache(const CacheGeometry& g, uint64_t seed) : bank_(g, 1, [seed](size_t) { return seed; }) {}
  bool access(uint32_t set, uint32_t tag) { return bank_.access(0, set, tag); }
  uint32_t occupancy() const { return bank_.occupancies()[0]; }

 private:
  CacheBank bank_;
};

}  // namespace switchlab
