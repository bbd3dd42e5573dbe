#include <gtest/gtest.h>

#include "topology/kary_ncube.hpp"

using namespace switchlab;

namespace {
std::vector<Hop> route(const Topology& t, uint32_t s, uint32_t d) {
  std::vector<Hop> h(t.max_hops() + 1);
  Rng rng(1);
  h.resize(t.route(s, d, rng, h.data()));
  return h;
}
}  // namespace

TEST(KaryNCube, DimensionOrderShortestDirection) {
  KaryNCube t({5, 5}, {true, true}, 1);
  // Switch (x, y) has id x + 5y. From (0,0) to (4,2): x goes -1 (wrap), then y +2.
  auto h = route(t, 0, 4 + 5 * 2);
  ASSERT_EQ(h.size(), 4u);
  EXPECT_EQ(h[0].sw, 0u);
  EXPECT_EQ(h[0].in_port, 0);                // injection
  EXPECT_EQ(h[0].out_port, t.minus_port(0));  // wraparound link
  EXPECT_EQ(h[1].sw, 4u);
  EXPECT_EQ(h[1].in_port, t.minus_port(0));
  EXPECT_EQ(h[1].out_port, t.plus_port(1));
  EXPECT_EQ(h[2].sw, 4u + 5);
  EXPECT_EQ(h[3].sw, 4u + 10);
  EXPECT_EQ(h[3].out_port, 0);  // ejection to the local node
  EXPECT_EQ(t.port_class(4, h[1].in_port), 1);  // dim0
  EXPECT_EQ(t.port_class(9, h[2].in_port), 2);  // dim1
}

TEST(KaryNCube, TieGoesPlusOnEvenRings) {
  KaryNCube t({4}, {true}, 1);
  EXPECT_EQ(t.offset(0, 0, 2), 2);
  EXPECT_EQ(t.offset(0, 2, 0), 2);
  EXPECT_EQ(t.offset(0, 0, 3), -1);
  KaryNCube odd({5}, {true}, 1);
  EXPECT_EQ(odd.offset(0, 0, 3), -2);  // minimal, not the printed ceil(k/2) bound
}

TEST(KaryNCube, MeshHasNoWraparound) {
  KaryNCube t({4}, {false}, 1);
  auto h = route(t, 0, 3);
  EXPECT_EQ(h.size(), 4u);
  EXPECT_EQ(t.max_hops(), 4u);
}

TEST(KaryNCube, ConcentrationSameSwitchIsOneLookup) {
  KaryNCube t({3, 3}, {true, true}, 2);
  auto h = route(t, 4, 5);  // both on switch 2
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].sw, 2u);
  EXPECT_EQ(h[0].in_port, 0);
  EXPECT_EQ(h[0].out_port, 1);
  EXPECT_EQ(t.num_nodes(), 18u);
  EXPECT_EQ(t.ports_per_switch(), 6);
}
