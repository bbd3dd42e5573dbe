#include "cache/replacement.hpp"

#include "common/registry.hpp"

namespace switchlab {
namespace {
using Table = Registry<PolicyInfo, &PolicyInfo::name>;
}  // namespace

const std::vector<PolicyInfo>& replacement_policies() { return Table::all(); }
std::vector<std::string> replacement_policy_names() { return Table::names(); }
const PolicyInfo* find_policy(const std::string& name) { return Table::find(name); }
const PolicyInfo* default_policy() { return Table::find(kDefaultPolicy); }
std::string describe_policies(const std::string& lead) { return Table::describe(lead, &PolicyInfo::doc); }

PolicyRegistrar::PolicyRegistrar(PolicyInfo info) { Table::add(std::move(info)); }

}  // namespace switchlab
