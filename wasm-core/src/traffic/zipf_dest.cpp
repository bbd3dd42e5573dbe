// Zipf-popular destinations: the destination's popularity rank r (1 = most popular) has
// probability r^-s / H(n, s) (Zipf's law; seed 002 uses s = 0.9 for its request stream, the
// default here). Which node holds which rank is a random permutation drawn from
// traffic.pattern_seed, so popularity is not tied to node ids (and so not to switch positions).
// To keep the destination distribution exactly Zipf despite src != dst, the destination is
// drawn first and the source uniformly among the other n-1 nodes (so a node of popularity p
// sends a fraction (1-p)/(n-1) of the packets, slightly less than 1/n for popular nodes).
#include "traffic/zipf_dest.hpp"

#include <algorithm>

#include "traffic/det_math.hpp"
#include "traffic/pattern_util.hpp"

namespace switchlab {
namespace traffic_detail {

namespace {
constexpr double kTwo53 = 9007199254740992.0;  // 2^53
constexpr uint64_t kOne = uint64_t{1} << 53;
}  // namespace

ZipfTable::ZipfTable(uint32_t n, double s) : thr_(n) {
  std::vector<double> w(n);
  double total = 0;
  for (uint32_t r = 0; r < n; ++r) total += (w[r] = det_pow_neg(static_cast<double>(r) + 1.0, s));
  double cum = 0;
  for (uint32_t r = 0; r < n; ++r) {
    cum += w[r];
    const double f = cum / total;
    thr_[r] = f >= 1.0 ? kOne : static_cast<uint64_t>(f * kTwo53);  // exact scaling, truncation
  }
  thr_[n - 1] = kOne;
  for (uint32_t r = 1; r < n; ++r) thr_[r] = std::max(thr_[r], thr_[r - 1]);
}

uint32_t ZipfTable::sample(Rng& rng) const {
  const uint64_t u = rng.next_u64() >> 11;  // uniform in [0, 2^53)
  return static_cast<uint32_t>(std::upper_bound(thr_.begin(), thr_.end(), u) - thr_.begin());
}

double ZipfTable::probability(uint32_t r) const {
  const uint64_t lo = r == 0 ? 0 : thr_[r - 1];
  return static_cast<double>(thr_[r] - lo) / kTwo53;
}

}  // namespace traffic_detail

namespace {

using traffic_detail::ZipfTable;

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
  ZipfTable table_;
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
