#include "cost/cacti/exact.hpp"

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

#include "common/params.hpp"
#include "common/sha256.hpp"
#include "cost/cacti/runner.hpp"

namespace switchlab::cost::cacti {
namespace {

const char* kPackageJson =
#include "switchlab_data/cacti_package.inc"
    ;

// What is remembered per input: CACTI's exit status and report, exactly as a run gave them, so an
// answer from the memo (either level) goes through the same parsing as a fresh one.
struct Stored {
  int exit_code = 0;
  std::string out;
};

struct Memo {
  std::mutex mu;
  std::unordered_map<std::string, Stored> by_cfg;
  nlohmann::json fresh = nlohmann::json::array();
  MemoStats stats;
};

Memo& memo() {
  static Memo m;
  return m;
}

// CACTI prints ASCII; anything else (a foreign executable's output) is replaced, so that the text
// can always go into JSON.
std::string ascii(const std::string& s) {
  std::string out = s;
  for (char& c : out)
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  return out;
}

Outcome interpret(const Stored& s) {
  Outcome o;
  std::string why;
  const ParseStatus p = parse_report(s.out, o.report, why);
  if (p == ParseStatus::NoOrganisation) {
    o.status = Outcome::Status::NoOrganisation;
    o.detail = why;
  } else if (s.exit_code != 0 || p != ParseStatus::Ok) {
    o.status = Outcome::Status::Failed;
    o.detail = (s.exit_code == 0 ? std::string() : "exit status " + std::to_string(s.exit_code) + "; ") + why;
    // Its last words (an assertion's file and line, say), which its report does not hold.
    const auto end = s.out.find_last_not_of(" \n\t");
    if (end != std::string::npos) {
      const auto begin = s.out.find_last_of('\n', end);
      const std::string last = s.out.substr(begin == std::string::npos ? 0 : begin + 1, end - (begin == std::string::npos ? 0 : begin + 1) + 1);
      o.detail += "; its last output: \"" + last.substr(0, 200) + "\"";
    }
  } else {
    o.status = Outcome::Status::Ok;
  }
  return o;
}

}  // namespace

double time_limit_s() {
  if (const char* env = std::getenv("SWITCHLAB_CACTI_TIME_LIMIT_S")) {
    char* end = nullptr;
    const double v = std::strtod(env, &end);
    if (end != env && v >= 0.1 && v <= 3600) return v;
  }
  return 60.0;
}

std::string memo_key(const std::string& cfg) { return sha256_hex(identity().dump() + "\n" + cfg); }

Outcome evaluate(const ArraySpec& a) {
  const std::string cfg = cfg_text(a);
  Memo& m = memo();
  std::lock_guard<std::mutex> lock(m.mu);
  if (auto it = m.by_cfg.find(cfg); it != m.by_cfg.end()) {
    ++m.stats.hits;
    Outcome o = interpret(it->second);
    o.memo = true;
    return o;
  }
  if (!available()) {
    Outcome o;
    o.detail = "this build has no CACTI 7 (natively: run scripts/install.sh, or set SWITCHLAB_CACTI to its executable)";
    return o;
  }
  ++m.stats.runs;
  const auto t0 = std::chrono::steady_clock::now();
  const RunOutput r = run(cfg, time_limit_s());
  const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (r.timed_out) {
    Outcome o;
    o.status = Outcome::Status::TimedOut;
    o.detail = "CACTI did not finish within " + format_number(time_limit_s()) + " s";
    o.run_s = dt;
    return o;
  }
  const Stored s{r.exit_code, ascii(r.out + (r.exit_code == 0 ? std::string() : r.err))};
  Outcome o = interpret(s);
  o.run_s = dt;
  // Only CACTI's own answers are remembered (a report, or "no valid organization"): a crash may be
  // the machine's (an out-of-memory kill) and an executable that did not start may be fixed.
  if (o.status == Outcome::Status::Ok || o.status == Outcome::Status::NoOrganisation) {
    m.by_cfg.emplace(cfg, s);
    m.fresh.push_back({{"key", memo_key(cfg)}, {"cfg", cfg}, {"exit_code", s.exit_code}, {"out", s.out}});
    m.stats.entries = m.by_cfg.size();
  }
  return o;
}

MemoStats memo_stats() {
  Memo& m = memo();
  std::lock_guard<std::mutex> lock(m.mu);
  return m.stats;
}

void memo_clear() {
  Memo& m = memo();
  std::lock_guard<std::mutex> lock(m.mu);
  m.by_cfg.clear();
  m.fresh = nlohmann::json::array();
  m.stats = MemoStats{};
}

nlohmann::json memo_take_new() {
  Memo& m = memo();
  std::lock_guard<std::mutex> lock(m.mu);
  nlohmann::json out = nlohmann::json::array();
  out.swap(m.fresh);
  return out;
}

void memo_import(const nlohmann::json& entries) {
  if (!entries.is_array()) return;
  Memo& m = memo();
  std::lock_guard<std::mutex> lock(m.mu);
  for (const auto& e : entries) {
    if (!e.is_object() || !e.contains("cfg") || !e["cfg"].is_string() || !e.contains("out") ||
        !e["out"].is_string() || !e.contains("exit_code") || !e["exit_code"].is_number_integer())
      continue;
    const std::string cfg = e["cfg"].get<std::string>();
    if (e.contains("key") && e["key"] != memo_key(cfg)) continue;
    m.by_cfg.emplace(cfg, Stored{e["exit_code"].get<int>(), e["out"].get<std::string>()});
  }
  m.stats.entries = m.by_cfg.size();
}

const nlohmann::json& identity() {
  static const nlohmann::json id = [] {
    const nlohmann::json p = nlohmann::json::parse(kPackageJson, nullptr, false);
    if (p.is_discarded()) return nlohmann::json{{"cacti_version", "unknown"}};
    return nlohmann::json{{"cacti_version", p.value("cacti_version", "")},
                          {"package", p.value("package", "")},
                          {"package_version", p.value("version", "")},
                          {"package_sha256", p.value("sha256", "")}};
  }();
  return id;
}

}  // namespace switchlab::cost::cacti
