// The flattened butterfly (topology/flattened_butterfly.cpp, docs/topologies.md): its size against
// the closed forms of Kim, Dally and Abts (ISCA 2007), every route against its own links, hop
// counts and diameter over all pairs, the drawing description, validation, and runs of the route
// walk and of the cycle engine at full load (dimension-order routing needs no VCs against deadlock).
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "common/params.hpp"
#include "switchlab/api.hpp"
#include "test_run_util.hpp"
#include "topology/registry.hpp"

using namespace switchlab;
using nlohmann::json;

namespace {

struct Built {
  std::unique_ptr<Topology> topo;
  ErrorSink errors;
};

// Through the registry, as the config parser builds it.
std::unique_ptr<Built> build(const json& topology) {
  auto b = std::make_unique<Built>();
  const json routing = json::object();
  Params t(&topology, "topology", b->errors, nullptr, nullptr);
  Params r(&routing, "routing", b->errors, nullptr, nullptr);
  b->topo = make_topology(t, r);
  return b;
}

std::vector<Hop> route(const Topology& t, uint32_t s, uint32_t d) {
  std::vector<Hop> h(t.max_hops());
  Rng rng(1);
  h.resize(t.route(s, d, rng, h.data()));
  return h;
}

json topo(std::vector<int> dims, int conc) {
  return {{"kind", "flattened_butterfly"}, {"dims", dims}, {"concentration", conc}};
}

}  // namespace

// The paper's 4-ary 3-flat (Kim et al. Sec. 2: k^(n-1) = 16 routers of radix n(k-1)+1 = 10 with
// k = 4 nodes each) and a HyperX with a different size per dimension.
TEST(FlattenedButterfly, SizesAreTheClosedForms) {
  const auto flat = build(topo({4, 4}, 4));
  ASSERT_TRUE(flat->errors.ok());
  const Topology& t = *flat->topo;
  EXPECT_EQ(t.num_nodes(), 64u);
  EXPECT_EQ(t.num_switches(), 16u);
  EXPECT_EQ(t.ports_per_switch(), 10);  // 4 nodes + 3 + 3
  EXPECT_EQ(t.num_links(), 48u);        // 16 switches x 6 links / 2
  EXPECT_EQ(t.max_hops(), 3u);          // diameter 2 links + the ejecting switch
  const auto hx = build(topo({2, 3, 4}, 1));
  ASSERT_TRUE(hx->errors.ok());
  EXPECT_EQ(hx->topo->num_switches(), 24u);
  EXPECT_EQ(hx->topo->ports_per_switch(), 7);  // 1 + 1 + 2 + 3
  EXPECT_EQ(hx->topo->num_links(), 72u);       // 24 x (1 + 2 + 3) / 2
  EXPECT_EQ(hx->topo->max_hops(), 4u);
  EXPECT_EQ(hx->topo->port_classes(), std::vector<std::string>({"injection", "dim0", "dim1", "dim2"}));
}

// 4-ary 2-flat, c = 1: switch 1 = (1, 0) to switch 14 = (2, 3). Dimension 0 first: port 1 + 1
// (coordinate 2, skipping its own 1) to switch 2, arriving on port 1 + 1 (coordinate 1); then
// dimension 1's port 4 + 2 (coordinate 3) to switch 14, arriving on port 4 + 0 (coordinate 0).
TEST(FlattenedButterfly, DimensionOrderRoute) {
  const auto b = build(topo({4, 4}, 1));
  const auto h = route(*b->topo, 1, 14);
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(std::make_tuple(h[0].sw, h[0].in_port, h[0].out_port), std::make_tuple(1u, uint16_t{0}, uint16_t{2}));
  EXPECT_EQ(std::make_tuple(h[1].sw, h[1].in_port, h[1].out_port), std::make_tuple(2u, uint16_t{2}, uint16_t{6}));
  EXPECT_EQ(std::make_tuple(h[2].sw, h[2].in_port, h[2].out_port), std::make_tuple(14u, uint16_t{4}, uint16_t{0}));
  EXPECT_EQ(b->topo->port_class(14, 4), 2);  // dim1
  EXPECT_EQ(b->topo->port_name(14, 4), "dim1 to 0");
  EXPECT_EQ(b->topo->port_name(1, 2), "dim0 to 2");
}

// Over every ordered pair of nodes: each hop leaves on a link the drawing lists, arriving on that
// link's other end; a route makes one hop per differing coordinate, in dimension order; the mean
// over switch pairs is sum_i (k_i - 1) / k_i links (each coordinate differs with that chance) and
// the diameter is the number of dimensions.
TEST(FlattenedButterfly, EveryRouteIsMinimalAndFollowsItsLinks) {
  const std::vector<uint32_t> dims = {2, 3, 4};
  const uint32_t c = 2;
  const auto b = build(topo({2, 3, 4}, 2));
  const Topology& t = *b->topo;
  std::map<std::pair<uint32_t, uint16_t>, std::pair<uint32_t, uint16_t>> far;
  t.for_each_link([&](uint32_t a, uint16_t pa, uint32_t z, uint16_t pz) {
    EXPECT_TRUE(far.emplace(std::make_pair(a, pa), std::make_pair(z, pz)).second);
    EXPECT_TRUE(far.emplace(std::make_pair(z, pz), std::make_pair(a, pa)).second);
  });
  EXPECT_EQ(far.size(), 2 * t.num_links());
  const auto coords = [&](uint32_t sw) {
    std::vector<uint32_t> x;
    for (uint32_t k : dims) x.push_back(sw % k), sw /= k;
    return x;
  };
  uint64_t links = 0, longest = 0;
  for (uint32_t s = 0; s < t.num_nodes(); ++s)
    for (uint32_t d = 0; d < t.num_nodes(); ++d) {
      const auto h = route(t, s, d);
      const auto xs = coords(s / c), xd = coords(d / c);
      size_t differ = 0;
      for (size_t i = 0; i < dims.size(); ++i) differ += xs[i] != xd[i];
      ASSERT_EQ(h.size(), differ + 1) << s << " -> " << d;
      EXPECT_EQ(h.front().sw, s / c);
      EXPECT_EQ(h.front().in_port, s % c);
      EXPECT_EQ(h.back().sw, d / c);
      EXPECT_EQ(h.back().out_port, d % c);
      for (size_t i = 0; i + 1 < h.size(); ++i) {
        const auto at = far.find({h[i].sw, h[i].out_port});
        ASSERT_NE(at, far.end());
        EXPECT_EQ(at->second, std::make_pair(h[i + 1].sw, h[i + 1].in_port));
        // Dimension order: the classes of the links crossed rise strictly.
        if (i > 0) EXPECT_LT(t.port_class(h[i].sw, h[i].in_port), t.port_class(h[i + 1].sw, h[i + 1].in_port));
      }
      if (s % c == 0 && d % c == 0) links += differ;
      longest = std::max<uint64_t>(longest, differ);
    }
  const double pairs = static_cast<double>(t.num_switches()) * t.num_switches();
  EXPECT_DOUBLE_EQ(static_cast<double>(links) / pairs, 1.0 / 2 + 2.0 / 3 + 3.0 / 4);
  EXPECT_EQ(longest, 3u);
  EXPECT_EQ(t.max_hops(), longest + 1);
}

// Groups are the lines of dimension 0 (cliques); with one more dimension every two groups are linked.
TEST(FlattenedButterfly, DrawingIsGroupsOfDimensionZeroLines) {
  const json d = json::parse(topology_drawing_json(json{{"topology", topo({3, 2}, 1)}}.dump()));
  EXPECT_EQ(d["layout"], json({{"type", "groups"}, {"groups", 2}, {"per_group", 3}, {"every_pair", true}}));
  EXPECT_EQ(d["drawn"], true);
  EXPECT_EQ(d["port_classes"], json({"injection", "dim0", "dim1"}));
  EXPECT_EQ(d["links"], json({{0, 1, 1, 1}, {0, 2, 2, 1}, {0, 3, 3, 3}, {1, 2, 2, 2}, {1, 3, 4, 3},
                              {2, 3, 5, 3}, {3, 1, 4, 1}, {3, 2, 5, 1}, {4, 2, 5, 2}}));
  const auto named = [](std::initializer_list<std::pair<std::string, int>> ports) {
    json out = json::array();
    for (const auto& [name, cls] : ports) out.push_back(json::array({name, cls}));
    return out;
  };
  EXPECT_EQ(d["port_sets"][0], named({{"node", 0}, {"dim0 to 1", 1}, {"dim0 to 2", 1}, {"dim1 to 1", 2}}));
  EXPECT_EQ(d["port_sets"].size(), 6u);  // each switch names other coordinates
  // Three dimensions: groups differing in two coordinates share no link.
  const json d3 = json::parse(topology_drawing_json(json{{"topology", topo({2, 2, 2}, 1)}}.dump()));
  EXPECT_EQ(d3["layout"], json({{"type", "groups"}, {"groups", 4}, {"per_group", 2}, {"every_pair", false}}));
}

TEST(FlattenedButterfly, BadSizesNameTheField) {
  const json big = json::parse(prepare_json(json{{"topology", topo({256, 256, 256}, 1)}}.dump()));
  EXPECT_EQ(big["error"]["field"], "topology.dims");
  EXPECT_NE(big["error"]["message"].get<std::string>().find("network too large"), std::string::npos);
  const json wide = json::parse(prepare_json(json{{"topology", topo({300}, 1)}}.dump()));
  EXPECT_EQ(wide["error"]["field"], "topology.dims[0]");
  const json routing = json::parse(prepare_json(json{{"topology", topo({4}, 1)}, {"routing", {{"algorithm", "minimal"}}}}.dump()));
  EXPECT_EQ(routing["error"]["field"], "routing.algorithm");
}

// The route walk counts one routing computation per switch crossed: uniform traffic (destination
// != source) on the 4-ary 3-flat averages 1 + 2 x 3/4 x 64/63 of them per packet (each coordinate
// differs for 3 in 4 of all 64 destinations, none of which is the source itself). Tolerance: about
// 5 standard errors of the mean of 20,000 packets (hop-count deviation about 0.6).
TEST(FlattenedButterfly, RouteWalkRuns) {
  const json r = run_ok({{"topology", topo({4, 4}, 4)}, {"traffic", {{"pattern", "uniform"}, {"packets", 20000}}}});
  EXPECT_EQ(r["topology"]["links"], 48);
  EXPECT_NEAR(r["packets"]["mean_switches"].get<double>(), 1 + 1.5 * 64 / 63, 0.02);
  EXPECT_EQ(r["packets"]["max_switches"], 3);
}

// Wormhole, one VC, uniform traffic offered at full load: dimension-order routing on complete
// graphs has no cyclic channel dependency, so the network saturates without deadlocking.
TEST(FlattenedButterfly, CycleEngineAtFullLoadDoesNotDeadlock) {
  const json r = run_ok({{"engine", "cycle"},
                         {"topology", topo({4, 4}, 4)},
                         {"switch", {{"cache", nullptr}, {"buffer", {{"organisation", "vc"}, {"vcs", 1}, {"flits_per_vc", 4}}}}},
                         {"traffic", {{"pattern", "uniform"}, {"injection", {{"load", 1.0}}}, {"packet_flits", 4}}},
                         {"sim", {{"warmup_cycles", 500}, {"measure_cycles", 2000}, {"drain_cycles", 0}}}});
  EXPECT_EQ(r["deadlock"], false);
  EXPECT_GT(r["throughput"]["accepted"].get<double>(), 0.3);
}
