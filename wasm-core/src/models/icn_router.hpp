#pragma once
// Bottleneck model of an ICN (NDN) router built from a programmable switch and cache servers:
// seed 002 (002_7d42bf4da833b549.txt), slides "ボトルネックの解析方法" (packet-rate limit of the
// ports = bandwidth / packet size, of the switch ASIC and of the CPU cores; the slowest bounds
// forwarding), "キャッシュへのアクセスによるフォワーディング速度の低下" (switch<->server bandwidth
// spent on Data insertions on misses and reads on hits) and "性能評価" / "評価結果" (16 x 100 Gb/s
// ports, 12 forwarding + 4 to servers; naive 900 Gb/s vs proposal 1,176 Gb/s ideal).
#include <string>

#include "common/params.hpp"
#include "models/report.hpp"

namespace switchlab::models {

struct IcnRouterParams {
  int64_t forwarding_ports = 12;
  int64_t server_ports = 4;
  double port_rate_Gbps = 100;
  int64_t interest_bytes = 128;
  int64_t data_bytes = 1024;
  double hit_rate = 0.36;
  double admission_insert_reduction = 0.94;  // fraction of naive insertions cache admission avoids
  double lazy_read_reduction = 0.30;         // fraction of hit reads lazy response avoids
  double asic_Mpps = 1500;                   // one switch pipeline
  int64_t cpu_cores = 88;
  double cpu_core_Mpps = 5;
};

// Per consumer request (one Interest): what crosses the switch<->server link.
struct IcnTraffic {
  double hit_rate;             // requests served from the content store
  double inserts_per_request;  // Data copies switch -> server (naive: 1 - hit_rate)
  double reads_per_request;    // Data reads server -> switch (naive: hit_rate)
};

enum class IcnAccounting {
  // Server link: both directions of the server ports as one budget, Data bytes only (the
  // accounting that gives seed 002's 900 Gb/s naive figure; see docs/models.md).
  DataDuplexPool,
  // Server link: each direction of the server ports on its own, Interests included.
  PerDirection,
};

struct IcnBound {
  double external_Mreq_s, server_link_Mreq_s, asic_Mreq_s, cpu_Mreq_s;  // limits, M requests/s
  double request_rate_Mreq_s;
  std::string bottleneck;  // external_ports | server_link | asic | cpu
  double forwarding_rate_Gbps;  // request rate x (Interest + Data) bits
  double insert_Gbps, read_Gbps;  // server link bandwidth spent at that rate
};

IcnBound icn_bound(const IcnRouterParams& p, const IcnTraffic& t, IcnAccounting acc);
IcnTraffic icn_naive_traffic(double hit_rate);
IcnTraffic icn_proposal_traffic(const IcnRouterParams& p, double hit_rate);

bool read_icn_router_params(Params& p, IcnRouterParams& out, Report* r, bool with_traffic);
// Adds naive / proposal bounds under both accountings to `r` under `prefix` ("" or "router.").
void icn_router_outputs(const IcnRouterParams& p, const IcnTraffic& naive, const IcnTraffic& proposal,
                        const std::string& traffic_label, const std::string& prefix, Report& r);
void icn_router_assumptions(Report& r);

}  // namespace switchlab::models
