// Trace replay: time order, packetisation by MTU, wrap-around, row-numbered errors.
#include <gtest/gtest.h>

#include "test_traffic_util.hpp"

using namespace traffic_test;

namespace {
std::vector<std::pair<uint32_t, uint32_t>> replay(Traffic& t, int packets) {
  Rng rng(1);
  std::vector<std::pair<uint32_t, uint32_t>> v;
  for (int i = 0; i < packets; ++i) {
    uint32_t s, d;
    t.next(rng, s, d);
    v.push_back({s, d});
  }
  return v;
}
}  // namespace

TEST(TrafficTrace, ReplaysInTimeOrderSplitByMtuAndWraps) {
  FakeTopo topo(8);
  const std::string csv =
      "time,src,dst,bytes\n"
      "# a comment\n"
      "5, 1, 2, 2500\n"
      "\n"
      "1.5e0,3,0,10\r\n"
      "5,2,1,0\n";  // a 0-byte message is one packet; equal times keep line order
  auto b = build({{"pattern", "trace"}, {"trace", csv}, {"mtu_bytes", 1000}}, topo);
  ASSERT_TRUE(b.traffic) << b.error.field << ": " << b.error.message;
  const std::vector<std::pair<uint32_t, uint32_t>> pass = {{3, 0}, {1, 2}, {1, 2}, {1, 2}, {2, 1}};
  auto v = replay(*b.traffic, 12);
  for (size_t i = 0; i < v.size(); ++i) EXPECT_EQ(v[i], pass[i % 5]) << i;
  EXPECT_EQ(b.traffic->describe()["packets_per_pass"], 5);
  EXPECT_EQ(b.traffic->describe()["messages"], 3);

  auto d = build({{"pattern", "trace"}, {"trace", "0,0,1,4097"}}, topo);  // default MTU 2048
  ASSERT_TRUE(d.traffic);
  EXPECT_EQ(d.traffic->describe()["packets_per_pass"], 3);
  EXPECT_EQ(d.normalized["mtu_bytes"], 2048);
}

TEST(TrafficTrace, BadRowsAreReportedWithTheirRowNumber) {
  FakeTopo topo(8);
  struct Case {
    const char* csv;
    const char* starts;
  };
  const Case cases[] = {
      {"time,src,dst,bytes\n0,1,2\n", "row 2: expected 4 columns"},
      {"0,1,2,5\n1,1,8,5\n", "row 2: dst must be a compute node id in [0, 7]"},
      {"0,1,2,5\n\n# x\n1,x,3,5\n", "row 4: src must be"},
      {"0,4,4,5\n", "row 1: src and dst are both 4"},
      {"-1,1,2,5\n", "row 1: time must be a number >= 0"},
      {"0,1,2,1.5\n", "row 1: bytes must be an integer"},
      {"src,dst,time,bytes\n", "row 1: a header line must read time,src,dst,bytes"},
      {"0,1,2,5\ntime,src,dst,bytes\n", "row 2: time must be a number"},
  };
  for (const auto& c : cases) {
    auto b = build({{"pattern", "trace"}, {"trace", c.csv}}, topo);
    EXPECT_FALSE(b.traffic) << c.csv;
    EXPECT_EQ(b.error.field, "traffic.trace") << c.csv;
    EXPECT_EQ(b.error.message.rfind(c.starts, 0), 0u) << b.error.message;
  }
  auto b = build({{"pattern", "trace"}}, topo);
  EXPECT_EQ(b.error.field, "traffic.trace");
  b = build({{"pattern", "trace"}, {"trace", "0,1,2,5"}, {"mtu_bytes", 0}}, topo);
  EXPECT_EQ(b.error.field, "traffic.mtu_bytes");
  b = build({{"pattern", "trace"}, {"trace", 5}}, topo);
  EXPECT_EQ(b.error.field, "traffic.trace");
  b = build({{"pattern", "trace"}, {"trace", "0,1,2,5"}, {"jobs", {{"sizes", {4}}}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.jobs");
}
