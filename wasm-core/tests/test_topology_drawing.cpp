// The topology drawing description (topology/drawing.hpp, docs/topologies.md "Drawing"): exact
// values for a small torus, fat tree, BMIN, Dragonfly and switch graphs, the defaults a topology
// without drawing hooks gets, and the bounded answer for networks too big to draw.
#include <gtest/gtest.h>

#include <cstdint>

#include "switchlab/api.hpp"
#include "topology/drawing.hpp"
#include "topology/topology.hpp"

using nlohmann::json;

namespace {

json drawing(const json& topology, const json& routing = json::object()) {
  return json::parse(switchlab::topology_drawing_json(json{{"topology", topology}, {"routing", routing}}.dump()));
}

// The keys every description has, with the values a drawn network of this size gives.
json common(const std::string& kind, int switches, int nodes, int ports, const json& layout, int max_switches) {
  return {{"kind", kind}, {"switches", switches}, {"nodes", nodes}, {"ports_per_switch", ports},
          {"layout", layout}, {"drawn", true}, {"max_switches", max_switches}, {"link_bundles", nullptr}};
}

// One switch's ports as [[name, class index], ...] (a braced list of pairs would read as an object).
json ports(std::initializer_list<std::pair<std::string, int>> named) {
  json out = json::array();
  for (const auto& [name, cls] : named) out.push_back(json::array({name, cls}));
  return out;
}

}  // namespace

TEST(TopologyDrawing, TorusIsAGridWithItsRingLinks) {
  json want = common("torus", 6, 6, 5, {{"type", "grid"}, {"dims", {3, 2}}, {"wrap", {true, true}}}, 40000);
  want["port_classes"] = {"injection", "dim0", "dim1"};
  // + port (c + 2d) to the neighbour's - port; the last switch of a ring wraps to coordinate 0.
  // In a ring of 2 (dim1) both links join the same two switches.
  want["links"] = {{0, 1, 1, 2}, {0, 3, 3, 4}, {1, 1, 2, 2}, {1, 3, 4, 4}, {2, 1, 0, 2}, {2, 3, 5, 4},
                   {3, 1, 4, 2}, {3, 3, 0, 4}, {4, 1, 5, 2}, {4, 3, 1, 4}, {5, 1, 3, 2}, {5, 3, 2, 4}};
  want["port_sets"] = json::array({ports({{"node", 0}, {"dim0 +", 1}, {"dim0 \u2212", 1}, {"dim1 +", 2}, {"dim1 \u2212", 2}})});
  want["switch_port_set"] = {0, 0, 0, 0, 0, 0};
  EXPECT_EQ(drawing({{"kind", "torus"}, {"dims", {3, 2}}}), want);
}

TEST(TopologyDrawing, MeshWithConcentrationNamesNodePorts) {
  const json d = drawing({{"kind", "mesh"}, {"dims", {2}}, {"concentration", 2}});
  EXPECT_EQ(d["layout"], json({{"type", "grid"}, {"dims", {2}}, {"wrap", {false}}}));
  EXPECT_EQ(d["links"], json({{0, 2, 1, 3}}));  // a line: no wrap-around link
  EXPECT_EQ(d["port_sets"], json::array({ports({{"node 0", 0}, {"node 1", 0}, {"dim0 +", 1}, {"dim0 \u2212", 1}})}));
}

TEST(TopologyDrawing, FatTreeIsLevels) {
  json want = common("fat_tree", 4, 4, 4,
                     {{"type", "levels"}, {"levels", 2}, {"per_level", 2}, {"word", "level"}, {"bottom", "leaves"}, {"top", "roots"}},
                     40000);
  want["port_classes"] = {"injection", "up", "down"};
  // Leaf w's up port 2 + j leads to root j, arriving on its down port w.
  want["links"] = {{0, 2, 2, 0}, {0, 3, 3, 0}, {1, 2, 2, 1}, {1, 3, 3, 1}};
  // Input-port classes are the direction the arriving packet travels (fat_tree.cpp port_class).
  want["port_sets"] = json::array({ports({{"node 0", 0}, {"node 1", 0}, {"up 0", 2}, {"up 1", 2}}),
                                    ports({{"down 0", 1}, {"down 1", 1}, {"port 2 (unused)", 2}, {"port 3 (unused)", 2}})});
  want["switch_port_set"] = {0, 0, 1, 1};
  EXPECT_EQ(drawing({{"kind", "fat_tree"}, {"k", 2}, {"n", 2}}), want);
}

TEST(TopologyDrawing, BminIsStages) {
  json want = common("bmin", 12, 8, 4,
                     {{"type", "levels"}, {"levels", 3}, {"per_level", 4}, {"word", "stage"}, {"bottom", "nodes attach here"}, {"top", nullptr}},
                     40000);
  want["port_classes"] = {"injection", "up", "down"};
  // One link per channel label x between stages s and s+1: the owner of x at s (x with digit s
  // removed) by up port 2 + x_s, to the owner at s+1, arriving on its down port x_{s+1}.
  want["links"] = {{0, 2, 4, 0}, {0, 3, 5, 0}, {1, 2, 4, 1}, {1, 3, 5, 1}, {2, 2, 6, 0}, {2, 3, 7, 0}, {3, 2, 6, 1}, {3, 3, 7, 1},
                   {4, 2, 8, 0}, {5, 2, 9, 0}, {4, 3, 10, 0}, {5, 3, 11, 0}, {6, 2, 8, 1}, {7, 2, 9, 1}, {6, 3, 10, 1}, {7, 3, 11, 1}};
  want["port_sets"] = json::array({ports({{"node 0", 0}, {"node 1", 0}, {"up 0", 2}, {"up 1", 2}}),
                                    ports({{"down 0", 1}, {"down 1", 1}, {"up 0", 2}, {"up 1", 2}}),
                                    ports({{"down 0", 1}, {"down 1", 1}, {"port 2 (unused)", 2}, {"port 3 (unused)", 2}})});
  want["switch_port_set"] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2};
  EXPECT_EQ(drawing({{"kind", "bmin"}, {"k", 2}, {"stages", 3}}), want);
}

TEST(TopologyDrawing, DragonflyIsGroups) {
  json want = common("dragonfly", 6, 6, 3, {{"type", "groups"}, {"groups", 3}, {"per_group", 2}, {"every_pair", true}}, 40000);
  want["port_classes"] = {"injection", "local", "global"};
  // Each group's clique, then its global links to higher groups (consecutive arrangement).
  want["links"] = {{0, 1, 1, 1}, {0, 2, 3, 2}, {1, 2, 4, 2}, {2, 1, 3, 1}, {2, 2, 5, 2}, {4, 1, 5, 1}};
  const auto router = [](int local, const char* global) {
    return ports({{"node", 0}, {"local to switch " + std::to_string(local), 1}, {global, 2}});
  };
  want["port_sets"] = json::array({router(1, "global 0 to group 1"), router(0, "global 0 to group 2"), router(3, "global 0 to group 2"),
                       router(2, "global 0 to group 0"), router(5, "global 0 to group 0"), router(4, "global 0 to group 1")});
  want["switch_port_set"] = {0, 1, 2, 3, 4, 5};
  EXPECT_EQ(drawing({{"kind", "dragonfly"}, {"p", 1}, {"a", 2}, {"h", 1}, {"g", 3}}), want);
}

// Graphs have no layout hook: they get the default, a force layout.
TEST(TopologyDrawing, EdgeListTakesTheDefaultForceLayout) {
  json want = common("edge_list", 4, 4, 4, {{"type", "force"}}, 2048);
  want["port_classes"] = {"injection", "network"};
  // Port 1 + i leads to the i-th neighbour in ascending id.
  want["links"] = {{0, 1, 1, 1}, {0, 2, 2, 1}, {1, 2, 2, 2}, {2, 3, 3, 1}};
  want["port_sets"] = json::array({ports({{"node", 0}, {"to switch 1", 1}, {"to switch 2", 1}, {"port 3 (unused)", 1}}),
                                    ports({{"node", 0}, {"to switch 0", 1}, {"to switch 2", 1}, {"port 3 (unused)", 1}}),
                                    ports({{"node", 0}, {"to switch 0", 1}, {"to switch 1", 1}, {"to switch 3", 1}}),
                                    ports({{"node", 0}, {"to switch 2", 1}, {"port 2 (unused)", 1}, {"port 3 (unused)", 1}})});
  want["switch_port_set"] = {0, 1, 2, 3};
  EXPECT_EQ(drawing({{"kind", "edge_list"}, {"edges", {{0, 1}, {1, 2}, {2, 0}, {2, 3}}}}), want);
}

TEST(TopologyDrawing, RandomRegularLinksAreItsEdges) {
  const json topo = {{"kind", "random_regular"}, {"switches", 6}, {"degree", 3}, {"seed", 5}};
  const json d = drawing(topo);
  EXPECT_EQ(d["layout"], json({{"type", "force"}}));
  // The graph the seed builds (prepare()'s topology.edges), each edge with the ports of its ends.
  EXPECT_EQ(d["links"], json({{0, 1, 1, 1}, {0, 2, 3, 1}, {0, 3, 4, 1}, {1, 2, 2, 1}, {1, 3, 5, 1},
                              {2, 2, 3, 2}, {2, 3, 5, 2}, {3, 3, 4, 2}, {4, 3, 5, 3}}));
  const json prepared = json::parse(switchlab::prepare_json(json{{"topology", topo}}.dump()));
  json edges = json::array();
  for (const auto& l : d["links"]) edges.push_back({l[0], l[2]});
  EXPECT_EQ(edges, prepared["topology"]["edges"]);
  // Every link's ports are named for the switch at the other end.
  for (const auto& l : d["links"]) {
    const auto name = [&](int sw, int port) { return d["port_sets"][d["switch_port_set"][sw].get<int>()][port][0]; };
    EXPECT_EQ(name(l[0], l[1]), "to switch " + l[2].dump());
    EXPECT_EQ(name(l[2], l[3]), "to switch " + l[0].dump());
  }
}

// single_switch overrides no drawing hook: force layout, no links, ports named by class.
TEST(TopologyDrawing, TopologyWithoutHooksGetsTheDefaults) {
  json want = common("single_switch", 1, 3, 3, {{"type", "force"}}, 2048);
  want["port_classes"] = {"injection"};
  want["links"] = json::array();
  want["port_sets"] = json::array({ports({{"injection (port 0)", 0}, {"injection (port 1)", 0}, {"injection (port 2)", 0}})});
  want["switch_port_set"] = {0};
  EXPECT_EQ(drawing({{"kind", "single_switch"}, {"ports", 3}}), want);
}

TEST(TopologyDrawing, BigNetworksGetABoundedDescription) {
  const json d = drawing({{"kind", "torus"}, {"dims", {300, 300}}});
  EXPECT_EQ(d["drawn"], false);
  EXPECT_EQ(d["switches"], 90000);
  EXPECT_EQ(d["layout"]["dims"], json({300, 300}));  // an aggregated drawing needs no more
  EXPECT_TRUE(d["links"].is_null());
  EXPECT_EQ(d["port_sets"], json::array());
  EXPECT_EQ(d["switch_port_set"], json::array());
  EXPECT_LT(d.dump().size(), 1000u);
  // Graphs above the force layout's limit are not drawn either.
  EXPECT_EQ(drawing({{"kind", "random_regular"}, {"switches", 2050}, {"degree", 3}})["drawn"], false);
}

TEST(TopologyDrawing, LayeredLinksTooManyToListComeAsBundles) {
  const json d = drawing({{"kind", "fat_tree"}, {"k", 16}, {"n", 4}});
  EXPECT_EQ(d["drawn"], true);
  EXPECT_TRUE(d["links"].is_null());  // 3 x 4096 x 16 = 196,608 > kMaxListedLinks
  uint64_t links = 0;
  for (const auto& b : d["link_bundles"]) links += b[4].get<uint64_t>();
  EXPECT_EQ(links, 196608u);
  EXPECT_EQ(d["port_sets"].size(), 3u);  // leaves, middle levels, roots
}

TEST(TopologyDrawing, BadConfigNamesTheField) {
  const json d = json::parse(switchlab::topology_drawing_json(R"({"topology": {"kind": "torus", "dims": [0]}})"));
  EXPECT_EQ(d["error"]["field"], "topology.dims[0]");
}
