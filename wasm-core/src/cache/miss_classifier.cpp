#include "cache/miss_classifier.hpp"

#include <algorithm>

namespace switchlab {

// The run's estimate counts a shadow object as kShadowObjectBytes in every build.
static_assert(sizeof(LruList) <= MissClassifier::kShadowObjectBytes, "a shadow object outgrew the estimate's bound");

MissClassifier::MissClassifier(size_t caches, uint32_t entries, uint32_t keys, uint32_t sampling) {
  if (keys <= entries) {  // exact and cheap whatever the sampling: no sample taken
    words_per_cache_ = (size_t{keys} + 63) / 64;
    seen_.assign(caches * words_per_cache_, 0);
    return;
  }
  sampling_ = sampling;
  sample_limit_ = 0xFFFFFFFFu / sampling;  // S a power of two: the hashes whose top log2(S) bits are 0
  // SHARDS scales the cache with the sample: entries x (the sampled share of the tags), rounded to
  // nearest, at least one. The share actually sampled, not 1 / S: with a few hundred tags the hash
  // picks noticeably more or fewer than keys / S, and a shadow sized for 1 / S then mistakes reuse
  // distances near the cache size (512 tags at S = 16: 40 sampled, 25 % more capacity misses).
  uint64_t picked = 0;
  for (uint32_t t = 0; t < keys; ++t) picked += sampled(t);
  const uint64_t scaled = (uint64_t{entries} * picked + keys / 2) / keys;
  const uint32_t shadow_entries = static_cast<uint32_t>(std::max<uint64_t>(1, scaled));
  shadow_.assign(caches, LruList(shadow_entries, /*remember_evicted=*/true));
}

double MissClassifier::allocated_bytes() const {
  double bytes = seen_.capacity() * sizeof(uint64_t);
  for (const LruList& shadow : shadow_) bytes += kShadowObjectBytes + shadow.allocated_bytes();
  return bytes;
}

bool estimate_misses(uint64_t total, const MissCounts& sampled, MissCounts& out) {
  __extension__ using u128 = unsigned __int128;  // total x count can pass 2^64 (look-ups up to ~1e11)
  const uint64_t n = sampled[0] + sampled[1] + sampled[2];
  out = {};
  if (total == 0) return true;
  if (n == 0) return false;
  MissCounts rem{};
  uint64_t left = total;
  for (size_t i = 0; i < out.size(); ++i) {
    const u128 share = static_cast<u128>(total) * sampled[i];
    out[i] = static_cast<uint64_t>(share / n);
    rem[i] = static_cast<uint64_t>(share % n);
    left -= out[i];
  }
  // left < 3: each floor loses less than one.
  for (; left > 0; --left) {
    size_t best = 0;
    for (size_t i = 1; i < rem.size(); ++i)
      if (rem[i] > rem[best]) best = i;
    ++out[best];
    rem[best] = 0;
  }
  return true;
}

}  // namespace switchlab
