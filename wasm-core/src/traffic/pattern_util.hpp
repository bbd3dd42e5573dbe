#pragma once
// Small helpers shared by the traffic patterns (internal to src/traffic and its tests).
#include <cstdint>
#include <vector>

#include "common/rng.hpp"
#include "traffic/traffic.hpp"

namespace switchlab::traffic_detail {

// log2 of a power of two.
inline uint32_t log2_exact(uint64_t n) {
  uint32_t b = 0;
  while ((uint64_t{1} << b) < n) ++b;
  return b;
}

// Fisher-Yates shuffle from the project RNG (std::shuffle's draws are implementation-defined).
inline void shuffle(std::vector<uint32_t>& v, Rng& rng) {
  for (size_t i = v.size(); i > 1; --i) {
    const size_t j = static_cast<size_t>(rng.uniform_u64(i));
    const uint32_t t = v[i - 1];
    v[i - 1] = v[j];
    v[j] = t;
  }
}

// A deterministic destination function dst = f(src) (a permutation such as bit-reverse). The
// source is uniform over the nodes; a source that f maps to itself would send to itself, so it
// is redrawn (rejection keeps the other sources uniform and the draw sequence reproducible).
// The spec's check() guarantees at least one source is not a fixed point.
template <class F>
class MapPattern final : public RankPattern {
 public:
  MapPattern(uint32_t n, F f) : n_(n), f_(f) {}
  void next(Rng& rng, uint32_t& src, uint32_t& dst) override {
    do {
      src = static_cast<uint32_t>(rng.uniform_u64(n_));
      dst = f_(src);
    } while (dst == src);
  }
  // The destination is f(src), no draw: a fixed point sends nothing (conditioning the redrawn
  // source on src, as by rejection, without its 2^16 draws per packet a fixed point would try).
  bool next_from(Rng&, uint32_t src, uint32_t& dst) override {
    dst = f_(src);
    return dst != src;
  }

 private:
  uint32_t n_;
  F f_;
};

}  // namespace switchlab::traffic_detail
