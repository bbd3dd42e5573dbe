#include "models/routing_throughput.hpp"

#include <algorithm>
#include <limits>

#include "models/registry.hpp"

namespace switchlab::models {

namespace {
constexpr const char* kSrc = "default: as published in seed 001 Sec. 7.2";
constexpr const char* kEq6 = "model: seed 001 eq. (6), T_base = 1 / L_cam";
constexpr const char* kEq7 = "model: seed 001 eq. (7), T_rcache = min(1 / L_cache, 1 / (L_cam r_miss))";
}  // namespace

RoutingThroughput routing_throughput(double cam_latency_ns, double cache_latency_ns, double miss_rate) {
  RoutingThroughput t{};
  // seed 001 eq. (6): one CAM search per packet, pipelined, so the CAM's access time bounds the rate.
  t.base_Mpps = 1e3 / cam_latency_ns;
  // seed 001 eq. (7): the cache serves every packet; the CAM only the misses.
  t.cache_bound_Mpps = 1e3 / cache_latency_ns;
  t.cam_bound_Mpps = miss_rate > 0 ? 1e3 / (cam_latency_ns * miss_rate) : std::numeric_limits<double>::infinity();
  t.rcache_Mpps = std::min(t.cache_bound_Mpps, t.cam_bound_Mpps);
  t.cam_bound = t.cam_bound_Mpps < t.cache_bound_Mpps;
  t.speedup = t.rcache_Mpps / t.base_Mpps;
  t.breakeven_miss_rate = cache_latency_ns / cam_latency_ns;
  return t;
}

bool read_routing_throughput_params(Params& p, RoutingThroughputParams& o, Report* r) {
  o.cam_latency_ns = read_number(p, r, "cam_latency_ns",
                                 {25, 0.001, 1e6, "ns", "CAM access latency L_cam (seed 001: ~25 ns off-chip CAM)"}, kSrc);
  o.cache_latency_ns = read_number(
      p, r, "cache_latency_ns", {1, 0.001, 1e6, "ns", "Cache access latency L_cache (seed 001: ~1 ns, 24 KiB cache)"}, kSrc);
  o.miss_rate = read_number(p, r, "miss_rate", {0.1, 0, 1, "", "Cache miss rate r_miss, fraction of packets (0..1)"}, kSrc);
  o.packet_bytes = read_integer(
      p, r, "packet_bytes",
      {64, 1, 65536, "B", "Packet size that turns packets/s into Gb/s (64 B minimum packets, seed 001 Sec. 2.3 ref. [17])"},
      "default: assumption (seed 001 Sec. 7.2 states no packet size; 64 B is the minimum packet its ref. [17] uses)");
  o.wire_overhead_bytes = read_integer(
      p, r, "wire_overhead_bytes", {0, 0, 1024, "B", "Extra bytes per packet on the wire (20 = Ethernet preamble + gap)"},
      "default: assumption (none)");
  o.curve_max_miss_rate =
      read_number(p, r, "curve_max_miss_rate", {0.2, 0.001, 1, "", "Largest miss rate of the throughput curve"},
                  "default: display choice");
  o.curve_points = read_integer(p, r, "curve_points", {21, 2, 1001, "", "Points of the throughput curve"},
                                "default: display choice");
  p.reject_unknown();
  return p.errors().ok();
}

json routing_throughput_report(const RoutingThroughputParams& in, Report& r) {
  const RoutingThroughput t = routing_throughput(in.cam_latency_ns, in.cache_latency_ns, in.miss_rate);
  const double bits = 8.0 * static_cast<double>(in.packet_bytes + in.wire_overhead_bytes);
  r.output("T_base_Mpps", t.base_Mpps, kEq6);
  r.output("cache_bound_Mpps", t.cache_bound_Mpps, "model: seed 001 eq. (7), 1 / L_cache");
  r.output("cam_bound_Mpps", in.miss_rate > 0 ? json(t.cam_bound_Mpps) : json(nullptr),
           "model: seed 001 eq. (7), 1 / (L_cam r_miss); null = unbounded (no misses)");
  r.output("T_rcache_Mpps", t.rcache_Mpps, kEq7);
  r.output("bound", t.cam_bound ? "cam" : "cache", kModel);
  r.output("speedup_vs_base", t.speedup, "model: eq. (7) / eq. (6)");
  r.output("cam_bound_from_miss_rate", t.breakeven_miss_rate, "model: L_cache / L_cam, where the two terms of eq. (7) meet");
  r.output("packet_bits_on_wire", bits, "input: 8 x (packet_bytes + wire_overhead_bytes)");
  r.output("T_base_line_rate_Gbps", t.base_Mpps * bits / 1e3, "model: T_base x packet bits");
  r.output("T_rcache_line_rate_Gbps", t.rcache_Mpps * bits / 1e3, "model: T_rcache x packet bits");
  json mr = json::array(), tp = json::array();
  for (int64_t i = 0; i < in.curve_points; ++i) {
    const double m = in.curve_max_miss_rate * static_cast<double>(i) / static_cast<double>(in.curve_points - 1);
    mr.push_back(m);
    tp.push_back(routing_throughput(in.cam_latency_ns, in.cache_latency_ns, m).rcache_Mpps);
  }
  r.output("curve.miss_rate", mr, kInput);
  r.output("curve.T_rcache_Mpps", tp, kEq7);
  const char* pub = "as published in seed 001 Sec. 7.2";
  r.published("T_base_Mpps", 40, pub);
  r.published("T_rcache_Mpps_at_0_miss", 1000, pub);
  r.published("T_rcache_Mpps_at_10pct_miss", 400, pub);
  r.published("cam_bound_from_miss_rate", 0.04, pub);
  r.published("speedup_vs_base_at_0_miss", 25, pub);
  r.published("speedup_vs_base_at_10pct_miss", 10, pub);
  r.assume("Eqs. (6)-(7) count one routing computation per packet and fully pipelined stages, as seed 001 Sec. 7.2 does.");
  r.assume("Packets/s become a line rate with packet_bytes (+ wire_overhead_bytes); seed 001 Sec. 7.2 gives no packet "
           "size, so 64 B (the minimum packet of its ref. [17], Sec. 2.3) is the default; 84 B wire frames as in seed 000 "
           "are packet_bytes 64 + wire_overhead_bytes 20.");
  return r.take();
}

namespace {
const ModelRegistrar kRegistrar{{"routing_throughput",
                                 "Routing-computation throughput with and without a routing-table cache (packets/s "
                                 "and line rate vs miss rate)",
                                 "seed 001 Sec. 7.2 eqs. (6)-(7)"},
                                &run_report_model<RoutingThroughputParams, read_routing_throughput_params, routing_throughput_report>};
}  // namespace

}  // namespace switchlab::models

