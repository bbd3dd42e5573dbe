// Trace replay: messages given as CSV text in traffic.trace (inline, because the WASM build has
// no file system), one message per line: time,src,dst,bytes. Blank lines and lines starting
// with '#' are skipped; the first content line may be the header "time,src,dst,bytes".
// Messages are replayed in time order (a stable sort: ties keep their line order); each becomes
// max(1, ceil(bytes / traffic.mtu_bytes)) back-to-back packets. Time only orders the messages:
// the route-walk engine is zero-load, so gaps between messages do not matter (the cycle engine's
// injection process "trace" releases each message at its time instead). When the trace
// is exhausted it starts again from the first message (so a run of traffic.packets packets may
// replay it several times, or stop in the middle: describe() reports packets per pass).
#include <algorithm>

#include "common/text.hpp"
#include "traffic/traffic.hpp"

namespace switchlab {
namespace {

using Message = TimedMessage;

class Trace final : public Traffic {
 public:
  Trace(std::vector<Message> msgs, uint64_t per_pass) : msgs_(std::move(msgs)), per_pass_(per_pass) {}
  void next(Rng&, uint32_t& src, uint32_t& dst) override {
    const Message& m = msgs_[i_];
    src = m.src;
    dst = m.dst;
    if (++sent_ == m.packets) {
      sent_ = 0;
      if (++i_ == msgs_.size()) i_ = 0;  // wrap around
    }
  }
  const std::vector<Message>* timed_messages() const override { return &msgs_; }
  nlohmann::json describe() const override {
    // (No "wraps": the route walk starts over at the trace's end, the cycle engine's replay sends
    // each message once; each engine's docs say so.)
    return {{"pattern", "trace"}, {"messages", msgs_.size()}, {"packets_per_pass", per_pass_}};
  }

 private:
  std::vector<Message> msgs_;
  uint64_t per_pass_;
  size_t i_ = 0;
  uint64_t sent_ = 0;
};

std::string trim(const std::string& s) {
  size_t a = 0, b = s.size();
  while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '\r')) ++a;
  while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r')) --b;
  return s.substr(a, b - a);
}

// Parses a whole decimal integer in [0, max]; false otherwise.
bool parse_uint(const std::string& s, uint64_t max, uint64_t& out) {
  if (s.empty() || s.size() > 19) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  if (v > max) return false;
  out = v;
  return true;
}

std::unique_ptr<Traffic> make_trace(Params& traffic, const Topology& topo) {
  const std::string text = traffic.string("trace", "", "CSV text, one message per line: time,src,dst,bytes "
                                                       "(optional header line; '#' starts a comment line)");
  const uint64_t mtu = static_cast<uint64_t>(traffic.integer(
      "mtu_bytes", {2048, 1, int64_t{1} << 30, "B", "Packet payload size: a message of b bytes is ceil(b / mtu) packets"}));
  if (!traffic.errors().ok()) return nullptr;
  const std::string field = traffic.field("trace");
  const uint32_t n = topo.num_nodes();
  std::vector<Message> msgs;
  bool header_allowed = true;
  size_t line_no = 0, pos = 0;
  while (pos <= text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    const std::string line = trim(text.substr(pos, eol - pos));
    pos = eol + 1;
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cols;
    size_t a = 0;
    for (;;) {
      const size_t c = line.find(',', a);
      cols.push_back(trim(line.substr(a, c == std::string::npos ? std::string::npos : c - a)));
      if (c == std::string::npos) break;
      a = c + 1;
    }
    const std::string row = "row " + std::to_string(line_no) + ": ";
    if (header_allowed) {
      header_allowed = false;
      if (cols.size() == 4 && cols[0] == "time" && cols[1] == "src" && cols[2] == "dst" && cols[3] == "bytes") continue;
      double t;
      if (!cols[0].empty() && !parse_nonnegative(cols[0], t) && (cols[0][0] < '0' || cols[0][0] > '9') && cols[0][0] != '-') {
        traffic.errors().fail(field, row + "a header line must read time,src,dst,bytes, got \"" + line + "\"",
                              "a first line time,src,dst,bytes (a header) or a message line");
        return nullptr;
      }
    }
    if (cols.size() != 4) {
      traffic.errors().fail(field, row + "expected 4 columns time,src,dst,bytes, got " + std::to_string(cols.size()) +
                                       ": \"" + line + "\"",
                                       "4 columns: time,src,dst,bytes");
      return nullptr;
    }
    Message m{};
    uint64_t v = 0;
    if (!parse_nonnegative(cols[0], m.time)) {
      traffic.errors().fail(field, row + "time must be a number >= 0, got \"" + cols[0] + "\"",
                            "a number >= 0");
      return nullptr;
    }
    for (int k = 1; k <= 2; ++k) {
      if (!parse_uint(cols[k], n - 1, v)) {
        traffic.errors().fail(field, row + (k == 1 ? "src" : "dst") + " must be a compute node id in [0, " +
                                         std::to_string(n - 1) + "], got \"" + cols[k] + "\"",
                                         "a compute node id in [0, " + std::to_string(n - 1) + "]");
        return nullptr;
      }
      (k == 1 ? m.src : m.dst) = static_cast<uint32_t>(v);
    }
    if (m.src == m.dst) {
      traffic.errors().fail(field, row + "src and dst are both " + std::to_string(m.src) +
                                       "; a message must leave its node",
                                       "a dst other than src");
      return nullptr;
    }
    if (!parse_uint(cols[3], uint64_t{1} << 50, v)) {
      traffic.errors().fail(field, row + "bytes must be an integer in [0, 2^50], got \"" + cols[3] + "\"",
                            "an integer in [0, 2^50]");
      return nullptr;
    }
    // A 0-byte message (e.g. a synchronisation) still is one (header-only) packet.
    m.bytes = v;
    m.packet_bytes = mtu;
    m.packets = packets_of_message(v, mtu);
    msgs.push_back(m);
  }
  if (msgs.empty()) {
    traffic.errors().fail(field, "pattern trace needs at least one message line time,src,dst,bytes",
                          "at least one line time,src,dst,bytes");
    return nullptr;
  }
  std::stable_sort(msgs.begin(), msgs.end(), [](const Message& x, const Message& y) { return x.time < y.time; });
  uint64_t per_pass = 0;
  for (const auto& m : msgs) per_pass += m.packets;
  return std::make_unique<Trace>(std::move(msgs), per_pass);
}

const TrafficRegistrar reg{{"trace", "Replay of CSV messages time,src,dst,bytes from traffic.trace, in time order, wrapping",
                            make_trace, nullptr}};

}  // namespace
}  // namespace switchlab
