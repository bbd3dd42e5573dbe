#pragma once
// Closed-form model "line_rate" (seed 000 Sec. I, III-B, V-A, V-B): a forwarding pipeline whose
// slowest stage takes t ns starts `pipelines` look-ups every t ns, so it sustains
//   packets/s = pipelines / t          and          line rate = packets/s x frame bytes x 8.
// For Ethernet the per-packet budget is 84 B (64 B minimum frame + 20 B preamble and gap).
// Published checks: 4 ns TCAM -> 168 Gb/s; 0.41 ns -> 1.64 Tb/s; 0.72 ns -> 933 Gb/s;
// 2 ns L2 -> 336 Gb/s, two 2 ns pipelines -> 672 Gb/s.
#include <nlohmann/json.hpp>

#include "common/params.hpp"

namespace switchlab::cost {

inline constexpr double kMinFrameBytes = 84.0;  // 64 B frame + 20 B preamble/inter-frame gap

struct LineRate {
  double forwarding_rate_pps = 0;  // packets per second per port
  double line_rate_Gbps = 0;       // for frames of `frame_bytes`
};

LineRate line_rate(double stage_ns, double frame_bytes = kMinFrameBytes, int pipelines = 1);

// JSON-facing model for `switchlab-sim model line_rate PARAMS`: reads stage_ns (required),
// frame_bytes (default 84) and pipelines (default 1) from `params`.
nlohmann::json line_rate_model(Params& params);

}  // namespace switchlab::cost
