#include "topology/single_switch.hpp"

#include "topology/registry.hpp"

namespace switchlab {

nlohmann::json SingleSwitch::describe() const {
  return {{"kind", "single_switch"}, {"ports", ports_}, {"switches", 1}, {"nodes", ports_},
          {"node_id", "node i is attached to port i"},
          {"routing", "one routing computation per packet: in_port = source, out_port = destination"}};
}

namespace {

std::unique_ptr<Topology> make_single_switch(Params& t, Params& routing) {
  // 65535: port numbers are 16-bit (Hop::in_port / out_port).
  const int64_t ports = t.integer("ports", {8, 2, 65535, "ports", "Ports of the N x N switch (one node per port)"});
  routing.choice("algorithm", "direct", {"direct"}, "The switch's only hop: input = source port, output = destination port");
  t.reject_unknown({"kind"});
  routing.reject_unknown();
  if (!t.errors().ok()) return nullptr;
  return std::make_unique<SingleSwitch>(static_cast<uint16_t>(ports));
}

const TopologyRegistrar reg{{"single_switch", "A single N x N switch (queuing studies)", make_single_switch}};

}  // namespace
}  // namespace switchlab
