// The cycle engine's packet sources (docs/engines.md, "Injection"): packet size mixes, job mixes,
// trace replay at the trace's timestamps and NPB skeletons replayed step by step.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "test_run_util.hpp"

namespace {

using json = nlohmann::json;

// A 4x4 mesh with the BookSim reference router (4 VCs x 8 flits, iSLIP, every stage one cycle).
json mesh4(const json& traffic) {
  return {{"engine", "cycle"},
          {"topology", {{"kind", "mesh"}, {"dims", {4, 4}}}},
          {"routing", {{"algorithm", "dor"}}},
          {"switch", {{"cache", nullptr}, {"buffer", {{"organisation", "vc"}, {"vcs", 4}, {"flits_per_vc", 8}}}}},
          {"traffic", traffic},
          {"sim", {{"warmup_cycles", 0}, {"measure_cycles", 5000}, {"drain_cycles", 5000}, {"trace_packets", 64}}}};
}

json trace_traffic(const std::string& csv, int packet_flits = 1) {
  return {{"pattern", "trace"}, {"trace", csv}, {"mtu_bytes", 64}, {"packet_flits", packet_flits},
          {"injection", {{"process", "trace"}}}};
}

json error_of(const json& cfg) { return json::parse(switchlab::validate_json(cfg.dump())); }

// Zero-load latency of a packet of `flits` flits through `routers` switches, every stage and link
// one cycle: the injection link, then per router RC, VA and SA (the send cycle ends SA) and switch
// traversal plus link (docs/engines.md, pipeline timing), and one cycle per body flit.
uint64_t zero_load(uint64_t routers, uint64_t flits) { return 1 + 5 * routers + flits - 1; }

// On/off injection (docs/engines.md, "Injection"): the duty cycle is the load whatever the burst
// length. Off periods of at least one cycle once capped it at burst_flits / (burst_flits + 1): 0.5
// offered at any load from 0.5 with 1-flit bursts. Ideal output queues on an 8-port switch accept
// everything, so the offered load is the sources' alone. Over 8 x 20,000 node-cycles its sampling
// error is at most about 0.011 (64-flit bursts at 0.3: on and off periods correlate the cycles over
// about 45 cycles), hence +-0.02; load 1.0 is exact (always on).
TEST(CycleOnOff, TheDutyCycleIsTheLoadForEveryBurstLength) {
  for (const int burst : {1, 2, 64})
    for (const double load : {0.3, 0.7, 0.9, 1.0}) {
      const json r = run_ok({{"engine", "cycle"}, {"topology", {{"kind", "single_switch"}, {"ports", 8}}},
                             {"switch", {{"cache", nullptr}, {"buffer", {{"organisation", "output_queued"}, {"flits_per_port", 64}}}}},
                             {"traffic", {{"pattern", "uniform"}, {"injection", {{"process", "on_off"}, {"load", load}, {"burst_flits", burst}}}}},
                             {"sim", {{"warmup_cycles", 1000}, {"measure_cycles", 20000}, {"drain_cycles", 1000}}}});
      EXPECT_NEAR(r["throughput"]["offered"].get<double>(), load, 0.02) << "burst " << burst << ", load " << load;
    }
}

// throughput.offered_spread_pct (engine/cycle/offered_spread.cpp) is the seed-to-seed relative
// standard deviation of a window's offered load. Bernoulli, 1-flit packets, 64 nodes, 10,000
// cycles at 0.2: sqrt(0.2 x 0.8 / (64 x 10,000)) / 0.2 = 0.25 %, and 625 cycles would give 1 %.
TEST(CycleOfferedSpread, BernoulliSpreadIsTheBinomialOne) {
  json cfg = mesh4({{"pattern", "uniform"}, {"injection", {{"load", 0.2}}}});
  cfg["topology"]["dims"] = {8, 8};
  cfg["sim"] = {{"warmup_cycles", 0}, {"measure_cycles", 10000}, {"drain_cycles", 100}};
  const json r = run_ok(cfg);
  EXPECT_NEAR(r["throughput"]["offered_spread_pct"].get<double>(), 0.25, 1e-12);
  EXPECT_EQ(r["throughput"]["window_for_1pct_cycles"].get<uint64_t>(), 625u);
}

// The spread is over the nodes that send: transpose on a 4x4 mesh leaves the 4 diagonal nodes
// silent, so 12 senders: sqrt(0.2 x 0.8 / (12 x 2,000)) / 0.2 = 1.291 %.
TEST(CycleOfferedSpread, OnlyTheNodesThatSendCount) {
  json cfg = mesh4({{"pattern", "transpose"}, {"injection", {{"load", 0.2}}}});
  cfg["sim"] = {{"warmup_cycles", 0}, {"measure_cycles", 2000}, {"drain_cycles", 100}};
  EXPECT_NEAR(run_ok(cfg)["throughput"]["offered_spread_pct"].get<double>(), 100 * std::sqrt(0.2 * 0.8 / (12 * 2000.0)) / 0.2, 1e-9);
}

// The window it recommends does not depend on the window that was run, and a run of that length
// has a spread of 1 % (at most: the recommendation leaves out the bursts' finite-window term).
// 16-flit bursts at 0.5 on 8 nodes: about 20,000 cycles.
TEST(CycleOfferedSpread, TheRecommendedWindowGivesOnePercent) {
  const auto run = [](uint64_t window) {
    return run_ok({{"engine", "cycle"}, {"topology", {{"kind", "single_switch"}, {"ports", 8}}},
                   {"switch", {{"cache", nullptr}, {"buffer", {{"organisation", "output_queued"}, {"flits_per_port", 64}}}}},
                   {"traffic", {{"pattern", "uniform"}, {"injection", {{"process", "on_off"}, {"load", 0.5}, {"burst_flits", 16}}}}},
                   {"sim", {{"warmup_cycles", 100}, {"measure_cycles", window}, {"drain_cycles", 100}}}})["throughput"];
  };
  const json short_run = run(200);
  const uint64_t window = short_run["window_for_1pct_cycles"];
  EXPECT_GT(window, 15000u);
  EXPECT_LT(window, 25000u);
  const json long_run = run(window);
  EXPECT_EQ(long_run["window_for_1pct_cycles"], window);
  EXPECT_LE(long_run["offered_spread_pct"].get<double>(), 1.0);
  EXPECT_GT(long_run["offered_spread_pct"].get<double>(), 0.99);
  // Whatever the window run, the same recommendation.
  EXPECT_EQ(run(2 * window)["window_for_1pct_cycles"], window);
}

// ... and it is what 80 seeds measure, for long on/off bursts (where it is large: the reason it is
// reported, the saturated flag follows it), bursts with a size mix, and Bernoulli with a size mix.
// Ideal output queues on an 8-port switch accept everything, so the offered load is the sources'
// alone. The sample standard deviation of 80 runs has a relative standard error of about 8 %;
// the tolerance is 25 % (measured: 31.0 / 3.73 / 3.00 % against 30.3 / 4.04 / 3.47 % predicted).
TEST(CycleOfferedSpread, SeedToSeedSpreadOfTheOfferedLoadIsThePredictedOne) {
  const json mix = {{"flits", {1, 8}}, {"weights", {3, 1}}};
  const std::vector<json> traffics = {
      {{"pattern", "uniform"}, {"injection", {{"process", "on_off"}, {"load", 0.2}, {"burst_flits", 256}}}},
      {{"pattern", "uniform"}, {"injection", {{"process", "on_off"}, {"load", 0.5}, {"burst_flits", 16}}}, {"size_mix", mix}},
      {{"pattern", "uniform"}, {"injection", {{"load", 0.3}}}, {"size_mix", mix}}};
  for (const json& traffic : traffics) {
    double sum = 0, sum2 = 0, predicted = 0;
    const int runs = 80;
    for (int seed = 1; seed <= runs; ++seed) {
      const json r = run_ok({{"engine", "cycle"}, {"seed", seed}, {"topology", {{"kind", "single_switch"}, {"ports", 8}}},
                             {"switch", {{"cache", nullptr}, {"buffer", {{"organisation", "output_queued"}, {"flits_per_port", 64}}}}},
                             {"traffic", traffic},
                             {"sim", {{"warmup_cycles", 500}, {"measure_cycles", 2000}, {"drain_cycles", 500}}}});
      const double offered = r["throughput"]["offered"].get<double>();
      sum += offered;
      sum2 += offered * offered;
      predicted = r["throughput"]["offered_spread_pct"].get<double>();
    }
    const double mean = sum / runs, sd = std::sqrt((sum2 - runs * mean * mean) / (runs - 1));
    EXPECT_NEAR(100 * sd / mean, predicted, 0.25 * predicted) << traffic.dump();
  }
}

// A permutation pattern gives each node its destination directly (transpose on a 4x4 mesh: node
// (x, y) sends to (y, x)); the diagonal, which it maps to itself, sends nothing.
TEST(CyclePermutations, EveryPacketGoesWhereThePermutationSaysAndFixedPointsSendNothing) {
  json cfg = mesh4({{"pattern", "transpose"}, {"injection", {{"load", 0.3}}}});
  cfg["sim"]["trace_packets"] = 500;
  const json r = run_ok(cfg);
  ASSERT_EQ(r["trace"].size(), 500u);
  for (const json& t : r["trace"]) {
    const uint32_t src = t["src"], dst = t["dst"];
    EXPECT_NE(src % 4, src / 4) << src;  // not on the diagonal
    EXPECT_EQ(dst, (src % 4) * 4 + src / 4) << src;
  }
  // 12 of the 16 nodes send: the offered load is 0.3 x 12 / 16 per node (sampling error ~0.004).
  EXPECT_NEAR(r["throughput"]["offered"].get<double>(), 0.3 * 12 / 16, 0.015);
}

// Seed 003 and BookSim's packet_size / packet_size_rate: sizes drawn with the given weights; the
// injection rate is the load over the mean size, so the offered load in flits stays the load.
TEST(CycleSizeMix, SizesFollowTheWeightsAndTheLoadStaysInFlits) {
  json traffic = {{"pattern", "uniform"}, {"injection", {{"load", 0.2}}}, {"size_mix", {{"flits", {1, 8}}, {"weights", {3, 1}}}}};
  json cfg = mesh4(traffic);
  cfg["sim"] = {{"warmup_cycles", 1000}, {"measure_cycles", 20000}, {"drain_cycles", 5000}, {"trace_packets", 200}};
  const json r = run_ok(cfg);
  const double offered = r["throughput"]["offered"].get<double>();
  const double packets = r["packets"]["measured"].get<double>();
  // About 23,000 packets: the mean size's standard error is 0.02 flits, the load's about 1 %.
  EXPECT_NEAR(offered, 0.2, 0.01);
  EXPECT_NEAR(offered * 16 * 20000 / packets, (3 * 1 + 8) / 4.0, 0.1);
  EXPECT_FALSE(r["saturated"].get<bool>());
  EXPECT_EQ(r["packets"]["delivered"], r["packets"]["measured"]);
  std::set<int> sizes;
  for (const json& t : r["trace"]) sizes.insert(t["flits"].get<int>());
  EXPECT_EQ(sizes, (std::set<int>{1, 8}));
  // Without weights the sizes are equally likely.
  cfg["traffic"]["size_mix"].erase("weights");
  const json even = run_ok(cfg);
  EXPECT_NEAR(even["throughput"]["offered"].get<double>() * 16 * 20000 / even["packets"]["measured"].get<double>(), 4.5, 0.15);
}

TEST(CycleSizeMix, BadMixesNameTheField) {
  json cfg = mesh4({{"pattern", "uniform"}, {"size_mix", {{"flits", {1, 8}}, {"weights", {3}}}}});
  EXPECT_EQ(error_of(cfg)["field"], "traffic.size_mix.weights");
  cfg["traffic"]["size_mix"] = {{"flits", {1, 0}}};
  EXPECT_EQ(error_of(cfg)["field"], "traffic.size_mix.flits[1]");
  cfg["traffic"]["size_mix"] = {{"flits", {1, 8}}};
  cfg["traffic"]["packet_flits"] = 4;
  EXPECT_EQ(error_of(cfg)["field"], "traffic.packet_flits");
  // Under virtual cut-through every VC must hold the largest packet of the mix.
  cfg["traffic"].erase("packet_flits");
  cfg["traffic"]["size_mix"] = {{"flits", {1, 16}}};
  cfg["switch"]["buffer"]["flow_control"] = "virtual_cut_through";
  const json e = error_of(cfg);
  EXPECT_EQ(e["field"], "switch.buffer.flits_per_vc");
  EXPECT_EQ(e["allowed"], "an integer >= 16");
}

// Messages enter their source queues at their timestamps: an idle network delivers each with the
// zero-load latency of its route, however far apart they are.
TEST(CycleTraceReplay, MessagesStartAtTheirTimestamps) {
  const json r = run_ok(mesh4(trace_traffic("time,src,dst,bytes\n0,0,15,64\n1000,5,10,64\n2500,0,15,1\n")));
  const json& t = r["trace"];
  ASSERT_EQ(t.size(), 3u);
  EXPECT_EQ(t[0]["created"], 0);
  EXPECT_EQ(t[1]["created"], 1000);
  EXPECT_EQ(t[2]["created"], 2500);
  EXPECT_EQ(t[0]["routers"].size(), 7u);  // (0,0) to (3,3): six hops, seven switches
  EXPECT_EQ(t[1]["routers"].size(), 3u);
  for (const json& p : t)
    EXPECT_EQ(p["ejected"].get<uint64_t>() - p["created"].get<uint64_t>(), zero_load(p["routers"].size(), 1));
  const json& replay = r["replay"];
  EXPECT_EQ(replay["messages"], 3);
  EXPECT_EQ(replay["released"], 3);
  EXPECT_TRUE(replay["completed"].get<bool>());
  EXPECT_EQ(replay["completion_cycles"], 2500 + zero_load(7, 1));
  // The run ends when the trace is done, not at the end of the window.
  EXPECT_EQ(r["cycles"]["simulated"].get<uint64_t>(), 2500 + zero_load(7, 1) + 1);
  EXPECT_FALSE(r.contains("saturation"));
  // Idle sources: network latency (from the injection link) is the packet latency.
  for (const char* k : {"p50", "p99", "max", "min"})
    EXPECT_EQ(r["latency_cycles"]["network"][k], r["latency_cycles"]["packet"][k]) << k;
  EXPECT_EQ(r["latency_cycles"]["network"]["histogram"], r["latency_cycles"]["packet"]["histogram"]);
}

// A message of k packets streams from its idle source at one flit per cycle; two messages to one
// node at once share its ejection link.
TEST(CycleTraceReplay, LongMessagesStreamAndConvergingMessagesShareTheEjectionLink) {
  // 640 B at a 64 B MTU: 10 packets of 2 flits.
  const json one = run_ok(mesh4(trace_traffic("100,0,15,640\n", 2)));
  EXPECT_EQ(one["packets"]["delivered"], 10);
  EXPECT_EQ(one["replay"]["completion_cycles"], 100 + zero_load(7, 2) + (10 - 1) * 2);
  const json two = run_ok(mesh4(trace_traffic("100,0,15,640\n100,3,15,640\n", 2)));
  EXPECT_EQ(two["packets"]["delivered"], 20);
  // 40 flits through one ejection link: at least 40 cycles after the first head could arrive.
  EXPECT_GE(two["replay"]["completion_cycles"].get<uint64_t>(), 100 + zero_load(4, 1) + 40 - 1);
  EXPECT_GT(two["latency_cycles"]["packet"]["max"].get<uint64_t>(), one["latency_cycles"]["packet"]["max"].get<uint64_t>());
  // A message's later packets wait in the source queue: their packet latency counts it, their
  // network latency does not (the last packet waits 18 of its flits' cycles behind the first nine).
  EXPECT_EQ(one["latency_cycles"]["network"]["max"], zero_load(7, 2));
  EXPECT_EQ(one["latency_cycles"]["packet"]["max"], zero_load(7, 2) + 18);
  EXPECT_DOUBLE_EQ(one["latency_ns"]["network"]["max"].get<double>(), zero_load(7, 2));  // 1 GHz
}

// Buffer occupancy (result section buffers) is the time integral of the flits in the switches
// over the window. One 1-flit packet on an idle mesh is buffered in each of its 7 routers from its
// arrival to its send, RC + VA + SA = 2 cycles after (the send cycle ends SA): 14 flit-cycles.
TEST(CycleTraceReplay, BufferOccupancyIntegratesTheFlitsInTheSwitches) {
  const json r = run_ok(mesh4(trace_traffic("0,0,15,64\n")));
  const double cycles = r["cycles"]["simulated"].get<double>();  // the window: the run ends with the trace
  const json& b = r["buffers"];
  EXPECT_DOUBLE_EQ(b["mean_flits_per_port"].get<double>(), 14.0 / (cycles * 16 * 5));
  EXPECT_DOUBLE_EQ(b["mean_fraction"].get<double>(), 14.0 / (cycles * 16 * 5) / 32);  // 4 VCs x 8 flits
  EXPECT_EQ(b["peak_flits_switch"], 1);
  double sum = 0;
  int used = 0;
  for (const json& v : b["by_switch_mean_flits"]) {
    sum += v.get<double>();
    if (v.get<double>() > 0) {
      ++used;
      EXPECT_DOUBLE_EQ(v.get<double>(), 2.0 / cycles);
    }
  }
  EXPECT_EQ(used, 7);
  EXPECT_DOUBLE_EQ(sum, 14.0 / cycles);
}

// A message's last packet has as many flits as its bytes fill: 100 B at a 64 B MTU in 4-flit
// packets (16 B flits) is a 4-flit packet and a 3-flit one (36 B); a 0-byte message one flit.
TEST(CycleTraceReplay, TheLastPacketOfAMessageIsShortened) {
  const json r = run_ok(mesh4(trace_traffic("0,0,15,100\n500,1,2,0\n", 4)));
  ASSERT_EQ(r["trace"].size(), 3u);
  EXPECT_EQ(r["trace"][0]["flits"], 4);
  EXPECT_EQ(r["trace"][1]["flits"], 3);
  EXPECT_EQ(r["trace"][2]["flits"], 1);
  // Back to back from an idle source: the second packet's tail 3 cycles after the first's.
  EXPECT_EQ(r["trace"][1]["ejected"].get<uint64_t>(), r["trace"][0]["ejected"].get<uint64_t>() + 3);
}

TEST(CycleTraceReplay, NanosecondTimesUseTheSwitchClock) {
  json cfg = mesh4(trace_traffic("500,0,15,64\n0.3,1,2,64\n"));
  cfg["traffic"]["injection"]["time_unit"] = "ns";
  cfg["switch"]["clock_ghz"] = 2.0;
  const json r = run_ok(cfg);
  ASSERT_EQ(r["trace"].size(), 2u);
  EXPECT_EQ(r["trace"][0]["created"], 1);  // 0.6 cycles: the first cycle at or after it
  EXPECT_EQ(r["trace"][1]["created"], 1000);
  EXPECT_DOUBLE_EQ(r["replay"]["completion_ns"].get<double>(), (1000 + zero_load(7, 1)) / 2.0);
  // Every latency statistic and histogram row in ns is the one in cycles at 0.5 ns per cycle.
  for (const char* which : {"packet", "network"}) {
    const json &cy = r["latency_cycles"][which], &ns = r["latency_ns"][which];
    for (const char* k : {"mean", "p50", "p99", "min", "max"}) EXPECT_DOUBLE_EQ(ns[k].get<double>(), cy[k].get<double>() / 2.0) << which << k;
    ASSERT_EQ(ns["histogram"].size(), cy["histogram"].size()) << which;
    for (size_t i = 0; i < cy["histogram"].size(); ++i) {
      EXPECT_DOUBLE_EQ(ns["histogram"][i][0].get<double>(), cy["histogram"][i][0].get<double>() / 2.0);
      EXPECT_EQ(ns["histogram"][i][1], cy["histogram"][i][1]);
    }
  }
}

// A window shorter than the trace: the messages after it are never released and the replay is
// reported incomplete, with what was measured.
TEST(CycleTraceReplay, ATraceLongerThanTheRunIsReportedIncomplete) {
  json cfg = mesh4(trace_traffic("0,0,15,64\n90000,5,10,64\n"));
  const json r = run_ok(cfg);
  EXPECT_EQ(r["replay"]["released"], 1);
  EXPECT_FALSE(r["replay"]["completed"].get<bool>());
  EXPECT_TRUE(r["replay"]["completion_cycles"].is_null());
  EXPECT_EQ(r["packets"]["delivered"], 1);
}

// Job mixes (docs/traffic.md): each busy node sends inside its own job, idle nodes never send.
// Jobs of 8 and 4 nodes on the 4x4 mesh fill rows 0-1 and row 2; under DOR no packet enters
// row 3, and the offered load is the load of the 12 busy nodes spread over 16.
TEST(CycleJobs, TrafficStaysInsideEachJob) {
  json cfg = mesh4({{"pattern", "uniform"}, {"jobs", {{"sizes", {8, 4}}}}, {"injection", {{"load", 0.2}}}});
  cfg["sim"] = {{"warmup_cycles", 500}, {"measure_cycles", 5000}, {"drain_cycles", 2000}};
  const json r = run_ok(cfg);
  const json& by_switch = r["utilization"]["by_switch"];
  for (int s = 12; s < 16; ++s) EXPECT_EQ(by_switch[s].get<double>(), 0.0) << "switch " << s;
  for (int s = 0; s < 12; ++s) EXPECT_GT(by_switch[s].get<double>(), 0.0) << "switch " << s;
  // About 4,600 packets: 3 % relative standard error at most.
  EXPECT_NEAR(r["throughput"]["offered"].get<double>(), 0.2 * 12 / 16, 0.01);
  EXPECT_EQ(r["throughput"]["accepted_min_node"], 0.0);
  EXPECT_EQ(r["traffic"]["busy_nodes"], 12);
  // Its spread is over the 12 nodes that send (CycleOfferedSpread).
  EXPECT_NEAR(r["throughput"]["offered_spread_pct"].get<double>(), 100 * std::sqrt(0.2 * 0.8 / (12 * 5000.0)) / 0.2, 1e-9);
}

// A replay's work is its messages, not a load over the cycles: a window of 10^9 cycles (to be sure
// to cover the trace) neither inflates the estimate nor trips the memory limit. 100 B at a 64 B MTU
// in 4-flit packets is 4 + 3 flits, crossing at most the mesh's 7 switches.
TEST(CycleTraceReplay, TheEstimateCountsTheReplayedFlits) {
  json cfg = mesh4(trace_traffic("0,0,15,100\n", 4));
  cfg["sim"]["measure_cycles"] = 1000000000;
  const json p = json::parse(switchlab::prepare_json(cfg.dump()));
  ASSERT_FALSE(p.contains("error")) << p.dump();
  EXPECT_EQ(p["summary"]["flit_hops"], 7.0 * 7);
  json app = {{"engine", "cycle"}, {"topology", {{"kind", "torus"}, {"dims", {16, 16}}}}, {"switch", {{"cache", nullptr}}},
              {"traffic", {{"pattern", "npb"}, {"packet_flits", 8},
                           {"npb", {{"benchmarks", {"cg"}}, {"class", "S"}, {"ranks", 256}, {"packet_bytes", 256}}},
                           {"injection", {{"process", "application"}}}}},
              {"sim", {{"warmup_cycles", 0}, {"measure_cycles", 1000000000}, {"drain_cycles", 0}}}};
  EXPECT_FALSE(json::parse(switchlab::prepare_json(app.dump())).contains("error"));
}

// A replay that ends inside the measured window: its rates are per cycle of the window it
// simulated (they were divided by the whole sim.measure_cycles, 5,000 here), and it has no
// configured load. One 256-byte message in 4 one-flit packets from node 0 to node 15.
TEST(CycleTraceReplay, RatesArePerSimulatedCycleOfTheWindow) {
  json cfg = mesh4(trace_traffic("0,0,15,256\n"));
  cfg["sim"].erase("trace_packets");
  const json r = run_ok(cfg);
  const uint64_t window = r["cycles"]["measured"];
  EXPECT_EQ(window, r["cycles"]["simulated"].get<uint64_t>());
  EXPECT_LT(window, 100u);
  EXPECT_DOUBLE_EQ(r["throughput"]["accepted"].get<double>(), 4.0 / (16.0 * window));
  EXPECT_DOUBLE_EQ(r["throughput"]["offered"].get<double>(), 4.0 / (16.0 * window));
  EXPECT_DOUBLE_EQ(r["utilization"]["port_max"].get<double>(), 4.0 / window);  // every flit crosses node 0's first link
  EXPECT_TRUE(r["throughput"]["offered_configured"].is_null());
}

TEST(CycleTraceReplay, BadCombinationsNameTheField) {
  json cfg = mesh4({{"pattern", "uniform"}, {"injection", {{"process", "trace"}}}});
  EXPECT_EQ(error_of(cfg)["field"], "traffic.injection.process");
  // A trace drawn from at a load: its messages have times to be replayed at.
  cfg = mesh4(trace_traffic("0,0,15,64\n"));
  cfg["traffic"]["injection"] = {{"process", "bernoulli"}, {"load", 0.1}};
  EXPECT_EQ(error_of(cfg)["field"], "traffic.injection.process");
  EXPECT_EQ(error_of(cfg)["allowed"], "trace");
  cfg = mesh4(trace_traffic("0,0,15,64\n"));
  cfg["sim"]["mode"] = "saturation";
  EXPECT_EQ(error_of(cfg)["field"], "sim.mode");
  cfg = mesh4(trace_traffic("0,0,15,64\n"));
  cfg["traffic"]["size_mix"] = {{"flits", {1, 2}}};
  cfg["traffic"].erase("packet_flits");
  EXPECT_EQ(error_of(cfg)["field"], "traffic.injection.process");
  cfg = mesh4(trace_traffic("0,0,15,64\n"));
  cfg["traffic"]["injection"]["time_unit"] = "s";
  EXPECT_EQ(error_of(cfg)["field"], "traffic.injection.time_unit");
}

// The application replay runs NPB skeletons flit by flit; the application time model (engine
// app, docs/models.md) prices the same steps with a LogGP-style formula. With the same network —
// 32-byte flits at 1 GHz are 256 Gb/s links, and the 5-cycle router pipeline is 1 ns RC + 3 ns
// other + 1 ns link — the two agree within 6 % on every benchmark tried (class S, 16 ranks, 4x4
// mesh; measured 2026-11-25: BT +0.6 %, CG -4.8 %, DT -0.1 %, EP 0.0 %, FT +0.8 %, IS -3.7 %,
// LU +3.2 %, MG -2.0 %, SP +0.7 %, MM 0.0 %). The cycle engine pipelines a message's packets over
// the route and shares links packet by packet; the model charges each message its latency plus
// its bytes at the max-min fair share, so neither is exact for the other.
TEST(CycleApplication, AgreesWithTheApplicationTimeModel) {
  for (const char* b : {"cg", "dt", "ep", "ft", "is", "lu", "mg"}) {
    json cycle = mesh4({{"pattern", "npb"},
                        {"npb", {{"benchmarks", {b}}, {"class", "S"}, {"ranks", 16}, {"packet_bytes", 256}}},
                        {"packet_flits", 8},
                        {"injection", {{"process", "application"}, {"gflops", 100}}}});
    cycle["sim"] = {{"warmup_cycles", 0}, {"measure_cycles", 100000000}, {"drain_cycles", 0}};
    const json model = {{"engine", "app"},
                        {"topology", {{"kind", "mesh"}, {"dims", {4, 4}}}},
                        {"routing", {{"algorithm", "dor"}}},
                        {"switch", {{"cache", nullptr}, {"link_gbps", 256}, {"delays_ns", {{"rc_no_cache", 1}, {"other", 3}, {"link", 1}}}}},
                        {"node", {{"gflops", 100}}},
                        {"app", {{"overhead_ns", 0}}},
                        {"traffic", {{"pattern", "npb"}, {"npb", {{"benchmarks", {b}}, {"class", "S"}, {"ranks", 16}}}}}};
    const json rc = run_ok(cycle);
    const json rm = run_ok(model);
    ASSERT_TRUE(rc["replay"]["completed"].get<bool>()) << b;
    EXPECT_EQ(rc["replay"]["released"], rc["replay"]["messages"]) << b;
    EXPECT_EQ(rc["replay"]["steps_done"], rc["replay"]["steps"]) << b;
    EXPECT_FALSE(rc["saturated"].get<bool>()) << b;
    const double cycle_s = rc["replay"]["completion_ns"].get<double>() * 1e-9;
    const double model_s = rm["app"]["benchmarks"][b]["time_s"].get<double>();
    // IS's all-to-all-v sends all 240 messages in one step: the model's fixed max-min shares miss
    // the packet-level contention by 46 % (docs/models.md: SMPI's real IS at 100 Gb/s is slower
    // than the model too). Pinned, so a change shows.
    const bool is = std::string(b) == "is";
    EXPECT_NEAR(cycle_s / model_s, is ? 1.459 : 1.0, is ? 0.01 : 0.06) << b << ": cycle engine " << cycle_s << " s, time model " << model_s << " s";
  }
}

// A compute-only step costs ceil(flops x clock / gflops) cycles: EP's time is its compute plus
// its few small collectives, so each halving of the node speed adds twice what the previous did.
TEST(CycleApplication, ComputeTimeFollowsTheNodeSpeed) {
  json cfg = mesh4({{"pattern", "npb"},
                    {"npb", {{"benchmarks", {"ep"}}, {"class", "S"}, {"ranks", 16}, {"packet_bytes", 256}}},
                    {"packet_flits", 8},
                    {"injection", {{"process", "application"}, {"gflops", 100}}}});
  cfg["sim"] = {{"warmup_cycles", 0}, {"measure_cycles", 100000000}, {"drain_cycles", 0}};
  const double fast = run_ok(cfg)["replay"]["completion_cycles"].get<double>();
  cfg["traffic"]["injection"]["gflops"] = 50;
  const double slow = run_ok(cfg)["replay"]["completion_cycles"].get<double>();
  cfg["traffic"]["injection"]["gflops"] = 25;
  const double slower = run_ok(cfg)["replay"]["completion_cycles"].get<double>();
  EXPECT_NEAR((slower - slow) / (slow - fast), 2.0, 0.001);
}

TEST(CycleApplication, BadCombinationsNameTheField) {
  json cfg = mesh4({{"pattern", "uniform"}, {"injection", {{"process", "application"}}}});
  EXPECT_EQ(error_of(cfg)["field"], "traffic.injection.process");
  cfg = mesh4({{"pattern", "npb"}, {"npb", {{"benchmarks", {"cg"}}, {"class", "S"}, {"ranks", 16}}}, {"injection", {{"process", "application"}}}});
  EXPECT_EQ(error_of(cfg)["field"], "traffic.npb.packet_bytes");
  cfg["traffic"]["npb"]["packet_bytes"] = 256;
  cfg["sim"]["mode"] = "saturation";
  EXPECT_EQ(error_of(cfg)["field"], "sim.mode");
  cfg["sim"].erase("mode");
  cfg["traffic"]["injection"]["gflops"] = 0;
  EXPECT_EQ(error_of(cfg)["field"], "traffic.injection.gflops");
}

}  // namespace
