// Zipf-popular destinations: the destination's popularity rank r (1 = most popular) has
// probability r^-s / H(n, s) (Zipf's law; seed 002 uses s = 0.9 for its request stream, the
// default here). Which node holds which rank is a random permutation drawn from
// traffic.pattern_seed, so popularity is not tied to node ids (and so not to switch positions).
// To keep the destination distribution exactly Zipf despite src != dst, the destination is
// drawn first and the source uniformly among the other n-1 nodes (so a node of popularity p
// sends a fraction (1-p)/(n-1) of the packets, slightly less than 1/n for popular nodes).
#include <memory>
#include <string>
#include <vector>

#include "common/zipf.hpp"
#include "traffic/pattern_util.hpp"

namespace switchlab {

namespace {

class Zipf final : public RankPattern {
 public:
  Zipf(uint32_t n, double s, std::vector<uint32_t> node_of_rank)
      : n_(n), table_(n, s), node_of_rank_(std::move(node_of_rank)) {}
  void next(Rng& rng, uint32_t& src, uint32_t& dst) override {
    dst = node_of_rank_[table_.sample(rng)];
    src = static_cast<uint32_t>(rng.uniform_u64(n_ - 1));
    if (src >= dst) ++src;
  }

 private:
  uint32_t n_;
  ZipfSampler table_;
  std::vector<uint32_t> node_of_rank_;
};

class ZipfSpec final : public RankSpec {
 public:
  ZipfSpec(double s, uint64_t seed) : s_(s), seed_(seed) {}
  std::string check(uint32_t n) const override { return n >= 2 ? "" : "needs at least 2 nodes"; }
  std::unique_ptr<RankPattern> make(uint32_t n, uint64_t stream) const override {
    std::vector<uint32_t> order(n);
    for (uint32_t i = 0; i < n; ++i) order[i] = i;
    Rng rng(Rng::derive(seed_, stream));
    traffic_detail::shuffle(order, rng);
    return std::make_unique<Zipf>(n, s_, std::move(order));
  }

 private:
  double s_;
  uint64_t seed_;
};

std::unique_ptr<RankSpec> make_spec(Params& traffic, uint32_t) {
  const double s = traffic.number("zipf_exponent", {0.9, 0, 10, "",
                                                    "Zipf exponent s: rank r is chosen with probability "
                                                    "proportional to r^-s (0 = uniform; seed 002 uses 0.9)"});
  const uint64_t seed = read_pattern_seed(traffic);
  return std::make_unique<ZipfSpec>(s, seed);
}

const TrafficRegistrar reg{{"zipf", "Destinations by Zipf popularity r^-s; ranks assigned to nodes by traffic.pattern_seed",
                            nullptr, make_spec}};

}  // namespace
}  // namespace switchlab
