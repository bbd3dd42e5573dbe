#pragma once
// SimGrid time-independent (TI) MPI traces as an input (docs/traffic.md, "MPI traces"): the
// parser and validator of the files `smpirun -trace-ti` writes (SimGrid 3.32), the walk that
// matches their sends and receives (refusing traces whose replay would deadlock), and the
// in-process store of loaded traces keyed by their content id, which configs name in
// traffic.trace_id.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "workload/skeleton.hpp"
#include "common/error.hpp"

namespace switchlab::app {

// Limits of one trace, checked before anything is allocated (the API checks an upload's
// compressed and unpacked sizes against them before unpacking: trace_limits()).
constexpr uint32_t kMaxTraceFiles = 1025;          // 1,024 rank files + the index
constexpr uint32_t kMaxTraceRanks = 1024;          // as traffic.npb.ranks
constexpr uint64_t kMaxTraceBytes = 256ull << 20;  // text of all files together
constexpr uint64_t kMaxTraceLines = 16'000'000;    // non-blank lines of all files together
constexpr uint32_t kMaxTraceLineBytes = 65536;     // one line (a v-collective on 1,024 ranks: ~23 KB)
constexpr uint32_t kMaxTraceNameBytes = 255;       // one file name
// Point-to-point messages of a whole run once collectives are expanded (alltoall on R ranks:
// R (R - 1)); the stream is kept in memory (16 B each).
constexpr uint64_t kMaxTraceMessages = 32'000'000;
// The store keeps loaded traces up to this many bytes (parsed operations and message stream,
// not the text), evicting the least recently used.
constexpr uint64_t kMaxTraceStoreBytes = 1ull << 30;
// SMPI's default smpi/send-is-detached-thresh: smaller sends return at once (eager), larger ones
// wait for their receive (rendezvous), in SimGrid's replay and in ours.
constexpr uint64_t kEagerBytes = 65536;

// One operation of a rank, as the trace gives it (sizes already in bytes). (Not skeleton.hpp's Op:
// a trace has every TI action, a skeleton step only the operations NPB calls.)
enum class TiOp : uint8_t {
  kInit, kFinalize, kCompute, kSend, kIsend, kRecv, kIrecv, kWait, kWaitall, kTest, kSendrecv,
  kBarrier, kBcast, kReduce, kAllreduce, kAlltoall, kAlltoallv, kGather, kGatherv, kAllgather,
  kAllgatherv, kScatter, kScatterv, kReducescatter, kCount
};
const char* op_name(TiOp op);  // the TI action name ("isend", "sendRecv", ...)
bool is_collective(TiOp op);

struct TraceOp {
  TiOp op;
  int32_t tag = 0;       // p2p: the MPI tag (kAnyTag matches any); wait/test: the request's tag
  uint32_t peer = 0;     // p2p: the other rank; sendRecv: dst; rooted collectives: the root; wait/test: src
  uint32_t peer2 = 0;    // sendRecv: src; wait/test: dst; v-collectives: offset of their counts in Rank::counts
  uint64_t bytes = 0;    // p2p / sendRecv send / collectives: this rank's bytes (docs/traffic.md)
  uint64_t bytes2 = 0;   // sendRecv: bytes received
  double flops = 0;      // compute; reduce, allreduce, reducescatter: their computation
};
constexpr int32_t kAnyTag = -444;  // MPI_ANY_TAG in SimGrid's smpi.h

struct TraceRank {
  std::vector<TraceOp> ops;
  std::vector<uint64_t> counts;  // v-collectives' per-rank byte counts, ranks() at a time
};

// A message of the expanded run: p2p as matched, collectives as the rounds of their algorithm.
struct TraceMessage {
  uint32_t src, dst;  // ranks
  uint64_t bytes;
};

struct LoadedTrace {
  std::string id;  // sha256 hex of the canonical text (docs/traffic.md)
  std::vector<TraceRank> ranks;
  std::vector<std::string> canonical;  // per rank: its canonical lines (what the SMPI export writes)
  std::vector<TraceMessage> stream;    // every message of one run, in the walk's order
  nlohmann::json summary;
  uint64_t memory_bytes() const;
};

// Parses and validates `files` ({name: text}); the trace, or null with `error` naming
// "trace:<file>:<line>", "trace:<file>" or "trace" (docs/traffic.md, "Errors").
std::shared_ptr<const LoadedTrace> parse_trace(const std::map<std::string, std::string>& files, Error& error);

// {"max_files", "max_ranks", "max_bytes", "max_lines", "max_line_bytes", "max_name_bytes",
// "max_messages", "store_bytes"}.
nlohmann::json trace_limits();

// The walk of a trace's run: ranks execute in turn (rank 0 first) until they block; sends and
// receives match per (source, destination) pair in posting order by tag; a collective runs when
// every rank has reached it. The hooks see what happens, in order: a matched p2p message with the
// ranks' post times' owners, a collective's expanded rounds. Timing hooks let engine app attach
// clocks; validation passes none.
struct WalkHooks {
  virtual ~WalkHooks() = default;
  virtual void compute(uint32_t rank, double flops) { (void)rank, (void)flops; }
  // A send of `bytes` posted by src at its clock, matched with a receive posted by dst at its
  // clock (`send_req`, `recv_req`: the requests' ids, which complete() and wait() then name).
  virtual void matched(uint32_t src, uint32_t dst, uint64_t bytes, uint64_t send_req, uint64_t recv_req) {
    (void)src, (void)dst, (void)bytes, (void)send_req, (void)recv_req;
  }
  virtual void posted(uint32_t rank, uint64_t req) { (void)rank, (void)req; }  // a request's post time
  virtual void waited(uint32_t rank, uint64_t req) { (void)rank, (void)req; }  // the rank waits until it completes
  virtual void collective(const std::vector<Step>& rounds) { (void)rounds; }  // all ranks in, rounds in order
};
// Walks `t` (already validated: never fails) calling `hooks`.
void walk_trace(const LoadedTrace& t, WalkHooks& hooks);

// The collective `op` of every rank (`calls[r]` is rank r's op, `counts[r]` its counts) as
// point-to-point rounds (docs/traffic.md, "Collectives").
std::vector<Step> expand_collective(const std::vector<const TraceOp*>& calls, const std::vector<const uint64_t*>& counts);

// The in-process store (thread-safe): load parses, validates and keeps a trace (the same content
// again is a hit); find returns it and marks it recently used; null when it is not loaded.
nlohmann::json trace_store_load(const std::map<std::string, std::string>& files);  // {"id", "summary"} or {"error"}
std::shared_ptr<const LoadedTrace> trace_store_find(const std::string& id);
bool trace_store_unload(const std::string& id);
// The error a config gets for a trace id that is not loaded.
std::string trace_not_loaded(const std::string& id);

}  // namespace switchlab::app
