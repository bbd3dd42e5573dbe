#pragma once
// The cycle engine's measurement (docs/engines.md, "Measurement"): BookSim's warm-up, measured
// window and drain, and what is counted in the window (generated, ejected and delivered flits and
// packets, latencies, look-ups, link and buffer use, traced packets). A part of
// CycleNetwork::Impl::Engine (network.cpp); the result's sections that read it are report.hpp.
#include <algorithm>
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/cycle/config.hpp"
#include "engine/cycle/flit.hpp"
#include "engine/cycle/occupancy.hpp"

namespace switchlab {

struct Measurement {
  const uint64_t W, end_window, end_all;  // cycles: warm-up, end of the measured window, last cycle
  bool in_window = false;  // now is in the measured window (set at the start of each cycle)
  uint64_t gen_flits = 0, ejected_flits = 0, outstanding = 0, measured_packets = 0, delivered = 0;
  uint64_t backlog_start = 0, backlog_end = 0;  // flits in the source queues at the window's ends
  std::vector<uint64_t> ejected_by_node;
  // Packet / network latency: packets per latency in cycles, indexed by latency (a count per
  // delivered packet without a tree walk; 8 bytes per cycle of the longest latency).
  std::vector<uint64_t> latency_hist, network_hist;
  uint64_t latency_sum = 0, network_sum = 0, hop_sum = 0;
  std::vector<uint64_t> lookups_by_class, hits_by_class;
  std::vector<uint64_t> link_flits;  // per (switch, output), in the window
  WindowOccupancy occupancy;         // flits buffered per switch, in the window
  std::vector<TracedPacket> traced;

  Measurement(const CycleConfig& c, uint32_t nodes, uint32_t switches, uint32_t ports, size_t port_classes);

  // Packets created in the window are measured: their flits are offered load.
  void generated(uint64_t flits, uint64_t packets) {
    if (!in_window) return;
    gen_flits += flits;
    measured_packets += packets;
    outstanding += packets;
  }
  // A measured packet's tail left the network at `now`.
  void delivered_packet(const Packet& p, uint64_t now) {
    count(latency_hist, now - p.created);
    latency_sum += now - p.created;
    network_sum += now - p.injected;
    count(network_hist, now - p.injected);
    hop_sum += p.hops;
    ++delivered;
    --outstanding;
  }

  // Cycles of the measured window the run simulated by cycle `now`: all of it, unless a replay
  // finished or a deadlock stopped the run inside it. Rates are per simulated cycle of the window.
  uint64_t window_cycles(uint64_t now) const { return now <= W ? 0 : std::min(now, end_window) - W; }
  double per_window_cycle(double count, uint64_t now) const {
    const uint64_t w = window_cycles(now);
    return w ? count / static_cast<double>(w) : 0.0;
  }

  // Mean, nearest-rank percentiles, extremes and the histogram of one latency (cycles).
  nlohmann::json latency_json(const std::vector<uint64_t>& hist, uint64_t sum) const;
  // The same latency at the switch clock: every statistic and the histogram's latencies in ns.
  static nlohmann::json in_ns(const nlohmann::json& cycles, double ns_per_cycle);
  nlohmann::json trace_json() const;

 private:
  static void count(std::vector<uint64_t>& hist, uint64_t latency) {
    if (latency >= hist.size()) hist.resize(latency + 1);
    ++hist[latency];
  }
};

}  // namespace switchlab
