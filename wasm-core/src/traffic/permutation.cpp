// Random permutation traffic (BookSim2 `randperm`): every node sends to one partner, fixed for
// the run, drawn from traffic.pattern_seed. BookSim keeps the fixed points of its permutation
// (nodes that would send to themselves); here the permutation is redrawn until it has none,
// which gives a uniformly random derangement (each Fisher-Yates draw is uniform over all
// permutations; rejecting those with fixed points leaves the derangements equally likely;
// about e = 2.72 draws on average). So every node sends, and every node receives from exactly one.
#include "traffic/pattern_util.hpp"

namespace switchlab {
namespace {

class Permutation final : public RankPattern {
 public:
  explicit Permutation(std::vector<uint32_t> map) : map_(std::move(map)) {}
  void next(Rng& rng, uint32_t& src, uint32_t& dst) override {
    src = static_cast<uint32_t>(rng.uniform_u64(map_.size()));
    dst = map_[src];
  }

 private:
  std::vector<uint32_t> map_;
};

class PermutationSpec final : public RankSpec {
 public:
  explicit PermutationSpec(uint64_t seed) : seed_(seed) {}
  std::string check(uint32_t n) const override { return n >= 2 ? "" : "needs at least 2 nodes"; }
  std::unique_ptr<RankPattern> make(uint32_t n, uint64_t stream) const override {
    Rng rng(Rng::derive(seed_, stream));
    std::vector<uint32_t> map(n);
    for (;;) {
      for (uint32_t i = 0; i < n; ++i) map[i] = i;
      traffic_detail::shuffle(map, rng);
      bool fixed = false;
      for (uint32_t i = 0; i < n && !fixed; ++i) fixed = map[i] == i;
      if (!fixed) break;
    }
    return std::make_unique<Permutation>(std::move(map));
  }

 private:
  uint64_t seed_;
};

const TrafficRegistrar reg{{"random_permutation",
                            "Each node sends to one partner of a random permutation without fixed points (traffic.pattern_seed)",
                            nullptr, [](Params& traffic, uint32_t) -> std::unique_ptr<RankSpec> {
                              return std::make_unique<PermutationSpec>(read_pattern_seed(traffic));
                            }}};

}  // namespace
}  // namespace switchlab
