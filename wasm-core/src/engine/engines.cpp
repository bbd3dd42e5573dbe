#include "engine/engines.hpp"

#include "common/registry.hpp"

namespace switchlab {
namespace {
using Table = Registry<EngineInfo, &EngineInfo::name>;
}

std::vector<std::string> engine_names() { return Table::names(); }
const EngineInfo* find_engine(const std::string& name) { return Table::find(name); }
std::string describe_engines(const std::string& lead) { return Table::describe(lead, &EngineInfo::doc); }
EngineRegistrar::EngineRegistrar(EngineInfo info) { Table::add(std::move(info)); }

}  // namespace switchlab
