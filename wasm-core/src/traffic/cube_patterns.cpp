// Digit patterns on k-ary n-cube coordinates (Dally & Towles 2004, Sec. 3.2; BookSim2
// src/traffic.cpp TornadoTrafficPattern / NeighborTrafficPattern), per dimension i of size k_i:
//   tornado   d_i = (s_i + ceil(k_i/2) - 1) mod k_i   (just under half way round each ring)
//   neighbor  d_i = (s_i + 1) mod k_i
// Differences from BookSim, which needs one k for all dimensions and spreads concentrated nodes
// over a finer grid: sizes may differ per dimension, and the pattern moves the switch
// coordinates while keeping the node's local index on its switch (node id = switch id * c +
// local index, switch id row-major with dimension 0 fastest: topology/kary_ncube.hpp). On meshes
// the offset still wraps modulo k_i, as in BookSim, so some packets cross the whole mesh.
// Either every node moves or none does (tornado with all k_i <= 2); the latter is rejected.
#include "topology/kary_ncube.hpp"
#include "traffic/traffic.hpp"

namespace switchlab {
namespace {

class CubeShift final : public Traffic {
 public:
  CubeShift(std::vector<uint32_t> dims, std::vector<uint32_t> shift, uint32_t conc)
      : dims_(std::move(dims)), shift_(std::move(shift)), c_(conc) {
    uint64_t sw = 1;
    for (uint32_t k : dims_) sw *= k;
    nodes_ = static_cast<uint32_t>(sw * c_);
  }
  void next(Rng& rng, uint32_t& src, uint32_t& dst) override {
    src = static_cast<uint32_t>(rng.uniform_u64(nodes_));
    uint32_t rest = src / c_, stride = 1, dsw = 0;
    for (size_t i = 0; i < dims_.size(); ++i) {
      const uint32_t x = rest % dims_[i];
      rest /= dims_[i];
      dsw += ((x + shift_[i]) % dims_[i]) * stride;
      stride *= dims_[i];
    }
    dst = dsw * c_ + src % c_;
  }

 private:
  std::vector<uint32_t> dims_, shift_;
  uint32_t c_;
  uint32_t nodes_;
};

template <bool kTornado>
std::unique_ptr<Traffic> make_cube(Params& traffic, const Topology& topo) {
  const char* name = kTornado ? "tornado" : "neighbor";
  const auto* cube = dynamic_cast<const KaryNCube*>(&topo);
  if (!cube) {
    traffic.errors().fail(traffic.field("pattern"),
                          std::string(name) + " is defined on k-ary n-cube coordinates (topology.kind torus, mesh or "
                                              "kary_ncube); this topology is " + topo.kind());
    return nullptr;
  }
  std::vector<uint32_t> dims, shift;
  bool moves = false;
  for (const uint32_t ki : cube->dims()) {
    dims.push_back(ki);
    shift.push_back(kTornado ? (ki + 1) / 2 - 1 : 1);
    moves = moves || shift.back() % ki != 0;
  }
  if (!moves) {
    traffic.errors().fail(traffic.field("pattern"),
                          std::string(name) + " sends every node to itself when every dimension has k <= 2 "
                                              "(offset ceil(k/2)-1 = 0); needs a dimension with k >= 3");
    return nullptr;
  }
  return std::make_unique<CubeShift>(std::move(dims), std::move(shift), cube->concentration());
}

const TrafficRegistrar tornado{{"tornado", "Each coordinate moves ceil(k/2)-1 hops round its ring (k-ary n-cubes)",
                                make_cube<true>, nullptr}};
const TrafficRegistrar neighbor{{"neighbor", "Each coordinate moves +1 round its ring (k-ary n-cubes)",
                                 make_cube<false>, nullptr}};

}  // namespace
}  // namespace switchlab
