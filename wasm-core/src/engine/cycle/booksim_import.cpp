// A BookSim 2.0 config file as a cycle-engine config (switchlab::import_booksim_json, docs/engines.md,
// "BookSim configs in"). BookSim's syntax: `key = value;` statements, `//` comments to the end of a
// line, values an integer, a real, a word or a `{a,b,...}` list. Written from BookSim's documented
// key set and defaults (its manual and booksim_config.cpp's defaults table), not from its parser.
//
// Every key of the file is either translated (its line recorded, so a value the core rejects is
// reported at that line) or listed in "unmodelled" with the reason; keys BookSim defaults that the
// translation needs are listed in "defaults" with BookSim's default value.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

namespace switchlab {
namespace {

using json = nlohmann::json;

// A file bigger than any BookSim config (they are a few kilobytes) is refused before it is read.
constexpr size_t kMaxBytes = 1 << 20;
constexpr size_t kMaxStatements = 10000;

struct Statement {
  std::string value;
  int line = 0;
};

struct Failure {
  std::string field, message, allowed;
};

// The file's bytes appear in messages and in the unmodelled list: bytes that are not UTF-8 are
// written as U+FFFD rather than refused (nlohmann would abort on them, exceptions being off).
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

std::string error_json(const Failure& f) {
  return dump(json{{"error", {{"field", f.field}, {"message", f.message}, {"allowed", f.allowed.empty() ? json() : json(f.allowed)}}}});
}

// A byte as it can be quoted in a message: itself when printable ASCII, else \xNN.
std::string shown(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string(1, c);
  static const char* hex = "0123456789abcdef";
  const auto b = static_cast<unsigned char>(c);
  return std::string("\\x") + hex[b >> 4] + hex[b & 15];
}

std::string line_field(int line) { return "line " + std::to_string(line); }

bool key_char(char c, bool first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!first && c >= '0' && c <= '9');
}

// Splits the text into key -> (value, line). A repeated key is an error: BookSim would keep the last
// silently, and the first is then never what runs.
bool parse_statements(const std::string& text, std::map<std::string, Statement>& out, std::vector<std::string>& order,
                      Failure& fail) {
  if (text.size() > kMaxBytes) {
    fail = {"file", "is " + std::to_string(text.size()) + " bytes", "a BookSim config of at most 1 MiB"};
    return false;
  }
  size_t i = 0;
  int line = 1;
  auto skip_space = [&] {
    for (;;) {
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) {
        if (text[i] == '\n') ++line;
        ++i;
      }
      if (i + 1 < text.size() && text[i] == '/' && text[i + 1] == '/') {
        while (i < text.size() && text[i] != '\n') ++i;
        continue;
      }
      return;
    }
  };
  for (;;) {
    skip_space();
    if (i >= text.size()) return true;
    const int at = line;
    const size_t key_start = i;
    while (i < text.size() && key_char(text[i], i == key_start)) ++i;
    if (i == key_start) {
      fail = {line_field(at), "expected a key (a name such as num_vcs), found '" + shown(text[i]) + "'",
              "key = value; statements and // comments"};
      return false;
    }
    const std::string key = text.substr(key_start, i - key_start);
    skip_space();
    if (i >= text.size() || text[i] != '=') {
      fail = {line_field(line), "expected '=' after " + key, "key = value;"};
      return false;
    }
    ++i;
    skip_space();
    std::string value;
    int depth = 0;
    while (i < text.size() && (text[i] != ';' || depth > 0)) {
      const char c = text[i];
      if (c == '\n') {
        fail = {line_field(at), key + ": the value ends without ';'", "key = value; on one line"};
        return false;
      }
      if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') break;
      if (c == '{') ++depth;
      if (c == '}' && --depth < 0) break;
      if (c != ' ' && c != '\t' && c != '\r') value += c;  // BookSim's tokens hold no blanks
      ++i;
    }
    if (i >= text.size() || text[i] != ';' || depth != 0) {
      fail = {line_field(at), key + ": the value ends without ';'" + std::string(depth != 0 ? " (unbalanced { })" : ""),
              "key = value;"};
      return false;
    }
    ++i;
    if (value.empty()) {
      fail = {line_field(at), key + " has no value", "key = value;"};
      return false;
    }
    if (out.count(key)) {
      fail = {line_field(at), key + " is given again (first on line " + std::to_string(out[key].line) + ")",
              "each key once per file"};
      return false;
    }
    if (out.size() >= kMaxStatements) {
      fail = {line_field(at), "more than " + std::to_string(kMaxStatements) + " statements", "a BookSim config"};
      return false;
    }
    out[key] = {value, at};
    order.push_back(key);
  }
}

// BookSim's defaults (booksim_config.cpp) for the keys the translation reads.
const std::map<std::string, std::string>& booksim_defaults() {
  static const std::map<std::string, std::string> d = {
      {"topology", "torus"},      {"k", "8"},
      {"routing_function", "none"},
      {"n", "2"},                 {"c", "1"},
      {"router", "iq"},           {"num_vcs", "16"},
      {"vc_buf_size", "8"},       {"vc_allocator", "islip"},
      {"sw_allocator", "islip"},  {"alloc_iters", "1"},
      {"routing_delay", "1"},     {"vc_alloc_delay", "1"},
      {"sw_alloc_delay", "1"},    {"st_prepare_delay", "0"},
      {"st_final_delay", "1"},    {"credit_delay", "0"},
      {"traffic", "uniform"},     {"packet_size", "1"},
      {"packet_size_rate", "1"},  {"injection_rate", "0.1"},
      {"injection_rate_uses_flits", "0"}, {"injection_process", "bernoulli"},
      {"sim_type", "latency"},    {"warmup_periods", "3"},
      {"sample_period", "1000"},  {"max_samples", "10"},
      {"seed", "0"},
  };
  return d;
}

// Reads the file's keys, falling back on BookSim's defaults, and remembers which were read.
class Reader {
 public:
  explicit Reader(const std::map<std::string, Statement>& s) : s_(s) {}

  // The value of `key` (the file's, else BookSim's default) and its line (0 for a default).
  std::string text(const std::string& key, int* line = nullptr) {
    used_[key] = true;
    auto it = s_.find(key);
    if (it != s_.end()) {
      if (line) *line = it->second.line;
      return it->second.value;
    }
    if (line) *line = 0;
    const std::string& d = booksim_defaults().at(key);
    defaults_[key] = d;
    return d;
  }
  std::string where(const std::string& key) {
    auto it = s_.find(key);
    return it == s_.end() ? key + " (BookSim's default)" : line_field(it->second.line);
  }
  bool integer(const std::string& key, long long lo, long long hi, long long& out, Failure& fail) {
    const std::string v = text(key);
    char* end = nullptr;
    errno = 0;
    const long long x = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || errno != 0 || x < lo || x > hi) {
      fail = {where(key), key + " = " + v + ": not an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]",
              "an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]"};
      return false;
    }
    out = x;
    return true;
  }
  bool real(const std::string& key, double& out, Failure& fail) {
    const std::string v = text(key);
    char* end = nullptr;
    const double x = std::strtod(v.c_str(), &end);
    if (v.empty() || *end != '\0' || !std::isfinite(x) || x < 0) {
      fail = {where(key), key + " = " + v + ": not a non-negative number", "a non-negative number"};
      return false;
    }
    out = x;
    return true;
  }
  // A list {a,b,...} or a single value, as its items.
  std::vector<std::string> items(const std::string& key) {
    std::string v = text(key);
    if (v.size() >= 2 && v.front() == '{' && v.back() == '}') v = v.substr(1, v.size() - 2);
    std::vector<std::string> out;
    size_t start = 0;
    for (size_t i = 0; i <= v.size(); ++i)
      if (i == v.size() || v[i] == ',') {
        out.push_back(v.substr(start, i - start));
        start = i + 1;
      }
    return out;
  }
  bool used(const std::string& key) const { return used_.count(key) > 0; }
  bool given(const std::string& key) const { return s_.count(key) > 0; }
  const std::map<std::string, std::string>& defaults() const { return defaults_; }

 private:
  const std::map<std::string, Statement>& s_;
  std::map<std::string, bool> used_;
  std::map<std::string, std::string> defaults_;
};

// The translation of a word-valued key: BookSim's word -> ours; a word missing from the table is an
// error listing the words that are translated.
bool word(Reader& r, const std::string& key, const std::map<std::string, std::string>& table, std::string& out,
          Failure& fail) {
  const std::string v = r.text(key);
  auto it = table.find(v);
  if (it != table.end()) {
    out = it->second;
    return true;
  }
  std::string allowed;
  for (const auto& [k, _] : table) allowed += (allowed.empty() ? "" : ", ") + k;
  fail = {r.where(key), key + " = " + v + " is not modelled by SwitchLab's cycle engine", "one of: " + allowed};
  return false;
}

// Why a key the translation reads only when it has BookSim's default value differs otherwise.
struct Fixed {
  const char* key;
  const char* value;  // the value SwitchLab's model has
  const char* reason;
};
constexpr Fixed kFixed[] = {
    {"st_prepare_delay", "0", "SwitchLab's pipeline has no switch-traversal preparation stage (0 cycles)"},
    {"credit_delay", "0", "SwitchLab's credits return with no delay (credit_delay 0)"},
};

// Reasons for well-known keys SwitchLab does not model; any other key gets the generic one.
const std::map<std::string, std::string>& known_unmodelled() {
  static const std::map<std::string, std::string> m = {
      {"wait_for_tail_credit", "SwitchLab releases a VC when its tail leaves (wait_for_tail_credit 0)"},
      {"input_speedup", "SwitchLab's crossbar has no input speedup (1)"},
      {"output_speedup", "SwitchLab's crossbar has no output speedup (1)"},
      {"internal_speedup", "SwitchLab's router runs at speedup 1.0"},
      {"hold_switch_for_packet", "SwitchLab allocates the switch per flit for organisation vc"},
      {"speculative", "SwitchLab's VC and switch allocation are not speculative"},
      {"classes", "SwitchLab has one traffic class"},
      {"use_read_write", "SwitchLab has no request/reply traffic"},
      {"warmup_thres", "SwitchLab measures fixed windows, not until convergence"},
      {"stopping_thres", "SwitchLab measures fixed windows, not until convergence"},
      {"acc_warmup_thres", "SwitchLab measures fixed windows, not until convergence"},
      {"acc_stopping_thres", "SwitchLab measures fixed windows, not until convergence"},
      {"latency_thres", "SwitchLab calls a run saturated from its own drain and source-queue tests"},
      {"sim_count", "SwitchLab runs one simulation per config"},
      {"print_activity", "output options are not part of a SwitchLab config"},
      {"print_csv_results", "output options are not part of a SwitchLab config"},
      {"watch_file", "output options are not part of a SwitchLab config"},
      {"stats_out", "output options are not part of a SwitchLab config"},
  };
  return m;
}

bool translate(const std::map<std::string, Statement>& statements, const std::vector<std::string>& order, json& answer,
               Failure& fail) {
  Reader r(statements);
  json config = {{"engine", "cycle"}};
  json notes = json::array();
  std::map<std::string, std::string> field_key;  // a config path -> the BookSim key it came from

  // Topology: a k-ary n-mesh or -torus with c nodes per router, or a k-ary n-tree.
  std::string topology;
  if (!word(r, "topology", {{"mesh", "mesh"}, {"torus", "torus"}, {"fattree", "fat_tree"}}, topology, fail)) return false;
  long long k = 0, n = 0, c = 0;
  if (!r.integer("k", 2, 1 << 20, k, fail) || !r.integer("n", 1, 64, n, fail) || !r.integer("c", 1, 1 << 10, c, fail))
    return false;
  std::string routing;
  if (topology == "fat_tree") {
    config["topology"] = {{"kind", topology}, {"k", k}, {"n", n}};
    if (c != 1) {
      fail = {r.where("c"), "c = " + std::to_string(c) + ": a fat tree has one node per leaf port", "c = 1 for fattree"};
      return false;
    }
    if (!word(r, "routing_function", {{"nca", "updown"}}, routing, fail)) return false;
    notes.push_back("routing_function nca: BookSim picks the up port at random, SwitchLab's up*/down* by the destination "
                    "digit (d-mod-k)");
  } else {
    config["topology"] = {{"kind", topology}, {"dims", json(std::vector<long long>(static_cast<size_t>(n), k))},
                          {"concentration", c}};
    if (!word(r, "routing_function", {{"dim_order", "dor"}, {"dor", "dor"}}, routing, fail)) return false;
  }
  config["routing"] = {{"algorithm", routing}};
  field_key["topology.dims"] = "k";
  field_key["topology.k"] = "k";
  field_key["topology.n"] = "n";
  field_key["topology.concentration"] = "c";
  field_key["routing"] = "routing_function";

  // The router: BookSim's input-queued VC router.
  std::string router;
  if (!word(r, "router", {{"iq", "vc"}}, router, fail)) return false;
  long long vcs = 0, depth = 0, iters = 0;
  if (!r.integer("num_vcs", 1, 1 << 16, vcs, fail) || !r.integer("vc_buf_size", 1, 1 << 24, depth, fail) ||
      !r.integer("alloc_iters", 1, 1 << 10, iters, fail))
    return false;
  const std::map<std::string, std::string> allocators = {
      {"islip", "islip"}, {"pim", "pim"}, {"wavefront", "wavefront"},
      {"separable_input_first", "separable_input_first"}, {"round_robin", "round_robin"}};
  std::string sw_alloc, vc_alloc;
  if (!word(r, "sw_allocator", allocators, sw_alloc, fail) || !word(r, "vc_allocator", allocators, vc_alloc, fail))
    return false;
  json unmodelled = json::array();
  if (vc_alloc != sw_alloc) {
    int line = 0;
    r.text("vc_allocator", &line);
    unmodelled.push_back({{"key", "vc_allocator"}, {"value", vc_alloc}, {"line", line},
                          {"reason", "SwitchLab uses one allocator kind for VC and switch allocation: sw_allocator's (" +
                                         sw_alloc + ")"}});
  }
  long long rc = 0, va = 0, sa = 0, st = 0;
  if (!r.integer("routing_delay", 0, 1 << 16, rc, fail) || !r.integer("vc_alloc_delay", 0, 1 << 16, va, fail) ||
      !r.integer("sw_alloc_delay", 0, 1 << 16, sa, fail) || !r.integer("st_final_delay", 0, 1 << 16, st, fail))
    return false;
  config["switch"] = {
      {"cache", nullptr},
      {"buffer", {{"organisation", router}, {"vcs", vcs}, {"flits_per_vc", depth}}},
      {"allocator", {{"kind", sw_alloc}, {"iterations", iters}}},
      {"pipeline_cycles", {{"rc_hit", rc}, {"rc_miss", rc}, {"rc_no_cache", rc}, {"va", va}, {"sa", sa}, {"st", st}}},
      {"link_cycles", 1}};
  notes.push_back("every channel takes 1 cycle (switch.link_cycles), BookSim's default channel latency");
  field_key["switch.buffer.vcs"] = "num_vcs";
  field_key["switch.buffer.flits_per_vc"] = "vc_buf_size";
  field_key["switch.allocator.iterations"] = "alloc_iters";
  field_key["switch.pipeline_cycles.rc"] = "routing_delay";
  field_key["switch.pipeline_cycles.va"] = "vc_alloc_delay";
  field_key["switch.pipeline_cycles.sa"] = "sw_alloc_delay";
  field_key["switch.pipeline_cycles.st"] = "st_final_delay";

  // Traffic: the pattern, packet sizes (one, or a mix with packet_size_rate weights) and the rate.
  std::string pattern;
  if (!word(r, "traffic",
            {{"uniform", "uniform"}, {"transpose", "transpose"}, {"bitcomp", "bit_complement"}, {"bitrev", "bit_reverse"},
             {"shuffle", "shuffle"}, {"tornado", "tornado"}, {"neighbor", "neighbor"}, {"randperm", "random_permutation"}},
            pattern, fail))
    return false;
  json traffic = {{"pattern", pattern}};
  if (pattern == "uniform") {
    traffic["include_self"] = true;
    notes.push_back("traffic uniform: BookSim's destinations include the source itself (traffic.include_self)");
  }
  std::vector<long long> sizes, weights;
  for (const auto& [key, into] : {std::pair<const char*, std::vector<long long>*>{"packet_size", &sizes},
                                  {"packet_size_rate", &weights}})
    for (const std::string& item : r.items(key)) {
      char* end = nullptr;
      const long long x = std::strtoll(item.c_str(), &end, 10);
      if (item.empty() || *end != '\0' || x < 1 || x > (1 << 20)) {
        fail = {r.where(key), std::string(key) + ": '" + item + "' is not a positive integer",
                "an integer in [1, 1048576], or a list {a,b,...} of them"};
        return false;
      }
      into->push_back(x);
    }
  if (sizes.size() > 1 && weights.size() != sizes.size() && r.given("packet_size_rate")) {
    fail = {r.where("packet_size_rate"), "packet_size_rate has " + std::to_string(weights.size()) + " weights for " +
                                             std::to_string(sizes.size()) + " packet sizes",
            "one weight per packet size"};
    return false;
  }
  double mean_size = static_cast<double>(sizes[0]);
  if (sizes.size() == 1) {
    traffic["packet_flits"] = sizes[0];
  } else {
    if (weights.size() != sizes.size()) weights.assign(sizes.size(), 1);  // equally likely, as BookSim
    double total = 0, sum = 0;
    for (size_t i = 0; i < sizes.size(); ++i) {
      total += static_cast<double>(weights[i]);
      sum += static_cast<double>(weights[i] * sizes[i]);
    }
    mean_size = sum / total;
    traffic["size_mix"] = {{"flits", sizes}, {"weights", weights}};
  }
  std::string process;
  if (!word(r, "injection_process", {{"bernoulli", "bernoulli"}}, process, fail)) return false;
  double rate = 0;
  long long in_flits = 0;
  if (!r.real("injection_rate", rate, fail) || !r.integer("injection_rate_uses_flits", 0, 1, in_flits, fail)) return false;
  // BookSim's rate is packets/node/cycle unless injection_rate_uses_flits; SwitchLab's load is flits.
  const double load = in_flits ? rate : rate * mean_size;
  traffic["injection"] = {{"process", process}, {"load", load}};
  config["traffic"] = traffic;
  field_key["traffic.injection.load"] = "injection_rate";
  field_key["traffic.packet_flits"] = "packet_size";
  field_key["traffic.size_mix"] = "packet_size";
  field_key["traffic"] = "traffic";

  // Measurement: BookSim warms up for warmup_periods sample periods and samples for at most
  // max_samples; SwitchLab measures fixed windows of those lengths, and drains for as long.
  std::string mode;
  if (!word(r, "sim_type", {{"latency", "latency"}}, mode, fail)) return false;
  long long warmups = 0, period = 0, samples = 0, seed = 0;
  if (!r.integer("warmup_periods", 0, 1 << 20, warmups, fail) || !r.integer("sample_period", 1, 1LL << 31, period, fail) ||
      !r.integer("max_samples", 1, 1 << 20, samples, fail) || !r.integer("seed", 0, (1LL << 53), seed, fail))
    return false;
  config["sim"] = {{"mode", mode}, {"warmup_cycles", warmups * period}, {"measure_cycles", samples * period},
                   {"drain_cycles", samples * period}};
  notes.push_back("measurement: warm-up warmup_periods x sample_period cycles, then one window of max_samples x "
                  "sample_period cycles and a drain as long (BookSim stops sampling once its statistics converge)");
  field_key["sim.warmup_cycles"] = "warmup_periods";
  field_key["sim.measure_cycles"] = "max_samples";
  field_key["sim.drain_cycles"] = "max_samples";
  config["seed"] = seed;
  field_key["seed"] = "seed";

  // Keys read only when they hold SwitchLab's value; the file's other keys are listed, not dropped.
  for (const Fixed& f : kFixed) {
    int line = 0;
    const std::string v = r.text(f.key, &line);
    if (v != f.value) unmodelled.push_back({{"key", f.key}, {"value", v}, {"line", line}, {"reason", f.reason}});
  }
  for (const std::string& key : order) {
    if (r.used(key)) continue;
    const auto& known = known_unmodelled();
    auto it = known.find(key);
    unmodelled.push_back({{"key", key}, {"value", statements.at(key).value}, {"line", statements.at(key).line},
                          {"reason", it != known.end() ? it->second : "not modelled by SwitchLab's cycle engine"}});
  }

  std::stable_sort(unmodelled.begin(), unmodelled.end(),
                   [](const json& a, const json& b) { return a["line"].get<int>() < b["line"].get<int>(); });

  // The core validates the result; its field is reported at the BookSim line it came from.
  const json prepared = json::parse(prepare_json(dump(config)), nullptr, false);
  if (prepared.contains("error")) {
    const json& e = prepared["error"];
    auto text_at = [&e](const char* key) {
      return e.contains(key) && e[key].is_string() ? e[key].get<std::string>() : std::string();
    };
    const std::string field = text_at("field");
    std::string key;
    for (const auto& [path, from] : field_key)
      if (field.rfind(path, 0) == 0 && path.size() > key.size()) key = from;
    const std::string allowed = text_at("allowed");
    if (key.empty()) key = "the translated config";
    fail = {key == "the translated config" ? field : r.where(key),
            key + " (SwitchLab field " + field + "): " + text_at("message"), allowed};
    return false;
  }
  json defaults = json::array();
  for (const auto& [key, value] : r.defaults()) defaults.push_back({{"key", key}, {"value", value}});
  answer = {{"config", config}, {"unmodelled", unmodelled}, {"defaults", defaults}, {"notes", notes}};
  return true;
}

}  // namespace

std::string import_booksim_json(const std::string& text) {
  std::map<std::string, Statement> statements;
  std::vector<std::string> order;
  Failure fail;
  json answer;
  if (!parse_statements(text, statements, order, fail) || !translate(statements, order, answer, fail))
    return error_json(fail);
  return dump(answer);
}

}  // namespace switchlab
