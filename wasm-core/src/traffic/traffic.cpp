#include "traffic/traffic.hpp"

#include <algorithm>

namespace switchlab {
namespace {
std::vector<TrafficInfo>& table() {
  static std::vector<TrafficInfo> t;
  return t;
}
}  // namespace

const std::vector<TrafficInfo>& traffic_patterns() { return table(); }

TrafficRegistrar::TrafficRegistrar(TrafficInfo info) {
  auto& t = table();
  t.push_back(std::move(info));
  std::sort(t.begin(), t.end(), [](const TrafficInfo& a, const TrafficInfo& b) { return a.pattern < b.pattern; });
}

std::unique_ptr<Traffic> make_traffic(Params& traffic, const Topology& topo) {
  std::vector<std::string> names;
  for (const auto& t : table()) names.push_back(t.pattern);
  const std::string pattern = traffic.choice("pattern", std::string("uniform"), names, "Traffic pattern");
  if (!traffic.errors().ok()) return nullptr;
  for (const auto& t : table())
    if (t.pattern == pattern) return t.make(traffic, topo);
  return nullptr;
}

}  // namespace switchlab
