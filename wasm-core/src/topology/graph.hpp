#pragma once
// An arbitrary connected switch graph with table-based routing: the shared base of the
// `random_regular` and `edge_list` topologies (docs/topologies.md). Only the way the edges are obtained
// differs between the two; ports, addressing, routing tables and describe() live here.
//
// Addressing and ports: switches 0..S-1, concentration c nodes per switch, node id = switch * c +
// local index. Ports [0, c) attach the nodes; port c + i leads to the switch's i-th neighbour in
// ascending neighbour id (so numbering does not depend on the order edges are listed in).
//
// Routing tables: one next-hop entry per (switch, destination switch), as in a CAM forwarding
// table keyed by destination (the premise of seeds 000/001), so every hop depends only on
// (switch, destination) and the switchable hash can use the output port as tag.
// - shortest_path: BFS distances to every destination; at each switch the next hop is the
//   lowest-id neighbour one step closer.
// - updown: up*/down* (Autonet, Schroeder et al., IEEE JSAC 1991): BFS spanning tree from
//   `root`; every link's "up" end is the end with the smaller (BFS level, switch id). A legal path
//   takes zero or more up links, then zero or more down links. With one table entry per
//   destination, a switch that some packet can reach travelling down must route down; entries
//   are decided root first (see build_updown) so that only those switches are constrained and
//   every other one takes its shortest legal option. Ties: lowest neighbour id. Routes can be
//   longer than the shortest legal up*/down* path (which would need per-input-port entries);
//   describe() reports the mean and maximum route lengths once the tables exist.
//
// Construction is O(switches + links): the tables (S BFS passes, S^2 entries) are built on the
// first route() or longest_route() call, i.e. when a run starts, never while a config is
// validated. Until then max_hops() is an arithmetic bound (see bound_links()).
#include <string>
#include <utility>
#include <vector>

#include "common/error.hpp"
#include "topology/topology.hpp"

namespace switchlab {

class Params;

enum class GraphRouting : uint8_t { ShortestPath, UpDown };

struct GraphRoutingOptions {
  GraphRouting algorithm = GraphRouting::ShortestPath;
  uint32_t root = 0;  // up*/down* only
};

// Routing tables take S^2 entries of 2 bytes (32 MiB at the cap), and building them S BFS passes.
constexpr uint32_t kMaxGraphSwitches = 4096;

using Edge = std::pair<uint32_t, uint32_t>;

class GraphTopology final : public Topology {
 public:
  // Preconditions (checked by make_graph_topology): ids < switches, no self-loops or duplicate
  // edges, connected, root < switches.
  GraphTopology(std::string kind, uint32_t switches, const std::vector<Edge>& edges, uint32_t concentration,
                GraphRoutingOptions routing, nlohmann::json params);

  uint32_t num_nodes() const override { return s_ * c_; }
  uint32_t num_switches() const override { return s_; }
  uint16_t ports_per_switch() const override { return static_cast<uint16_t>(c_ + max_degree_); }
  const std::vector<std::string>& port_classes() const override { return classes_; }
  // injection | network (shortest_path); injection | up | down (updown: the direction the arriving
  // packet travels).
  uint8_t port_class(uint32_t sw, uint16_t in_port) const override;
  uint64_t num_links() const override { return nbr_.size() / 2; }
  uint32_t max_hops() const override { return max_hops_; }
  uint32_t longest_route() const override;
  double table_bytes() const override { return 2.0 * s_ * s_; }  // next_
  uint32_t route(uint32_t src, uint32_t dst, Rng& rng, Hop* out) const override;
  nlohmann::json describe() const override;
  // No layout(): an arbitrary graph takes the default force layout.
  void for_each_link(const LinkVisitor& link) const override;
  std::string port_name(uint32_t sw, uint16_t port) const override;

  uint32_t degree(uint32_t sw) const { return off_[sw + 1] - off_[sw]; }
  uint32_t neighbour(uint32_t sw, uint32_t i) const { return nbr_[off_[sw] + i]; }
  // Output port of the i-th neighbour (the same rule at every switch).
  uint16_t port_to(uint32_t i) const { return static_cast<uint16_t>(c_ + i); }
  // up*/down*: whether the link from -> to goes up (towards the root).
  bool is_up(uint32_t from, uint32_t to) const { return rank_[to] < rank_[from]; }
  uint32_t level(uint32_t sw) const { return level_[sw]; }
  // Sorted (a < b) edge list.
  std::vector<Edge> edges() const;

 private:
  void build_tables() const;
  void build_shortest_path() const;
  void build_updown() const;
  // BFS levels from `root` into `level`; returns the largest (the root's eccentricity).
  uint32_t bfs(uint32_t root, std::vector<uint32_t>& level) const;
  // Links on the longest route, bounded from one BFS (triangle inequality): shortest paths are at
  // most 2 ecc(0) (and S - 1) links; an up*/down* table route from u to d at most level(u) +
  // level(d) links (by induction over the decision order of build_updown: each switch can do
  // at least as well as climbing the BFS tree to its parent).
  uint32_t bound_links() const;

  std::string kind_;
  uint32_t s_, c_, max_degree_ = 0, max_hops_ = 1;
  GraphRoutingOptions routing_;
  nlohmann::json params_;
  std::vector<uint32_t> off_;       // CSR offsets, S + 1
  std::vector<uint32_t> nbr_;       // neighbours, ascending per switch
  std::vector<uint16_t> back_;      // back_[off_[u] + i] = index of u among nbr_[off_[u] + i]'s neighbours
  std::vector<uint32_t> level_;     // BFS level from the up*/down* root
  std::vector<uint32_t> rank_;      // position in (level, id) order; smaller = more "up"
  // Routing tables, built on first use (build_tables; not thread-safe: a run owns its topology).
  mutable std::vector<uint16_t> next_;  // next_[u * S + d] = neighbour index to take at u towards switch d
  mutable uint64_t hop_sum_ = 0;        // sum of switch-to-switch path lengths over ordered pairs
  mutable uint32_t longest_ = 0;        // links on the longest route
  mutable bool tables_built_ = false;
  std::vector<std::string> classes_;
};

// The lowest-id switch not reachable from switch 0, or `switches` if the graph is connected.
uint32_t first_unreachable(uint32_t switches, const std::vector<Edge>& edges);

// Reads routing.algorithm (shortest_path | updown) and, for updown, routing.root; calls
// routing.reject_unknown(). The root is range-checked by make_graph_topology.
GraphRoutingOptions read_graph_routing(Params& routing);

// Checks root < switches and connectivity (naming `edges_field` when disconnected), then builds.
// Returns nullptr after reporting to `errors`.
std::unique_ptr<Topology> make_graph_topology(std::string kind, uint32_t switches, const std::vector<Edge>& edges,
                                              uint32_t concentration, GraphRoutingOptions routing,
                                              nlohmann::json params, ErrorSink& errors,
                                              const std::string& edges_field, const std::string& root_field);

}  // namespace switchlab
