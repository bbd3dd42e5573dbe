// SimGrid 3.32 time-independent traces (docs/traffic.md, "MPI traces"). Lines are
// "<rank> <action> <args...>", whitespace-separated; the layouts below are those SimGrid 3.32's
// `smpirun -trace-ti` writes (checked on its output for every action, the datatype ids on one
// send of each predefined type). Sizes are element counts of a datatype given by its SimGrid id;
// without one, SimGrid's replay takes bytes (MPI_BYTE), and so do we.
#include "workload/ti_trace.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <deque>
#include <list>
#include <mutex>
#include <unordered_map>

#include "common/sha256.hpp"
#include "common/text.hpp"

namespace switchlab::app {
namespace {

using json = nlohmann::json;

// Bytes of SimGrid 3.32's predefined datatypes by the id its tracer writes (the order of
// smpi.h's declarations: 0 MPI_DOUBLE, 1 MPI_INT, 2 MPI_CHAR, 6 MPI_BYTE, ...; Fortran types
// share ids with their C twins). -1 (a derived type) and the ids not listed are refused: the
// trace does not carry their size.
int datatype_bytes(int64_t id) {
  static const int kBytes[] = {
      8, 4, 1, 2, 8, 4, 1, 8, 1, 1,      // 0-9: double int char short long float byte long-long schar uchar
      2, 4, 8, 8, 16, 4, 1, 1, 2, 4,     // 10-19: ushort unsigned ulong ull long-double wchar bool int8 int16 int32
      8, 1, 2, 4, 8, 8, 16, 32, 8, 8,    // 20-29: int64 uint8 uint16 uint32 uint64 c-complexes(3) aint offset
      8, 16, 16, 8, 8, 8, 16, 16, 4, 4,  // 30-39: float_int long_int double_int short_int 2int 2float 2double 2long real real4
      8, 16, 8, 16, 0, 4, 2, 4, 8, 0,    // 40-49: real8 real16 complex8 complex16 - integer1 integer2 integer4 integer8 -
      32, 0, 0, 0, 0, 0, 0, 1, 0, 8};    // 50-59: long_double_int ... packed(57) count(59)
  return id >= 0 && id < 60 ? kBytes[id] : 0;
}

constexpr int64_t kAnySource = -333;  // what SimGrid 3.32's tracer writes for MPI_ANY_SOURCE

struct OpInfo {
  const char* name;
  TiOp op;
};
constexpr OpInfo kOps[] = {
    {"init", TiOp::kInit}, {"finalize", TiOp::kFinalize}, {"compute", TiOp::kCompute}, {"send", TiOp::kSend},
    {"isend", TiOp::kIsend}, {"recv", TiOp::kRecv}, {"irecv", TiOp::kIrecv}, {"wait", TiOp::kWait},
    {"waitall", TiOp::kWaitall}, {"test", TiOp::kTest}, {"sendRecv", TiOp::kSendrecv}, {"barrier", TiOp::kBarrier},
    {"bcast", TiOp::kBcast}, {"reduce", TiOp::kReduce}, {"allreduce", TiOp::kAllreduce}, {"alltoall", TiOp::kAlltoall},
    {"alltoallv", TiOp::kAlltoallv}, {"gather", TiOp::kGather}, {"gatherv", TiOp::kGatherv},
    {"allgather", TiOp::kAllgather}, {"allgatherv", TiOp::kAllgatherv}, {"scatter", TiOp::kScatter},
    {"scatterv", TiOp::kScatterv}, {"reducescatter", TiOp::kReducescatter}};

std::string action_list() {
  std::string s;
  for (const auto& o : kOps) s += std::string(s.empty() ? "" : ", ") + o.name;
  return s;
}

// Where an error is: "trace:<file>:<line>" (file and line), "trace:<file>" or "trace".
std::string where(const std::string& file, uint64_t line = 0) {
  return "trace:" + file + (line ? ":" + std::to_string(line) : "");
}

bool parse_int(const std::string& s, int64_t& out) {
  if (s.empty() || s.size() > 18) return false;
  size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size()) return false;
  int64_t v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return false;
    v = v * 10 + (s[i] - '0');
  }
  out = s[0] == '-' ? -v : v;
  return true;
}

// The words of text[begin, end) into `t`, reusing its strings (millions of lines: no allocation
// per word once the longest line has been seen).
void tokens(const std::string& text, size_t begin, size_t end, std::vector<std::string>& t) {
  size_t n = 0;
  for (size_t i = begin; i < end;) {
    while (i < end && (text[i] == ' ' || text[i] == '\t')) ++i;
    const size_t a = i;
    while (i < end && text[i] != ' ' && text[i] != '\t') ++i;
    if (i == a) break;
    if (n == t.size()) t.emplace_back();
    t[n++].assign(text, a, i - a);
  }
  t.resize(n);
}

// One rank's file being parsed: its lines are numbered in `file`.
struct LineParser {
  const std::string& file;
  uint64_t line;
  uint32_t ranks, self;
  const std::vector<std::string>& t;  // t[0] rank, t[1] action, t[2..] args
  Error& error;

  bool fail(const std::string& why, const std::string& allowed = "") {
    error = {where(file, line), t[1] + ": " + why, allowed};
    return false;
  }
  size_t args() const { return t.size() - 2; }
  const std::string& arg(size_t i) const { return t[2 + i]; }

  bool count(size_t i, const char* what, int64_t datatype, uint64_t& bytes) {
    int64_t v;
    if (!parse_int(arg(i), v) || v < 0 || v > (int64_t{1} << 40))
      return fail(std::string(what) + " must be an integer element count in [0, 2^40], got \"" + arg(i) + "\"",
                  "an integer in [0, 2^40]");
    bytes = static_cast<uint64_t>(v) * static_cast<uint64_t>(datatype);
    return true;
  }
  // The datatype id at i (bytes per element), 1 (MPI_BYTE) when the line has no arg i.
  bool datatype(size_t i, int64_t& bytes) {
    if (i >= args()) {
      bytes = 1;
      return true;
    }
    int64_t id;
    if (!parse_int(arg(i), id) || datatype_bytes(id) == 0)
      return fail("datatype id \"" + arg(i) + "\" is not a predefined MPI datatype of SimGrid 3.32" +
                      (arg(i) == "-1" ? " (-1 is a derived datatype, whose size the trace does not carry)" : ""),
                  "a SimGrid 3.32 datatype id such as 0 (MPI_DOUBLE), 1 (MPI_INT), 6 (MPI_BYTE)");
    bytes = datatype_bytes(id);
    return true;
  }
  bool rank(size_t i, const char* what, uint32_t& out) {
    int64_t v;
    if (parse_int(arg(i), v) && v == kAnySource)
      return fail(std::string(what) + " is MPI_ANY_SOURCE (-333): the trace does not say which rank sent the message, "
                                      "and SimGrid 3.32's own replay of such a receive never completes",
                  "a rank in [0, " + std::to_string(ranks - 1) + "]");
    if (!parse_int(arg(i), v) || v < 0 || v >= ranks)
      return fail(std::string(what) + " must be a rank of the trace in [0, " + std::to_string(ranks - 1) + "], got \"" +
                      arg(i) + "\"",
                  "a rank in [0, " + std::to_string(ranks - 1) + "]");
    out = static_cast<uint32_t>(v);
    return true;
  }
  bool tag(size_t i, int32_t& out) {
    int64_t v;
    if (!parse_int(arg(i), v) || v < -(int64_t{1} << 31) || v >= (int64_t{1} << 31))
      return fail("tag must be an integer, got \"" + arg(i) + "\"", "a 32-bit integer");
    out = static_cast<int32_t>(v);
    return true;
  }
  bool amount(size_t i, const char* what, double& out) {
    if (!parse_nonnegative(arg(i), out))
      return fail(std::string(what) + " must be a number >= 0, got \"" + arg(i) + "\"", "a number >= 0");
    return true;
  }
  bool nargs(size_t lo, size_t hi, const char* layout) {
    if (args() >= lo && args() <= hi) return true;
    return fail("expected " + (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) +
                    " arguments (" + layout + "), got " + std::to_string(args()),
                layout);
  }
  // ranks() counts at i.., each of `dt` bytes, appended to `counts`; `offset` is where they start.
  bool vector(size_t i, const char* what, int64_t dt, std::vector<uint64_t>& counts, uint32_t& offset) {
    offset = static_cast<uint32_t>(counts.size());
    for (uint32_t k = 0; k < ranks; ++k) {
      uint64_t b;
      if (!count(i + k, what, dt, b)) return false;
      counts.push_back(b);
    }
    return true;
  }

  bool parse(TraceOp& o, std::vector<uint64_t>& counts) {
    const uint32_t n = ranks;
    int64_t dt = 1, dt2 = 1;
    switch (o.op) {
      case TiOp::kInit:
      case TiOp::kFinalize:
      case TiOp::kBarrier:
        return nargs(0, 0, "none");
      case TiOp::kCompute:
        return nargs(1, 1, "flops") && amount(0, "flops", o.flops);
      case TiOp::kSend:
      case TiOp::kIsend:
      case TiOp::kRecv:
      case TiOp::kIrecv: {
        const bool to = o.op == TiOp::kSend || o.op == TiOp::kIsend;
        return nargs(3, 4, to ? "dst tag count [datatype]" : "src tag count [datatype]") &&
               rank(0, to ? "dst" : "src", o.peer) && tag(1, o.tag) && datatype(3, dt) && count(2, "count", dt, o.bytes);
      }
      case TiOp::kWait:
      case TiOp::kTest: {
        int64_t src;
        if (!nargs(3, 3, "src dst tag")) return false;
        if (parse_int(arg(0), src) && src == kAnySource) o.peer = UINT32_MAX;
        else if (!rank(0, "src", o.peer)) return false;
        return rank(1, "dst", o.peer2) && tag(2, o.tag);
      }
      case TiOp::kWaitall:
        return nargs(0, 1, "[count]");
      case TiOp::kSendrecv:
        return nargs(4, 6, "send_count dst recv_count src [send_datatype recv_datatype]") && datatype(4, dt) &&
               datatype(5, dt2) && count(0, "send_count", dt, o.bytes) && rank(1, "dst", o.peer) &&
               count(2, "recv_count", dt2, o.bytes2) && rank(3, "src", o.peer2);
      case TiOp::kBcast:
        if (!nargs(1, 3, "count [root [datatype]]") || !datatype(2, dt)) return false;
        return count(0, "count", dt, o.bytes) && (args() < 2 || rank(1, "root", o.peer));
      case TiOp::kReduce:
        if (!nargs(2, 4, "count computation [root [datatype]]") || !datatype(3, dt)) return false;
        return count(0, "count", dt, o.bytes) && amount(1, "computation", o.flops) && (args() < 3 || rank(2, "root", o.peer));
      case TiOp::kAllreduce:
        return nargs(2, 3, "count computation [datatype]") && datatype(2, dt) && count(0, "count", dt, o.bytes) &&
               amount(1, "computation", o.flops);
      case TiOp::kAlltoall:
      case TiOp::kAllgather:
        return nargs(2, 4, "send_count recv_count [send_datatype [recv_datatype]]") && datatype(2, dt) &&
               datatype(3, dt2) && count(0, "send_count", dt, o.bytes) && count(1, "recv_count", dt2, o.bytes2);
      case TiOp::kGather:
      case TiOp::kScatter:
        return nargs(2, 5, "send_count recv_count [root [send_datatype [recv_datatype]]]") && datatype(3, dt) &&
               datatype(4, dt2) && count(0, "send_count", dt, o.bytes) && count(1, "recv_count", dt2, o.bytes2) &&
               (args() < 3 || rank(2, "root", o.peer));
      case TiOp::kAlltoallv: {
        const std::string layout = "send_size " + std::to_string(n) + " send_counts recv_size " + std::to_string(n) +
                                   " recv_counts [send_datatype recv_datatype]";
        if (!nargs(2 * n + 2, 2 * n + 4, layout.c_str()) || !datatype(2 * n + 2, dt) || !datatype(2 * n + 3, dt2)) return false;
        uint32_t recv_at;
        return count(0, "send_size", dt, o.bytes) && vector(1, "send count", dt, counts, o.peer2) &&
               count(n + 1, "recv_size", dt2, o.bytes2) && vector(n + 2, "recv count", dt2, counts, recv_at);
      }
      case TiOp::kGatherv:
      case TiOp::kAllgatherv: {
        const bool rooted = o.op == TiOp::kGatherv;
        const std::string layout = "send_count " + std::to_string(n) + " recv_counts" + (rooted ? " [root" : "") +
                                   " [send_datatype [recv_datatype]]" + (rooted ? "]" : "");
        const size_t dt_at = n + 1 + (rooted ? 1 : 0);
        if (!nargs(n + 1, dt_at + 2, layout.c_str()) || !datatype(dt_at, dt) || !datatype(dt_at + 1, dt2)) return false;
        return count(0, "send_count", dt, o.bytes) && vector(1, "recv count", dt2, counts, o.peer2) &&
               (!rooted || args() < n + 2 || rank(n + 1, "root", o.peer));
      }
      case TiOp::kScatterv: {
        const std::string layout = std::to_string(n) + " send_counts recv_count [root [send_datatype [recv_datatype]]]";
        if (!nargs(n + 1, n + 4, layout.c_str()) || !datatype(n + 2, dt) || !datatype(n + 3, dt2)) return false;
        return vector(0, "send count", dt, counts, o.peer2) && count(n, "recv_count", dt2, o.bytes2) &&
               (args() < n + 2 || rank(n + 1, "root", o.peer));
      }
      case TiOp::kReducescatter: {
        const std::string layout = std::to_string(n) + " recv_counts computation [datatype]";
        if (!nargs(n + 1, n + 2, layout.c_str()) || !datatype(n + 1, dt)) return false;
        return vector(0, "recv count", dt, counts, o.peer2) && amount(n, "computation", o.flops);
      }
      case TiOp::kCount:
        break;
    }
    return fail("unknown action");
  }
};

// A file's lines: (line number, text without the line ending), blank lines left out.
struct SourceLine {
  uint32_t file;
  uint64_t line;
  size_t begin, end;  // in the file's text
};

std::string base_name(const std::string& path) {
  const size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

const char* op_name(TiOp op) {
  for (const auto& o : kOps)
    if (o.op == op) return o.name;
  return "?";
}

bool is_collective(TiOp op) { return op >= TiOp::kBarrier && op < TiOp::kCount; }

uint64_t LoadedTrace::memory_bytes() const {
  // The summary's rank-to-rank matrix dominates it: n^2 numbers of ~48 B as JSON values.
  uint64_t b = sizeof(LoadedTrace) + stream.size() * sizeof(TraceMessage) + 48 * ranks.size() * (ranks.size() + 40);
  for (const auto& r : ranks) b += r.ops.size() * sizeof(TraceOp) + r.counts.size() * 8;
  for (const auto& c : canonical) b += c.size();
  return b;
}

json trace_limits() {
  return {{"max_files", kMaxTraceFiles},        {"max_ranks", kMaxTraceRanks},
          {"max_bytes", kMaxTraceBytes},        {"max_lines", kMaxTraceLines},
          {"max_line_bytes", kMaxTraceLineBytes}, {"max_name_bytes", kMaxTraceNameBytes},
          {"max_messages", kMaxTraceMessages},  {"store_bytes", kMaxTraceStoreBytes}};
}

// ---------------------------------------------------------------------------------------------
// Collectives as point-to-point rounds (the skeletons' algorithms, skeleton.hpp), on one group
// with the root first (so the binomial trees of bcast and reduce are rooted at it).

std::vector<Step> expand_collective(const std::vector<const TraceOp*>& calls, const std::vector<const uint64_t*>& counts) {
  const uint32_t n = static_cast<uint32_t>(calls.size());
  const TraceOp& first = *calls[0];
  const uint32_t root = first.peer;
  Groups rooted(1);
  rooted[0].push_back(root);
  for (uint32_t r = 0; r < n; ++r)
    if (r != root) rooted[0].push_back(r);
  const Groups all = world(n);
  uint64_t largest = 0;
  for (const TraceOp* c : calls) largest = std::max(largest, c->bytes);
  std::vector<Step> out;
  switch (first.op) {
    case TiOp::kBarrier:
      allreduce(out, all, 0);
      break;
    case TiOp::kBcast:
      bcast(out, rooted, calls[root]->bytes);
      break;
    case TiOp::kReduce:
      reduce(out, rooted, largest);
      break;
    case TiOp::kAllreduce:
      allreduce(out, all, largest);
      break;
    case TiOp::kAlltoall:
    case TiOp::kAllgather:
      pairwise(out, all, [&](uint32_t s, uint32_t) { return calls[s]->bytes; });
      break;
    case TiOp::kAllgatherv:
      pairwise(out, all, [&](uint32_t s, uint32_t) { return calls[s]->bytes; });
      break;
    case TiOp::kAlltoallv:
      // As the IS skeleton's (and SMPI's default) all-to-all-v: every rank posts all its sends at once.
      all_pairs(out, all, [&](uint32_t s, uint32_t d) { return counts[s][d]; });
      break;
    case TiOp::kReducescatter:
      pairwise(out, all, [&](uint32_t s, uint32_t d) { return counts[s][d]; });
      break;
    case TiOp::kGather:
    case TiOp::kGatherv:
      linear(out, rooted, [&](uint32_t s, uint32_t) { return calls[s]->bytes; }, true);
      break;
    case TiOp::kScatter:
      linear(out, rooted, [&](uint32_t, uint32_t) { return calls[root]->bytes; }, false);
      break;
    case TiOp::kScatterv:
      linear(out, rooted, [&](uint32_t, uint32_t d) { return counts[root][d]; }, false);
      break;
    default:
      break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The walk: matching and blocking as SimGrid's replay does them.

namespace {

struct Request {
  uint32_t owner;
  bool send;
  bool done = false;  // matched (a recv or rendezvous send), or an eager send (done when posted)
};

struct Pending {
  uint64_t req;
  int32_t tag;
  uint64_t bytes;
};

bool tags_match(int32_t send_tag, int32_t recv_tag) {
  return recv_tag == kAnyTag || send_tag == recv_tag;
}

// Why a walk stopped: empty when it ran to the end.
struct Stuck {
  uint32_t rank = 0;
  size_t op = 0;
  std::string why;
  bool located = true;  // false: about the whole trace, no line to name
};

class Walker {
 public:
  // `lines` (validation only): the file and line of each rank's operations, for the messages.
  Walker(const LoadedTrace& t, WalkHooks& hooks, std::function<std::string(uint32_t, size_t)> line = nullptr)
      : t_(t), hooks_(hooks), line_(std::move(line)), n_(static_cast<uint32_t>(t.ranks.size())),
                                                    pc_(n_, 0), waiting_(n_), in_progress_(n_, 0), first_of_line_(n_, 0) {}

  // Runs to the end; false with `stuck` filled when ranks block forever.
  bool run(Stuck& stuck, std::vector<TraceMessage>* stream, uint64_t max_messages) {
    stream_ = stream;
    max_messages_ = max_messages;
    for (;;) {
      bool progress = false;
      for (uint32_t r = 0; r < n_; ++r)
        while (step(r)) progress = true;
      if (overflow_) {
        stuck = {0, 0, "the run expands to more than " + std::to_string(max_messages_) + " point-to-point messages", false};
        return false;
      }
      if (all_at_collective()) {
        if (!run_collective(stuck)) return false;
        continue;
      }
      if (!progress) break;
    }
    for (uint32_t r = 0; r < n_; ++r)
      if (pc_[r] < t_.ranks[r].ops.size()) {
        stuck = explain(r);
        return false;
      }
    // Every rank finished: a send or receive left unmatched never completes in a replay.
    for (const auto& [key, ch] : channels_) {
      const uint32_t src = static_cast<uint32_t>(key / n_), dst = static_cast<uint32_t>(key % n_);
      if (!ch.sends.empty()) {
        stuck = {src, post_op_[ch.sends.front().req], "a send to rank " + std::to_string(dst) + " (tag " +
                                                           std::to_string(ch.sends.front().tag) + ") that rank " +
                                                           std::to_string(dst) + " never receives"};
        return false;
      }
      if (!ch.recvs.empty()) {
        stuck = {dst, post_op_[ch.recvs.front().req], "a receive from rank " + std::to_string(src) + " (tag " +
                                                          std::to_string(ch.recvs.front().tag) + ") that rank " +
                                                          std::to_string(src) + " never sends"};
        return false;
      }
    }
    return true;
  }

 private:
  struct Channel {
    std::deque<Pending> sends, recvs;
  };

  const TraceOp& op(uint32_t r) const { return t_.ranks[r].ops[pc_[r]]; }

  uint64_t new_request(uint32_t owner, bool send, size_t at) {
    reqs_.push_back({owner, send});
    post_op_.push_back(at);
    hooks_.posted(owner, reqs_.size() - 1);
    return reqs_.size() - 1;
  }

  void emit(uint32_t src, uint32_t dst, uint64_t bytes) {
    if (!stream_ || src == dst) return;
    if (stream_->size() >= max_messages_) {
      overflow_ = true;
      return;
    }
    stream_->push_back({src, dst, bytes});
  }

  void post_send(uint32_t src, uint32_t dst, int32_t tag, uint64_t bytes) {
    const uint64_t id = new_request(src, true, pc_[src]);
    if (bytes < kEagerBytes) reqs_[id].done = true;
    Channel& ch = channels_[uint64_t{src} * n_ + dst];
    for (auto it = ch.recvs.begin(); it != ch.recvs.end(); ++it)
      if (tags_match(tag, it->tag)) {
        match(src, dst, bytes, id, it->req);
        ch.recvs.erase(it);
        tidy(uint64_t{src} * n_ + dst);
        waiting_[src].push_back(id);
        return;
      }
    ch.sends.push_back({id, tag, bytes});
    waiting_[src].push_back(id);
  }

  void post_recv(uint32_t dst, uint32_t src, int32_t tag) {
    const uint64_t id = new_request(dst, false, pc_[dst]);
    Channel& ch = channels_[uint64_t{src} * n_ + dst];
    for (auto it = ch.sends.begin(); it != ch.sends.end(); ++it)
      if (tags_match(it->tag, tag)) {
        match(src, dst, it->bytes, it->req, id);
        ch.sends.erase(it);
        tidy(uint64_t{src} * n_ + dst);
        waiting_[dst].push_back(id);
        return;
      }
    ch.recvs.push_back({id, tag, 0});
    waiting_[dst].push_back(id);
  }

  void tidy(uint64_t key) {
    auto it = channels_.find(key);
    if (it != channels_.end() && it->second.sends.empty() && it->second.recvs.empty()) channels_.erase(it);
  }

  void match(uint32_t src, uint32_t dst, uint64_t bytes, uint64_t send, uint64_t recv) {
    reqs_[send].done = reqs_[recv].done = true;
    hooks_.matched(src, dst, bytes, send, recv);
    emit(src, dst, bytes);
  }

  // Waits for the rank's pending requests that `pick` selects; true when all are done (they are
  // then waited for and dropped).
  template <class Pick>
  bool wait_for(uint32_t r, Pick pick) {
    auto& w = waiting_[r];
    for (uint64_t id : w)
      if (pick(id) && !reqs_[id].done) return false;
    std::vector<uint64_t> keep;
    for (uint64_t id : w) {
      if (pick(id)) hooks_.waited(r, id);
      else keep.push_back(id);
    }
    w.swap(keep);
    return true;
  }

  // The oldest pending request of rank r that a wait/test line (src, dst, tag) names, or -1.
  int64_t named_request(uint32_t r, const TraceOp& o) const {
    for (uint64_t id : waiting_[r]) {
      const Request& q = reqs_[id];
      const TraceOp& posted = t_.ranks[r].ops[post_op_[id]];
      const bool send = q.send;
      const uint32_t other = posted.op == TiOp::kSendrecv ? (send ? posted.peer : posted.peer2) : posted.peer;
      const uint32_t s = send ? r : other, d = send ? other : r;
      if ((o.peer == UINT32_MAX || o.peer == s) && o.peer2 == d && (posted.op == TiOp::kSendrecv || posted.tag == o.tag))
        return static_cast<int64_t>(id);
    }
    return -1;
  }

  // Executes rank r's next operation if it can; false when it is blocked or done.
  bool step(uint32_t r) {
    if (pc_[r] >= t_.ranks[r].ops.size()) return false;
    const TraceOp& o = op(r);
    if (is_collective(o.op)) return false;  // run_collective() takes it when every rank is there
    switch (o.op) {
      case TiOp::kCompute:
        hooks_.compute(r, o.flops);
        break;
      case TiOp::kIsend:
        post_send(r, o.peer, o.tag, o.bytes);
        break;
      case TiOp::kIrecv:
        post_recv(r, o.peer, o.tag);
        break;
      case TiOp::kSend:
      case TiOp::kRecv:
      case TiOp::kSendrecv:
        // Posted once, then waited for (all of this rank's requests of the line).
        if (!in_progress_[r]) {
          in_progress_[r] = 1;
          first_of_line_[r] = reqs_.size();
          if (o.op == TiOp::kSend) post_send(r, o.peer, o.tag, o.bytes);
          if (o.op == TiOp::kRecv) post_recv(r, o.peer, o.tag);
          // sendRecv's two halves carry no tag in the trace: they match any tag (docs/traffic.md).
          if (o.op == TiOp::kSendrecv) {
            post_recv(r, o.peer2, kAnyTag);
            post_send(r, o.peer, kAnyTag, o.bytes);
          }
        }
        if (!wait_for(r, [&](uint64_t id) { return id >= first_of_line_[r]; })) return false;
        in_progress_[r] = 0;
        break;
      case TiOp::kWait: {
        const int64_t id = named_request(r, o);
        if (id >= 0 && !wait_for(r, [&](uint64_t q) { return q == static_cast<uint64_t>(id); })) return false;
        break;  // no such request: SimGrid's replay takes it as completed by an earlier test
      }
      case TiOp::kWaitall:
        if (!wait_for(r, [](uint64_t) { return true; })) return false;
        break;
      default:  // init, finalize, test (completes nothing the walk has to wait for)
        break;
    }
    ++pc_[r];
    return true;
  }

  bool all_at_collective() {
    for (uint32_t r = 0; r < n_; ++r)
      if (pc_[r] >= t_.ranks[r].ops.size() || !is_collective(op(r).op)) return false;
    return true;
  }

  bool run_collective(Stuck& stuck) {
    const TraceOp& first = op(0);
    std::vector<const TraceOp*> calls(n_);
    std::vector<const uint64_t*> counts(n_);
    for (uint32_t r = 0; r < n_; ++r) {
      const TraceOp& o = op(r);
      calls[r] = &o;
      counts[r] = t_.ranks[r].counts.data() + o.peer2;
      if (o.op != first.op) {
        stuck = {r, pc_[r], std::string(op_name(o.op)) + " while rank 0 calls " + op_name(first.op) +
                                  ": collectives must be called by all ranks in the same order"};
        return false;
      }
      if (o.peer != first.peer) {
        stuck = {r, pc_[r], std::string(op_name(o.op)) + " with root " + std::to_string(o.peer) + " while rank 0 gives root " +
                                  std::to_string(first.peer) + ": every rank must name the same root"};
        return false;
      }
    }
    const std::vector<Step> rounds = expand_collective(calls, counts);
    for (uint32_t r = 0; r < n_; ++r)
      if (calls[r]->flops > 0) hooks_.compute(r, calls[r]->flops);
    hooks_.collective(rounds);
    for (const Step& s : rounds)
      for (const Message& m : s.msgs) emit(m.src, m.dst, m.bytes);
    for (uint32_t r = 0; r < n_; ++r) ++pc_[r];
    return !overflow_;
  }

  // Why rank r (not finished) can never continue.
  Stuck explain(uint32_t r) {
    const TraceOp& o = op(r);
    if (is_collective(o.op)) {
      for (uint32_t q = 0; q < n_; ++q)
        if (pc_[q] >= t_.ranks[q].ops.size())
          return {r, pc_[r], std::string(op_name(o.op)) + " that rank " + std::to_string(q) +
                                 " never calls (it finishes first): collectives must be called by all ranks"};
      for (uint32_t q = 0; q < n_; ++q)
        if (!is_collective(op(q).op)) return explain(q);
    }
    // The first request it waits for that is not matched.
    for (uint64_t id : waiting_[r]) {
      if (reqs_[id].done) continue;
      const TraceOp& posted = t_.ranks[r].ops[post_op_[id]];
      const bool send = reqs_[id].send;
      const uint32_t other = posted.op == TiOp::kSendrecv ? (send ? posted.peer : posted.peer2) : posted.peer;
      const bool other_done = pc_[other] >= t_.ranks[other].ops.size();
      const std::string tag = posted.op == TiOp::kSendrecv ? "" : " (tag " + std::to_string(posted.tag) + ")";
      std::string why = std::string(op_name(o.op)) + " waits for " +
                        (send ? "rank " + std::to_string(other) + " to receive its message" + tag
                              : "a message from rank " + std::to_string(other) + tag);
      if (other_done)
        why += ", but rank " + std::to_string(other) + " finishes without " + (send ? "receiving" : "sending") + " it";
      else if (is_collective(op(other).op))
        why += ", but rank " + std::to_string(other) + " waits in " + op_name(op(other).op) + " (" + at(other, pc_[other]) +
               ") for every rank: the replay would deadlock";
      else
        why += ", but rank " + std::to_string(other) + " is itself blocked (" + at(other, pc_[other]) +
               "): a blocking cycle, the replay would deadlock";
      return {r, post_op_[id], why};
    }
    return {r, pc_[r], std::string(op_name(o.op)) + " can never complete: the replay would deadlock"};
  }

  std::string at(uint32_t r, size_t op) const { return line_ ? line_(r, op) : "operation " + std::to_string(op + 1); }

  const LoadedTrace& t_;
  WalkHooks& hooks_;
  std::function<std::string(uint32_t, size_t)> line_;
  const uint32_t n_;
  std::vector<size_t> pc_;
  std::vector<std::vector<uint64_t>> waiting_;  // per rank: its pending requests, in posting order
  std::vector<char> in_progress_;
  std::vector<uint64_t> first_of_line_;  // per rank: the first request of its blocking line in progress
  std::vector<Request> reqs_;
  std::vector<size_t> post_op_;  // per request: the op index (in its owner's ops) that posted it
  std::unordered_map<uint64_t, Channel> channels_;
  std::vector<TraceMessage>* stream_ = nullptr;
  uint64_t max_messages_ = 0;
  bool overflow_ = false;
};

}  // namespace

void walk_trace(const LoadedTrace& t, WalkHooks& hooks) {
  Walker w(t, hooks);
  Stuck stuck;
  w.run(stuck, nullptr, kMaxTraceMessages);
}

// ---------------------------------------------------------------------------------------------
// The summary (units: results schema, "summary.*" of a trace).

namespace {

// Per operation type: calls, and (for sends and collectives) the messages and bytes as written
// in the trace at this rank.
struct Counts {
  uint64_t calls[static_cast<int>(TiOp::kCount)] = {};
  uint64_t messages[static_cast<int>(TiOp::kCount)] = {};
  double bytes[static_cast<int>(TiOp::kCount)] = {};
  double flops = 0, sent_bytes = 0, received_bytes = 0;
  uint64_t sent = 0, received = 0;
};

json counts_json(const Counts& c) {
  json ops = json::object(), by_type = json::object();
  for (int k = 0; k < static_cast<int>(TiOp::kCount); ++k) {
    if (!c.calls[k]) continue;
    const char* name = op_name(static_cast<TiOp>(k));
    ops[name] = c.calls[k];
    if (c.messages[k] || c.bytes[k] > 0) by_type[name] = {{"messages", c.messages[k]}, {"bytes", c.bytes[k]}};
  }
  return {{"operations", ops}, {"by_type", by_type}, {"compute_flops", c.flops},
          {"sent_messages", c.sent}, {"sent_bytes", c.sent_bytes},
          {"received_messages", c.received}, {"received_bytes", c.received_bytes}};
}

// The reference system of the compute share: engine app's defaults (node.gflops 100,
// switch.link_gbps 200), latencies left out.
constexpr double kShareGflops = 100, kShareGbps = 200;

json summarize(const LoadedTrace& t) {
  const uint32_t n = static_cast<uint32_t>(t.ranks.size());
  std::vector<Counts> per(n);
  Counts total;
  for (uint32_t r = 0; r < n; ++r)
    for (const TraceOp& o : t.ranks[r].ops) {
      const int k = static_cast<int>(o.op);
      Counts& c = per[r];
      ++c.calls[k];
      c.flops += o.flops;
      // Messages and bytes of an operation as the trace states them at this rank: a send's
      // message; a collective's own contribution (its send count, or its v-counts' sum).
      uint64_t bytes = 0;
      bool counts_message = false;
      switch (o.op) {
        case TiOp::kSend: case TiOp::kIsend: case TiOp::kSendrecv:
          bytes = o.bytes;
          counts_message = true;
          break;
        case TiOp::kRecv: case TiOp::kIrecv:
          bytes = o.bytes;
          counts_message = true;
          break;
        case TiOp::kAlltoallv: case TiOp::kScatterv: case TiOp::kReducescatter:
          for (uint32_t d = 0; d < n; ++d) bytes += t.ranks[r].counts[o.peer2 + d];
          counts_message = is_collective(o.op);
          break;
        default:
          bytes = o.bytes;
          counts_message = is_collective(o.op);
      }
      if (counts_message) {
        ++c.messages[k];
        c.bytes[k] += static_cast<double>(bytes);
      }
    }
  std::vector<std::vector<double>> matrix(n, std::vector<double>(n, 0));
  for (const TraceMessage& m : t.stream) {
    matrix[m.src][m.dst] += static_cast<double>(m.bytes);
    ++per[m.src].sent;
    per[m.src].sent_bytes += static_cast<double>(m.bytes);
    ++per[m.dst].received;
    per[m.dst].received_bytes += static_cast<double>(m.bytes);
  }
  json ranks = json::array();
  double share_num = 0, share_den = 0;
  for (uint32_t r = 0; r < n; ++r) {
    const Counts& c = per[r];
    for (int k = 0; k < static_cast<int>(TiOp::kCount); ++k) {
      total.calls[k] += c.calls[k];
      total.messages[k] += c.messages[k];
      total.bytes[k] += c.bytes[k];
    }
    total.flops += c.flops;
    total.sent += c.sent;
    total.sent_bytes += c.sent_bytes;
    total.received += c.received;
    total.received_bytes += c.received_bytes;
    json one = counts_json(c);
    const double compute_s = c.flops / (kShareGflops * 1e9);
    const double comm_s = (c.sent_bytes + c.received_bytes) * 8 / (kShareGbps * 1e9);
    one["compute_share"] = compute_s + comm_s > 0 ? compute_s / (compute_s + comm_s) : 0.0;
    share_num += compute_s;
    share_den += compute_s + comm_s;
    ranks.push_back(std::move(one));
  }
  json s = counts_json(total);
  s["ranks"] = n;
  s["messages"] = t.stream.size();
  s["bytes"] = total.sent_bytes;
  s["compute_share"] = share_den > 0 ? share_num / share_den : 0.0;
  s["compute_share_basis"] = "compute at 100 GFlop/s over compute + bytes sent and received at 200 Gb/s, per rank "
                             "summed (engine app's defaults; latencies left out)";
  s["matrix_basis"] = "bytes from rank (row) to rank (column) of the point-to-point messages and of the collectives as "
                      "the messages of their algorithms (docs/traffic.md, \"Collectives\")";
  s["per_rank"] = std::move(ranks);
  s["matrix_bytes"] = matrix;
  return s;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Parsing the files.

std::shared_ptr<const LoadedTrace> parse_trace(const std::map<std::string, std::string>& files, Error& error) {
  // Sizes first, before any allocation.
  if (files.empty()) {
    error = {"trace", "a trace needs at least one file", "the rank files, or the index file and its rank files"};
    return nullptr;
  }
  if (files.size() > kMaxTraceFiles) {
    error = {"trace", "at most " + std::to_string(kMaxTraceFiles) + " files, got " + std::to_string(files.size()),
             "at most " + std::to_string(kMaxTraceFiles) + " files"};
    return nullptr;
  }
  uint64_t total = 0;
  for (const auto& [name, text] : files) {
    if (name.empty() || name.size() > kMaxTraceNameBytes) {
      error = {"trace", "a file name must have 1 to " + std::to_string(kMaxTraceNameBytes) + " bytes", ""};
      return nullptr;
    }
    total += text.size();
  }
  if (total > kMaxTraceBytes) {
    error = {"trace", "the files hold " + std::to_string(total) + " bytes, at most " + std::to_string(kMaxTraceBytes) + " are allowed",
             "at most " + std::to_string(kMaxTraceBytes) + " bytes of text"};
    return nullptr;
  }
  // Lines (blank ones left out), checking the line limits as they are counted.
  std::vector<std::string> names;
  std::vector<const std::string*> texts;
  std::vector<SourceLine> lines;
  uint64_t count = 0;
  for (const auto& [name, text] : files) {
    names.push_back(name);
    texts.push_back(&text);
    for (size_t pos = 0, no = 1; pos < text.size(); ++no) {
      size_t eol = text.find('\n', pos);
      if (eol == std::string::npos) eol = text.size();
      size_t end = eol;
      if (end > pos && text[end - 1] == '\r') --end;
      if (end - pos > kMaxTraceLineBytes) {
        error = {where(name, no), "a line may have at most " + std::to_string(kMaxTraceLineBytes) + " bytes", ""};
        return nullptr;
      }
      bool blank = true;
      for (size_t i = pos; i < end && blank; ++i) blank = text[i] == ' ' || text[i] == '\t';
      if (!blank && ++count > kMaxTraceLines) {
        error = {"trace", "more than " + std::to_string(kMaxTraceLines) + " lines", "at most " + std::to_string(kMaxTraceLines) + " lines"};
        return nullptr;
      }
      pos = eol + 1;
    }
  }
  lines.reserve(count);
  for (uint32_t f = 0; f < texts.size(); ++f) {
    const std::string& text = *texts[f];
    for (size_t pos = 0, no = 1; pos < text.size(); ++no) {
      size_t eol = text.find('\n', pos);
      if (eol == std::string::npos) eol = text.size();
      size_t end = eol;
      if (end > pos && text[end - 1] == '\r') --end;
      bool blank = true;
      for (size_t i = pos; i < end && blank; ++i) blank = text[i] == ' ' || text[i] == '\t';
      if (!blank) lines.push_back({f, no, pos, end});
      pos = eol + 1;
    }
  }
  auto line_text = [&](const SourceLine& l) { return texts[l.file]->substr(l.begin, l.end - l.begin); };
  std::vector<std::string> line_words;  // the words of the line at hand
  auto words = [&](const SourceLine& l) -> const std::vector<std::string>& {
    tokens(*texts[l.file], l.begin, l.end, line_words);
    return line_words;
  };
  std::vector<int64_t> first_line(texts.size(), -1);
  for (size_t i = lines.size(); i-- > 0;) first_line[lines[i].file] = static_cast<int64_t>(i);

  // An index file: its first line's first word is not a rank number (SimGrid writes one rank
  // file path per line). Its entries name the other files by their base name.
  std::vector<int64_t> index_of_file(texts.size(), -1);  // rank of each rank file, -1 if none assigned yet
  int64_t index_file = -1;
  for (uint32_t f = 0; f < texts.size(); ++f) {
    if (first_line[f] < 0) continue;
    const SourceLine* first = &lines[first_line[f]];
    const std::vector<std::string>& t = words(*first);
    int64_t v;
    if (!parse_int(t[0], v)) {
      if (index_file >= 0) {
        error = {where(names[f], first->line), "starts with \"" + t[0] + "\", not a rank number; only one index file is allowed (\"" +
                                                    names[index_file] + "\" is one)", "rank files whose lines start with their rank"};
        return nullptr;
      }
      index_file = f;
    }
  }
  if (index_file >= 0) {
    std::map<std::string, uint32_t> by_name;
    for (uint32_t f = 0; f < names.size(); ++f)
      if (f != index_file) by_name[base_name(names[f])] = f;
    int64_t rank = 0;
    for (const SourceLine& l : lines) {
      if (l.file != index_file) continue;
      const std::string entry = base_name(words(l)[0]);
      const auto it = by_name.find(entry);
      if (it == by_name.end()) {
        error = {where(names[index_file], l.line), "names the rank file \"" + entry + "\", which is not among the files (this "
                                                   "file is read as SimGrid's index file: its first word is not a rank number)",
                 "the index's rank files, uploaded with it"};
        return nullptr;
      }
      if (index_of_file[it->second] >= 0) {
        error = {where(names[index_file], l.line), "names \"" + entry + "\" a second time", ""};
        return nullptr;
      }
      if (rank >= kMaxTraceRanks) {
        error = {where(names[index_file], l.line), "more than " + std::to_string(kMaxTraceRanks) + " ranks",
                 "at most " + std::to_string(kMaxTraceRanks) + " ranks"};
        return nullptr;
      }
      index_of_file[it->second] = rank++;
    }
    for (uint32_t f = 0; f < names.size(); ++f)
      if (f != index_file && index_of_file[f] < 0) {
        error = {where(names[f]), "is not named in the index file \"" + names[index_file] + "\"", "only the index's rank files"};
        return nullptr;
      }
  }

  // Ranks: lines grouped by their leading rank, in file order; one rank's lines come from one file.
  int64_t max_rank = -1;
  std::vector<int64_t> line_rank(lines.size());
  for (size_t i = 0; i < lines.size(); ++i) {
    const SourceLine& l = lines[i];
    if (l.file == index_file) continue;
    const std::vector<std::string>& t = words(l);
    int64_t v;
    if (!parse_int(t[0], v) || v < 0 || v >= kMaxTraceRanks) {
      error = {where(names[l.file], l.line), "a line must start with its rank (an integer in [0, " + std::to_string(kMaxTraceRanks - 1) +
                                                 "]), got \"" + t[0] + "\"", "<rank> <action> <arguments>"};
      return nullptr;
    }
    if (index_file >= 0 && v != index_of_file[l.file]) {
      error = {where(names[l.file], l.line), "starts with rank " + std::to_string(v) + ", but the index lists this file as rank " +
                                                 std::to_string(index_of_file[l.file]) + "'s", ""};
      return nullptr;
    }
    line_rank[i] = v;
    max_rank = std::max(max_rank, v);
  }
  const uint32_t n = static_cast<uint32_t>(max_rank + 1);
  if (n == 0) {
    error = {"trace", "the files hold no operations", "rank files of SimGrid's -trace-ti"};
    return nullptr;
  }
  std::vector<int64_t> file_of_rank(n, -1);
  std::vector<uint64_t> ops_of_rank(n, 0);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].file == index_file) continue;
    int64_t& f = file_of_rank[line_rank[i]];
    if (f >= 0 && f != lines[i].file) {
      error = {where(names[lines[i].file], lines[i].line), "rank " + std::to_string(line_rank[i]) + "'s operations are also in \"" +
                                                               names[f] + "\": each rank's operations must be in one file", ""};
      return nullptr;
    }
    f = lines[i].file;
    ++ops_of_rank[line_rank[i]];
  }
  for (uint32_t r = 0; r < n; ++r)
    if (file_of_rank[r] < 0) {
      error = {"trace", "ranks go up to " + std::to_string(n - 1) + " but rank " + std::to_string(r) + " has no operations",
               "one file (or lines) for every rank 0.." + std::to_string(n - 1)};
      return nullptr;
    }

  auto t = std::make_shared<LoadedTrace>();
  t->ranks.resize(n);
  t->canonical.resize(n);
  for (uint32_t r = 0; r < n; ++r) t->ranks[r].ops.reserve(ops_of_rank[r]);
  std::vector<std::vector<uint64_t>> line_of_op(n);
  for (size_t i = 0; i < lines.size(); ++i) {
    const SourceLine& l = lines[i];
    if (l.file == index_file) continue;
    const std::vector<std::string>& tk = words(l);
    const uint32_t r = static_cast<uint32_t>(line_rank[i]);
    if (tk.size() < 2) {
      error = {where(names[l.file], l.line), "a line must be <rank> <action> <arguments>, got \"" + line_text(l) + "\"",
               "<rank> <action> <arguments>"};
      return nullptr;
    }
    const OpInfo* info = nullptr;
    for (const auto& o : kOps)
      if (tk[1] == o.name) info = &o;
    if (!info) {
      error = {where(names[l.file], l.line), "unknown action \"" + tk[1] + "\" (SimGrid 3.32 TI actions of MPI-1 programs: " +
                                                 action_list() + ")", action_list()};
      return nullptr;
    }
    TraceOp o{info->op};
    o.peer = 0;
    LineParser p{names[l.file], l.line, n, r, tk, error};
    if (!p.parse(o, t->ranks[r].counts)) return nullptr;
    t->ranks[r].ops.push_back(o);
    line_of_op[r].push_back(l.line);
    std::string& c = t->canonical[r];
    for (size_t k = 0; k < tk.size(); ++k) c += (k ? " " : "") + tk[k];
    c += '\n';
  }

  // (Checked after the lines, so that a malformed one-rank file gets its line's error.)
  if (n < 2) {
    error = {"trace", "a trace needs at least 2 ranks, got 1", "at least 2 ranks"};
    return nullptr;
  }
  // The walk: every send matched, no rank blocked forever, collectives in the same order.
  WalkHooks none;
  Walker w(*t, none, [&](uint32_t r, size_t op) {
    return names[file_of_rank[r]] + ":" + std::to_string(op < line_of_op[r].size() ? line_of_op[r][op] : 0);
  });
  Stuck stuck;
  if (!w.run(stuck, &t->stream, kMaxTraceMessages)) {
    const bool located = stuck.located && stuck.op < line_of_op[stuck.rank].size();
    error = {located ? where(names[file_of_rank[stuck.rank]], line_of_op[stuck.rank][stuck.op]) : std::string("trace"),
             (located ? "rank " + std::to_string(stuck.rank) + ": " : std::string()) + stuck.why,
             "a trace whose sends and receives all match (as SimGrid's replay needs)"};
    return nullptr;
  }
  std::string all = "simgrid-ti-3.32\n";
  for (const auto& c : t->canonical) all += c;
  t->id = sha256_hex(all);
  t->summary = summarize(*t);
  return t;
}

// ---------------------------------------------------------------------------------------------
// The store.

namespace {

struct Store {
  std::mutex mu;
  std::list<std::shared_ptr<const LoadedTrace>> lru;  // most recent first
  uint64_t bytes = 0;
};
Store& store() {
  static Store s;
  return s;
}

}  // namespace

std::string trace_not_loaded(const std::string& id) {
  return "trace " + id + " is not loaded in this process: upload it first (trace_load)";
}

json trace_store_load(const std::map<std::string, std::string>& files) {
  Error e;
  std::shared_ptr<const LoadedTrace> t = parse_trace(files, e);
  if (!t) return {{"error", {{"field", e.field}, {"message", e.message}, {"allowed", e.allowed.empty() ? json(nullptr) : json(e.allowed)}}}};
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mu);
  for (auto it = s.lru.begin(); it != s.lru.end(); ++it)
    if ((*it)->id == t->id) {
      s.lru.splice(s.lru.begin(), s.lru, it);
      return {{"id", t->id}, {"summary", (*it)->summary}};
    }
  const uint64_t size = t->memory_bytes();
  while (!s.lru.empty() && s.bytes + size > kMaxTraceStoreBytes) {
    s.bytes -= s.lru.back()->memory_bytes();
    s.lru.pop_back();
  }
  s.lru.push_front(t);
  s.bytes += size;
  return {{"id", t->id}, {"summary", t->summary}};
}

std::shared_ptr<const LoadedTrace> trace_store_find(const std::string& id) {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mu);
  for (auto it = s.lru.begin(); it != s.lru.end(); ++it)
    if ((*it)->id == id) {
      s.lru.splice(s.lru.begin(), s.lru, it);
      return *it;
    }
  return nullptr;
}

bool trace_store_unload(const std::string& id) {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mu);
  for (auto it = s.lru.begin(); it != s.lru.end(); ++it)
    if ((*it)->id == id) {
      s.bytes -= (*it)->memory_bytes();
      s.lru.erase(it);
      return true;
    }
  return false;
}

}  // namespace switchlab::app
