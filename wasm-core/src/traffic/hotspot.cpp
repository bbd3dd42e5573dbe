// Hot-spot traffic in the sense of Pfister & Norton ("Hot spot contention and combining in
// multistage interconnection networks", IEEE Trans. Computers C-34(10), 1985): a fraction h of
// the packets goes to the hot spot(s), the rest is uniform over all other nodes (hot spots
// included). Sources are uniform over all nodes. Per packet:
//   with probability h: destination uniform over the hot spots other than the source; if the
//                       source is the only hot spot, the packet is uniform instead;
//   otherwise:          destination uniform over the other n-1 nodes.
// So with one hot spot H among n nodes, P(dst = H) = h (n-1)/n + (1-h)/n (tests check this).
// BookSim2's `hotspot` pattern (hotspot_nodes / hotspot_rates) sends all traffic to the hot
// spots; hotspot_fraction = 1 gives that. Inside a job, the list holds ranks within the job;
// ranks beyond a job's size are ignored for that job.
#include <algorithm>

#include "traffic/traffic.hpp"

namespace switchlab {
namespace {

class Hotspot final : public RankPattern {
 public:
  Hotspot(uint32_t n, double h, std::vector<uint32_t> hot) : n_(n), h_(h), hot_(std::move(hot)) {}
  void next(Rng& rng, uint32_t& src, uint32_t& dst) override {
    src = static_cast<uint32_t>(rng.uniform_u64(n_));
    // Always draw the coin, so the stream does not depend on whether a job has hot spots.
    const bool hot = rng.bernoulli(h_);
    if (hot && !hot_.empty()) {
      const bool src_hot = std::binary_search(hot_.begin(), hot_.end(), src);
      const uint64_t m = hot_.size() - (src_hot ? 1 : 0);
      if (m > 0) {
        // Uniform over the hot spots except the source, without rejection.
        size_t i = static_cast<size_t>(rng.uniform_u64(m));
        if (src_hot && hot_[i] >= src) ++i;
        dst = hot_[i];
        return;
      }
    }
    dst = static_cast<uint32_t>(rng.uniform_u64(n_ - 1));
    if (dst >= src) ++dst;
  }

 private:
  uint32_t n_;
  double h_;
  std::vector<uint32_t> hot_;  // sorted, distinct, all < n
};

class HotspotSpec final : public RankSpec {
 public:
  HotspotSpec(double h, std::vector<uint32_t> hot) : h_(h), hot_(std::move(hot)) {}
  std::string check(uint32_t n) const override { return n >= 2 ? "" : "needs at least 2 nodes"; }
  std::unique_ptr<RankPattern> make(uint32_t n, uint64_t) const override {
    std::vector<uint32_t> in;
    for (uint32_t r : hot_)
      if (r < n) in.push_back(r);
    return std::make_unique<Hotspot>(n, h_, std::move(in));
  }

 private:
  double h_;
  std::vector<uint32_t> hot_;
};

std::unique_ptr<RankSpec> make_spec(Params& traffic, uint32_t nodes) {
  const double h = traffic.number("hotspot_fraction",
                                  {0.1, 0, 1, "", "Fraction of packets sent to a hot spot (the rest is uniform)"});
  const auto list = traffic.hi_depends("nodes - 1").int_list("hotspots", {0}, 1, 4096, 0, static_cast<int64_t>(nodes) - 1, "node",
                                     "Hot-spot node ids (ranks within each job when traffic.jobs is given)");
  if (!traffic.errors().ok()) return nullptr;
  std::vector<uint32_t> hot(list.begin(), list.end());
  std::sort(hot.begin(), hot.end());
  for (size_t i = 1; i < hot.size(); ++i) {
    if (hot[i] == hot[i - 1]) {
      traffic.errors().fail(traffic.field("hotspots"), "lists node " + std::to_string(hot[i]) + " twice; list each hot spot once",
                            "each node at most once");
      return nullptr;
    }
  }
  return std::make_unique<HotspotSpec>(h, std::move(hot));
}

const TrafficRegistrar reg{{"hotspot", "A fraction of packets goes to hot-spot nodes, the rest is uniform", nullptr, make_spec}};

}  // namespace
}  // namespace switchlab
