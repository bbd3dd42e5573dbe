#pragma once
// The sets of a cache bank that have been looked up, and only those: an open-addressing hash table
// from (cache, set) to a block of `ways` tags (and the policy's words) in a growing pool. Used
// instead of dense arrays when a network has far more cache state than a run can touch (a 32^4
// torus with 2K-entry caches: 77 GB dense; a run of a million packets touches at most 65 M sets,
// ~50 B each here). Slower per look-up (a hash probe before the set), so only for such runs.
#include <cstdint>
#include <vector>

#include "common/prefetch.hpp"

namespace switchlab {

// Sparse storage is split into shards of caches, 64 consecutive ids each (mod kCacheShards): a
// multi-threaded route walk gives each shard to one thread at a time (its pipeline parts are these
// shards, engine/batch_pipeline.hpp), so no table is ever written by two threads.
constexpr uint32_t kCacheShards = 64;
inline uint32_t cache_shard(uint32_t cache) { return (cache >> 6) % kCacheShards; }

class SparseSets {
 public:
  SparseSets(uint32_t ways, uint32_t meta_per_set) : ways_(ways), meta_per_set_(meta_per_set) { rehash(1024); }

  // The block of (cache, set), created empty (zeroed) on first use.
  uint32_t block_of(uint32_t cache, uint32_t set) {
    const uint64_t key = key_of(cache, set);
    size_t i = slot_of(key);
    for (; keys_[i] != 0; i = (i + 1) & mask_)
      if (keys_[i] == key) return blocks_[i];
    if ((used_ + 1) * 2 > keys_.size()) {  // keep the load at most 1/2: short probes
      rehash(keys_.size() * 2);
      return block_of(cache, set);
    }
    const uint32_t b = used_++;
    keys_[i] = key;
    blocks_[i] = b;
    tags_.resize(tags_.size() + ways_, 0);
    meta_.resize(meta_.size() + meta_per_set_, 0);
    return b;
  }
  uint32_t* tags(uint32_t block) { return tags_.data() + size_t{block} * ways_; }
  uint32_t* meta(uint32_t block) { return meta_.data() + size_t{block} * meta_per_set_; }
  SWITCHLAB_PREFETCH_FN void prefetch(uint32_t cache, uint32_t set) const {
    prefetch_address(&keys_[slot_of(key_of(cache, set))]);
  }
  // f(cache, tags of the block) for every block.
  template <class F>
  void for_each(F&& f) const {
    for (size_t i = 0; i < keys_.size(); ++i)
      if (keys_[i]) f(static_cast<uint32_t>((keys_[i] - 1) >> 32), tags_.data() + size_t{blocks_[i]} * ways_);
  }
  uint32_t ways() const { return ways_; }
  // Bytes of its table and pools as allocated (CacheBank::allocated_bytes).
  size_t allocated_bytes() const {
    return keys_.capacity() * sizeof(uint64_t) + (blocks_.capacity() + tags_.capacity() + meta_.capacity()) * sizeof(uint32_t);
  }
  // Bytes per block at worst (for estimates): up to 4 table slots per block just after the table
  // doubles, and pools up to twice their contents while they grow.
  static uint64_t bytes_per_set(uint32_t ways, uint32_t meta_per_set) {
    return 4 * (sizeof(uint64_t) + sizeof(uint32_t)) + 2 * uint64_t{ways + meta_per_set} * sizeof(uint32_t);
  }

 private:
  static uint64_t key_of(uint32_t cache, uint32_t set) { return (uint64_t{cache} << 32 | set) + 1; }  // 0: empty slot
  size_t slot_of(uint64_t key) const {
    uint64_t h = key * 0x9E3779B97F4A7C15ULL;  // Fibonacci hashing: the top bits are well mixed
    return static_cast<size_t>(h >> 32) & mask_;
  }
  void rehash(size_t capacity) {
    std::vector<uint64_t> old_keys = std::move(keys_);
    std::vector<uint32_t> old_blocks = std::move(blocks_);
    keys_.assign(capacity, 0);
    blocks_.assign(capacity, 0);
    mask_ = capacity - 1;
    for (size_t i = 0; i < old_keys.size(); ++i) {
      if (!old_keys[i]) continue;
      size_t j = slot_of(old_keys[i]);
      while (keys_[j]) j = (j + 1) & mask_;
      keys_[j] = old_keys[i];
      blocks_[j] = old_blocks[i];
    }
  }

  uint32_t ways_, meta_per_set_;
  std::vector<uint64_t> keys_;    // (cache, set) + 1, 0 = empty
  std::vector<uint32_t> blocks_;  // block of the key in the same slot
  size_t mask_ = 0;
  uint32_t used_ = 0;
  std::vector<uint32_t> tags_, meta_;  // pools of blocks
};

}  // namespace switchlab
