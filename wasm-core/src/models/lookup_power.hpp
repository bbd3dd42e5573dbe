#pragma once
// Table-lookup power of a switch with per-input-port routing-table caches in front of a CAM,
// and of a conventional CAM-only switch: seed 001 (001_6650f43b18b307a7.txt) Sec. 7.1, eq. (5):
//     S = n (E_cache + E_cam r_miss) + (d P_cache + P_cam)
// n packets/s, d ports (= caches), r_miss miss rate; the conventional switch is E_cache = P_cache
// = 0 and r_miss = 1. Defaults are the published parameters; the caller may pass others (e.g.
// a CACTI-7 fit for a chosen node) with its own provenance label.
#include <string>

#include "common/params.hpp"
#include "models/report.hpp"

namespace switchlab::models {

struct LookupPowerParams {
  double cache_energy_nJ = 0.039;  // E_cache per look-up (seed 001: CACTI 6.5)
  double cache_static_mW = 13;     // P_cache per cache
  double cam_energy_nJ = 42;       // E_cam per search (seed 001: refs [25], [26])
  double cam_static_mW = 36;       // P_cam
  int64_t ports = 7;               // d: 3-D torus, 6 links + local port
  double miss_rate = 0.01;         // r_miss
  double port_rate_Gbps = 200;     // switching capacity = ports x port rate (1,400 Gb/s)
  double utilization = 0.5;        // fraction of switching capacity in use
  int64_t packet_bytes = 64;       // converts switching capacity into packets/s
  int64_t wire_overhead_bytes = 0;
  std::string cache_params_source;  // provenance label of E_cache / P_cache
  std::string cam_params_source;    // provenance label of E_cam / P_cam
};

struct LookupPower {
  double packet_rate_Mpps;  // n
  double cache_dynamic_W, cam_dynamic_W, cache_static_W, cam_static_W, total_W;
};

// Eq. (5). n in packets/s derived from the switching capacity in use.
double packets_per_second(const LookupPowerParams& p, double utilization);
LookupPower lookup_power_with_cache(const LookupPowerParams& p, double utilization, double miss_rate);
LookupPower lookup_power_conventional(const LookupPowerParams& p, double utilization);

bool read_lookup_power_params(Params& p, LookupPowerParams& out, Report* r);
json lookup_power_report(const LookupPowerParams& in, Report& r);

}  // namespace switchlab::models
