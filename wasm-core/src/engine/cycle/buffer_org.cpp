#include "engine/cycle/buffer_org.hpp"

#include "common/registry.hpp"

namespace switchlab {
namespace {
using Table = Registry<BufferOrgInfo, &BufferOrgInfo::name>;
}

const std::vector<BufferOrgInfo>& buffer_organisations() { return Table::all(); }
std::vector<std::string> buffer_organisation_names() { return Table::names(); }
const BufferOrgInfo* find_buffer_organisation(const std::string& name) { return Table::find(name); }
std::string describe_buffer_organisations(const std::string& lead) { return Table::describe(lead, &BufferOrgInfo::doc); }
uint32_t plain_flits_per_port(const BufferSizes& s) { return s.flits_per_port; }
BufferOrgRegistrar::BufferOrgRegistrar(BufferOrgInfo info) { Table::add(std::move(info)); }

}  // namespace switchlab
