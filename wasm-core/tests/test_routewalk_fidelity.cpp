// Destination ids (width and assignment), per-port-class 3C counts and the all-hit share:
// exact values, from a hand derivation and from an independent brute-force walk.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "common/crc.hpp"
#include "config/experiment.hpp"
#include "switchlab/api.hpp"
#include "test_run_util.hpp"
#include "table.hpp"
#include "topology/node_ids.hpp"

using json = nlohmann::json;
using namespace switchlab;


TEST(NodeIds, RandomIdsAreDistinctFitTheWidthAndFollowTheSeed) {
  const auto a = random_node_ids(1000, 10, 7);
  ASSERT_EQ(a.size(), 1000u);
  EXPECT_EQ(std::set<uint64_t>(a.begin(), a.end()).size(), 1000u);
  EXPECT_LT(*std::max_element(a.begin(), a.end()), 1024u);
  EXPECT_EQ(random_node_ids(1000, 10, 7), a);
  EXPECT_NE(random_node_ids(1000, 10, 8), a);
  // Filling the whole space gives a permutation; 64-bit ids work too.
  auto full = random_node_ids(256, 8, 1);
  std::sort(full.begin(), full.end());
  for (uint32_t i = 0; i < 256; ++i) ASSERT_EQ(full[i], i);
  const auto wide = random_node_ids(100, 64, 1);
  EXPECT_EQ(std::set<uint64_t>(wide.begin(), wide.end()).size(), 100u);
  EXPECT_GT(*std::max_element(wide.begin(), wide.end()), uint64_t{1} << 60);
}

// Every node needs its own id: a 512-node torus needs at least 9 bits.
TEST(NodeIds, KeyBitsMustGiveEveryNodeAnId) {
  json cfg = {{"topology", {{"kind", "torus"}, {"dims", {8, 8, 8}}}}, {"switch", {{"cam", {{"key_bits", 8}}}}}};
  const json e = json::parse(validate_json(cfg.dump()));
  EXPECT_EQ(e["field"], "switch.cam.key_bits");
  EXPECT_EQ(e["message"], "must be in [9, 64] bits so that each of the 512 nodes has its own id, got 8");
  EXPECT_EQ(e["allowed"], "an integer in [9, 64]");
  cfg["switch"]["cam"]["key_bits"] = 9;
  EXPECT_EQ(validate_json(cfg.dump()), "");
  cfg["switch"]["cam"]["key_bits"] = 65;
  EXPECT_EQ(json::parse(validate_json(cfg.dump()))["field"], "switch.cam.key_bits");
  EXPECT_EQ(json::parse(validate_json(R"({"topology":{"node_ids":"lids"}})"))["field"], "topology.node_ids");
}

// The key width changes which destinations share a set: 24 bits (3 bytes, the default) and 32
// bits (4 bytes) give different sets, and the run follows the configured width.
TEST(NodeIds, TheIndexHashesKeyBitsOfTheId) {
  uint32_t differ = 0;
  for (uint32_t id = 0; id < 64; ++id) differ += crc32_of_key(id, 24) % 16 != crc32_of_key(id, 32) % 16;
  EXPECT_GT(differ, 0u);
  json cfg = {{"seed", 3},
              {"topology", {{"kind", "torus"}, {"dims", {10, 10}}, {"node_ids", "random"}}},
              {"switch", {{"cache", {{"entries", 32}, {"ways", 2}}}}},
              {"traffic", {{"packets", 3000}}}};
  const json r24 = run_ok(cfg);
  cfg["switch"]["cam"] = {{"key_bits", 32}};
  const json r32 = run_ok(cfg);
  EXPECT_NE(r24["cache"]["hits"], r32["cache"]["hits"]);
}

// Hand-derived. One 3-port switch, all-to-all in the shift schedule: port 0 looks up 1, 2, 1, 2,
// ...; port 1: 2, 0, ...; port 2: 0, 1, .... A direct-mapped 2-entry cache indexed by the id's low
// bit puts 1 and 2 (port 0) or 0 and 1 (port 2) in different sets: 2 compulsory misses, then
// hits; port 1's 2 and 0 share set 0: 2 compulsory misses, then a conflict miss every time (a
// fully associative 2-entry cache would hold both). 30 packets = 5 passes = 10 look-ups per port.
TEST(RouteWalkFidelity, HandDerivedThreeCsAndAllHitShare) {
  const json cfg = {{"topology", {{"kind", "single_switch"}, {"ports", 3}}},
                    {"switch", {{"cache", {{"entries", 2}, {"ways", 1}, {"index", "low_bits"}}}}},
                    {"traffic", {{"pattern", "all_to_all"}, {"packets", 30}}}};
  const json c = run_ok(cfg)["cache"];
  EXPECT_EQ(c["lookups"], 30);
  EXPECT_EQ(c["hits"], 16);
  EXPECT_EQ(c["misses"], (json{{"compulsory", 6}, {"capacity", 0}, {"conflict", 8}, {"total", 14}}));
  EXPECT_EQ(c["by_port_class"]["injection"]["misses"], c["misses"]);
  EXPECT_EQ(c["packets_all_hit"], 16);  // one look-up per packet
  EXPECT_DOUBLE_EQ(c["all_hit_share"].get<double>(), 16.0 / 30);
}

// The CLI table of the same run. Zero-load latency of one switch: 2 links x 20 ns + 50 ns + RC,
// 1 ns on a hit (91 ns, 16 packets) and 10 ns on a miss (100 ns, 14 packets): mean 95.2 ns.
TEST(RouteWalkFidelity, CliTableOfTheHandDerivedRun) {
  const json cfg = {{"topology", {{"kind", "single_switch"}, {"ports", 3}}},
                    {"switch", {{"cache", {{"entries", 2}, {"ways", 1}, {"index", "low_bits"}}}}},
                    {"traffic", {{"pattern", "all_to_all"}, {"packets", 30}}}};
  EXPECT_EQ(result_table(run_ok(cfg)),
            "Cache look-ups by input-port class (look-ups and misses in look-ups, hit rate as a fraction)\n"
            "class            look-ups  hit rate   compulsory     capacity     conflict\n"
            "injection              30    0.5333            6            0            8\n"
            "all                    30    0.5333            6            0            8\n"
            "Packets whose every look-up hit: 16 of 30 packets, share 0.5333 (fraction)\n"
            "Zero-load latency (ns): mean 95.200, p50 91.000, p99 100.000, max 100.000\n");
  // Without the 3C classifier the miss kinds are unknown, not zero.
  json off = cfg;
  off["switch"]["cache"]["classify_misses"] = false;
  const std::string t = result_table(run_ok(off));
  EXPECT_NE(t.find("injection              30    0.5333            -            -            -\n"), std::string::npos) << t;
}

namespace {
// An independent model of the measured quantities: per-set LRU lists, a fully associative LRU
// stack of the same size and the set of tags ever seen, per input port.
struct BrutePort {
  std::vector<std::vector<uint32_t>> sets = std::vector<std::vector<uint32_t>>(2);  // most recent first
  std::vector<uint32_t> stack;
  std::set<uint32_t> seen;
};

bool lru_touch(std::vector<uint32_t>& list, uint32_t tag, size_t capacity) {
  auto it = std::find(list.begin(), list.end(), tag);
  const bool hit = it != list.end();
  if (hit) list.erase(it);
  list.insert(list.begin(), tag);
  if (list.size() > capacity) list.pop_back();
  return hit;
}

struct Counts {
  uint64_t lookups = 0, hits = 0, compulsory = 0, capacity = 0, conflict = 0;
};
}  // namespace

// A 3 x 4 torus (odd and even rings), random 5-bit ids hashed by CRC-32 over their one byte, a
// 2-set 2-way LRU cache per port: every class's 3C counts and the all-hit packets equal a
// brute-force walk of the same deterministic all-to-all traffic.
TEST(RouteWalkFidelity, PerClassThreeCsMatchABruteForceWalk) {
  const json cfg = {{"seed", 11},
                    {"topology", {{"kind", "torus"}, {"dims", {3, 4}}, {"node_ids", "random"}}},
                    {"switch", {{"cache", {{"entries", 4}, {"ways", 2}}}, {"cam", {{"key_bits", 5}}}}},
                    {"traffic", {{"pattern", "all_to_all"}, {"packets", 500}, {"warmup_packets", 50}}}};
  const json c = run_ok(cfg)["cache"];

  Experiment ex;
  ErrorSink errors;
  ASSERT_TRUE(parse_experiment(cfg, ex, errors));
  const Topology& topo = *ex.topology;
  const uint32_t n = topo.num_nodes(), pps = topo.ports_per_switch();
  const auto ids = random_node_ids(n, 5, 11);
  std::vector<BrutePort> ports(topo.num_switches() * pps);
  std::vector<Counts> by_class(topo.port_classes().size());
  uint64_t all_hit_packets = 0;
  std::vector<Hop> hops(topo.max_hops());
  Rng unused(0);
  for (uint64_t i = 0, s = 0, r = 1; i < 550; ++i) {
    const uint32_t src = static_cast<uint32_t>(s), dst = static_cast<uint32_t>((s + r) % n);
    if (++s == n) s = 0, r = r + 1 == n ? 1 : r + 1;
    const uint8_t key = static_cast<uint8_t>(ids[dst]);
    const uint32_t set = crc32(&key, 1) % 2;
    bool all_hit = true;
    const uint32_t h = topo.route(src, dst, unused, hops.data());
    for (uint32_t k = 0; k < h; ++k) {
      BrutePort& p = ports[hops[k].sw * pps + hops[k].in_port];
      const bool hit = lru_touch(p.sets[set], dst, 2);
      const bool fa_hit = lru_touch(p.stack, dst, 4);
      const bool first = p.seen.insert(dst).second;
      all_hit &= hit;
      if (i < 50) continue;
      Counts& cl = by_class[topo.port_class(hops[k].sw, hops[k].in_port)];
      ++cl.lookups;
      cl.hits += hit;
      if (!hit) ++(first ? cl.compulsory : fa_hit ? cl.conflict : cl.capacity);
    }
    if (i >= 50) all_hit_packets += all_hit;
  }
  uint64_t conflicts = 0;
  for (size_t k = 0; k < by_class.size(); ++k) {
    const Counts& b = by_class[k];
    const json& got = c["by_port_class"][topo.port_classes()[k]];
    EXPECT_EQ(got["lookups"], b.lookups) << k;
    EXPECT_EQ(got["hits"], b.hits) << k;
    EXPECT_EQ(got["misses"], (json{{"compulsory", b.compulsory}, {"capacity", b.capacity}, {"conflict", b.conflict},
                                   {"total", b.lookups - b.hits}}))
        << k;
    conflicts += b.conflict;
  }
  EXPECT_GT(conflicts, 0u);  // the case exercises all three kinds
  EXPECT_EQ(c["packets_all_hit"], all_hit_packets);
  EXPECT_DOUBLE_EQ(c["all_hit_share"].get<double>(), static_cast<double>(all_hit_packets) / 500);
}
