#include "models/tofu_link.hpp"

#include "models/registry.hpp"

namespace switchlab::models {

namespace {
constexpr const char* kPhy = "default: as published in seed 004 \"Physical Layer\"";
constexpr const char* kFrame = "default: as published in seed 004 \"Frame Format\"";

int64_t round_up(int64_t x, int64_t g) { return (x + g - 1) / g * g; }
int64_t frame_fixed_bytes(const TofuLinkParams& p) {
  return p.routing_header_bytes + p.dll_packet_bytes + p.flags_bytes + p.fcs_bytes;
}
}  // namespace

double tofu_peak_GBps(const TofuLinkParams& p) {
  // seed 004 "Physical Layer": 4 lanes x 25.78125 Gb/s, 64b/66b -> 100 Gb/s = 12.5 GB/s.
  return static_cast<double>(p.lanes) * p.lane_rate_Gbps * static_cast<double>(p.encoding_data_bits) /
         static_cast<double>(p.encoding_line_bits) / 8.0;
}

int64_t tofu_max_payload_per_frame(const TofuLinkParams& p) {
  // seed 004 "Frame Format": frame = routing header + transport packet + DLL packet + flags + FCS,
  // at most 2,016 B (8 + 1,984 + 16 + 4 + 4), so the transport packet is at most 1,984 B.
  return p.max_frame_bytes / p.frame_granularity_bytes * p.frame_granularity_bytes - frame_fixed_bytes(p) -
         p.transport_header_bytes;
}

int64_t tofu_wire_bytes_per_frame(const TofuLinkParams& p, int64_t payload) {
  // Frames are a multiple of 32 B (seed 004): pad the frame; preamble and gap are outside it.
  const int64_t frame = round_up(frame_fixed_bytes(p) + p.transport_header_bytes + payload, p.frame_granularity_bytes);
  return p.preamble_bytes + frame + p.ifg_bytes;
}

TofuMessage tofu_message(const TofuLinkParams& p, int64_t bytes) {
  TofuMessage m{};
  m.bytes = bytes;
  const int64_t chunk = tofu_max_payload_per_frame(p);
  const int64_t full = bytes / chunk, rest = bytes % chunk;
  m.frames = full + (rest > 0 || bytes == 0 ? 1 : 0);
  m.wire_bytes = full * tofu_wire_bytes_per_frame(p, chunk) + (m.frames > full ? tofu_wire_bytes_per_frame(p, rest) : 0);
  const double peak = tofu_peak_GBps(p);  // GB/s = B/ns
  m.time_ns = p.per_message_overhead_ns + static_cast<double>(m.wire_bytes) / peak;
  m.effective_GBps = static_cast<double>(bytes) / m.time_ns;
  m.efficiency = m.effective_GBps / peak;
  return m;
}

bool read_tofu_link_params(Params& p, TofuLinkParams& o, Report* r) {
  o.lanes = read_integer(p, r, "lanes", {4, 1, 64, "", "Lanes (signals) per link"}, kPhy);
  o.lane_rate_Gbps = read_number(p, r, "lane_rate_Gbps", {25.78125, 0.001, 1000, "Gb/s", "Signalling rate per lane"}, kPhy);
  o.encoding_data_bits = read_integer(p, r, "encoding_data_bits", {64, 1, 1024, "bit", "Data bits per code word (64 of 64b/66b)"}, kPhy);
  o.encoding_line_bits = read_integer(p, r, "encoding_line_bits", {66, 1, 1024, "bit", "Line bits per code word (66 of 64b/66b)"}, kPhy);
  o.preamble_bytes = read_integer(p, r, "preamble_bytes", {8, 0, 64, "B", "Preamble (incl. start delimiter)"}, kFrame);
  o.routing_header_bytes = read_integer(p, r, "routing_header_bytes", {8, 0, 256, "B", "Routing header"}, kFrame);
  o.dll_packet_bytes = read_integer(p, r, "dll_packet_bytes", {16, 0, 256, "B", "Data-link layer packet carried in every frame"}, kFrame);
  o.flags_bytes = read_integer(p, r, "flags_bytes", {4, 0, 64, "B", "Flags field"}, kFrame);
  o.fcs_bytes = read_integer(p, r, "fcs_bytes", {4, 0, 64, "B", "Frame check sequence"}, kFrame);
  o.ifg_bytes = read_integer(p, r, "ifg_bytes", {12, 0, 256, "B", "Inter-frame gap"},
                             "default: assumption (seed 004 says the gap is Ethernet's; Ethernet's minimum is 12 B)");
  o.frame_granularity_bytes = read_integer(p, r, "frame_granularity_bytes", {32, 1, 4096, "B", "Frame size is a multiple of this"}, kFrame);
  o.max_frame_bytes = read_integer(p, r, "max_frame_bytes", {2016, 1, 65536, "B", "Largest frame (preamble and gap excluded)"}, kFrame);
  o.transport_header_bytes = read_integer(
      p, r, "transport_header_bytes", {64, 0, 4096, "B", "Transport-layer header inside the transport packet"},
      "default: assumption (seed 004 does not give it; 64 B leaves 1,920 B of payload per frame)");
  o.per_message_overhead_ns = read_number(
      p, r, "per_message_overhead_ns", {0, 0, 1e9, "ns", "Fixed time added per message (e.g. 870 for the 0.87 us put latency)"},
      "default: assumption (pure link view, no per-message cost)");
  o.message_bytes = p.int_list("message_bytes", {8, 64, 256, 1024, 1920, 4096, 16384, 65536, 262144, 1048576, 16777216},
                               1, 200, 0, int64_t{1} << 40, "B", "Message sizes of the throughput curve");
  if (r) r->input("message_bytes", o.message_bytes, p.present("message_bytes"), "default: display choice");
  p.reject_unknown();
  if (!p.errors().ok()) return false;
  if (o.encoding_data_bits > o.encoding_line_bits) {
    // A code word carrying more data bits than it puts on the line would make the peak exceed the line rate.
    p.errors().fail(p.field("encoding_data_bits"),
                    "must be at most encoding_line_bits (" + std::to_string(o.encoding_line_bits) + "), got " +
                        std::to_string(o.encoding_data_bits),
                    "an integer in [1, " + std::to_string(o.encoding_line_bits) + "] (at most encoding_line_bits)");
    return false;
  }
  if (o.max_frame_bytes < o.frame_granularity_bytes || tofu_max_payload_per_frame(o) < 1) {
    p.errors().fail(p.field("transport_header_bytes"),
                    "leaves no payload in a frame: max_frame_bytes (rounded down to frame_granularity_bytes) must "
                    "exceed routing header + DLL packet + flags + FCS + transport header");
    return false;
  }
  return true;
}

json tofu_link_report(const TofuLinkParams& in, Report& r) {
  const double peak = tofu_peak_GBps(in);
  const int64_t chunk = tofu_max_payload_per_frame(in);
  const int64_t wire = tofu_wire_bytes_per_frame(in, chunk);
  r.output("line_rate_Gbps", static_cast<double>(in.lanes) * in.lane_rate_Gbps, "model: lanes x lane rate");
  r.output("peak_Gbps", peak * 8.0, "model: lanes x lane rate x 64/66 (seed 004 \"Physical Layer\")");
  r.output("peak_GBps", peak, "model: lanes x lane rate x 64/66 / 8 (seed 004 \"Physical Layer\")");
  r.output("max_payload_per_frame_B", chunk, "model: max frame - fixed fields - transport header");
  r.output("wire_bytes_per_full_frame_B", wire, "model: preamble + frame + gap");
  r.output("large_message_efficiency", static_cast<double>(chunk) / static_cast<double>(wire),
           "model: payload / wire bytes of a full frame");
  r.output("large_message_effective_GBps", peak * static_cast<double>(chunk) / static_cast<double>(wire),
           "model: peak x payload / wire bytes of a full frame");
  json curve = json::array();
  for (int64_t b : in.message_bytes) {
    const TofuMessage m = tofu_message(in, b);
    curve.push_back({{"message_B", m.bytes},
                     {"frames", m.frames},
                     {"wire_B", m.wire_bytes},
                     {"time_ns", m.time_ns},
                     {"effective_GBps", m.effective_GBps},
                     {"efficiency", m.efficiency}});
  }
  r.output("curve", curve, "model: frames of max payload, last one padded to the 32 B granularity");
  r.published("peak_GBps", 12.5, "as published in seed 004 \"Physical Layer\"");
  r.published("measured_put_GBps", 11.46, "as published in seed 004 \"Throughput of Single Put Transfer\"");
  r.published("measured_put_efficiency", 0.92, "as published in seed 004 \"Throughput of Single Put Transfer\"");
  r.assume("Inter-frame gap: 12 B, Ethernet's minimum (seed 004 only says preamble, FCS and gap are Ethernet's).");
  r.assume("Transport-layer header: 64 B (seed 004 gives only the 32-1,984 B transport packet), so a full frame "
           "carries 1,920 B of payload in 2,036 B on the wire.");
  r.assume("Every frame carries its 16 B data-link packet and 4 B flags; no separate acknowledgement frames travel "
           "in the data direction.");
  r.assume("Lane alignment markers and idle deficit of the 100GBASE-R PCS are ignored (< 0.01%).");
  r.assume("Seed 004 derives its 11.46 GB/s from measured latencies; per_message_overhead_ns (default 0) adds such a "
           "fixed cost per message.");
  return r.take();
}

namespace {
const ModelRegistrar kRegistrar{{"tofu2_link",
                                 "Tofu2 link: peak rate from lanes and 64b/66b coding, effective payload throughput "
                                 "vs message size from the frame format",
                                 "seed 004 \"Physical Layer\", \"Frame Format\""},
                                &run_report_model<TofuLinkParams, read_tofu_link_params, tofu_link_report>};
}  // namespace

}  // namespace switchlab::models

