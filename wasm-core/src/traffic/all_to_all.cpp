// All-to-all personalised exchange in the usual shift (round-robin) schedule: in round
// r = 1..n-1 every source s = 0..n-1, in order, sends to (s + r) mod n. One pass covers each of
// the n(n-1) ordered pairs exactly once, then it repeats. Deterministic: no RNG draws, so the
// order of look-ups (which LRU caches are sensitive to) is fixed. Seed 000 Sec. VI-A names
// all-to-all as the case where a cache cannot hold every destination and prefetch fails.
#include "traffic/traffic.hpp"

namespace switchlab {
namespace {

class AllToAll final : public RankPattern {
 public:
  explicit AllToAll(uint32_t n) : n_(n) {}
  void next(Rng&, uint32_t& src, uint32_t& dst) override {
    src = s_;
    dst = static_cast<uint32_t>((static_cast<uint64_t>(s_) + r_) % n_);
    if (++s_ == n_) {
      s_ = 0;
      if (++r_ == n_) r_ = 1;
    }
  }

 private:
  uint32_t n_;
  uint32_t s_ = 0, r_ = 1;
};

class AllToAllSpec final : public RankSpec {
 public:
  std::string check(uint32_t n) const override { return n >= 2 ? "" : "needs at least 2 nodes"; }
  std::unique_ptr<RankPattern> make(uint32_t n, uint64_t) const override { return std::make_unique<AllToAll>(n); }
};

const TrafficRegistrar reg{{"all_to_all", "Every ordered pair once per pass, round r: s -> (s + r) mod n, repeating",
                            nullptr, [](Params&, uint32_t) -> std::unique_ptr<RankSpec> {
                              return std::make_unique<AllToAllSpec>();
                            }}};

}  // namespace
}  // namespace switchlab
