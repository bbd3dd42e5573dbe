#include "cache/cache_bank.hpp"

#include <algorithm>
#include <new>

namespace switchlab {

CacheBank::CacheBank(const CacheGeometry& g, size_t caches, const std::function<uint64_t(size_t)>& rng_seed, CacheStorage storage)
    : access_all_(g.policy->access), caches_(caches), entries_(g.entries), ways_(g.ways),
      meta_per_set_(g.policy->meta_words_per_set ? g.policy->meta_words_per_set(g.ways) : 0),
      meta_per_cache_(static_cast<size_t>(g.sets()) * meta_per_set_) {
  if (entries_ && caches_ > SIZE_MAX / sizeof(uint32_t) / entries_) throw std::bad_alloc();
  if (storage == CacheStorage::Sparse) {
    sparse_.assign(kCacheShards, SparseSets(ways_, meta_per_set_));
  } else {
    const bool huge = storage == CacheStorage::DenseHugePages;
    tags_ = ZeroedArray<uint32_t>(caches_ * entries_, huge);
    meta_ = ZeroedArray<uint32_t>(caches_ * meta_per_cache_, huge);
  }
  if (g.policy->uses_rng) {
    rngs_.reserve(caches_);
    for (size_t c = 0; c < caches_; ++c) rngs_.emplace_back(rng_seed(c));
  }
  if (g.policy->uses_list && keeps_list(entries_, ways_)) lists_.assign(caches_, LruList(entries_));
  touched_.assign(caches_, 0);
  arrays_ = {tags_.get(), meta_.get(), sparse_.empty() ? nullptr : sparse_.data(), rngs_.empty() ? nullptr : rngs_.data(), lists_.empty() ? nullptr : lists_.data(),
             touched_.data(), entries_, ways_, meta_per_set_, meta_per_cache_};
}

uint32_t CacheBank::dense_occupancy(size_t cache) const {
  if (!touched_[cache]) return 0;  // without reading (and so committing) its pages
  const uint32_t* t = tags_.get() + cache * entries_;
  return (lists_.empty() ? 0 : lists_[cache].size()) +
         static_cast<uint32_t>(std::count_if(t, t + entries_, [](uint32_t x) { return x != CacheState::kEmpty; }));
}

uint64_t CacheBank::bytes_per_cache(const CacheGeometry& g) {
  const PolicyInfo& p = *g.policy;
  const uint64_t meta_words = uint64_t{g.sets()} * (p.meta_words_per_set ? p.meta_words_per_set(g.ways) : 0);
  // Fixed sizes rather than sizeof: the summary must be the same in every build (WASM has 4-byte pointers).
  constexpr uint64_t kRngBytes = 32, kListBytes = 64, kListBytesPerEntry = 28;  // list: node + map slots
  return uint64_t{g.entries} * sizeof(uint32_t) + meta_words * sizeof(uint32_t) + 1 + (p.uses_rng ? kRngBytes : 0) +
         (p.uses_list && keeps_list(g.entries, g.ways) ? kListBytes + uint64_t{g.entries} * kListBytesPerEntry : 0);
}

double CacheBank::allocated_bytes() const {
  double bytes = (tags_.size() + meta_.size()) * sizeof(uint32_t) + rngs_.capacity() * sizeof(Rng) +
                 lists_.capacity() * sizeof(LruList) + touched_.capacity();
  for (const SparseSets& shard : sparse_) bytes += shard.allocated_bytes();
  for (const LruList& list : lists_) bytes += list.allocated_bytes();
  return bytes;
}

std::vector<uint32_t> CacheBank::occupancies() const {
  std::vector<uint32_t> occ(caches_, 0);
  if (sparse_.empty()) {
    for (size_t c = 0; c < caches_; ++c) occ[c] = dense_occupancy(c);
    return occ;
  }
  for (const SparseSets& shard : sparse_)
    shard.for_each([&](uint32_t cache, const uint32_t* tags) {
      occ[cache] += static_cast<uint32_t>(std::count_if(tags, tags + ways_, [](uint32_t x) { return x != CacheState::kEmpty; }));
    });
  for (size_t c = 0; c < lists_.size(); ++c) occ[c] += lists_[c].size();
  return occ;
}

}  // namespace switchlab
