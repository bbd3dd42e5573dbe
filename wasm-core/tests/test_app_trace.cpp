// SimGrid time-independent MPI traces (docs/traffic.md, "MPI traces"): SimGrid 3.32's own output
// loads, every kind of malformed trace is refused naming its file, line and reason, the store and
// the config's trace_id, and exact values of engines app, routewalk and the SMPI export on tiny
// traces (docs/models.md, "MPI traces").
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "workload/ti_trace.hpp"
#include "test_run_util.hpp"

using json = nlohmann::json;

namespace {

std::string read(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// SimGrid 3.32's -trace-ti output of tests/data/ti/all_ops.c on 4 ranks: the index and its rank files.
json all_ops_files() {
  json files = json::object();
  for (const auto& e : std::filesystem::directory_iterator(std::string(SWITCHLAB_SOURCE_DIR) + "/tests/data/ti/all_ops"))
    files[e.path().filename().string()] = read(e.path());
  return files;
}

json load(const json& files) { return json::parse(switchlab::trace_load_json(files.dump())); }

// Loads and expects an error: returns it.
json refused(const json& files) {
  const json r = load(files);
  EXPECT_TRUE(r.contains("error")) << r.dump().substr(0, 300);
  return r.contains("error") ? r["error"] : json::object();
}

void expect_error(const json& files, const std::string& field, const std::string& part) {
  const json e = refused(files);
  EXPECT_EQ(e.value("field", ""), field) << e.dump();
  EXPECT_NE(e.value("message", "").find(part), std::string::npos) << e.dump();
}

// Two ranks: rank 0 computes 1,000 flops, sends 1,000 B to rank 1 (eager), both allreduce one double.
json tiny_files() {
  return {{"r0.txt", "0 init\n0 compute 1000\n0 send 1 0 1000\n0 allreduce 1 0 0\n0 finalize\n"},
          {"r1.txt", "1 init\n1 recv 0 0 1000\n1 compute 500\n1 allreduce 1 0 0\n1 finalize\n"}};
}

// One switch, 1 GFlop/s nodes, 8 Gb/s (1 B/ns) links, link 10 ns, other 50 ns, RC 1 / 10 ns.
json tiny_config(const std::string& id, const std::string& engine = "app") {
  json c = {{"engine", engine},
            {"topology", {{"kind", "single_switch"}, {"ports", 4}}},
            {"switch", {{"delays_ns", {{"rc_hit", 1}, {"rc_miss", 10}, {"rc_no_cache", 10}, {"other", 50}, {"link", 10}}}}},
            {"traffic", {{"pattern", "mpi_trace"}, {"trace_id", id}}}};
  if (engine != "routewalk") {
    c["switch"]["link_gbps"] = 8;
    c["node"] = {{"gflops", 1}};
  }
  return c;
}

}  // namespace

TEST(MpiTrace, SimGridsOwnOutputLoadsWithEveryAction) {
  const json r = load(all_ops_files());
  ASSERT_FALSE(r.contains("error")) << r.dump();
  EXPECT_EQ(r["id"].get<std::string>().size(), 64u);
  const json& s = r["summary"];
  EXPECT_EQ(s["ranks"], 4);
  for (const char* op : {"init", "finalize", "compute", "send", "isend", "recv", "irecv", "wait", "waitall", "test", "sendRecv",
                         "barrier", "bcast", "reduce", "allreduce", "alltoall", "alltoallv", "gather", "gatherv", "allgather",
                         "allgatherv", "scatter", "scatterv", "reducescatter"})
    EXPECT_TRUE(s["operations"].contains(op)) << op;
  // all_ops.c: 4 ring isends of 10 doubles (tag 5) and 7 ints (tag 6) per rank.
  EXPECT_EQ(s["operations"]["isend"], 8);
  EXPECT_EQ(s["by_type"]["isend"]["bytes"], 4 * (80 + 28));
  EXPECT_EQ(s["per_rank"][0]["operations"]["send"], 2);  // 100 B to rank 1, and the ring's tag 9
  EXPECT_EQ(s["matrix_bytes"].size(), 4u);
  // The same trace under other names and with CRLF line endings has the same id.
  const json files = all_ops_files();
  json renamed = json::object();
  for (const auto& [name, text] : files.items()) {
    std::string crlf;
    for (char c : text.get<std::string>()) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    renamed["x_" + name] = crlf;
  }
  // The index names its rank files by path: renamed files are not found.
  EXPECT_TRUE(load(renamed).contains("error"));
  json per_rank = json::object();  // the rank files alone, without the index, renamed: the same id
  for (const auto& [name, text] : files.items())
    if (name != "all_ops.txt") per_rank["rank_" + name] = text;
  EXPECT_EQ(load(per_rank)["id"], r["id"]);
  json crlf_only = json::object();
  for (const auto& [name, text] : renamed.items())
    if (name != "x_all_ops.txt") crlf_only[name] = text;
  EXPECT_EQ(load(crlf_only)["id"], r["id"]);
}

TEST(MpiTrace, UnitsOfTheSummaryAreDeclared) {
  const json r = load(tiny_files());
  const json units = json::parse(switchlab::units_json(r.dump()));
  EXPECT_EQ(units["summary.bytes"], "B");
  EXPECT_EQ(units["summary.compute_flops"], "flop");
  EXPECT_EQ(units["summary.compute_share"], "fraction");
  EXPECT_EQ(units["summary.matrix_bytes"], "B");
  EXPECT_EQ(units["summary.per_rank.sent_messages"], "messages");
  EXPECT_EQ(units["summary.by_type.send.bytes"], "B");
  EXPECT_EQ(units["summary.operations.send"], "calls");
}

TEST(MpiTrace, SummaryCountsExactly) {
  const json s = load(tiny_files())["summary"];
  EXPECT_EQ(s["ranks"], 2);
  EXPECT_EQ(s["messages"], 3);           // the send, and the allreduce's 2 messages
  EXPECT_EQ(s["bytes"], 1000 + 8 + 8);
  EXPECT_EQ(s["compute_flops"], 1500);
  EXPECT_EQ(s["matrix_bytes"], json({{0, 1008}, {8, 0}}));
  EXPECT_EQ(s["by_type"]["send"]["messages"], 1);
  EXPECT_EQ(s["by_type"]["recv"]["bytes"], 1000);
  EXPECT_EQ(s["by_type"]["allreduce"]["bytes"], 16);
  EXPECT_EQ(s["per_rank"][1]["received_bytes"], 1008);
}

TEST(MpiTrace, MalformedTracesNameFileLineAndReason) {
  const json ok = tiny_files();
  auto with = [&](const std::string& r0) {
    json f = ok;
    f["r0.txt"] = r0;
    return f;
  };
  expect_error(with("0 init\n0 frobnicate 1\n"), "trace:r0.txt:2", "unknown action \"frobnicate\"");
  expect_error(with("0 init\n0 send 7 0 1000\n"), "trace:r0.txt:2", "dst must be a rank of the trace in [0, 1], got \"7\"");
  expect_error(with("0 send 1 0 -5\n"), "trace:r0.txt:1", "count must be an integer element count");
  expect_error(with("0 send 1 0 lots\n"), "trace:r0.txt:1", "got \"lots\"");
  expect_error(with("0 compute -3\n"), "trace:r0.txt:1", "flops must be a number >= 0");
  expect_error(with("0 send 1 0\n"), "trace:r0.txt:1", "expected 3 to 4 arguments");
  expect_error(with("0\n"), "trace:r0.txt:1", "a line must be <rank> <action> <arguments>");
  expect_error(with("zero init\n"), "trace:r0.txt:1", "read as SimGrid's index file");
  expect_error(with("1 init\n"), "trace:r1.txt:1", "rank 1's operations are also in \"r0.txt\"");
  expect_error(with("0 send 1 0 8 -1\n"), "trace:r0.txt:1", "derived datatype");
  expect_error(with("0 irecv -333 9 1 0\n"), "trace:r0.txt:1", "MPI_ANY_SOURCE");
  // A receive whose sender never sends it (rank 1 receives 1,000 B; rank 0 sends nothing).
  expect_error(with("0 init\n0 allreduce 1 0 0\n0 finalize\n"), "trace:r1.txt:2",
               "a message from rank 0 (tag 0), but rank 0 waits in allreduce (r0.txt:2) for every rank");
  expect_error(with("0 init\n0 finalize\n"), "trace:r1.txt:2",
               "a message from rank 0 (tag 0), but rank 0 finishes without sending it");
  // A send nobody receives.
  json extra = ok;
  extra["r0.txt"] = "0 init\n0 compute 1000\n0 send 1 0 1000\n0 isend 1 3 8\n0 allreduce 1 0 0\n0 finalize\n";
  expect_error(extra, "trace:r0.txt:4", "a send to rank 1 (tag 3) that rank 1 never receives");
  // A blocking cycle of rendezvous sends (100,000 B > 64 KiB wait for their receive).
  json cycle = {{"a", "0 send 1 0 100000\n0 recv 1 0 100000\n"}, {"b", "1 send 0 0 100000\n1 recv 0 0 100000\n"}};
  expect_error(cycle, "trace:a:1", "blocking cycle");
  // The same with eager sizes completes (as in SMPI and MPI).
  EXPECT_FALSE(load({{"a", "0 send 1 0 100\n0 recv 1 0 100\n"}, {"b", "1 send 0 0 100\n1 recv 0 0 100\n"}}).contains("error"));
  // Collectives in another order, with another root, or not called by every rank.
  expect_error({{"a", "0 bcast 8 0\n0 barrier\n"}, {"b", "1 barrier\n1 bcast 8 0\n"}}, "trace:b:1",
               "barrier while rank 0 calls bcast");
  expect_error({{"a", "0 bcast 8 0\n"}, {"b", "1 bcast 8 1\n"}}, "trace:b:1", "root 1 while rank 0 gives root 0");
  expect_error({{"a", "0 barrier\n"}, {"b", "1 init\n"}}, "trace:a:1", "barrier that rank 1 never calls");
  // Ranks: a gap, and a single rank.
  expect_error({{"a", "0 init\n"}, {"c", "2 init\n"}}, "trace", "rank 1 has no operations");
  expect_error({{"a", "0 init\n"}}, "trace", "at least 2 ranks");
}

TEST(MpiTrace, IndexFilesAndTheirRankFiles) {
  const json idx = {{"idx.txt", "run_files/r0.txt\nrun_files/r1.txt\n"}, {"r0.txt", tiny_files()["r0.txt"]},
                    {"r1.txt", tiny_files()["r1.txt"]}};
  EXPECT_EQ(load(idx)["id"], load(tiny_files())["id"]);
  expect_error({{"idx.txt", "a/r0.txt\na/r1.txt\na/r2.txt\n"}, {"r0.txt", ""}, {"r1.txt", ""}}, "trace:idx.txt:3",
               "names the rank file \"r2.txt\", which is not among the files");
  json stray = idx;
  stray["r9.txt"] = "1 init\n";
  expect_error(stray, "trace:r9.txt", "is not named in the index file");
  json swapped = idx;
  swapped["idx.txt"] = "r1.txt\nr0.txt\n";
  expect_error(swapped, "trace:r0.txt:1", "starts with rank 0, but the index lists this file as rank 1's");
}

TEST(MpiTrace, LimitsAreExportedAndCheckedBeforeParsing) {
  const json limits = json::parse(switchlab::trace_limits_json());
  for (const char* k : {"max_files", "max_ranks", "max_bytes", "max_lines", "max_line_bytes", "max_name_bytes",
                        "max_messages", "store_bytes"})
    EXPECT_TRUE(limits[k].is_number_unsigned()) << k;
  json many = json::object();
  for (uint32_t i = 0; i <= limits["max_files"].get<uint32_t>(); ++i) many["f" + std::to_string(i)] = "";
  expect_error(many, "trace", "at most 1025 files");
  expect_error({{"a", std::string(70000, '0')}, {"b", ""}}, "trace:a:1", "at most 65536 bytes");
  expect_error({{std::string(300, 'n'), "0 init\n"}}, "trace", "a file name must have 1 to 255 bytes");
  // Not an object of texts.
  EXPECT_EQ(json::parse(switchlab::trace_load_json("[1]"))["error"]["field"], "trace");
  EXPECT_EQ(json::parse(switchlab::trace_load_json("{\"a\": 3}"))["error"]["field"], "trace:a");
  // A file name given twice (trace_fuzzer's find: after the edge's UTF-8 repair two names were one).
  const json twice = json::parse(switchlab::trace_load_json(R"({"a.txt": "0 init\n", "a.txt": "1 init\n"})"));
  EXPECT_EQ(twice["error"]["field"], "trace:a.txt");
  EXPECT_EQ(twice["error"]["message"], "is given more than once in the same object");
}

TEST(MpiTrace, ConfigsNameALoadedTraceEveryEntryPointRefusesAnUnknownOne) {
  const std::string id = load(tiny_files())["id"];
  const std::string missing(64, 'a');
  const std::string cfg = tiny_config(missing).dump();
  for (const std::string& out : {switchlab::prepare_json(cfg), switchlab::run_json(cfg), switchlab::normalize_json(cfg),
                                 switchlab::smpi_export_json(cfg), "{\"error\":" + switchlab::validate_json(cfg) + "}"}) {
    const json e = json::parse(out)["error"];
    EXPECT_EQ(e["field"], "traffic.trace_id") << out;
    EXPECT_NE(e["message"].get<std::string>().find("is not loaded"), std::string::npos) << out;
  }
  EXPECT_EQ(switchlab::config_hash(cfg), "");
  EXPECT_EQ(json::parse(switchlab::trace_summary_json(missing))["error"]["field"], "traffic.trace_id");
  // The id is part of the experiment id.
  const std::string other = load({{"a", "0 send 1 0 8\n"}, {"b", "1 recv 0 0 8\n"}})["id"];
  EXPECT_NE(switchlab::config_hash(tiny_config(id).dump()), switchlab::config_hash(tiny_config(other).dump()));
  EXPECT_EQ(json::parse(switchlab::normalize_json(tiny_config(id).dump()))["traffic"]["trace_id"], id);
  // Unloaded: gone; loading again brings it back under the same id.
  EXPECT_EQ(json::parse(switchlab::trace_unload_json(other))["unloaded"], true);
  EXPECT_EQ(json::parse(switchlab::prepare_json(tiny_config(other).dump()))["error"]["field"], "traffic.trace_id");
  EXPECT_EQ(load({{"a", "0 send 1 0 8\n"}, {"b", "1 recv 0 0 8\n"}})["id"], other);
  // The cycle engine does not take traces, and says which engines do.
  const json cycle = {{"engine", "cycle"}, {"topology", {{"kind", "mesh"}, {"dims", {2, 2}}}},
                      {"traffic", {{"pattern", "mpi_trace"}, {"trace_id", id}}}};
  const json e = json::parse(switchlab::prepare_json(cycle.dump()))["error"];
  EXPECT_EQ(e["field"], "traffic.pattern") << e.dump();
  EXPECT_NE(e["message"].get<std::string>().find("routewalk"), std::string::npos);
}

TEST(MpiTrace, TimeModelExactOnATinyTrace) {
  const std::string id = load(tiny_files())["id"];
  const json r = run_ok(tiny_config(id));
  const json& t = r["app"]["benchmarks"]["mpi_trace"];
  // The send: 2 links x 10 ns + 1,000 B at 1 B/ns + one switch (50 + RC 1 or 10) = 1,071 ns (1,080
  // without caches), leaving rank 0 at 1,000 ns (eager) and reaching rank 1 at 2,071 ns, which then
  // computes 500 ns: 2,571 (2,580). The allreduce of 8 B: one round 0 <-> 1, 20 + 8 + 51 = 79 ns
  // (88): rank 0 at max(1,000, 2,571 + 79) = 2,650 (2,668), rank 1 at max(2,571, 1,000 + 79).
  EXPECT_NEAR(t["time_s"].get<double>(), 2650e-9, 1e-15);
  EXPECT_NEAR(t["time_no_cache_s"].get<double>(), 2668e-9, 1e-15);
  EXPECT_NEAR(t["relative"].get<double>(), 2668.0 / 2650.0, 1e-12);
  EXPECT_NEAR(t["per_rank"][0]["compute_s"].get<double>(), 1000e-9, 1e-15);
  EXPECT_NEAR(t["per_rank"][0]["communication_s"].get<double>(), 1650e-9, 1e-15);
  EXPECT_NEAR(t["per_rank"][1]["time_s"].get<double>(), 2571e-9, 1e-15);
  EXPECT_NEAR(t["per_rank"][1]["communication_s"].get<double>(), 2071e-9, 1e-15);
  EXPECT_EQ(t["messages"], 3);
  const json units = json::parse(switchlab::units_json(r.dump()));
  EXPECT_EQ(units["app.benchmarks.mpi_trace.per_rank.communication_s"], "s");
  // Rendezvous (>= 64 KiB): the transfer starts when both ends are posted. Rank 1 posts its receive
  // after computing 10,000 flops (10 us); 100,000 B then take 100,000 + 20 + 51 ns.
  const std::string big = load({{"a", "0 send 1 0 100000\n"}, {"b", "1 compute 10000\n1 recv 0 0 100000\n"}})["id"];
  const json b = run_ok(tiny_config(big))["app"]["benchmarks"]["mpi_trace"];
  EXPECT_NEAR(b["time_s"].get<double>(), (10000 + 100000 + 71) * 1e-9, 1e-15);
  EXPECT_NEAR(b["per_rank"][0]["time_s"].get<double>(), (10000 + 100000 + 71) * 1e-9, 1e-15);  // the sender waits
  // A message to oneself crosses no link: a memory copy of 20,000 B at 10 GB/s (SMPI's loopback).
  const std::string self = load({{"a", "0 send 0 0 20000\n0 recv 0 0 20000\n"}, {"b", "1 compute 1000\n"}})["id"];
  const json c = run_ok(tiny_config(self))["app"]["benchmarks"]["mpi_trace"];
  EXPECT_NEAR(c["per_rank"][0]["time_s"].get<double>(), 2000e-9, 1e-15);
  EXPECT_NEAR(c["time_no_cache_s"].get<double>(), 2000e-9, 1e-15);
}

TEST(MpiTrace, RouteWalkTakesTheTracesMessageStream) {
  const std::string id = load(tiny_files())["id"];
  json c = tiny_config(id, "routewalk");
  c["traffic"]["packets"] = 3;
  const json r = run_ok(c);
  // One pass: 0->1 (1,000 B), then the allreduce 0->1 and 1->0, one look-up each at the injection
  // port's cache: miss, hit (same port and destination), miss.
  EXPECT_EQ(r["traffic"]["packets_per_pass"], 3);
  EXPECT_EQ(r["cache"]["lookups"], 3);
  EXPECT_EQ(r["cache"]["hits"], 1);
  // With packet_bytes 512, the first message is 2 packets (hit on the second), the others 1 each.
  c["traffic"]["mpi_trace"] = {{"packet_bytes", 512}};
  c["traffic"]["packets"] = 4;
  const json p = run_ok(c);
  EXPECT_EQ(p["traffic"]["packets_per_pass"], 4);
  EXPECT_EQ(p["cache"]["hits"], 2);
}

TEST(MpiTrace, SmpiExportWritesTheTracesLinesWithItsPlacement) {
  const std::string id = load(tiny_files())["id"];
  json c = tiny_config(id, "smpi");
  c["topology"] = {{"kind", "torus"}, {"dims", {2, 2}}};
  c["traffic"]["mpi_trace"] = {{"placement", "random"}};
  const json out = json::parse(switchlab::smpi_export_json(c.dump()));
  ASSERT_FALSE(out.contains("error")) << out.dump();
  EXPECT_EQ(out["benchmark"], "mpi_trace");
  EXPECT_EQ(out["replays"].size(), 1u);
  EXPECT_EQ(out["replays"][0]["weight"], 1);
  // The rank files exactly as parsed (tokens joined by one space, one line each).
  EXPECT_EQ(out["replays"][0]["traces"], json({tiny_files()["r0.txt"], tiny_files()["r1.txt"]}));
  const json prepared = json::parse(switchlab::prepare_json(c.dump()));
  EXPECT_EQ(prepared["summary"]["server_only"], true);
  // The hosts follow the placement: the same as engine app's with the same seed.
  const json hosts = out["hosts"];
  EXPECT_EQ(hosts.size(), 2u);
  EXPECT_NE(hosts[0], hosts[1]);
}

// An alltoallv runs as the IS skeleton's does (and SMPI's default alltoallv): one round in which
// every rank posts all its sends, each pair with its own byte count (before engine 0.3.3 it was
// the pairwise exchange: n - 1 rounds). Three ranks with distinct counts (bytes: 8 x count).
TEST(MpiTrace, AlltoallvIsAllPairsAtOnceWithPerPairBytes) {
  const json files = {{"a", "0 alltoallv 3 0 1 2 8 0 3 5 0 0\n"}, {"b", "1 alltoallv 12 3 4 5 12 1 4 7 0 0\n"},
                      {"c", "2 alltoallv 21 5 7 9 16 2 5 9 0 0\n"}};
  const json r = load(files);
  ASSERT_FALSE(r.contains("error")) << r.dump();
  const auto t = switchlab::app::trace_store_find(r["id"]);
  ASSERT_NE(t, nullptr);
  std::vector<const switchlab::app::TraceOp*> calls;
  std::vector<const uint64_t*> counts;
  for (const auto& rank : t->ranks) {
    calls.push_back(&rank.ops[0]);
    counts.push_back(rank.counts.data() + rank.ops[0].peer2);
  }
  const auto rounds = switchlab::app::expand_collective(calls, counts);
  ASSERT_EQ(rounds.size(), 1u);
  std::vector<std::tuple<uint32_t, uint32_t, uint64_t>> got, stream;
  for (const auto& m : rounds[0].msgs) got.emplace_back(m.src, m.dst, m.bytes);
  for (const auto& m : t->stream) stream.emplace_back(m.src, m.dst, m.bytes);
  const std::vector<std::tuple<uint32_t, uint32_t, uint64_t>> want = {{0, 1, 8}, {0, 2, 16}, {1, 0, 24}, {1, 2, 40}, {2, 0, 40}, {2, 1, 56}};
  EXPECT_EQ(got, want);
  EXPECT_EQ(stream, want);  // the route walk's message stream: the same messages in the same order
}
