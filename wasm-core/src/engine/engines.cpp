#include "engine/engines.hpp"

#include "common/registry.hpp"

namespace switchlab {
namespace {
using Table = Registry<EngineInfo, &EngineInfo::name>;
}

std::vector<std::string> engine_names() { return Table::names(); }
const EngineInfo* find_engine(const std::string& name) { return Table::find(name); }
std::string describe_engines(const std::string& lead) { return Table::describe(lead, &EngineInfo::doc); }
nlohmann::json engines_json() {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& name : engine_names()) {
    const EngineInfo& e = *find_engine(name);
    out.push_back({{"name", e.name}, {"doc", e.doc}, {"headline", e.headline}, {"runs_in_core", e.make != nullptr},
                   {"runs_elsewhere", e.runs_elsewhere}});
  }
  return out;
}
EngineRegistrar::EngineRegistrar(EngineInfo info) { Table::add(std::move(info)); }

}  // namespace switchlab
