// NPB skeletons against the real NPB 3.3.1 MPI codes run under SimGrid SMPI (docs/models.md,
// "Skeletons against the real NPB"). tests/data/npb_real/stats.json holds, per benchmark, class and
// rank count, what each real rank called (calls and bytes per MPI operation), its compute and the
// run's speed-ups on seed 000's systems (provenance inside). A skeleton agrees when, on every rank,
// each operation's calls and bytes are within 5 %, its compute within 10 % of the real busiest
// rank's, and its two speed-ups (engine app on the same platforms) within 15 %. Skeletons that do
// not agree yet are listed in kKnownMisses with their measured distances, so that any change to
// them (better or worse) fails here until the list and docs/models.md are updated.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "workload/skeleton.hpp"
#include "test_run_util.hpp"

using json = nlohmann::json;
using namespace switchlab::app;

namespace {

const json& real_runs() {
  static const json data = [] {
    std::ifstream f(std::string(SWITCHLAB_SOURCE_DIR) + "/tests/data/npb_real/stats.json");
    return json::parse(f);
  }();
  return data;
}

std::string key_of(const json& run) {
  return run["benchmark"].get<std::string>() + "." + run["class"].get<std::string>() + "." +
         std::to_string(run["ranks"].get<uint32_t>());
}

// |a - b| / max(a, b): 0 when both are 0, 1 when an operation exists on one side only.
double rel(double a, double b) { return a == b ? 0 : std::abs(a - b) / std::max(std::abs(a), std::abs(b)); }

struct Distance {
  double ops = 0;      // worst over ranks and operations, calls and bytes
  std::string worst;   // where: "rank 3 p2p bytes"
  double compute = 0;  // skeleton's flops per rank against the real busiest rank's
  double skeleton_flops = 0, real_flops = 0;
};

Distance distance(const Skeleton& sk, const json& run) {
  const uint32_t ranks = run["ranks"];
  std::vector<std::map<std::string, std::pair<double, double>>> real(ranks), skel(ranks);
  for (const json& g : run["ops"])
    for (uint32_t r : g["ranks"])
      for (const auto& [op, v] : g["ops"].items()) real[r][op] = {v[0].get<double>(), v[1].get<double>()};
  const std::vector<RankOps> counts = op_counts(sk);
  for (uint32_t r = 0; r < ranks; ++r)
    for (const auto& [op, c] : counts[r]) skel[r][op_name(op)] = {static_cast<double>(c.calls), c.bytes};
  Distance d;
  for (uint32_t r = 0; r < ranks; ++r) {
    auto all = real[r];
    all.insert(skel[r].begin(), skel[r].end());
    for (const auto& [op, unused] : all) {
      const auto a = real[r][op], b = skel[r][op];
      for (int k = 0; k < 2; ++k) {
        const double e = rel(k ? a.second : a.first, k ? b.second : b.first);
        if (e > d.ops) {
          d.ops = e;
          d.worst = "rank " + std::to_string(r) + " " + op + (k ? " bytes" : " calls");
        }
      }
    }
  }
  // The busiest rank, as a skeleton's step charges it (and as the calibration, NPB's timer, sees it).
  double busiest = 0;
  for (const json& c : run["compute_flops"]) busiest = std::max(busiest, c.get<double>());
  d.compute = std::abs(sk.flops_per_rank() - busiest) / busiest;
  d.skeleton_flops = sk.flops_per_rank();
  d.real_flops = busiest;
  return d;
}

// Engine app on the real runs' platform: a k x k torus with one rank per node (4x4 for 16 ranks,
// 8x8 for 64), seed 000's delays, 100 Gflop/s nodes.
double app_time(const std::string& bench, char cls, uint32_t ranks, double gbps, bool cache) {
  const auto k = static_cast<uint32_t>(std::lround(std::sqrt(ranks)));
  json c = {{"engine", "app"},
            {"topology", {{"kind", "torus"}, {"dims", {k, k}}}},
            {"switch", {{"link_gbps", gbps}, {"delays_ns", {{"rc_hit", 1}, {"rc_miss", 10}, {"rc_no_cache", 10}, {"other", 50}, {"link", 20}}}}},
            {"node", {{"gflops", 100}}},
            {"app", {{"hit_rate", 1}}},
            {"traffic", {{"pattern", "npb"}, {"npb", {{"benchmarks", {bench}}, {"class", std::string(1, cls)}, {"ranks", ranks}}}}}};
  if (!cache) c["switch"]["cache"] = nullptr;
  return run_ok(c)["app"]["benchmarks"][bench]["time_s"].get<double>();
}

struct Speedups {
  double bw_cache, cache;
  double base_s, fast_s;  // run times at 100 Gb/s, 60 ns and at 1.6 Tb/s, 51 ns
};
Speedups app_speedups(const std::string& bench, char cls, uint32_t ranks) {
  const double base = app_time(bench, cls, ranks, 100, false), fast = app_time(bench, cls, ranks, 1600, true);
  return {base / fast, base / app_time(bench, cls, ranks, 100, true), base, fast};
}

// Measured distances of the skeletons that do not agree yet (docs/models.md says why for each):
// ops and compute as distance() gives them, then skeleton / real for the two speed-ups. A value
// below 0 means "meets the target" for that figure.
struct Known {
  double ops, compute, bw_cache, cache;
};
const std::map<std::string, Known> kKnownMisses = {
    // DT: the arrays' lengths are data-dependent (the real class-S arrays are 0-5 % longer than
    // 1,728 x 4 doubles); DT's compute in NPB operations is a few thousand per rank, noise-level
    // (the skeleton's 0.45 per value is within 3x of it; it costs under 0.1 us).
    {"dt.S.16", {0.051, 2.883, -1, -1}},
    {"dt_wh.S.16", {-1, 1.224, -1, -1}},
    {"dt_sh.S.16", {0.051, 0.552, -1, -1}},
    {"dt.W.16", {-1, 1.678, -1, -1}},
    {"dt_wh.W.16", {-1, 2.313, -1, -1}},
    // IS: at 100 Gb/s the real run is slower than the model (its all-to-all-v's contention; the
    // cycle engine finds the same, CycleApplication), so the bandwidth speed-up is understated.
    {"is.S.16", {-1, -1, 0.767, -1}},
    {"is.W.16", {-1, -1, 0.829, -1}},
    // LU and SP: the real compute per point differs between classes S and W (x1.75 LU, x1.45
    // SP: per-point costs that do not scale with n^3 on this machine); one constant per skeleton
    // sits between.
    {"lu.S.16", {-1, 0.347, -1, -1}},
    {"lu.W.16", {-1, 0.228, -1, -1}},
    {"sp.S.16", {-1, 0.198, -1, -1}},
    {"sp.W.16", {-1, 0.174, -1, -1}},
    // FT and BT class A: the S/W fits give 12 % more (FT) and 12 % less (BT) than the real A.
    {"ft.A.16", {-1, 0.121, -1, -1}},
    {"bt.A.16", {-1, 0.125, -1, -1}},
    // CG class A: the real busiest rank computes 27 % above the fit (the ranks' compute spreads
    // over 79-96 M operations; the skeleton charges the mean block's work).
    {"cg.A.16", {-1, 0.215, -1, -1}},
    // LU and SP class A: the real compute per point grows again from W to A (LU x1.6, SP x1.3 of
    // the one constant), so the skeletons compute 37 % / 24 % less; SP A's bandwidth speed-up is
    // then overstated (communication is a larger share of the skeleton's time).
    {"lu.A.16", {-1, 0.375, -1, -1}},
    {"sp.A.16", {-1, 0.237, 1.264, -1}},
    // 64 ranks (8x8 torus): every skeleton sends the real calls and bytes (SP's face exchange
    // within 1.2 %: its cells are 4 or 5 points wide, the skeleton's face exchange 4.5),
    // but the per-rank compute fitted at 16 ranks is 15-29 % off at 64, both ways (the
    // real per-rank work does not scale as total / R: initialisation and partition-edge work).
    {"cg.S.64", {-1, 0.232, -1, -1}},
    {"ft.S.64", {-1, 0.270, -1, -1}},
    {"is.S.64", {-1, 0.262, 0.784, -1}},
    {"bt.W.64", {-1, 0.145, -1, -1}},
    // FT W at 64 ranks uses FT's 2-D layout, whose all-to-alls run on 32-rank column and 2-rank
    // row communicators. SimGrid's time-independent trace records no communicator, so the real
    // run's times come from the real code itself (not a replay), and its trace's all-to-all bytes
    // are not comparable (the 0.941: ti_stats counts 64 blocks per call). Its communication alone
    // agrees with the skeleton's under SMPI; the rest is its compute measured anew in every run
    // (reruns spread 220-317 us at 1.6 Tb/s), so the model's speed-up is 1.42x this one sample's.
    {"ft.W.64", {0.941, 0.218, 1.424, -1}},
    // IS W at 64 ranks: replayed at maxmin/precision 1e-6 (SimGrid 3.32 aborts at 1e-7 and 1e-8);
    // the same understated all-to-all-v contention as IS at 16 ranks.
    {"is.W.64", {-1, 0.293, 0.683, -1}},
    // MG W at 64 ranks: the real busiest rank computes 232 per point (25 % less than the 312 of
    // MG W at 16 ranks), the skeleton's constants are fitted at 16 ranks.
    {"mg.W.64", {-1, 0.217, -1, -1}},
    {"sp.W.64", {-1, 0.153, -1, -1}},
};

constexpr double kPin = 0.002;
// The geometric mean of skeleton / real over every speed-up (target: within 10 % of 1), pinned.
constexpr double kGeomean = 1.006;  // a known miss's figures are pinned to this (absolute)

}  // namespace

TEST(NpbReal, DataCoverTheNineBenchmarks) {
  std::set<std::string> names;
  std::set<uint32_t> rank_counts;
  for (const json& run : real_runs()["runs"]) {
    EXPECT_TRUE(run["verified"].get<bool>()) << key_of(run);
    names.insert(run["benchmark"].get<std::string>());
    // app_time() puts one rank per node of a k x k torus, as the real runs' platforms did.
    const uint32_t ranks = run["ranks"], k = static_cast<uint32_t>(std::lround(std::sqrt(ranks)));
    EXPECT_EQ(k * k, ranks) << key_of(run);
    rank_counts.insert(ranks);
  }
  for (const char* b : {"bt", "cg", "dt", "ep", "ft", "is", "lu", "mg", "sp"}) EXPECT_TRUE(names.count(b)) << b;
  EXPECT_EQ(rank_counts, (std::set<uint32_t>{16, 64}));
}

TEST(NpbReal, SkeletonsAgreeWithTheRealTraces) {
  std::ostringstream table;
  table << std::fixed << std::setprecision(3);
  double log_sum = 0;
  int n = 0;
  for (const json& run : real_runs()["runs"]) {
    const std::string key = key_of(run), bench = run["benchmark"];
    const char cls = run["class"].get<std::string>()[0];
    const uint32_t ranks = run["ranks"];
    const BenchmarkInfo* b = find_benchmark(bench);
    ASSERT_NE(b, nullptr) << key;
    ASSERT_EQ(b->check(cls, ranks), "") << key;
    const Distance d = distance(b->build(cls, ranks), run);
    const Speedups s = app_speedups(bench, cls, ranks);
    const double bw = s.bw_cache / run["speedup_bw_cache"].get<double>(), ca = s.cache / run["speedup_cache"].get<double>();
    log_sum += std::log(bw) + std::log(ca);
    n += 2;
    table << key << " | ops " << d.ops << " (" << d.worst << ") | compute " << d.compute << " (real " << std::setprecision(4) << std::scientific
          << d.real_flops << " skeleton " << d.skeleton_flops << std::fixed << std::setprecision(3) << ") | speed-up bw+cache real "
          << run["speedup_bw_cache"].get<double>() << " skeleton " << s.bw_cache << " | cache real "
          << run["speedup_cache"].get<double>() << " skeleton " << s.cache << " | us at 100 Gb/s 60 ns real "
          << run["time_s"]["100gbps_60ns"].get<double>() * 1e6 << " skeleton " << s.base_s * 1e6 << ", 1.6 Tb/s 51 ns real "
          << run["time_s"]["1600gbps_51ns"].get<double>() * 1e6 << " skeleton " << s.fast_s * 1e6 << "\n";
    const auto miss = kKnownMisses.find(key);
    if (miss == kKnownMisses.end()) {
      EXPECT_LE(d.ops, 0.05) << key << ": " << d.worst;
      EXPECT_LE(d.compute, 0.10) << key;
      EXPECT_NEAR(bw, 1, 0.15) << key;
      EXPECT_NEAR(ca, 1, 0.15) << key;
      continue;
    }
    const Known& k = miss->second;
    // Each figure is either pinned to its measured miss or, marked < 0, meets the target.
    auto check = [&](double got, double pinned, double target, const char* what) {
      if (pinned < 0) EXPECT_LE(got, target) << key << " " << what;
      else EXPECT_NEAR(got, pinned, kPin) << key << " " << what << " (a known miss: update kKnownMisses and docs/models.md)";
    };
    check(d.ops, k.ops, 0.05, "ops");
    check(d.compute, k.compute, 0.10, "compute");
    check(k.bw_cache < 0 ? std::abs(bw - 1) : bw, k.bw_cache, 0.15, "bandwidth + cache speed-up, skeleton / real");
    check(k.cache < 0 ? std::abs(ca - 1) : ca, k.cache, 0.15, "cache speed-up, skeleton / real");
  }
  const double geomean = std::exp(log_sum / n);
  table << "geometric mean of skeleton / real speed-up: " << geomean << "\n";
  std::cout << table.str();
  EXPECT_NEAR(geomean, 1, 0.10);
  EXPECT_NEAR(geomean, kGeomean, kPin);
}
