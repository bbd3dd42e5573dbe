#pragma once
// Tofu interconnect 2 link: seed 004 (004_133f06942747f9b9.txt), slides "Physical Layer" and
// "Frame Format". Peak = lanes x lane rate x 64/66; a message is cut into frames whose
// transport-layer packet is padded to the 32-byte frame granularity, each frame carrying the
// preamble, routing header, data-link packet, flags, FCS and an inter-frame gap on the wire.
#include <cstdint>
#include <vector>

#include "common/params.hpp"
#include "models/report.hpp"

namespace switchlab::models {

struct TofuLinkParams {
  int64_t lanes = 4;
  double lane_rate_Gbps = 25.78125;
  int64_t encoding_data_bits = 64;   // 64b/66b
  int64_t encoding_line_bits = 66;
  int64_t preamble_bytes = 8;
  int64_t routing_header_bytes = 8;
  int64_t dll_packet_bytes = 16;
  int64_t flags_bytes = 4;
  int64_t fcs_bytes = 4;
  int64_t ifg_bytes = 12;              // assumption: Ethernet's minimum inter-packet gap
  int64_t frame_granularity_bytes = 32;
  int64_t max_frame_bytes = 2016;
  int64_t transport_header_bytes = 64; // assumption: the slides do not give it
  double per_message_overhead_ns = 0;  // fixed per-message time (0: pure link view)
  std::vector<int64_t> message_bytes;
};

struct TofuMessage {
  int64_t bytes, frames, wire_bytes;
  double time_ns, effective_GBps, efficiency;
};

double tofu_peak_GBps(const TofuLinkParams& p);
// Largest payload one frame carries (max frame minus fixed frame fields and transport header).
int64_t tofu_max_payload_per_frame(const TofuLinkParams& p);
// Bytes a frame with `payload` bytes occupies on the wire, padding included.
int64_t tofu_wire_bytes_per_frame(const TofuLinkParams& p, int64_t payload);
TofuMessage tofu_message(const TofuLinkParams& p, int64_t message_bytes);

bool read_tofu_link_params(Params& p, TofuLinkParams& out, Report* r);
json tofu_link_report(const TofuLinkParams& in, Report& r);

}  // namespace switchlab::models
