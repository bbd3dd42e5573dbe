#pragma once
// The cycle engine's result (docs/engines.md, "Results"): the load point for the latency-load
// curve and the JSON sections of one run (throughput, latencies, hops, utilisation, buffers,
// cache, CAM, cycles, trace, replay), read from the measurement (measurement.hpp) once the run
// ends. A part of CycleNetwork::Impl::Engine (network.cpp); `Net` is the engine.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include <nlohmann/json.hpp>

#include "engine/cycle/network.hpp"
#include "engine/cycle/offered_spread.hpp"

namespace switchlab {

template <class Net>
struct Reporting {
  using json = nlohmann::json;
  const Net& net() const { return static_cast<const Net&>(*this); }

  // Cycles at the end of the run in which no flit moved while flits waited (0 when the last cycle
  // moved one, or the network was empty): a run that ends before the deadlock limit can still
  // show that nothing was moving.
  uint64_t stalled_at_end() const {
    const Net& n = net();
    return n.in_network && n.now > n.last_progress + 1 ? n.now - 1 - n.last_progress : 0;
  }
  bool drained() const { return net().outstanding == 0 && (net().now >= net().end_window || net().replay_done()); }
  // Saturated: measured packets left undelivered, a deadlock, or source queues that grew over
  // the window by more than 1 % of the flits created in it (offered load above what the
  // network accepts).
  bool saturated() const {
    const Net& n = net();
    const double growth = static_cast<double>(n.backlog_end) - static_cast<double>(n.backlog_start);
    return !drained() || n.deadlock || growth > 0.01 * static_cast<double>(n.gen_flits);
  }

  double per_window_cycle(double count) const { return net().Measurement::per_window_cycle(count, net().now); }
  double per_node_cycle(uint64_t flits) const { return per_window_cycle(static_cast<double>(flits) / net().N); }
  uint64_t window_cycles() const { return net().Measurement::window_cycles(net().now); }

  LoadPoint load_point() const {
    const Net& n = net();
    LoadPoint p;
    p.offered = per_node_cycle(n.gen_flits);
    p.accepted = per_node_cycle(n.ejected_flits);
    p.latency_mean = n.delivered ? static_cast<double>(n.latency_sum) / static_cast<double>(n.delivered) : 0.0;
    p.delivered = n.delivered;
    p.saturated = saturated();
    return p;
  }

  // Flits held in the switch buffers over the measured window (WindowOccupancy).
  json buffers_json() const {
    const Net& n = net();
    const double window = static_cast<double>(window_cycles());
    json by_switch = json::array();
    double area_sum = 0;
    uint32_t peak = 0;
    for (uint32_t s = 0; s < n.S; ++s) {
      const double a = static_cast<double>(n.occupancy.area(s, n.now, n.sw_flits[s]));
      area_sum += a;
      peak = std::max(peak, n.occupancy.peak(s));
      by_switch.push_back(per_window_cycle(a));
    }
    const double per_port = window > 0 ? area_sum / (window * n.S * n.P) : 0.0;
    return {{"mean_flits_per_port", per_port},
            {"mean_fraction", per_port / n.org.flits_per_port(n.c.sizes)},
            {"peak_flits_switch", peak},
            {"by_switch_mean_flits", std::move(by_switch)}};
  }

  json replay_json(double ns_per_cycle) const {
    const Net& n = net();
    const bool done = n.replay_done();
    const uint64_t end = std::max(n.last_ejection, n.replay->end_cycle());
    json r = n.replay->describe();
    r["messages"] = n.replay->messages_total();
    r["released"] = n.replay->messages_released();
    r["completed"] = done;
    r["completion_cycles"] = done ? json(end) : json(nullptr);
    r["completion_ns"] = done ? json(static_cast<double>(end) * ns_per_cycle) : json(nullptr);
    return r;
  }

  json result() const {
    const Net& n = net();
    const uint32_t S = n.S, P = n.P;
    const LoadPoint pt = load_point();
    const uint64_t min_node = *std::min_element(n.ejected_by_node.begin(), n.ejected_by_node.end());
    json packet = n.latency_json(n.latency_hist, n.latency_sum), network = n.latency_json(n.network_hist, n.network_sum);
    const double ns_per_cycle = 1.0 / n.c.clock_ghz;
    json packet_ns = n.in_ns(packet, ns_per_cycle), network_ns = n.in_ns(network, ns_per_cycle);
    const auto& classes = n.topo.port_classes();
    json by_class = json::object();
    uint64_t lookups = 0, hits = 0;
    for (size_t k = 0; k < classes.size(); ++k) {
      lookups += n.lookups_by_class[k];
      hits += n.hits_by_class[k];
      by_class[classes[k]] = {{"lookups", n.lookups_by_class[k]}, {"hits", n.hits_by_class[k]},
                              {"hit_rate", hit_rate(n.hits_by_class[k], n.lookups_by_class[k])}};
    }
    uint64_t link_sum = 0, link_max = 0;
    json by_port = json::array(), by_switch = json::array();
    for (uint32_t s = 0; s < S; ++s) {
      uint64_t sw_sum = 0;
      for (uint32_t o = 0; o < P; ++o) {
        const uint64_t f = n.link_flits[size_t{s} * P + o];
        sw_sum += f;
        link_max = std::max(link_max, f);
        by_port.push_back(per_window_cycle(static_cast<double>(f)));
      }
      link_sum += sw_sum;
      by_switch.push_back(per_window_cycle(static_cast<double>(sw_sum) / P));
    }
    const double cams = static_cast<double>(n.cam_free.size());
    json out = {
        {"throughput", throughput_json(pt, min_node)},
        {"latency_cycles", {{"packet", packet},
                            {"network", network}}},
        {"latency_ns", {{"packet", packet_ns}, {"network", network_ns}}},
        {"hops", {{"mean", n.delivered ? json(static_cast<double>(n.hop_sum) / static_cast<double>(n.delivered)) : json(nullptr)}}},
        {"saturated", pt.saturated},
        {"deadlock", n.deadlock},
        {"packets", {{"measured", n.measured_packets}, {"delivered", n.delivered}}},
        {"utilization", {{"port_mean", per_window_cycle(static_cast<double>(link_sum) / (double{1} * S * P))},
                         {"port_max", per_window_cycle(static_cast<double>(link_max))},
                         {"by_switch", std::move(by_switch)},
                         {"by_output_port", std::move(by_port)}}},
        {"trace", n.trace_json()},
        {"buffers", buffers_json()},
        {"cache", {{"enabled", n.ex.cache.enabled}, {"lookups", lookups}, {"hits", hits},
                   {"hit_rate", hit_rate(hits, lookups)}, {"by_port_class", by_class}}},
        {"cam", {{"searches", n.cam_searches},
                 {"utilization", cams > 0 ? json(per_window_cycle(static_cast<double>(n.cam_searches) * n.c.cam_cycles / cams)) : json(nullptr)}}},
        {"cycles", {{"simulated", n.now}, {"warmup", n.W}, {"measured", window_cycles()}, {"drained", drained()}, {"flit_hops", n.flit_hops},
                    {"deadlock_limit", n.c.deadlock_cycles}, {"stalled_at_end", stalled_at_end()}}},
    };
    if (n.replay) out["replay"] = replay_json(ns_per_cycle);
    return out;
  }

  json throughput_json(const LoadPoint& pt, uint64_t min_node) const {
    const Net& n = net();
    json out = {{"offered", pt.offered}, {"offered_configured", n.replay ? json(nullptr) : json(n.load)}, {"accepted", pt.accepted},
                {"accepted_min_node", per_window_cycle(static_cast<double>(min_node))},
                {"offered_spread_pct", nullptr}, {"window_for_1pct_cycles", nullptr}};
    // (A replay's load is its messages'; no generated process to spread. Senders: the nodes the
    // pattern let send, whose packets make the offered load.)
    uint32_t senders = 0;
    for (const uint64_t w : n.node_sent) senders += static_cast<uint32_t>(__builtin_popcountll(w));
    if (n.replay || n.load <= 0 || window_cycles() == 0 || senders == 0) return out;
    const OfferedSpread spread = offered_spread(n.c, n.load, senders, window_cycles(), kMaxCycles);
    if (std::isfinite(spread.relative)) out["offered_spread_pct"] = 100 * spread.relative;
    if (spread.window_for_1pct) out["window_for_1pct_cycles"] = spread.window_for_1pct;
    return out;
  }

  // No hit rate without caches: the routing computations are counted (look-ups), but there is no
  // cache to hit (overall and per port class alike).
  json hit_rate(uint64_t hits, uint64_t lookups) const {
    return net().ex.cache.enabled && lookups ? json(static_cast<double>(hits) / static_cast<double>(lookups)) : json(nullptr);
  }
};

}  // namespace switchlab
