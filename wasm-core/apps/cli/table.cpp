#include "table.hpp"

#include <cstdio>

#include "config/results_schema.hpp"

namespace switchlab {
namespace {

using json = nlohmann::json;

// A count, or "-" when the result has none (e.g. 3C off).
std::string count(const json& v) { return v.is_number() ? std::to_string(v.get<uint64_t>()) : "-"; }
std::string fixed(const json& v, int digits) {
  if (!v.is_number()) return "-";
  char b[32];
  std::snprintf(b, sizeof b, "%.*f", digits, v.get<double>());
  return b;
}

std::string row(const std::string& name, const json& c) {
  const json& m = c["misses"];
  char b[160];
  std::snprintf(b, sizeof b, "%-12s %12s %9s %12s %12s %12s\n", name.c_str(), count(c["lookups"]).c_str(),
                fixed(c["hit_rate"], 4).c_str(), count(m["compulsory"]).c_str(), count(m["capacity"]).c_str(),
                count(m["conflict"]).c_str());
  return b;
}

// Engine app: per benchmark run time, Mop/s and relative performance.
std::string app_table(const json& app) {
  const bool trace = app["benchmarks"].contains("mpi_trace");
  std::string out = std::string(trace ? "MPI trace" : "NPB skeletons") + ", application time model (time in " + unit_of("app.benchmarks.x.time_s") + ", rating in " +
                    unit_of("app.benchmarks.x.mops") + ", relative = without cache / with, " +
                    unit_of("app.relative_mean") + ")\n";
  char b[200];
  std::snprintf(b, sizeof b, "%-10s %5s %6s %14s %14s %14s %9s\n", "benchmark", "class", "ranks", "time", "time no cache",
                "Mop/s", "relative");
  out += b;
  for (const auto& [name, r] : app["benchmarks"].items()) {
    // An MPI trace (mpi_trace) has no class and no rating.
    std::snprintf(b, sizeof b, "%-10s %5s %6s %14.6e %14.6e %14s %9s\n", name.c_str(),
                  r.contains("class") ? r["class"].get<std::string>().c_str() : "-", count(r["ranks"]).c_str(),
                  r["time_s"].get<double>(), r["time_no_cache_s"].get<double>(),
                  r.contains("mops") ? fixed(r["mops"], 1).c_str() : "-", fixed(r["relative"], 4).c_str());
    out += b;
  }
  return out + "Mean relative performance: " + fixed(app["relative_mean"], 4) + "\n";
}

// A cycle-engine result: throughput, latency under load, saturation.
std::string cycle_table(const json& result) {
  char b[240];
  const json& t = result["throughput"];
  std::snprintf(b, sizeof b, "Throughput (%s): offered %s, accepted %s, accepted by the least-served node %s%s\n",
                unit_of("throughput.accepted").c_str(), fixed(t["offered"], 4).c_str(), fixed(t["accepted"], 4).c_str(),
                fixed(t["accepted_min_node"], 4).c_str(), result["saturated"].get<bool>() ? " (saturated)" : "");
  std::string out = b;
  const json& p = result["latency_cycles"]["packet"];
  std::snprintf(b, sizeof b, "Packet latency (%s): mean %s, p50 %s, p99 %s, max %s; network latency mean %s; %s %s\n",
                unit_of("latency_cycles.packet.mean").c_str(), fixed(p["mean"], 2).c_str(), fixed(p["p50"], 0).c_str(),
                fixed(p["p99"], 0).c_str(), fixed(p["max"], 0).c_str(),
                fixed(result["latency_cycles"]["network"]["mean"], 2).c_str(), fixed(result["hops"]["mean"], 2).c_str(),
                (unit_of("hops.mean") + " crossed on average").c_str());
  out += b;
  const json& c = result["cache"];
  if (c["enabled"].get<bool>()) {
    std::snprintf(b, sizeof b, "Cache hit rate under load: %s (%s); CAM busy %s\n", fixed(c["hit_rate"], 4).c_str(),
                  unit_of("cache.hit_rate").c_str(), fixed(result["cam"]["utilization"], 4).c_str());
    out += b;
  }
  if (result.contains("saturation")) {
    std::snprintf(b, sizeof b, "Saturation throughput: %s %s\n", fixed(result["saturation"]["throughput"], 4).c_str(),
                  unit_of("saturation.throughput").c_str());
    out += b;
  }
  return out;
}

}  // namespace

// Units come from the results schema (config/results_schema.cpp), like every other reader's.
std::string result_table(const json& result) {
  if (result.contains("app")) return app_table(result["app"]);
  if (result.contains("throughput")) return cycle_table(result);
  const json& c = result["cache"];
  std::string out = "Cache look-ups by input-port class (look-ups and misses in " + unit_of("cache.lookups") +
                    ", hit rate as a " + unit_of("cache.hit_rate") + ")\n";
  char b[200];
  std::snprintf(b, sizeof b, "%-12s %12s %9s %12s %12s %12s\n", "class", "look-ups", "hit rate", "compulsory",
                "capacity", "conflict");
  out += b;
  for (const auto& [name, cls] : c["by_port_class"].items()) out += row(name, cls);
  out += row("all", c);
  std::snprintf(b, sizeof b, "Packets whose every look-up hit: %s of %s %s, share %s (%s)\n",
                count(c["packets_all_hit"]).c_str(), count(result["packets"]["measured"]).c_str(),
                unit_of("cache.packets_all_hit").c_str(), fixed(c["all_hit_share"], 4).c_str(),
                unit_of("cache.all_hit_share").c_str());
  out += b;
  const json& z = result["latency_ns"]["zero_load"];
  std::snprintf(b, sizeof b, "Zero-load latency (%s): mean %s, p50 %s, p99 %s, max %s\n",
                unit_of("latency_ns.zero_load.mean").c_str(), fixed(z["mean"], 3).c_str(), fixed(z["p50"], 3).c_str(),
                fixed(z["p99"], 3).c_str(), fixed(z["max"], 3).c_str());
  out += b;
  return out;
}

}  // namespace switchlab
