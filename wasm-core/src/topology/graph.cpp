#include "topology/graph.hpp"

#include <algorithm>
#include <limits>

#include "common/params.hpp"

namespace switchlab {

namespace {
constexpr uint32_t kUnreached = std::numeric_limits<uint32_t>::max();
enum GraphClass : uint8_t { kInjection, kNetworkOrUp, kDown };
}  // namespace

GraphTopology::GraphTopology(std::string kind, uint32_t switches, const std::vector<Edge>& edges,
                             uint32_t concentration, GraphRoutingOptions routing, nlohmann::json params)
    : kind_(std::move(kind)), s_(switches), c_(concentration), routing_(routing), params_(std::move(params)) {
  // CSR adjacency with ascending neighbours: ports are numbered by neighbour id.
  off_.assign(s_ + 1, 0);
  for (const auto& e : edges) {
    ++off_[e.first + 1];
    ++off_[e.second + 1];
  }
  for (uint32_t u = 0; u < s_; ++u) off_[u + 1] += off_[u];
  nbr_.resize(off_[s_]);
  std::vector<uint32_t> fill(off_.begin(), off_.end() - 1);
  for (const auto& e : edges) {
    nbr_[fill[e.first]++] = e.second;
    nbr_[fill[e.second]++] = e.first;
  }
  for (uint32_t u = 0; u < s_; ++u) {
    std::sort(nbr_.begin() + off_[u], nbr_.begin() + off_[u + 1]);
    max_degree_ = std::max(max_degree_, degree(u));
  }
  back_.resize(nbr_.size());
  for (uint32_t u = 0; u < s_; ++u)
    for (uint32_t i = off_[u]; i < off_[u + 1]; ++i) {
      const uint32_t v = nbr_[i];
      const auto it = std::lower_bound(nbr_.begin() + off_[v], nbr_.begin() + off_[v + 1], u);
      back_[i] = static_cast<uint16_t>(it - (nbr_.begin() + off_[v]));
    }

  if (routing_.algorithm == GraphRouting::UpDown) {
    classes_ = {"injection", "up", "down"};
    // (level, id) is a strict total order, so the sort result is the same with any std::sort.
    bfs(routing_.root, level_);
    std::vector<uint32_t> order(s_);
    for (uint32_t u = 0; u < s_; ++u) order[u] = u;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return level_[a] != level_[b] ? level_[a] < level_[b] : a < b;
    });
    rank_.resize(s_);
    for (uint32_t r = 0; r < s_; ++r) rank_[order[r]] = r;
  } else {
    classes_ = {"injection", "network"};
  }
  max_hops_ = bound_links() + 1;
}

uint32_t GraphTopology::bfs(uint32_t root, std::vector<uint32_t>& level) const {
  level.assign(s_, kUnreached);
  std::vector<uint32_t> queue(s_);
  uint32_t head = 0, tail = 0;
  level[root] = 0;
  queue[tail++] = root;
  while (head < tail) {
    const uint32_t v = queue[head++];
    for (uint32_t i = off_[v]; i < off_[v + 1]; ++i)
      if (level[nbr_[i]] == kUnreached) {
        level[nbr_[i]] = level[v] + 1;
        queue[tail++] = nbr_[i];
      }
  }
  return level[queue[tail - 1]];  // BFS order: the last switch reached is a farthest one
}

uint32_t GraphTopology::bound_links() const {
  if (routing_.algorithm == GraphRouting::UpDown) return 2 * *std::max_element(level_.begin(), level_.end());
  std::vector<uint32_t> dist;
  return std::min(2 * bfs(0, dist), s_ - 1);
}

void GraphTopology::build_tables() const {
  next_.assign(static_cast<size_t>(s_) * s_, 0);
  if (routing_.algorithm == GraphRouting::UpDown) build_updown(); else build_shortest_path();
  tables_built_ = true;
}

uint32_t GraphTopology::longest_route() const {
  if (!tables_built_) build_tables();
  return longest_ + 1;
}

void GraphTopology::build_shortest_path() const {
  std::vector<uint32_t> dist;
  uint32_t longest = 0;
  for (uint32_t d = 0; d < s_; ++d) {
    bfs(d, dist);
    for (uint32_t u = 0; u < s_; ++u) {
      hop_sum_ += dist[u];
      longest = std::max(longest, dist[u]);
      if (u == d) continue;
      for (uint32_t i = 0; i < degree(u); ++i)  // ascending ids: the first closer neighbour wins
        if (dist[neighbour(u, i)] + 1 == dist[u]) {
          next_[static_cast<size_t>(u) * s_ + d] = static_cast<uint16_t>(i);
          break;
        }
    }
  }
  longest_ = longest;
}

void GraphTopology::build_updown() const {
  std::vector<uint32_t> order(s_);
  for (uint32_t u = 0; u < s_; ++u) order[rank_[u]] = u;
  std::vector<uint32_t> down(s_), total(s_), queue(s_);
  std::vector<uint8_t> committed(s_);
  uint32_t longest = 0;
  for (uint32_t d = 0; d < s_; ++d) {
    // Shortest down-only distance to d: reverse BFS from d over links u -> v that go down.
    std::fill(down.begin(), down.end(), kUnreached);
    down[d] = 0;
    uint32_t head = 0, tail = 0;
    queue[tail++] = d;
    while (head < tail) {
      const uint32_t v = queue[head++];
      for (uint32_t i = off_[v]; i < off_[v + 1]; ++i) {
        const uint32_t u = nbr_[i];
        if (down[u] == kUnreached && !is_up(u, v)) {
          down[u] = down[v] + 1;
          queue[tail++] = u;
        }
      }
    }
    // Decide the table entries in (level, id) order, root first. A packet can arrive at u
    // travelling down only over a down link from a switch of smaller rank, i.e. one already
    // decided; if such a switch routes down into u, u is "committed" and must keep going down
    // (along a shortest down-only path). Every other switch takes the shortest of its options:
    // up to v (1 + v's table length; v is already decided) or down to v (1 + v's down-only
    // distance, committing v). Ties: lowest neighbour id. Compared with "always go down when a
    // down-only path exists", no route gets longer (induction over the order) and many get shorter.
    std::fill(committed.begin(), committed.end(), 0);
    for (uint32_t r = 0; r < s_; ++r) {
      const uint32_t u = order[r];
      uint32_t best = u == d ? 0 : kUnreached, pick = 0;
      bool pick_down = false;
      for (uint32_t i = 0; i < degree(u) && u != d; ++i) {
        const uint32_t v = neighbour(u, i);
        const bool up = is_up(u, v);
        if (up && committed[u]) continue;
        const uint32_t rest = up ? total[v] : down[v];
        if (rest != kUnreached && rest + 1 < best) {
          best = rest + 1;
          pick = i;
          pick_down = !up;
        }
      }
      if (pick_down) committed[neighbour(u, pick)] = 1;
      total[u] = best;
      next_[static_cast<size_t>(u) * s_ + d] = static_cast<uint16_t>(pick);
      hop_sum_ += best;
      longest = std::max(longest, best);
    }
  }
  longest_ = longest;
}

uint8_t GraphTopology::port_class(uint32_t sw, uint16_t in_port) const {
  if (in_port < c_) return kInjection;
  if (routing_.algorithm != GraphRouting::UpDown) return kNetworkOrUp;
  const uint32_t i = in_port - c_;
  if (i >= degree(sw)) return kNetworkOrUp;  // an unconnected port of a low-degree switch
  // The packet arrives from the neighbour: it travels up if this switch is the link's up end.
  return is_up(neighbour(sw, i), sw) ? kNetworkOrUp : kDown;
}

uint32_t GraphTopology::route(uint32_t src, uint32_t dst, Rng&, Hop* out) const {
  if (!tables_built_) build_tables();
  uint32_t sw = src / c_;
  const uint32_t target = dst / c_;
  uint16_t in_port = static_cast<uint16_t>(src % c_);
  uint32_t n = 0;
  while (sw != target) {
    const uint32_t i = next_[static_cast<size_t>(sw) * s_ + target];
    out[n++] = Hop{sw, in_port, port_to(i)};
    in_port = static_cast<uint16_t>(c_ + back_[off_[sw] + i]);
    sw = nbr_[off_[sw] + i];
  }
  out[n++] = Hop{sw, in_port, static_cast<uint16_t>(dst % c_)};
  return n;
}

std::vector<Edge> GraphTopology::edges() const {
  std::vector<Edge> e;
  for (uint32_t u = 0; u < s_; ++u)
    for (uint32_t i = off_[u]; i < off_[u + 1]; ++i)
      if (u < nbr_[i]) e.emplace_back(u, nbr_[i]);
  return e;
}

// Each link once, from its lower-id end, in edges()' order.
void GraphTopology::for_each_link(const LinkVisitor& link) const {
  for (uint32_t u = 0; u < s_; ++u)
    for (uint32_t i = off_[u]; i < off_[u + 1]; ++i)
      if (u < nbr_[i]) link(u, port_to(i - off_[u]), nbr_[i], port_to(back_[i]));
}

std::string GraphTopology::port_name(uint32_t sw, uint16_t port) const {
  if (port < c_) return node_port_name(port, c_);
  const uint32_t i = port - c_;
  return i < degree(sw) ? "to switch " + std::to_string(neighbour(sw, i)) : "port " + std::to_string(port) + " (unused)";
}

nlohmann::json GraphTopology::describe() const {
  nlohmann::json edge_list = nlohmann::json::array();
  for (const auto& e : edges()) edge_list.push_back({e.first, e.second});
  const double pairs = static_cast<double>(s_) * s_;
  nlohmann::json j = {
      {"kind", kind_}, {"switches", s_}, {"nodes", num_nodes()}, {"concentration", c_},
      {"links", nbr_.size() / 2}, {"max_degree", max_degree_}, {"edges", edge_list},
      {"node_id", "switch * concentration + local index"},
      {"ports", "[0, concentration) nodes; concentration + i: the i-th neighbour in ascending switch id"},
      {"routing", routing_.algorithm == GraphRouting::UpDown ? "updown" : "shortest_path"},
      {"tie_rule", "lowest neighbour id"},
      {"max_switch_hops_bound", max_hops_ - 1}};
  if (tables_built_) {  // in results (a run routes packets); prepare() stays O(switches + links)
    j["mean_switch_hops"] = pairs > 0 ? static_cast<double>(hop_sum_) / pairs : 0.0;
    j["max_switch_hops"] = longest_;
    j["mean_switch_hops_note"] = "links crossed, averaged over all ordered (switch, destination switch) pairs incl. equal ones";
  }
  if (routing_.algorithm == GraphRouting::UpDown) {
    j["root"] = routing_.root;
    j["levels"] = level_;
    j["up_rule"] = "a link's up end is the end with the smaller (BFS level from root, switch id)";
  }
  if (!params_.empty()) j["parameters"] = params_;
  return j;
}

uint32_t first_unreachable(uint32_t switches, const std::vector<Edge>& edges) {
  if (switches == 0) return 0;
  // Union-find would do as well; a BFS over a CSR keeps "lowest unreachable id" trivial.
  std::vector<uint32_t> off(switches + 1, 0), adj(2 * edges.size());
  for (const auto& e : edges) {
    ++off[e.first + 1];
    ++off[e.second + 1];
  }
  for (uint32_t u = 0; u < switches; ++u) off[u + 1] += off[u];
  std::vector<uint32_t> fill(off.begin(), off.end() - 1);
  for (const auto& e : edges) {
    adj[fill[e.first]++] = e.second;
    adj[fill[e.second]++] = e.first;
  }
  std::vector<uint8_t> seen(switches, 0);
  std::vector<uint32_t> queue;
  queue.reserve(switches);
  queue.push_back(0);
  seen[0] = 1;
  for (size_t head = 0; head < queue.size(); ++head)
    for (uint32_t i = off[queue[head]]; i < off[queue[head] + 1]; ++i)
      if (!seen[adj[i]]) {
        seen[adj[i]] = 1;
        queue.push_back(adj[i]);
      }
  for (uint32_t u = 0; u < switches; ++u)
    if (!seen[u]) return u;
  return switches;
}

GraphRoutingOptions read_graph_routing(Params& routing) {
  GraphRoutingOptions o;
  const std::string a = routing.choice(
      "algorithm", "shortest_path", {"shortest_path", "updown"},
      "shortest_path: BFS tables (ties: lowest neighbour id); updown: up*/down* from a BFS tree rooted at `root`");
  const IntSpec root = {0, 0, kMaxGraphSwitches - 1, "", "updown only: root switch of the BFS spanning tree"};
  if (a == "updown") {
    o.algorithm = GraphRouting::UpDown;
    o.root = static_cast<uint32_t>(routing.integer("root", root));
  } else if (routing.registry()) {
    // Declare `root` for the schema without reading it, so that shortest_path configs neither
    // accept it (reject_unknown below) nor carry it in their normalized form.
    const std::string f = routing.field("root");
    Params probe(nullptr, f.size() > 5 ? f.substr(0, f.size() - 5) : std::string(), routing.errors(), routing.registry());
    probe.integer("root", root);
  }
  routing.reject_unknown();
  return o;
}

std::unique_ptr<Topology> make_graph_topology(std::string kind, uint32_t switches, const std::vector<Edge>& edges,
                                              uint32_t concentration, GraphRoutingOptions routing,
                                              nlohmann::json params, ErrorSink& errors,
                                              const std::string& edges_field, const std::string& root_field) {
  if (routing.root >= switches) {
    errors.fail(root_field, "must be an integer in [0, " + std::to_string(switches - 1) + "] (a switch id), got " +
                                std::to_string(routing.root),
                                "an integer in [0, " + std::to_string(switches - 1) + "]");
    return nullptr;
  }
  const uint32_t lost = first_unreachable(switches, edges);
  if (lost != switches) {
    errors.fail(edges_field, "graph is not connected: switch " + std::to_string(lost) + " unreachable from switch 0",
                "a connected graph");
    return nullptr;
  }
  return std::make_unique<GraphTopology>(std::move(kind), switches, edges, concentration, routing, std::move(params));
}

}  // namespace switchlab
