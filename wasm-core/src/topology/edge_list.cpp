// Arbitrary switch graph given inline as an edge list (docs/topologies.md). Inline rather than a file
// path because the WASM build has no file system. Routed by the shared graph base
// (topology/graph.hpp).
#include <algorithm>
#include <tuple>

#include "common/params.hpp"
#include "topology/graph.hpp"
#include "topology/registry.hpp"

namespace switchlab {
namespace {

// Bounds the table build (one BFS of O(links) per destination switch).
constexpr size_t kMaxEdges = 262144;

bool read_switch_id(const json& v, int64_t limit, uint32_t& out) {
  if (!v.is_number_integer()) return false;
  if (v.is_number_unsigned() ? v.get<uint64_t>() >= static_cast<uint64_t>(limit) : (v.get<int64_t>() < 0 || v.get<int64_t>() >= limit))
    return false;
  out = static_cast<uint32_t>(v.get<int64_t>());
  return true;
}

std::unique_ptr<Topology> make_edge_list(Params& t, Params& routing) {
  const json* raw = t.raw("edges", "array", "Links as [[a, b], ...] between switch ids 0..switches-1 (undirected)");
  const int64_t given = t.integer("switches", {0, 0, kMaxGraphSwitches, "switches",
                                               "Number of switches; 0 or absent: the largest id in edges + 1"});
  const int64_t c = t.integer("concentration", {1, 1, 64, "nodes", "Compute nodes per switch"});
  const GraphRoutingOptions opts = read_graph_routing(routing);
  t.reject_unknown({"kind"});
  if (!t.errors().ok()) return nullptr;

  const std::string field = t.field("edges");
  const int64_t limit = given > 0 ? given : int64_t{kMaxGraphSwitches};
  const std::string what = "a pair [a, b] of switch ids in [0, " + std::to_string(limit - 1) + "]";
  if (!raw || !raw->is_array() || (raw->empty() && given != 1)) {
    t.errors().fail(field, "must be a non-empty list of links [[a, b], ...] (switch ids in [0, " +
                               std::to_string(limit - 1) + "]); only a single switch (switches = 1) may have none" +
                               (raw ? ", got " + preview(*raw) : std::string()),
                               "a non-empty list, each link " + what);
    return nullptr;
  }
  if (raw->size() > kMaxEdges) {
    t.errors().fail(field, "at most " + std::to_string(kMaxEdges) + " links, got " + std::to_string(raw->size()),
                    "at most " + std::to_string(kMaxEdges) + " links");
    return nullptr;
  }
  // (a, b, index) with a < b: sorting puts duplicates next to each other.
  std::vector<std::tuple<uint32_t, uint32_t, size_t>> links;
  uint32_t max_id = 0;
  for (size_t i = 0; i < raw->size(); ++i) {
    const json& e = (*raw)[i];
    const std::string fi = field + "[" + std::to_string(i) + "]";
    uint32_t a = 0, b = 0;
    if (!e.is_array() || e.size() != 2 || !read_switch_id(e[0], limit, a) || !read_switch_id(e[1], limit, b)) {
      t.errors().fail(fi, "must be " + what + ", got " + preview(e),
                      what);
      return nullptr;
    }
    if (a == b) {
      t.errors().fail(fi, "self-loop at switch " + std::to_string(a) + ": a link must join two different switches",
                      "a link between two different switches");
      return nullptr;
    }
    links.emplace_back(std::min(a, b), std::max(a, b), i);
    max_id = std::max(max_id, std::max(a, b));
  }
  std::sort(links.begin(), links.end());
  for (size_t i = 1; i < links.size(); ++i)
    if (std::get<0>(links[i]) == std::get<0>(links[i - 1]) && std::get<1>(links[i]) == std::get<1>(links[i - 1])) {
      t.errors().fail(field + "[" + std::to_string(std::get<2>(links[i])) + "]",
                      "duplicate link between switches " + std::to_string(std::get<0>(links[i])) + " and " +
                          std::to_string(std::get<1>(links[i])) + " (also edges[" +
                          std::to_string(std::get<2>(links[i - 1])) + "]); parallel links are not supported",
                          "each link once");
      return nullptr;
    }
  const uint32_t switches = given > 0 ? static_cast<uint32_t>(given) : max_id + 1;
  std::vector<Edge> edges;
  json normalized = json::array();
  for (const auto& l : links) {
    edges.emplace_back(std::get<0>(l), std::get<1>(l));
    normalized.push_back({std::get<0>(l), std::get<1>(l)});
  }
  // The content hash sees one spelling per graph: sorted [a < b] pairs and an explicit count
  // (port numbering depends on neither the order nor the orientation of the list).
  t.set("edges", normalized);
  t.set("switches", switches);
  return make_graph_topology("edge_list", switches, edges, static_cast<uint32_t>(c), opts,
                             json::object(), t.errors(), field, routing.field("root"));
}

const TopologyRegistrar reg{{"edge_list", "Arbitrary switch graph from an inline edge list, table routing (shortest_path or updown)",
                             make_edge_list}};

}  // namespace
}  // namespace switchlab
