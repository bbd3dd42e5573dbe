#include "models/lookup_power.hpp"

#include "models/registry.hpp"

namespace switchlab::models {

namespace {
constexpr const char* kPubCache = "as published in seed 001 Sec. 7.1 (CACTI 6.5)";
constexpr const char* kPubCam = "as published in seed 001 Sec. 7.1 (from its refs. [25], [26])";
constexpr const char* kPubSetup = "default: as published in seed 001 Sec. 7.1";
constexpr const char* kEq5 = "model: seed 001 eq. (5)";

LookupPower eq5(const LookupPowerParams& p, double n, double e_cache_nJ, double p_cache_mW, double miss_rate) {
  LookupPower s{};
  s.packet_rate_Mpps = n / 1e6;
  // seed 001 eq. (5): S = n (E_cache + E_cam r_miss) + (d P_cache + P_cam); nJ x 1/s = 1e-9 W.
  s.cache_dynamic_W = n * e_cache_nJ * 1e-9;
  s.cam_dynamic_W = n * p.cam_energy_nJ * miss_rate * 1e-9;
  s.cache_static_W = static_cast<double>(p.ports) * p_cache_mW * 1e-3;
  s.cam_static_W = p.cam_static_mW * 1e-3;
  s.total_W = s.cache_dynamic_W + s.cam_dynamic_W + s.cache_static_W + s.cam_static_W;
  return s;
}

json to_json(const LookupPower& s) {
  return {{"packet_rate_Mpps", s.packet_rate_Mpps}, {"cache_dynamic_W", s.cache_dynamic_W},
          {"cam_dynamic_W", s.cam_dynamic_W},       {"cache_static_W", s.cache_static_W},
          {"cam_static_W", s.cam_static_W},         {"total_W", s.total_W}};
}
}  // namespace

double packets_per_second(const LookupPowerParams& p, double utilization) {
  const double capacity_bps = static_cast<double>(p.ports) * p.port_rate_Gbps * 1e9 * utilization;
  return capacity_bps / (8.0 * static_cast<double>(p.packet_bytes + p.wire_overhead_bytes));
}

LookupPower lookup_power_with_cache(const LookupPowerParams& p, double utilization, double miss_rate) {
  return eq5(p, packets_per_second(p, utilization), p.cache_energy_nJ, p.cache_static_mW, miss_rate);
}

LookupPower lookup_power_conventional(const LookupPowerParams& p, double utilization) {
  // seed 001 Sec. 7.1: the conventional switch is eq. (5) with E_cache = P_cache = 0, r_miss = 1.
  return eq5(p, packets_per_second(p, utilization), 0, 0, 1);
}

bool read_lookup_power_params(Params& p, LookupPowerParams& o, Report* r) {
  const bool cache_given = p.present("cache_energy_nJ") || p.present("cache_static_mW");
  const bool cam_given = p.present("cam_energy_nJ") || p.present("cam_static_mW");
  o.cache_params_source = p.string("cache_params_source", "",
                                   "Provenance label of cache_energy_nJ / cache_static_mW, e.g. \"CACTI-7 fit, 45 nm\"");
  o.cam_params_source =
      p.string("cam_params_source", "", "Provenance label of cam_energy_nJ / cam_static_mW");
  // A caller-supplied label names where its numbers came from; without one, say "input".
  const std::string cache_label =
      !o.cache_params_source.empty() ? o.cache_params_source : (cache_given ? kInput : kPubCache);
  const std::string cam_label = !o.cam_params_source.empty() ? o.cam_params_source : (cam_given ? kInput : kPubCam);
  o.cache_energy_nJ = p.number("cache_energy_nJ", {0.039, 0, 1e6, "nJ", "Cache dynamic energy per look-up E_cache"});
  o.cache_static_mW = p.number("cache_static_mW", {13, 0, 1e6, "mW", "Static power of one cache P_cache"});
  o.cam_energy_nJ = p.number("cam_energy_nJ", {42, 0, 1e6, "nJ", "CAM dynamic energy per search E_cam"});
  o.cam_static_mW = p.number("cam_static_mW", {36, 0, 1e6, "mW", "CAM static power P_cam"});
  if (r) {
    r->input("cache_energy_nJ", o.cache_energy_nJ, false, cache_label);
    r->input("cache_static_mW", o.cache_static_mW, false, cache_label);
    r->input("cam_energy_nJ", o.cam_energy_nJ, false, cam_label);
    r->input("cam_static_mW", o.cam_static_mW, false, cam_label);
  }
  o.ports = read_integer(p, r, "ports", {7, 1, 4096, "", "Switch degree d incl. the local port (one cache each)"},
                         "default: as published in seed 001 Sec. 7.1 (3-D torus, 7 ports)");
  o.miss_rate = read_number(p, r, "miss_rate", {0.01, 0, 1, "", "Cache miss rate r_miss (0..1)"},
                            "default: as published in seed 001 Sec. 7.1 (1% case)");
  o.port_rate_Gbps = read_number(p, r, "port_rate_Gbps", {200, 0.001, 1e6, "Gb/s", "Link rate of each port"}, kPubSetup);
  o.utilization = read_number(p, r, "utilization",
                              {0.5, 0, 1, "", "Fraction of the switching capacity (ports x port rate) in use"},
                              "default: as published in seed 001 Sec. 7.1 (50% case)");
  o.packet_bytes = read_integer(
      p, r, "packet_bytes", {64, 1, 65536, "B", "Packet size that turns switching capacity into packets/s"},
      "default: assumption (seed 001 Sec. 7.1 states no packet size; 64 B is the minimum packet of its ref. [17])");
  o.wire_overhead_bytes = read_integer(
      p, r, "wire_overhead_bytes", {0, 0, 1024, "B", "Extra bytes per packet on the wire (20 = Ethernet preamble + gap)"},
      "default: assumption (none)");
  p.reject_unknown();
  return p.errors().ok();
}

json lookup_power_report(const LookupPowerParams& in, Report& r) {
  const LookupPower c = lookup_power_with_cache(in, in.utilization, in.miss_rate);
  const LookupPower b = lookup_power_conventional(in, in.utilization);
  r.output("with_cache", to_json(c), kEq5);
  r.output("conventional", to_json(b), "model: seed 001 eq. (5) with E_cache = P_cache = 0, r_miss = 1");
  r.output("saving_fraction", 1.0 - c.total_W / b.total_W, "model: 1 - with_cache / conventional");
  r.output("with_cache_over_conventional", c.total_W / b.total_W, "model");
  r.output("switching_capacity_Gbps", static_cast<double>(in.ports) * in.port_rate_Gbps, "model: ports x port_rate");
  // The three utilisations x two miss rates of seed 001 Fig. 13.
  json cases = json::array();
  for (double u : {0.0, 0.5, 1.0}) {
    const LookupPower conv = lookup_power_conventional(in, u);
    cases.push_back({{"utilization", u}, {"miss_rate", 1.0}, {"switch", "conventional"}, {"power", to_json(conv)}});
    for (double m : {0.01, 0.0}) {
      const LookupPower s = lookup_power_with_cache(in, u, m);
      cases.push_back({{"utilization", u}, {"miss_rate", m}, {"switch", "per-port cache"}, {"power", to_json(s)}});
    }
  }
  r.output("fig13_cases", cases, "model: seed 001 eq. (5) at the cases of seed 001 Fig. 13");
  r.published("switching_capacity_Gbps", 1400, "as published in seed 001 Sec. 7.1 (200 Gb/s x 7)");
  r.published("with_cache_over_conventional_at_50pct", 0.01,
              "as published in seed 001 Sec. 7.1 (\"about 1%\" of the conventional switch at 50% use)");
  r.assume("n = switching capacity in use / (8 x (packet_bytes + wire_overhead_bytes)); seed 001 gives no packet size "
           "for Fig. 13, so 64 B minimum packets (its ref. [17]) are the default.");
  r.assume("Every packet makes one look-up in the cache of its input port, as in seed 001 Sec. 3.");
  return r.take();
}

namespace {
const ModelRegistrar kRegistrar{{"lookup_power",
                                 "Table-lookup power: per-port caches + CAM vs CAM only, with published or "
                                 "caller-supplied (e.g. CACTI-fit) energies",
                                 "seed 001 Sec. 7.1 eq. (5)"},
                                &run_report_model<LookupPowerParams, read_lookup_power_params, lookup_power_report>};
}  // namespace

}  // namespace switchlab::models

