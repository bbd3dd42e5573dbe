#include "cost/line_rate.hpp"

namespace switchlab::cost {

LineRate line_rate(double stage_ns, double frame_bytes, int pipelines) {
  LineRate r;
  if (!(stage_ns > 0) || pipelines < 1) return r;
  // seed 000 Sec. I: 1 / 4 ns x 84 B x 8 = 168 Gb/s; Sec. III-B: x 2 pipelines.
  r.forwarding_rate_pps = pipelines * 1e9 / stage_ns;
  r.line_rate_Gbps = r.forwarding_rate_pps * frame_bytes * 8.0 / 1e9;
  return r;
}

nlohmann::json line_rate_model(Params& p) {
  if (!p.present("stage_ns")) {
    p.errors().fail(p.field("stage_ns"),
                    "is required: the slowest pipeline stage time in ns, a number in [0.001, 1000000]",
                    "a number in [0.001, 1000000]");
    return nullptr;
  }
  const double stage_ns = p.number(
      "stage_ns", {1.0, 0.001, 1e6, "ns", "Slowest forwarding-pipeline stage (one look-up per stage)"});
  const double frame = p.number(
      "frame_bytes", {kMinFrameBytes, 1.0, 1e6, "B",
                      "Bytes of line time per packet; 84 = 64 B minimum Ethernet frame + 20 B preamble/gap"});
  const int pipes = static_cast<int>(p.integer(
      "pipelines", {1, 1, 1024, "", "Parallel look-up pipelines per port (seed 000 Sec. III-B: 2)"}));
  p.reject_unknown();
  if (!p.errors().ok()) return nullptr;
  const LineRate r = line_rate(stage_ns, frame, pipes);
  return {{"model", "line_rate"},
          {"provenance", "model: seed 000 Sec. I, III-B, V-A/B (rate = pipelines x frame bytes x 8 / stage time)"},
          {"stage_ns", stage_ns},
          {"frame_bytes", frame},
          {"pipelines", pipes},
          {"forwarding_rate_pps", r.forwarding_rate_pps},
          {"line_rate_Gbps", r.line_rate_Gbps}};
}

}  // namespace switchlab::cost

// Registered as the closed-form model "line_rate" (switchlab-sim model line_rate PARAMS).
#include "models/registry.hpp"

namespace switchlab::cost {
namespace {
bool run_line_rate(Params& p, json* out) {
  if (!out) {  // declare only: stage_ns is required, so give it a value to read
    json declare_only = {{"stage_ns", 1.0}};
    Params d(&declare_only, "", p.errors(), p.registry());
    line_rate_model(d);
    return true;
  }
  json r = line_rate_model(p);
  if (!p.errors().ok()) return false;
  *out = std::move(r);
  return true;
}
const ModelRegistrar kRegistrar{{"line_rate", "Forwarding rate and line rate sustained by a look-up pipeline stage",
                                 "seed 000 Sec. I, III-B, V"},
                                &run_line_rate};
}  // namespace
}  // namespace switchlab::cost
