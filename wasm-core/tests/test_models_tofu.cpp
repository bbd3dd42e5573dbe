// seed 004 Tofu2 link: 25.78125 Gb/s x 4 lanes, 64b/66b -> 12.5 GB/s peak; frame format
// (8 B preamble, 8 B routing header, 32..1,984 B transport packet, 16 B DLL packet, 4 B flags,
// 4 B FCS, frames a multiple of 32 B up to 2,016 B); 11.46 GB/s (92%) measured put throughput.
#include <gtest/gtest.h>

#include "models/registry.hpp"
#include "models/tofu_link.hpp"

using namespace switchlab;
using namespace switchlab::models;

TEST(ModelsTofu, PeakIsExactly12point5GBps) {
  TofuLinkParams p;
  EXPECT_DOUBLE_EQ(tofu_peak_GBps(p), 12.5);
}

TEST(ModelsTofu, FrameFormat) {
  TofuLinkParams p;
  // 2,016 B max frame = 8 + 1,984 + 16 + 4 + 4; minus the assumed 64 B transport header.
  EXPECT_EQ(tofu_max_payload_per_frame(p), 1920);
  EXPECT_EQ(tofu_wire_bytes_per_frame(p, 1920), 8 + 2016 + 12);
  // 8-byte put: 32 fixed + 64 header + 8 = 104 -> padded to 128 B frame, + preamble + gap.
  EXPECT_EQ(tofu_wire_bytes_per_frame(p, 8), 8 + 128 + 12);
  const TofuMessage m = tofu_message(p, 4000);  // 1,920 + 1,920 + 160
  EXPECT_EQ(m.frames, 3);
  EXPECT_EQ(m.wire_bytes, 2 * 2036 + (8 + 256 + 12));
}

TEST(ModelsTofu, LargeMessageThroughputAgainstMeasured) {
  json out;
  ErrorSink errors;
  ASSERT_TRUE(run_model("tofu2_link", nullptr, out, errors)) << errors.error().message;
  const json& o = out["outputs"];
  EXPECT_DOUBLE_EQ(o["peak_GBps"].get<double>(), 12.5);
  EXPECT_DOUBLE_EQ(o["peak_Gbps"].get<double>(), 100);
  const double eff = o["large_message_effective_GBps"].get<double>();
  // The frame-format model is an upper bound of the measured put (it has no DMA / host costs):
  // it must not fall below 11.46 GB/s, and must lie within 3% of it (it gives 11.79 GB/s).
  EXPECT_GE(eff, 11.46);
  EXPECT_LE(eff, 11.46 * 1.03);
  EXPECT_NEAR(o["large_message_efficiency"].get<double>(), 0.92, 0.03);
  // No message beats full frames; a 1,920 B message is exactly one; 16 MiB is within 0.1%.
  const json& c = o["curve"];
  const double full = o["large_message_efficiency"].get<double>();
  for (const auto& pt : c) EXPECT_LE(pt["efficiency"].get<double>(), full + 1e-12) << pt.dump();
  for (const auto& pt : c) {
    if (pt["message_B"] == 1920) {
      EXPECT_DOUBLE_EQ(pt["efficiency"].get<double>(), full);
    }
  }
  EXPECT_NEAR(c.back()["effective_GBps"].get<double>() / eff, 1, 1e-3);
}

TEST(ModelsTofu, PerMessageOverheadLowersShortMessages) {
  json out;
  ErrorSink errors;
  ASSERT_TRUE(run_model("tofu2_link", {{"per_message_overhead_ns", 870}, {"message_bytes", {8, 1048576}}}, out, errors));
  const json& c = out["outputs"]["curve"];
  // 8 B in 870 ns + 148 B / 12.5 B/ns.
  EXPECT_NEAR(c[0]["time_ns"].get<double>(), 870 + 148 / 12.5, 1e-9);
  EXPECT_LT(c[0]["effective_GBps"].get<double>(), 0.01);
}

TEST(ModelsTofu, BadParametersNameTheField) {
  const std::pair<json, const char*> cases[] = {
      {{{"lanes", 0}}, "lanes"},
      {{{"lane_rate_Gbps", 0}}, "lane_rate_Gbps"},
      {{{"transport_header_bytes", 2000}}, "transport_header_bytes"},
      {{{"message_bytes", {1, -5}}}, "message_bytes[1]"},
      {{{"frame_size", 64}}, "frame_size"},
  };
  for (const auto& [params, field] : cases) {
    json out;
    ErrorSink errors;
    EXPECT_FALSE(run_model("tofu2_link", params, out, errors)) << params.dump();
    EXPECT_EQ(errors.error().field, field) << errors.error().message;
  }
}

// A code word cannot carry more data bits than it puts on the line: 100b/1b coding made the peak
// rate 100 times the line rate, and was accepted.
TEST(ModelsTofu, CodingWithMoreDataThanLineBitsIsRejected) {
  json out;
  ErrorSink errors;
  EXPECT_FALSE(run_model("tofu2_link", {{"encoding_data_bits", 100}, {"encoding_line_bits", 1}}, out, errors));
  EXPECT_EQ(errors.error().field, "encoding_data_bits");
  EXPECT_EQ(errors.error().allowed, "an integer in [1, 1] (at most encoding_line_bits)");
  ErrorSink same;
  EXPECT_TRUE(run_model("tofu2_link", {{"encoding_data_bits", 66}, {"encoding_line_bits", 66}}, out, same))
      << same.error().message;
}
