#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"
#include "topology/dragonfly.hpp"
#include "topology/fat_tree.hpp"

using namespace switchlab;

namespace {
std::vector<Hop> route(const Topology& t, uint32_t s, uint32_t d, uint64_t seed = 1) {
  std::vector<Hop> h(t.max_hops() + 1);
  Rng rng(seed);
  h.resize(t.route(s, d, rng, h.data()));
  return h;
}
}  // namespace

TEST(FatTree, UpDownWithDestinationDigitChoice) {
  FatTree t(2, 3, 1);  // 8 nodes, 3 levels of 4 switches
  EXPECT_EQ(t.num_nodes(), 8u);
  EXPECT_EQ(t.num_switches(), 12u);
  // Same leaf: one routing computation.
  auto h = route(t, 0, 1);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].out_port, 1);
  // 0 -> 7: leaves 0 and 3 differ in word digit 1, so the path climbs to the top (level 2).
  h = route(t, 0, 7);
  ASSERT_EQ(h.size(), 5u);
  EXPECT_EQ(h[0].sw, t.switch_id(0, 0));
  EXPECT_EQ(h[0].out_port, 2 + 1);  // up port j = destination local port (1) mod k
  EXPECT_EQ(h[1].sw, t.switch_id(1, 1));
  EXPECT_EQ(h[1].in_port, 0);       // arrived on down port 0 (from leaf word 0's digit 0)
  EXPECT_EQ(h[1].out_port, 2 + 1);  // up port = destination word digit 0 (leaf 3 = 11b)
  EXPECT_EQ(h[2].sw, t.switch_id(2, 3));
  EXPECT_EQ(h[2].out_port, 1);      // down toward word digit 1 = 1
  EXPECT_EQ(h[3].sw, t.switch_id(1, 3));
  EXPECT_EQ(h[3].in_port, 2 + 1);   // arrived on up port = the top switch's digit 1
  EXPECT_EQ(h[4].sw, t.switch_id(0, 3));
  EXPECT_EQ(h[4].out_port, 1);      // eject to local port 1
  EXPECT_EQ(t.port_class(h[0].sw, h[0].in_port), 0);  // injection
  EXPECT_EQ(t.port_class(h[1].sw, h[1].in_port), 1);  // up
  EXPECT_EQ(t.port_class(h[3].sw, h[3].in_port), 2);  // down
}

TEST(FatTree, EveryRouteIsUpThenDownAndEndsAtTheDestination) {
  FatTree t(3, 3, 2);  // oversubscribed leaves: 6 nodes each
  for (uint32_t s = 0; s < t.num_nodes(); ++s)
    for (uint32_t d = 0; d < t.num_nodes(); ++d) {
      if (s == d) continue;
      auto h = route(t, s, d);
      ASSERT_EQ(h.size() % 2, 1u);
      const uint32_t top = static_cast<uint32_t>(h.size() / 2);
      for (uint32_t i = 0; i < h.size(); ++i) {
        const uint32_t level = h[i].sw / 9;
        ASSERT_EQ(level, i <= top ? i : h.size() - 1 - i);
      }
      ASSERT_EQ(h.back().sw, d / 6);
      ASSERT_EQ(h.back().out_port, d % 6);
    }
}

TEST(Dragonfly, MinimalLocalGlobalLocal) {
  Dragonfly t(1, 4, 2, 9, false);  // a*h+1 = 9 groups: one global link per pair
  EXPECT_EQ(t.num_switches(), 36u);
  // Group 0 link t reaches group 1+t; group 0 -> group 5 uses link 4, owned by router 2 (port 1).
  auto h = route(t, 0, 5 * 4 + 3);
  ASSERT_EQ(h.size(), 4u);
  EXPECT_EQ(h[0].sw, 0u);
  EXPECT_EQ(h[0].out_port, t.local_port(0, 2));
  EXPECT_EQ(h[1].sw, 2u);
  EXPECT_EQ(h[1].out_port, t.global_port(4));
  // Far end: link g-2-4 = 3 of group 5, router 1.
  EXPECT_EQ(h[2].sw, 5u * 4 + 1);
  EXPECT_EQ(h[2].in_port, t.global_port(3));
  EXPECT_EQ(h[3].sw, 5u * 4 + 3);
  EXPECT_EQ(t.port_class(h[2].sw, h[2].in_port), 2);  // global
  EXPECT_EQ(t.port_class(h[3].sw, h[3].in_port), 1);  // local
}

TEST(Dragonfly, GlobalLinksPairUp) {
  Dragonfly t(1, 16, 1, 16, false);  // the seed's 16x16: one link per pair, one port unused
  EXPECT_EQ(t.describe()["unconnected_global_ports_per_group"], 1);
  for (uint32_t g1 = 0; g1 < 16; ++g1)
    for (uint32_t g2 = 0; g2 < 16; ++g2) {
      if (g1 == g2) continue;
      const uint32_t l = t.global_link(g1, g2, 0);
      EXPECT_EQ(t.global_link(g2, g1, 0), t.far_link(l));
    }
}

TEST(Dragonfly, ValiantVisitsAnIntermediateAndIsRandomised) {
  Dragonfly t(1, 4, 2, 9, true);
  EXPECT_FALSE(t.deterministic_routing());
  std::set<size_t> lengths;
  for (uint64_t seed = 1; seed < 40; ++seed) {
    auto h = route(t, 0, 35, seed);
    ASSERT_LE(h.size(), t.max_hops());
    ASSERT_EQ(h.back().sw, 35u);
    lengths.insert(h.size());
  }
  EXPECT_GT(lengths.size(), 1u);
}

namespace {
// The described links are the wiring routes use: every hop from switch a (out port pa) to switch b
// (in port pb) is a listed link, in one direction or the other; every cable is listed once.
void ExpectLinksMatchRoutes(const Topology& t) {
  const nlohmann::json links = t.describe()["links"];
  ASSERT_TRUE(links.is_array());
  EXPECT_EQ(links.size(), t.num_links());
  std::set<std::array<uint32_t, 4>> ends;
  for (const auto& l : links) {
    const std::array<uint32_t, 4> e{l[0], l[1], l[2], l[3]};
    EXPECT_TRUE(ends.insert(e).second) << l.dump();
    EXPECT_TRUE(ends.insert({e[2], e[3], e[0], e[1]}).second) << l.dump();
  }
  size_t hops_checked = 0;
  for (uint32_t s = 0; s < t.num_nodes(); ++s)
    for (uint32_t d = 0; d < t.num_nodes(); ++d) {
      const auto h = route(t, s, d);
      for (size_t i = 0; i + 1 < h.size(); ++i, ++hops_checked)
        EXPECT_EQ(ends.count({h[i].sw, h[i].out_port, h[i + 1].sw, h[i + 1].in_port}), 1u)
            << s << "->" << d << " hop " << i;
    }
  EXPECT_GT(hops_checked, 0u);
}
}  // namespace

TEST(FatTree, DescribedLinksAreTheWiringRoutesUse) { ExpectLinksMatchRoutes(FatTree(3, 3, 2)); }

TEST(Dragonfly, DescribedLinksAreTheWiringRoutesUse) {
  ExpectLinksMatchRoutes(Dragonfly(1, 4, 2, 5, false));  // 2 global links per group pair
  ExpectLinksMatchRoutes(Dragonfly(2, 3, 1, 4, false));
}

// Layered networks too big to list their links count them between groups of 1/16 of a row
// (topology.link_bundles), so drawings keep every link: a 64-ary 3-tree (524,288 links) against
// its wiring (up port j of <l, w> leads to <l + 1, w with digit l := j>) counted here.
TEST(FatTree, BundlesCountEveryLinkBetweenGroupsOfARow) {
  using json = nlohmann::json;
  const json t = json::parse(prepare_json(json{{"topology", {{"kind", "fat_tree"}, {"k", 64}, {"n", 3}}}}.dump()))["topology"];
  ASSERT_TRUE(t["links"].is_null());
  const uint32_t k = 64, per_row = 64 * 64, size = per_row / 16;
  std::map<std::vector<uint32_t>, uint64_t> want;
  for (uint32_t level = 0; level < 2; ++level)
    for (uint32_t word = 0; word < per_row; ++word)
      for (uint32_t j = 0; j < k; ++j) {
        const uint32_t pow = level == 0 ? 1 : k, digit = word / pow % k, upper = word + (j - digit) * pow;
        ++want[{level, word / size, level + 1, upper / size}];
      }
  std::map<std::vector<uint32_t>, uint64_t> got;
  for (const json& b : t["link_bundles"]) got[{b[0], b[1], b[2], b[3]}] = b[4];
  EXPECT_EQ(got, want);
  EXPECT_EQ(want.size(), 16u * 16 + 16u);  // level 0 -> 1 stays within a group of 64 words: 16 bundles
}

TEST(Bmin, BundlesCountEveryLink) {
  // 16-ary 4-stage: 3 x 16^4 = 196,608 links, 16^4 between each pair of neighbouring stages.
  const nlohmann::json t =
      nlohmann::json::parse(prepare_json(nlohmann::json{{"topology", {{"kind", "bmin"}, {"k", 16}, {"stages", 4}}}}.dump()))["topology"];
  ASSERT_TRUE(t["links"].is_null());
  std::array<uint64_t, 3> per_row{};
  for (const auto& b : t["link_bundles"]) {
    ASSERT_EQ(b[2].get<uint32_t>(), b[0].get<uint32_t>() + 1);
    ASSERT_LT(b[1].get<uint32_t>(), 16u);
    ASSERT_LT(b[3].get<uint32_t>(), 16u);
    per_row[b[0].get<size_t>()] += b[4].get<uint64_t>();
  }
  EXPECT_EQ(per_row, (std::array<uint64_t, 3>{65536, 65536, 65536}));
}
