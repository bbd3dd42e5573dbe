// Uniform random traffic: source and destination drawn independently and uniformly over all
// compute nodes, destination != source (seed 001 Sec. 6.1: "destinations chosen at random among
// all compute nodes").
#include "traffic/traffic.hpp"

namespace switchlab {
namespace {

class Uniform final : public Traffic {
 public:
  explicit Uniform(uint32_t nodes) : n_(nodes) {}
  void next(Rng& rng, uint32_t& src, uint32_t& dst) override {
    src = static_cast<uint32_t>(rng.uniform_u64(n_));
    // Uniform over the other n-1 nodes without rejection.
    dst = static_cast<uint32_t>(rng.uniform_u64(n_ - 1));
    if (dst >= src) ++dst;
  }

 private:
  uint32_t n_;
};

const TrafficRegistrar reg{{"uniform", "Uniform random destinations over all other nodes",
                            [](Params&, const Topology& topo) -> std::unique_ptr<Traffic> {
                              return std::make_unique<Uniform>(topo.num_nodes());
                            }}};

}  // namespace
}  // namespace switchlab
