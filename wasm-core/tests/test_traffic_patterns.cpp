// Synthetic traffic patterns: exact destinations on small cases, permutation properties,
// statistical tolerances stated per test, and bad fields named.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "config/experiment.hpp"
#include "switchlab/api.hpp"
#include "test_traffic_util.hpp"
#include "topology/kary_ncube.hpp"

using namespace traffic_test;

namespace {

// src -> dst map observed over `packets` draws; fails if a source ever has two destinations.
std::map<uint32_t, uint32_t> observed_map(Traffic& t, uint64_t packets) {
  std::map<uint32_t, uint32_t> m;
  for (const auto& [pair, count] : pairs(t, packets)) {
    EXPECT_EQ(m.count(pair.first), 0u) << "source " << pair.first << " has several destinations";
    m[pair.first] = pair.second;
  }
  return m;
}

std::set<uint32_t> keys(const std::map<uint32_t, uint32_t>& m) {
  std::set<uint32_t> s;
  for (const auto& kv : m) s.insert(kv.first);
  return s;
}

}  // namespace

TEST(TrafficBits, BitComplementOn16Nodes) {
  FakeTopo topo(16);
  auto b = build({{"pattern", "bit_complement"}}, topo);
  ASSERT_TRUE(b.traffic) << b.error.field << ": " << b.error.message;
  const auto m = observed_map(*b.traffic, 4000);
  ASSERT_EQ(m.size(), 16u);  // every node sends
  EXPECT_EQ(m.at(5), 10u);
  EXPECT_EQ(m.at(0), 15u);
  for (const auto& [s, d] : m) EXPECT_EQ(d, 15u - s);
}

TEST(TrafficBits, BitReverseSkipsPalindromes) {
  FakeTopo topo(16);
  auto b = build({{"pattern", "bit_reverse"}}, topo);
  ASSERT_TRUE(b.traffic);
  const auto m = observed_map(*b.traffic, 4000);
  EXPECT_EQ(m.at(1), 8u);   // 0001 -> 1000
  EXPECT_EQ(m.at(3), 12u);  // 0011 -> 1100
  EXPECT_EQ(m.at(11), 13u); // 1011 -> 1101
  // 4-bit palindromes 0000, 0110, 1001, 1111 would send to themselves: they never send.
  std::set<uint32_t> expect;
  for (uint32_t s = 0; s < 16; ++s)
    if (s != 0 && s != 6 && s != 9 && s != 15) expect.insert(s);
  EXPECT_EQ(keys(m), expect);
}

TEST(TrafficBits, TransposeAndShuffle) {
  FakeTopo topo16(16), topo8(8);
  auto t = build({{"pattern", "transpose"}}, topo16);
  ASSERT_TRUE(t.traffic);
  const auto m = observed_map(*t.traffic, 4000);
  EXPECT_EQ(m.at(1), 4u);  // (hi 00, lo 01) -> (01, 00)
  EXPECT_EQ(m.at(6), 9u);  // (01, 10) -> (10, 01)
  EXPECT_EQ(m.size(), 12u);  // the diagonal 0, 5, 10, 15 stays silent
  EXPECT_EQ(m.count(5), 0u);

  auto s = build({{"pattern", "shuffle"}}, topo8);
  ASSERT_TRUE(s.traffic);
  const auto ms = observed_map(*s.traffic, 4000);
  EXPECT_EQ(ms.at(3), 6u);  // 011 -> 110
  EXPECT_EQ(ms.at(5), 3u);  // 101 -> 011
  EXPECT_EQ(ms.at(4), 1u);  // 100 -> 001
  EXPECT_EQ(ms.size(), 6u);  // 000 and 111 stay silent
}

TEST(TrafficBits, NonPowerOfTwoIsRejectedNamingPatternAndNodes) {
  FakeTopo topo12(12);
  for (const char* p : {"bit_complement", "bit_reverse", "shuffle", "transpose"}) {
    auto b = build({{"pattern", p}}, topo12);
    EXPECT_FALSE(b.traffic) << p;
    EXPECT_EQ(b.error.field, "traffic.pattern");
    EXPECT_NE(b.error.message.find("power-of-two"), std::string::npos) << b.error.message;
    EXPECT_NE(b.error.message.find("12 compute nodes"), std::string::npos) << b.error.message;
  }
  FakeTopo topo8(8), topo2(2);
  auto t = build({{"pattern", "transpose"}}, topo8);
  EXPECT_EQ(t.error.field, "traffic.pattern");
  EXPECT_NE(t.error.message.find("even power of two"), std::string::npos);
  auto r = build({{"pattern", "bit_reverse"}}, topo2);
  EXPECT_EQ(r.error.field, "traffic.pattern");
  EXPECT_NE(r.error.message.find("itself"), std::string::npos);
}

// A pattern that does not fit the topology names the ones that do (each pattern's own fields
// aside: a trace needs its text, npb its benchmarks, mpi_trace a loaded trace), so the user sees what
// to pick instead.
TEST(TrafficPatterns, ARefusedPatternNamesThePatternsThatFit) {
  FakeTopo topo12(12);
  EXPECT_EQ(build({{"pattern", "transpose"}}, topo12).error.allowed,
            "one of: all_to_all, hotspot, mpi_trace, npb, random_permutation, trace, uniform, zipf");
  FakeTopo topo8(8);  // an odd power of two: all but transpose and the k-ary n-cube patterns
  EXPECT_EQ(build({{"pattern", "tornado"}}, topo8).error.allowed,
            "one of: all_to_all, bit_complement, bit_reverse, hotspot, mpi_trace, npb, random_permutation, shuffle, trace, "
            "uniform, zipf");
  KaryNCube t22({2, 2}, {true, true}, 1);  // tornado does not move on 2-rings; neighbor does
  EXPECT_EQ(build({{"pattern", "tornado"}}, t22).error.allowed,
            "one of: all_to_all, bit_complement, bit_reverse, hotspot, mpi_trace, neighbor, npb, random_permutation, shuffle, "
            "trace, transpose, uniform, zipf");
  // A pattern outside job mixes: the ones that run inside them.
  const Built j = build({{"pattern", "tornado"}, {"jobs", {{"sizes", {2, 2}}}}}, t22);
  EXPECT_EQ(j.error.field, "traffic.jobs");
  EXPECT_EQ(j.error.allowed,
            "one of: all_to_all, bit_complement, bit_reverse, hotspot, npb, random_permutation, shuffle, transpose, uniform, zipf");
}

TEST(TrafficCube, TornadoAndNeighborOnCoordinates) {
  KaryNCube t44({4, 4}, {true, true}, 1);
  auto tor = build({{"pattern", "tornado"}}, t44);
  ASSERT_TRUE(tor.traffic) << tor.error.message;
  auto m = observed_map(*tor.traffic, 4000);
  EXPECT_EQ(m.at(0), 5u);  // (0,0) -> (1,1): ceil(4/2)-1 = 1 per dimension (BookSim's example)
  EXPECT_EQ(m.at(3), 4u);  // (3,0) -> (0,1)

  KaryNCube t53({5, 3}, {true, false}, 1);  // shifts 2 and 1; mixed wrap is irrelevant
  tor = build({{"pattern", "tornado"}}, t53);
  ASSERT_TRUE(tor.traffic);
  m = observed_map(*tor.traffic, 4000);
  EXPECT_EQ(m.at(4 + 5 * 2), 1u + 5 * 0);  // (4,2) -> (1,0)
  EXPECT_EQ(m.size(), 15u);

  KaryNCube c2({4, 4}, {true, true}, 2);  // node = switch * 2 + local
  auto nb = build({{"pattern", "neighbor"}}, c2);
  ASSERT_TRUE(nb.traffic);
  m = observed_map(*nb.traffic, 8000);
  EXPECT_EQ(m.at(3), 2u * (2 + 4) + 1);  // switch 1 = (1,0) -> (2,1) = 6, local 1 kept
  EXPECT_EQ(m.at(30), 2u * 0 + 0);       // switch 15 = (3,3) -> (0,0), local 0
  EXPECT_EQ(m.size(), 32u);
}

TEST(TrafficCube, RejectsOtherTopologiesAndDegenerateTornado) {
  FakeTopo fake(16);
  auto b = build({{"pattern", "tornado"}}, fake);
  EXPECT_EQ(b.error.field, "traffic.pattern");
  EXPECT_NE(b.error.message.find("k-ary n-cube"), std::string::npos);
  EXPECT_NE(b.error.message.find("single_switch"), std::string::npos);
  KaryNCube t22({2, 2}, {true, true}, 1);
  b = build({{"pattern", "tornado"}}, t22);
  EXPECT_EQ(b.error.field, "traffic.pattern");
  EXPECT_NE(b.error.message.find("k >= 3"), std::string::npos);
  EXPECT_TRUE(build({{"pattern", "neighbor"}}, t22).traffic);  // +1 on a 2-ring moves
}

TEST(TrafficPermutation, IsAFixedDerangementChosenByPatternSeed) {
  FakeTopo topo(64);
  auto a = build({{"pattern", "random_permutation"}, {"pattern_seed", 5}}, topo);
  ASSERT_TRUE(a.traffic);
  const auto m = observed_map(*a.traffic, 20000);
  ASSERT_EQ(m.size(), 64u);
  std::set<uint32_t> dsts;
  for (const auto& [s, d] : m) {
    EXPECT_NE(s, d);
    dsts.insert(d);
  }
  EXPECT_EQ(dsts.size(), 64u);  // a bijection
  auto same = build({{"pattern", "random_permutation"}, {"pattern_seed", 5}}, topo);
  EXPECT_EQ(observed_map(*same.traffic, 20000), m);
  auto other = build({{"pattern", "random_permutation"}, {"pattern_seed", 6}}, topo);
  EXPECT_NE(observed_map(*other.traffic, 20000), m);
  EXPECT_EQ(a.normalized["pattern_seed"], 5);
  // Two nodes: the only derangement is the swap.
  FakeTopo two(2);
  auto s2 = build({{"pattern", "random_permutation"}}, two);
  const auto m2 = observed_map(*s2.traffic, 100);
  EXPECT_EQ(m2.at(0), 1u);
  EXPECT_EQ(m2.at(1), 0u);
}

TEST(TrafficAllToAll, ShiftScheduleCoversEveryPairThenRepeats) {
  FakeTopo topo(5);
  auto b = build({{"pattern", "all_to_all"}}, topo);
  ASSERT_TRUE(b.traffic);
  Rng rng(1);
  std::vector<std::pair<uint32_t, uint32_t>> seq;
  for (int i = 0; i < 40; ++i) {
    uint32_t s, d;
    b.traffic->next(rng, s, d);
    seq.push_back({s, d});
  }
  const std::vector<std::pair<uint32_t, uint32_t>> head = {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 2}, {1, 3}};
  for (size_t i = 0; i < head.size(); ++i) EXPECT_EQ(seq[i], head[i]) << i;
  EXPECT_EQ(seq[19], std::make_pair(4u, 3u));  // last of round 4
  std::set<std::pair<uint32_t, uint32_t>> pass(seq.begin(), seq.begin() + 20);
  EXPECT_EQ(pass.size(), 20u);  // all 5*4 ordered pairs, none twice
  for (const auto& p : pass) EXPECT_NE(p.first, p.second);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(seq[20 + i], seq[i]);  // repeats
}

// Tolerance: each frequency within 5 standard deviations of its exact expectation
// (sqrt(p(1-p)/N)); a false failure has probability < 1e-6 per check.
TEST(TrafficHotspot, FractionMatchesTheExactExpectation) {
  FakeTopo topo(64);
  const double h = 0.2, n = 64;
  const uint64_t N = 400000;
  auto one = build({{"pattern", "hotspot"}, {"hotspots", {7}}, {"hotspot_fraction", h}}, topo);
  ASSERT_TRUE(one.traffic);
  uint64_t to_hot = 0;
  for (const auto& [p, c] : pairs(*one.traffic, N)) {
    EXPECT_NE(p.first, p.second);
    if (p.second == 7) to_hot += c;
  }
  double expect = h * (n - 1) / n + (1 - h) / n;  // = 0.209375
  double sigma = std::sqrt(expect * (1 - expect) / N);
  EXPECT_NEAR(static_cast<double>(to_hot) / N, expect, 5 * sigma);

  auto two = build({{"pattern", "hotspot"}, {"hotspots", {9, 0}}, {"hotspot_fraction", h}}, topo);
  ASSERT_TRUE(two.traffic);
  to_hot = 0;
  for (const auto& [p, c] : pairs(*two.traffic, N))
    if (p.second == 0 || p.second == 9) to_hot += c;
  // Source not hot (62/64): h + (1-h) 2/63; source hot (2/64): h (the other one) + (1-h)/63.
  expect = (62 / n) * (h + (1 - h) * 2 / 63) + (2 / n) * (h + (1 - h) / 63);
  sigma = std::sqrt(expect * (1 - expect) / N);
  EXPECT_NEAR(static_cast<double>(to_hot) / N, expect, 5 * sigma);
}

TEST(TrafficHotspot, BadFieldsAreNamed) {
  FakeTopo topo(64);
  auto b = build({{"pattern", "hotspot"}, {"hotspots", {3, 64}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.hotspots[1]");
  EXPECT_NE(b.error.message.find("[0, 63]"), std::string::npos);
  b = build({{"pattern", "hotspot"}, {"hotspots", {3, 3}}}, topo);
  EXPECT_EQ(b.error.field, "traffic.hotspots");
  b = build({{"pattern", "hotspot"}, {"hotspot_fraction", 1.5}}, topo);
  EXPECT_EQ(b.error.field, "traffic.hotspot_fraction");
  b = build({{"pattern", "uniform"}, {"hotspots", {1}}}, topo);  // a field of another pattern
  EXPECT_EQ(b.error.field, "traffic.hotspots");
  b = build({{"pattern", "bitcomp"}}, topo);
  EXPECT_EQ(b.error.field, "traffic.pattern");
}

TEST(TrafficZipf, WholeMachineDestinationsFollowZipf) {
  FakeTopo topo(32);
  const double s = 1.2;
  const uint64_t N = 400000;
  auto b = build({{"pattern", "zipf"}, {"zipf_exponent", s}, {"pattern_seed", 3}}, topo);
  ASSERT_TRUE(b.traffic);
  std::vector<uint64_t> per_dst(32);
  for (const auto& [p, c] : pairs(*b.traffic, N)) {
    EXPECT_NE(p.first, p.second);
    per_dst[p.second] += c;
  }
  double H = 0;
  for (int r = 1; r <= 32; ++r) H += std::pow(r, -s);
  // The three most popular nodes, by observed count, carry ranks 1..3 (their pmfs differ by far
  // more than 5 sigma, so sorting does not reorder them).
  std::vector<uint64_t> sorted = per_dst;
  std::sort(sorted.rbegin(), sorted.rend());
  for (int r = 1; r <= 3; ++r) {
    const double p = std::pow(r, -s) / H, sigma = std::sqrt(p * (1 - p) / N);
    EXPECT_NEAR(static_cast<double>(sorted[r - 1]) / N, p, 5 * sigma) << "rank " << r;
  }
  // Ranks are permuted by pattern_seed: rank 1 is not simply node 0 for both seeds.
  auto c = build({{"pattern", "zipf"}, {"zipf_exponent", s}, {"pattern_seed", 4}}, topo);
  std::vector<uint64_t> per_dst_c(32);
  for (const auto& [p, k] : pairs(*c.traffic, 20000)) per_dst_c[p.second] += k;
  const auto top = [](const std::vector<uint64_t>& v) { return std::max_element(v.begin(), v.end()) - v.begin(); };
  EXPECT_NE(top(per_dst), top(per_dst_c));
  b = build({{"pattern", "zipf"}, {"zipf_exponent", -1}}, topo);
  EXPECT_EQ(b.error.field, "traffic.zipf_exponent");
}

// Every pattern accepted end to end by the experiment parser on a 4x4 torus (16 nodes), and the
// pattern-specific fields land in the normalized config (the basis of the config hash).
TEST(TrafficConfig, EveryPatternParsesInAnExperiment) {
  for (const auto& info : traffic_patterns()) {
    json cfg = {{"topology", {{"kind", "torus"}, {"dims", {4, 4}}}}, {"traffic", {{"pattern", info.pattern}, {"packets", 10}}}};
    if (info.pattern == "trace") cfg["traffic"]["trace"] = "0,1,2,100\n";
    if (info.pattern == "mpi_trace")  // a loaded trace of two ranks exchanging a message
      cfg["traffic"]["trace_id"] = json::parse(switchlab::trace_load_json(R"({"a": "0 send 1 0 8\n", "b": "1 recv 0 0 8\n"})"))["id"];
    Experiment ex;
    ErrorSink errors;
    ASSERT_TRUE(parse_experiment(cfg, ex, errors)) << info.pattern << ": " << errors.error().field << ": " << errors.error().message;
    Rng rng(1);
    for (int i = 0; i < 100; ++i) {
      uint32_t s, d;
      ex.traffic->next(rng, s, d);
      ASSERT_NE(s, d) << info.pattern;
      ASSERT_LT(s, 16u);
      ASSERT_LT(d, 16u);
    }
  }
  Experiment ex;
  ErrorSink errors;
  ASSERT_TRUE(parse_experiment(json{{"traffic", {{"pattern", "zipf"}}}}, ex, errors));
  EXPECT_EQ(ex.normalized["traffic"]["zipf_exponent"], 0.9);
  EXPECT_EQ(ex.normalized["traffic"]["pattern_seed"], 1);
  // Uniform configs gain no new fields (their hashes stay as they were).
  Experiment u;
  ASSERT_TRUE(parse_experiment(json::object(), u, errors));
  EXPECT_EQ(u.normalized["traffic"], (json{{"pattern", "uniform"}, {"packets", 100000}, {"warmup_packets", 0}}));
}

// The uniform pattern keeps its draw sequence: src = uniform(n), dst = uniform(n-1) skipping src.
TEST(TrafficUniform, DrawSequenceUnchanged) {
  FakeTopo topo(10);
  auto b = build({{"pattern", "uniform"}}, topo);
  Rng a(99), ref(99);
  for (int i = 0; i < 1000; ++i) {
    uint32_t s, d;
    b.traffic->next(a, s, d);
    const uint32_t es = static_cast<uint32_t>(ref.uniform_u64(10));
    uint32_t ed = static_cast<uint32_t>(ref.uniform_u64(9));
    if (ed >= es) ++ed;
    ASSERT_EQ(s, es);
    ASSERT_EQ(d, ed);
  }
}

// For the JSON Schema: every pattern's fields and the job-mix fields get declared; a pattern defined
// on the whole machine (a trace) declares no job fields.
TEST(TrafficConfig, DeclaresEveryPatternField) {
  std::set<std::string> paths;
  for (const auto& t : traffic_patterns()) {
    ParamRegistry reg;
    declare_pattern_params(t.pattern, reg);
    for (const auto& d : reg.decls()) {
      paths.insert(d.path);
      if (t.pattern == "trace") EXPECT_NE(d.path.rfind("traffic.jobs", 0), 0u) << d.path;
    }
  }
  for (const char* f : {"traffic.pattern", "traffic.hotspots", "traffic.hotspot_fraction", "traffic.zipf_exponent",
                        "traffic.pattern_seed", "traffic.trace", "traffic.mtu_bytes", "traffic.jobs",
                        "traffic.jobs.sizes", "traffic.jobs.size_table", "traffic.jobs.count", "traffic.jobs.preset"})
    EXPECT_EQ(paths.count(f), 1u) << f;
}
