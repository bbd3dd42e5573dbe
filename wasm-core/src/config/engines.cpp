#include "config/engines.hpp"

#include <stdexcept>

#include "common/registry.hpp"

namespace switchlab {
namespace {
using Table = Registry<EngineInfo, &EngineInfo::name>;
}

std::vector<std::string> engine_names() { return Table::names(); }
const EngineInfo* find_engine(const std::string& name) { return Table::find(name); }
const EngineInfo& default_engine() {
  for (const auto& name : engine_names())
    if (find_engine(name)->is_default) return *find_engine(name);
  throw std::logic_error("no engine is registered as the default");
}
std::string engines_where(bool EngineInfo::*has) {
  std::string names;
  size_t n = 0;
  for (const auto& name : engine_names())
    if (find_engine(name)->*has) names += (n++ ? " or " : "") + name;
  return (n > 1 ? "engines " : "engine ") + names;
}
std::string describe_engines(const std::string& lead) { return Table::describe(lead, &EngineInfo::doc); }
nlohmann::json engines_json() {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& name : engine_names()) {
    const EngineInfo& e = *find_engine(name);
    out.push_back({{"name", e.name}, {"doc", e.doc}, {"headline", e.headline}, {"runs_in_core", e.make != nullptr},
                   {"runs_elsewhere", e.runs_elsewhere}, {"twin_of", e.twin_of}, {"work", e.work}, {"run_threads", e.run_threads}});
  }
  return out;
}
// Dense storage of `caches` caches that at most `lookups` look-ups reach: a run that can look every
// cache up is expected to touch them all, and its arrays go in huge pages (fewer TLB misses); the
// others in 4 KB pages, so that caches no look-up reaches commit nothing.
CacheStorage dense_storage(double caches, double lookups) {
  return lookups >= caches ? CacheStorage::DenseHugePages : CacheStorage::Dense;
}

// sim.threads, an execution setting: results are identical for any value, so callers keep it out
// of the normalized config and the id. `use` says what the threads do.
void read_threads(Params& sim, Experiment& out, const std::string& use) {
  const std::string doc = "Threads " + use + "; 0: every core of the machine. Results do not depend on it (it is not "
                          "part of the experiment id); browser runs use every core where the page is cross-origin "
                          "isolated, else one";
  out.threads = static_cast<uint32_t>(sim.integer("threads", {0, 0, kMaxThreads, "threads", doc.c_str()}));
}

EngineRegistrar::EngineRegistrar(EngineInfo info) {
  if (!info.config) throw std::logic_error("engine " + info.name + " registers no config hooks");
  Table::add(std::move(info));
}

}  // namespace switchlab
