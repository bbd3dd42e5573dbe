#include "models/icn_router.hpp"

#include <algorithm>
#include <limits>

#include "models/registry.hpp"

namespace switchlab::models {

namespace {
constexpr const char* kEval = "default: as published in seed 002 \"性能評価\" (evaluation setup)";
constexpr const char* kAnalysis = "default: as published in seed 002 \"解析結果\" (analysis conditions)";
constexpr double kInf = std::numeric_limits<double>::infinity();

// Requests/s (in M) that `capacity_Gbps` sustains when each request needs `bytes` on it.
double limit(double capacity_Gbps, double bytes) { return bytes > 0 ? capacity_Gbps * 1e3 / (8.0 * bytes) : kInf; }

json bound_json(const IcnBound& b) {
  auto num = [](double v) { return v == kInf ? json(nullptr) : json(v); };
  return {{"limits_Mreq_per_s",
           {{"external_ports", num(b.external_Mreq_s)},
            {"server_link", num(b.server_link_Mreq_s)},
            {"asic", num(b.asic_Mreq_s)},
            {"cpu", num(b.cpu_Mreq_s)}}},
          {"request_rate_Mreq_per_s", b.request_rate_Mreq_s},
          {"bottleneck", b.bottleneck},
          {"forwarding_rate_Gbps", b.forwarding_rate_Gbps},
          {"server_insert_Gbps", b.insert_Gbps},
          {"server_read_Gbps", b.read_Gbps}};
}
}  // namespace

IcnTraffic icn_naive_traffic(double h) { return {h, 1 - h, h}; }

IcnTraffic icn_proposal_traffic(const IcnRouterParams& p, double h) {
  return {h, (1 - h) * (1 - p.admission_insert_reduction), h * (1 - p.lazy_read_reduction)};
}

IcnBound icn_bound(const IcnRouterParams& p, const IcnTraffic& t, IcnAccounting acc) {
  const double I = static_cast<double>(p.interest_bytes), D = static_cast<double>(p.data_bytes);
  const double m = 1 - t.hit_rate;
  const double fwd_Gbps = static_cast<double>(p.forwarding_ports) * p.port_rate_Gbps;
  const double srv_Gbps = static_cast<double>(p.server_ports) * p.port_rate_Gbps;
  IcnBound b{};
  // "Ideal forwarding speed" of seed 002 = forwarding ports x port rate (12 x 100 = 1.2 Tb/s),
  // in units of one Interest + one Data per satisfied request.
  b.external_Mreq_s = limit(fwd_Gbps, I + D);
  if (acc == IcnAccounting::DataDuplexPool) {
    b.server_link_Mreq_s = limit(2 * srv_Gbps, D * (t.inserts_per_request + t.reads_per_request));
  } else {
    // External ports per direction: egress = Data to consumers + Interests to producers on
    // misses; ingress = Interests from consumers + Data from producers on misses.
    b.external_Mreq_s = std::min({b.external_Mreq_s, limit(fwd_Gbps, D + m * I), limit(fwd_Gbps, I + m * D)});
    const double to_server = I + t.inserts_per_request * D;        // every Interest is looked up
    const double from_server = m * I + t.reads_per_request * D;    // misses go back out, hits are read
    b.server_link_Mreq_s = std::min(limit(srv_Gbps, to_server), limit(srv_Gbps, from_server));
  }
  // seed 002 "ボトルネックの解析方法": ASIC and CPU packet-rate limits. Pipeline passes per request:
  // the consumer's Interest, the Interest back from the server on a miss, the producer's Data on
  // a miss, each read from the server (replication to several ports is egress-only).
  const double asic_pkts = 1 + 2 * m + t.reads_per_request;
  // CPU: every Interest looked up, misses sent back, each insertion and each read.
  const double cpu_pkts = 1 + m + t.inserts_per_request + t.reads_per_request;
  b.asic_Mreq_s = p.asic_Mpps / asic_pkts;
  b.cpu_Mreq_s = static_cast<double>(p.cpu_cores) * p.cpu_core_Mpps / cpu_pkts;
  const std::pair<double, const char*> lims[] = {{b.external_Mreq_s, "external_ports"},
                                                 {b.server_link_Mreq_s, "server_link"},
                                                 {b.asic_Mreq_s, "asic"},
                                                 {b.cpu_Mreq_s, "cpu"}};
  const auto* best = &lims[0];
  for (const auto& l : lims)
    if (l.first < best->first) best = &l;
  b.request_rate_Mreq_s = best->first;
  b.bottleneck = best->second;
  b.forwarding_rate_Gbps = b.request_rate_Mreq_s * 8.0 * (I + D) / 1e3;
  b.insert_Gbps = b.request_rate_Mreq_s * 8.0 * D * t.inserts_per_request / 1e3;
  b.read_Gbps = b.request_rate_Mreq_s * 8.0 * D * t.reads_per_request / 1e3;
  return b;
}

bool read_icn_router_params(Params& p, IcnRouterParams& o, Report* r, bool with_traffic) {
  o.forwarding_ports = read_integer(p, r, "forwarding_ports", {12, 1, 4096, "", "Switch ports facing the network"}, kEval);
  o.server_ports = read_integer(p, r, "server_ports", {4, 1, 4096, "", "Switch ports to the cache servers"}, kEval);
  o.port_rate_Gbps = read_number(p, r, "port_rate_Gbps", {100, 0.001, 1e6, "Gb/s", "Rate of each port, per direction"}, kEval);
  o.interest_bytes = read_integer(p, r, "interest_bytes", {128, 1, 65536, "B", "Interest packet size"}, kAnalysis);
  o.data_bytes = read_integer(p, r, "data_bytes", {1024, 1, 65536, "B", "Data packet size"}, kAnalysis);
  if (with_traffic) {
    o.hit_rate = read_number(p, r, "hit_rate", {0.36, 0, 1, "", "Content-store hit rate (fraction of Interests)"}, kEval);
    o.admission_insert_reduction = read_number(
        p, r, "admission_insert_reduction",
        {0.94, 0, 1, "", "Fraction of naive Data insertions that cache admission avoids"},
        "default: as published in seed 002 \"評価結果\" (94% fewer insertions)");
    o.lazy_read_reduction = read_number(p, r, "lazy_read_reduction",
                                        {0.30, 0, 1, "", "Fraction of hit reads that lazy response avoids"},
                                        "default: as published in seed 002 \"評価結果\" (30% fewer reads)");
  }
  o.asic_Mpps = read_number(
      p, r, "asic_Mpps", {1500, 0.001, 1e9, "Mpps", "Packet rate of the switch pipeline(s) in use"},
      "default: assumption (one of the 4 pipelines of the 6e9 packet/s ASIC of seed 002 \"解析結果\", 1 packet/clock)");
  o.cpu_cores = read_integer(p, r, "cpu_cores", {88, 1, 1 << 20, "", "CPU cores forwarding and caching"},
                             "default: assumption (2 servers x 2 x 22-core CPUs of seed 002 \"性能評価\", all used)");
  o.cpu_core_Mpps = read_number(p, r, "cpu_core_Mpps", {5, 0.001, 1e6, "Mpps", "Packets per second one core processes"},
                                "default: as published in seed 002 \"解析結果\" (5e6 packet/s per core, measured)");
  return p.errors().ok();
}

void icn_router_outputs(const IcnRouterParams& p, const IcnTraffic& naive, const IcnTraffic& proposal,
                        const std::string& traffic_label, const std::string& prefix, Report& r) {
  const std::string pool_label =
      "model: seed 002 bottleneck analysis; server link = both directions pooled, Data bytes only; " + traffic_label;
  const std::string dir_label =
      "model: seed 002 bottleneck analysis; server link per direction, Interests included; " + traffic_label;
  for (const auto& [name, t] : {std::pair<const char*, IcnTraffic>{"naive", naive}, {"proposal", proposal}}) {
    const std::string k = prefix + name;
    r.output(k + ".inserts_per_request", t.inserts_per_request, traffic_label);
    r.output(k + ".reads_per_request", t.reads_per_request, traffic_label);
    r.output(k + ".data_duplex_pool", bound_json(icn_bound(p, t, IcnAccounting::DataDuplexPool)), pool_label);
    r.output(k + ".per_direction", bound_json(icn_bound(p, t, IcnAccounting::PerDirection)), dir_label);
  }
  r.output(prefix + "ideal_forwarding_Gbps", static_cast<double>(p.forwarding_ports) * p.port_rate_Gbps,
           "model: forwarding ports x port rate (seed 002 \"性能評価\": 1.2 Tb/s)");
}

void icn_router_assumptions(Report& r) {
  r.published("naive_forwarding_Gbps_model", 900, "as published in seed 002 \"評価結果\" (ideal speed, model)");
  r.published("proposal_forwarding_Gbps_model", 1176, "as published in seed 002 \"評価結果\" (ideal speed, model)");
  r.published("naive_forwarding_Gbps_prototype", 543, "as published in seed 002 \"評価結果\" (prototype)");
  r.published("proposal_forwarding_Gbps_prototype", 916, "as published in seed 002 \"評価結果\" (prototype)");
  r.published("insert_reduction", 0.94, "as published in seed 002 \"評価結果\"");
  r.published("read_reduction", 0.30, "as published in seed 002 \"評価結果\"");
  r.published("hit_rate", 0.36, "as published in seed 002 \"性能評価\"");
  r.assume("Forwarding rate = satisfied requests/s x (Interest + Data) bits, capped by forwarding ports x port rate "
           "(seed 002's 'ideal forwarding speed 1.2 Tbps'); seed 002 does not define its Gb/s.");
  r.assume("data_duplex_pool: the server ports' two directions form one budget (2 x ports x rate) and only Data "
           "crosses it (insert on miss, read on hit); this reproduces seed 002's naive 900 Gb/s exactly. Its proposal "
           "figure is capped at 1,200 Gb/s by the forwarding ports, 2% above the published 1,176 Gb/s, whose "
           "derivation the slides do not give.");
  r.assume("per_direction: Interests go to the server for the content-store look-up and come back on a miss; each "
           "direction of each port carries at most the port rate. This is the physically tighter bound (it stays "
           "above the naive prototype's 543 Gb/s).");
  r.assume("One hit rate for naive and proposal (seed 002 gives one, 36%); admission and lazy response change only "
           "insertions and reads.");
  r.assume("ASIC: one pipeline at 1.5e9 packet/s (Tofino 2's 6e9 packet/s over 4 pipelines, seed 002 footnote [2]); "
           "CPU: 88 cores x 5e6 packet/s; neither binds at the seed's setup.");
}

namespace {
bool run(Params& p, json* out) {
  IcnRouterParams in;
  Report r;
  if (!read_icn_router_params(p, in, out ? &r : nullptr, true)) return false;
  p.reject_unknown();
  if (!p.errors().ok() || !out) return p.errors().ok();
  icn_router_outputs(in, icn_naive_traffic(in.hit_rate), icn_proposal_traffic(in, in.hit_rate),
                     "traffic from hit_rate and the published reductions", "", r);
  icn_router_assumptions(r);
  *out = r.take();
  return true;
}
const ModelRegistrar kRegistrar{{"icn_router",
                                 "ICN router (switch + cache servers) bottleneck: port, ASIC and CPU packet-rate "
                                 "limits and forwarding rate, naive vs cache admission + lazy response",
                                 "seed 002 bottleneck analysis and evaluation slides"},
                                &run};
}  // namespace

}  // namespace switchlab::models

