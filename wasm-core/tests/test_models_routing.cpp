// seed 001 Sec. 7.2 eqs. (6)-(7): published 40 Mpps, 1 Gpps, 400 Mpps at 10% misses, CAM-bound
// from 4% misses, 25x and 10x. Deterministic arithmetic: compared exactly.
#include <gtest/gtest.h>

#include "models/registry.hpp"
#include "models/routing_throughput.hpp"

using namespace switchlab;
using namespace switchlab::models;

TEST(ModelsRouting, PublishedThroughputs) {
  const RoutingThroughput none = routing_throughput(25, 1, 0);
  EXPECT_DOUBLE_EQ(none.base_Mpps, 40);      // eq. (6), 1 / 25 ns
  EXPECT_DOUBLE_EQ(none.rcache_Mpps, 1000);  // eq. (7), 1 / 1 ns: 1 Gpps
  EXPECT_DOUBLE_EQ(none.speedup, 25);
  EXPECT_FALSE(none.cam_bound);
  const RoutingThroughput ten = routing_throughput(25, 1, 0.1);
  EXPECT_DOUBLE_EQ(ten.rcache_Mpps, 400);
  EXPECT_DOUBLE_EQ(ten.speedup, 10);
  EXPECT_TRUE(ten.cam_bound);
  EXPECT_DOUBLE_EQ(ten.breakeven_miss_rate, 0.04);
  // Just below 4% the cache bounds, just above the CAM does.
  EXPECT_FALSE(routing_throughput(25, 1, 0.039).cam_bound);
  EXPECT_TRUE(routing_throughput(25, 1, 0.041).cam_bound);
}

TEST(ModelsRouting, ReportThroughRegistry) {
  json out;
  ErrorSink errors;
  ASSERT_TRUE(run_model("routing_throughput", json::object(), out, errors)) << errors.error().message;
  const json& o = out["outputs"];
  EXPECT_DOUBLE_EQ(o["T_base_Mpps"].get<double>(), 40);
  EXPECT_DOUBLE_EQ(o["T_rcache_Mpps"].get<double>(), 400);
  EXPECT_EQ(o["bound"], "cam");
  EXPECT_DOUBLE_EQ(o["cam_bound_from_miss_rate"].get<double>(), 0.04);
  // 64 B packets: 400 Mpps x 512 bit = 204.8 Gb/s; CAM-only 40 Mpps x 512 bit = 20.48 Gb/s.
  EXPECT_DOUBLE_EQ(o["T_rcache_line_rate_Gbps"].get<double>(), 204.8);
  EXPECT_DOUBLE_EQ(o["T_base_line_rate_Gbps"].get<double>(), 20.48);
  ASSERT_EQ(o["curve"]["T_rcache_Mpps"].size(), 21u);
  EXPECT_DOUBLE_EQ(o["curve"]["T_rcache_Mpps"][0].get<double>(), 1000);
  EXPECT_DOUBLE_EQ(o["curve"]["T_rcache_Mpps"][20].get<double>(), 200);  // 20% misses
  EXPECT_EQ(out["provenance"]["outputs.T_base_Mpps"], "model: seed 001 eq. (6), T_base = 1 / L_cam");
  EXPECT_EQ(out["provenance"]["inputs.cam_latency_ns"], "default: as published in seed 001 Sec. 7.2");
  EXPECT_DOUBLE_EQ(out["published"]["T_rcache_Mpps_at_10pct_miss"]["value"].get<double>(), 400);
}

TEST(ModelsRouting, EightyFourByteFramesAndInputLabel) {
  json out;
  ErrorSink errors;
  ASSERT_TRUE(run_model("routing_throughput", {{"miss_rate", 0.0}, {"wire_overhead_bytes", 20}}, out, errors));
  // 1 Gpps of 84-byte wire frames = 672 Gb/s (seed 000's line-rate arithmetic).
  EXPECT_DOUBLE_EQ(out["outputs"]["T_rcache_line_rate_Gbps"].get<double>(), 672);
  EXPECT_TRUE(out["outputs"]["cam_bound_Mpps"].is_null());
  EXPECT_EQ(out["provenance"]["inputs.miss_rate"], "input");
}

TEST(ModelsRouting, BadParametersNameTheField) {
  struct Case {
    json params;
    const char* field;
    const char* fragment;
  } cases[] = {
      {{{"miss_rate", 1.5}}, "miss_rate", "[0, 1]"},
      {{{"cam_latency_ns", -1}}, "cam_latency_ns", "ns"},
      {{{"cache_latency_ns", "fast"}}, "cache_latency_ns", "number"},
      {{{"packet_bytes", 0}}, "packet_bytes", "[1, 65536]"},
      {{{"curve_points", 1}}, "curve_points", "[2, 1001]"},
      {{{"cam_latency", 25}}, "cam_latency", "unknown field"},
  };
  for (const auto& c : cases) {
    json out;
    ErrorSink errors;
    EXPECT_FALSE(run_model("routing_throughput", c.params, out, errors)) << c.params.dump();
    EXPECT_EQ(errors.error().field, c.field) << c.params.dump();
    EXPECT_NE(errors.error().message.find(c.fragment), std::string::npos) << errors.error().message;
  }
}
