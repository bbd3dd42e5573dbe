#include "cache/index.hpp"

#include "common/registry.hpp"

namespace switchlab {
namespace {
using Table = Registry<IndexInfo, &IndexInfo::name>;
}  // namespace

const std::vector<IndexInfo>& index_functions() { return Table::all(); }
std::vector<std::string> index_function_names() { return Table::names(); }
const IndexInfo* find_index_function(const std::string& name) { return Table::find(name); }
std::string describe_index_functions(const std::string& lead) { return Table::describe(lead, &IndexInfo::doc); }

IndexRegistrar::IndexRegistrar(IndexInfo info) { Table::add(std::move(info)); }

}  // namespace switchlab
