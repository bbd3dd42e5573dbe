#include "engine/cycle/replay.hpp"

#include "common/registry.hpp"

namespace switchlab {
namespace {
using Table = Registry<ReplayInfo, &ReplayInfo::process>;
}  // namespace

std::vector<std::string> replay_names() { return Table::names(); }
const ReplayInfo* find_replay(const std::string& process) { return Table::find(process); }
std::string describe_replays() { return Table::describe("Replays", &ReplayInfo::doc); }
ReplayRegistrar::ReplayRegistrar(ReplayInfo info) { Table::add(std::move(info)); }

}  // namespace switchlab
