#include "engine/cycle/measurement.hpp"

namespace switchlab {

using json = nlohmann::json;

Measurement::Measurement(const CycleConfig& c, uint32_t nodes, uint32_t switches, uint32_t ports, size_t port_classes)
    : W(c.warmup), end_window(c.warmup + c.measure), end_all(c.warmup + c.measure + c.drain),
      ejected_by_node(nodes, 0), lookups_by_class(port_classes, 0), hits_by_class(port_classes, 0),
      link_flits(size_t{switches} * ports, 0), occupancy(switches, W, end_window) {}

json Measurement::latency_json(const std::vector<uint64_t>& hist, uint64_t sum) const {
  if (!delivered) return json{{"mean", nullptr}, {"p50", nullptr}, {"p99", nullptr}, {"max", nullptr}};
  // (Counting makes the last latency non-zero: it is the maximum.)
  const uint64_t max = hist.size() - 1;
  auto percentile = [&](uint64_t num) {
    const uint64_t rank = (delivered * num + 99) / 100;
    uint64_t seen = 0;
    for (uint64_t lat = 0; lat < max; ++lat)
      if ((seen += hist[lat]) >= rank) return lat;
    return max;
  };
  uint64_t min = 0;
  while (!hist[min]) ++min;
  json rows = json::array();
  for (uint64_t lat = min; lat <= max; ++lat)
    if (hist[lat]) rows.push_back({lat, hist[lat]});
  return {{"mean", static_cast<double>(sum) / static_cast<double>(delivered)},
          {"p50", percentile(50)},
          {"p99", percentile(99)},
          {"min", min},
          {"max", max},
          {"histogram", rows},
          {"histogram_format", "[latency cycles, packets] for every distinct latency"}};
}

json Measurement::in_ns(const json& cycles, double ns_per_cycle) {
  json out = json::object();
  for (const char* k : {"mean", "p50", "p99", "min", "max"})
    out[k] = cycles.contains(k) && !cycles[k].is_null() ? json(cycles[k].get<double>() * ns_per_cycle) : json(nullptr);
  if (!cycles.contains("histogram")) return out;
  json rows = json::array();
  for (const json& row : cycles["histogram"]) rows.push_back({row[0].get<double>() * ns_per_cycle, row[1]});
  out["histogram"] = std::move(rows);
  out["histogram_format"] = "[latency ns, packets] for every distinct latency";
  return out;
}

json Measurement::trace_json() const {
  json out = json::array();
  for (const TracedPacket& t : traced) {
    json routers = json::array();
    for (const TraceHop& h : t.routers)
      routers.push_back({{"switch", h.sw}, {"in_port", h.in_port}, {"out_port", h.out_port},
                         {"arrival", h.arrival}, {"rc_done", h.rc_done}, {"sent", h.sent}});
    out.push_back({{"src", t.src}, {"dst", t.dst}, {"flits", t.flits}, {"created", t.created},
                   {"injected", t.injected}, {"ejected", t.ejected}, {"routers", std::move(routers)}});
  }
  return out;
}

}  // namespace switchlab
