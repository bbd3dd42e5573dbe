// Uniform random traffic: source and destination drawn independently and uniformly over all
// compute nodes (or a job's ranks), destination != source (seed 001 Sec. 6.1: "destinations
// chosen at random among all compute nodes").
#include "traffic/traffic.hpp"

namespace switchlab {
namespace {

class Uniform final : public RankPattern {
 public:
  explicit Uniform(uint32_t n) : n_(n) {}
  void next(Rng& rng, uint32_t& src, uint32_t& dst) override {
    src = static_cast<uint32_t>(rng.uniform_u64(n_));
    // Uniform over the other n-1 nodes without rejection.
    dst = static_cast<uint32_t>(rng.uniform_u64(n_ - 1));
    if (dst >= src) ++dst;
  }

 private:
  uint32_t n_;
};

class UniformSpec final : public RankSpec {
 public:
  std::string check(uint32_t n) const override { return n >= 2 ? "" : "needs at least 2 nodes"; }
  std::unique_ptr<RankPattern> make(uint32_t n, uint64_t) const override { return std::make_unique<Uniform>(n); }
};

const TrafficRegistrar reg{{"uniform", "Uniform random destinations over all other nodes", nullptr,
                            [](Params&, uint32_t) -> std::unique_ptr<RankSpec> {
                              return std::make_unique<UniformSpec>();
                            }}};

}  // namespace
}  // namespace switchlab
