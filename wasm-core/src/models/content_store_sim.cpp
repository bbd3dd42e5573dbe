#include "models/content_store_sim.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "common/rng.hpp"
#include "common/zipf.hpp"

namespace switchlab::models {

namespace {

// LRU over item ids 0..n-1 as an intrusive doubly linked list in arrays (O(1) per operation,
// 9 B per catalogue item); sentinel n is both head and tail.
class LruStore {
 public:
  LruStore(uint32_t n, uint64_t capacity)
      : n_(n), cap_(capacity), prev_(n + 1, n), next_(n + 1, n), in_(n, 0) {}

  bool contains(uint32_t k) const { return in_[k] != 0; }

  void touch(uint32_t k) {
    unlink(k);
    push_front(k);
    in_[k] = kUsed;
  }

  // Returns 0 if nothing was evicted, 1 if the victim had been hit, 2 if it never was.
  int insert(uint32_t k) {
    int evicted = 0;
    if (size_ == cap_) {
      const uint32_t victim = prev_[n_];
      unlink(victim);
      evicted = in_[victim] == kUsed ? 1 : 2;
      in_[victim] = 0;
      --size_;
    }
    push_front(k);
    in_[k] = kFresh;
    ++size_;
    return evicted;
  }

 private:
  void unlink(uint32_t k) {
    next_[prev_[k]] = next_[k];
    prev_[next_[k]] = prev_[k];
  }
  void push_front(uint32_t k) {
    next_[k] = next_[n_];
    prev_[k] = n_;
    prev_[next_[n_]] = k;
    next_[n_] = k;
  }

  static constexpr uint8_t kFresh = 1, kUsed = 2;  // in_[k]: 0 absent, fresh (not hit yet), used
  uint32_t n_;
  uint64_t cap_, size_ = 0;
  std::vector<uint32_t> prev_, next_;
  std::vector<uint8_t> in_;
};

void count_insert(ContentStoreStats& s, int evicted) {
  ++s.inserts;
  s.evictions += evicted != 0;
  s.evicted_unused += evicted == 2;
}

}  // namespace

ContentStoreSimResult simulate_content_store(const ContentStoreSimParams& p) {
  const uint32_t n = static_cast<uint32_t>(p.catalogue_size);
  const uint64_t cap = static_cast<uint64_t>(std::max<int64_t>(1, std::min(p.cache_entries, p.catalogue_size)));
  ZipfSampler zipf(n, p.zipf_alpha);
  Rng rng(p.seed);
  LruStore naive(n, cap), proposal(n, cap);
  std::vector<uint16_t> count(n, 0);  // seed 002: 16-bit request counters kept on the server
  std::vector<uint64_t> answer_until(n, 0);  // lazy response: request index the pending read covers
  ContentStoreSimResult res;
  // Requests arrive evenly at request_rate (a deterministic clock; Poisson arrivals would need
  // libm's log); the delay window in requests is a single IEEE product, identical everywhere.
  res.lazy_window_requests = static_cast<uint64_t>(std::floor(p.lazy_delay_us * p.request_rate_Mpps));
  const uint64_t total = static_cast<uint64_t>(p.warmup_requests + p.requests);
  const uint64_t window = static_cast<uint64_t>(p.admission_window_requests);
  for (uint64_t i = 0; i < total; ++i) {
    if (i % window == 0) std::fill(count.begin(), count.end(), uint16_t{0});  // fixed counting window
    const uint32_t k = static_cast<uint32_t>(zipf.sample(rng));
    const bool measured = i >= static_cast<uint64_t>(p.warmup_requests);
    if (count[k] < UINT16_MAX) ++count[k];
    // Naive content store.
    if (naive.contains(k)) {
      naive.touch(k);
      if (measured) ++res.naive.hits, ++res.naive.reads;
    } else {
      const int ev = naive.insert(k);
      if (measured) count_insert(res.naive, ev);
    }
    // Cache admission + lazy response.
    if (proposal.contains(k)) {
      proposal.touch(k);
      const bool covered = i < answer_until[k];  // a read scheduled within the delay answers this one too
      if (!covered) answer_until[k] = i + res.lazy_window_requests;
      if (measured) ++res.proposal.hits, res.proposal.reads += covered ? 0 : 1;
    } else if (count[k] >= p.admission_threshold) {
      const int ev = proposal.insert(k);
      answer_until[k] = 0;
      if (measured) count_insert(res.proposal, ev);
    }
    if (measured) ++res.naive.requests, ++res.proposal.requests;
  }
  return res;
}

}  // namespace switchlab::models
