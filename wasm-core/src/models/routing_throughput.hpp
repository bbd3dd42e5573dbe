#pragma once
// Routing-computation throughput of a switch with and without a routing-table cache:
// seed 001 (001_6650f43b18b307a7.txt) Sec. 7.2, eqs. (6) and (7).
#include "common/params.hpp"
#include "models/report.hpp"

namespace switchlab::models {

struct RoutingThroughputParams {
  double cam_latency_ns = 25;    // L_cam, off-chip CAM access (seed 001 Sec. 2.1, 7.2)
  double cache_latency_ns = 1;   // L_cache, 24 KiB per-port cache (seed 001 Sec. 3.1, 7.2)
  double miss_rate = 0.1;        // r_miss, the "10%" case of Sec. 7.2
  int64_t packet_bytes = 64;     // converts packets/s to a line rate (seed 001 Sec. 2.3, ref [17])
  int64_t wire_overhead_bytes = 0;  // per-packet bytes on the wire beyond packet_bytes (20 = Ethernet preamble + gap)
  double curve_max_miss_rate = 0.2;
  int64_t curve_points = 21;
};

struct RoutingThroughput {
  double base_Mpps;            // eq. (6): 1 / L_cam
  double cache_bound_Mpps;     // 1 / L_cache
  double cam_bound_Mpps;       // 1 / (L_cam r_miss); +inf when r_miss = 0
  double rcache_Mpps;          // eq. (7): min of the two
  double speedup;              // rcache / base
  double breakeven_miss_rate;  // L_cache / L_cam: CAM-bound above this miss rate
  bool cam_bound;
};

// Eqs. (6)-(7) at one miss rate. Latencies in ns, so 1/L in 1/ns = 1e3 Mpps.
RoutingThroughput routing_throughput(double cam_latency_ns, double cache_latency_ns, double miss_rate);

// Reads and validates; `r` (may be null) receives the input echo.
bool read_routing_throughput_params(Params& p, RoutingThroughputParams& out, Report* r);

json routing_throughput_report(const RoutingThroughputParams& in, Report& r);

}  // namespace switchlab::models
