#pragma once
// A single N x N switch (docs/topologies.md, for queuing studies such as seed 003 Sec. 2-4): node i is
// attached to port i, and every packet makes exactly one routing computation, at its injection
// port, with the destination's port as output.
#include "topology/topology.hpp"

namespace switchlab {

class SingleSwitch final : public Topology {
 public:
  explicit SingleSwitch(uint16_t ports) : ports_(ports), classes_{"injection"} {}

  uint32_t num_nodes() const override { return ports_; }
  uint32_t num_switches() const override { return 1; }
  uint16_t ports_per_switch() const override { return ports_; }
  uint64_t num_links() const override { return 0; }
  const std::vector<std::string>& port_classes() const override { return classes_; }
  uint8_t port_class(uint32_t, uint16_t) const override { return 0; }
  uint32_t max_hops() const override { return 1; }
  uint32_t route(uint32_t src, uint32_t dst, Rng&, Hop* out) const override {
    out[0] = Hop{0, static_cast<uint16_t>(src), static_cast<uint16_t>(dst)};
    return 1;
  }
  nlohmann::json describe() const override;

 private:
  uint16_t ports_;
  std::vector<std::string> classes_;
};

}  // namespace switchlab
