#pragma once
// A topology knows its switches, their input ports, how compute nodes attach, and its routing:
// route() lists the (switch, input port, output port) of every routing computation a packet
// triggers. Engines depend only on this interface; each topology is registered by name
// (topology/registry.hpp) with its own documented parameters.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/rng.hpp"

namespace switchlab {

// One routing computation: a packet arrives at `sw` on input port `in_port` and leaves on
// `out_port` (ejection ports included). The switchable hash of seed 000 Sec. IV uses `out_port`
// as the cache tag.
struct Hop {
  uint32_t sw;
  uint16_t in_port;
  uint16_t out_port;
};

// A link leaving a switch on an output port, seen as part of a ring (a torus dimension): which
// ring (-1: not on one) and whether it is the ring's dateline, its wrap-around link. The cycle
// engine splits virtual channels at datelines so dimension-order routing on rings cannot deadlock
// (Dally and Seitz 1987; docs/engines.md, "Dateline VCs").
struct RingLink {
  int32_t ring = -1;
  bool dateline = false;
};

// Link lists in describe() stop here (only drawings read them; a drawing of more is a smear).
constexpr uint64_t kMaxListedLinks = 65536;

// A node port's name in port tables: "node" when its switch has one node, else "node 2".
inline std::string node_port_name(uint16_t port, uint32_t nodes_per_switch) {
  return nodes_per_switch > 1 ? "node " + std::to_string(port) : "node";
}

class Topology {
 public:
  virtual ~Topology() = default;

  virtual uint32_t num_nodes() const = 0;
  virtual uint32_t num_switches() const = 0;
  // Input ports per switch (the largest, if switches differ), injection ports included.
  virtual uint16_t ports_per_switch() const = 0;
  // Names of the port classes results are grouped by (e.g. injection, dim0, dim1).
  virtual const std::vector<std::string>& port_classes() const = 0;
  virtual uint8_t port_class(uint32_t sw, uint16_t in_port) const = 0;
  // Switch-to-switch links (bidirectional, each counted once; parallel links counted each).
  virtual uint64_t num_links() const = 0;
  // Upper bound on the hops route() can return (cheap: validation and prepare()'s summary use it).
  virtual uint32_t max_hops() const = 0;
  // The hops of the longest route route() actually returns. May need all-pairs work (graph
  // topologies build their routing tables for it): for runs, never on a validation path.
  virtual uint32_t longest_route() const { return max_hops(); }
  // Bytes of routing state a run builds beyond the object itself (graph routing tables).
  virtual double table_bytes() const { return 0; }
  // Fills `out` with the hops from `src` to `dst` (compute node ids) and returns their number
  // (>= 1: even a packet between two nodes on one switch makes one routing computation).
  // `rng` is only drawn from by randomised routing (e.g. Valiant).
  virtual uint32_t route(uint32_t src, uint32_t dst, Rng& rng, Hop* out) const = 0;
  virtual RingLink ring_link(uint32_t /*sw*/, uint16_t /*out_port*/) const { return {}; }
  // Whether route() depends only on (switch, dst): required by the switchable hash.
  virtual bool deterministic_routing() const { return true; }
  // Adaptive routing: hops whose out port the network's state chooses. Only the cycle engine,
  // which has that state, can run it (docs/engines.md, "Adaptive routing"); route() then gives a
  // default port at those hops. `adaptive_choices` is how many ports hop `hop` of a route may take
  // (0: fixed); `retarget` rewrites the route from that hop on for choice `c` < that number.
  virtual bool adaptive_routing() const { return false; }
  // How the engine weighs an adaptive hop's ports: false, by the room at the next switch alone;
  // true, first by the flits already waiting for that port in its own switch (docs/engines.md).
  virtual bool adaptive_by_local_queues() const { return false; }
  virtual uint32_t adaptive_choices(const Hop* /*route*/, uint32_t /*hop*/) const { return 0; }
  virtual void retarget(Hop* /*route*/, uint32_t /*hop*/, uint32_t /*c*/, uint32_t /*dst*/) const {}
  // Whether translating a whole route by a switch automorphism (e.g. a torus shift) gives a
  // valid route: then every switch sees the same look-up process under translation-invariant
  // traffic, and the engine may simulate a sample of switches (monitored mode).
  virtual bool translation_symmetric() const { return false; }
  // The node that plays `node`'s role when switch `from` is moved onto switch `to`.
  virtual uint32_t translate(uint32_t node, uint32_t /*from*/, uint32_t /*to*/) const { return node; }
  // Addressing and shape, for results and drawings. Its size may grow with the network: call it
  // for results, never on a validation path (use kind() and the counts above there).
  virtual nlohmann::json describe() const = 0;

  // ---- Drawing (docs/topologies.md, "Drawing"; topology/drawing.hpp assembles the description).
  // Every hook has a default, so a new topology draws without a line of frontend code: a seeded
  // force layout of its links, ports named by their class.
  // Where the switches go: {"type": "force"}, or a hint the drawing lays out more readably:
  // {"type": "grid", "dims", "wrap"} (switch id row-major over dims, dimension 0 fastest),
  // {"type": "levels", "levels", "per_level", "word", "bottom", "top"} (id = level * per_level +
  // index, level 0 at the bottom), {"type": "groups", "groups", "per_group", "every_pair"}
  // (id = group * per_group + index; every_pair: every two groups share a link).
  virtual nlohmann::json layout() const { return {{"type", "force"}}; }
  // Calls link(a, a's port, b, b's port) for every switch-to-switch link, each once, in the order
  // describe()'s `links` lists them. The default has none: the drawing shows the switches alone.
  using LinkVisitor = std::function<void(uint32_t a, uint16_t a_port, uint32_t b, uint16_t b_port)>;
  virtual void for_each_link(const LinkVisitor& /*link*/) const {}
  // A port's name in port tables ("dim0 +", "up 2"); by default its class and number.
  virtual std::string port_name(uint32_t sw, uint16_t port) const {
    return port_classes()[port_class(sw, port)] + " (port " + std::to_string(port) + ")";
  }

  // The config's topology.kind this network was built from (set by make_topology()).
  const std::string& kind() const { return kind_; }
  void set_kind(std::string kind) { kind_ = std::move(kind); }

 private:
  std::string kind_;
};

}  // namespace switchlab
