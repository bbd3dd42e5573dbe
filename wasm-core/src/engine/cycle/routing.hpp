#pragma once
// The cycle engine's packets and their routes: the packet slots, each packet's route through the
// topology, the routing computation's caches and CAMs (docs/engines.md, "Pipeline timing"), and
// adaptive routing's choice of a port. A part of CycleNetwork::Impl::Engine (network.cpp); `Net`
// is the engine.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "cache/cache_bank.hpp"
#include "engine/cache_keys.hpp"
#include "engine/cycle/config.hpp"
#include "engine/cycle/flit.hpp"

namespace switchlab {

template <class Net>
struct Routing {
  std::vector<Packet> packets;
  std::vector<Hop> routes;  // max_hops per packet slot
  // Output-side organisations: per packet and hop, the ring slot of its head in that output queue.
  std::vector<uint32_t> slot_of;
  std::vector<uint32_t> free_packets;
  Rng route_rng;
  std::vector<Hop> scratch_route;  // choose_port's trial routes
  std::vector<uint8_t> in_class;   // per (switch, input port): its port class, looked up once
  // Caches and CAMs (routing computation).
  std::unique_ptr<CacheBank> caches;
  std::vector<uint32_t> set_of_dst, set_of_port;
  std::vector<uint64_t> cam_free;
  uint64_t cam_searches = 0;

  explicit Routing(uint64_t seed) : route_rng(Rng::derive(seed, 3)) {}
  Net& net() { return static_cast<Net&>(*this); }
  const Net& net() const { return static_cast<const Net&>(*this); }
  const Hop* route_of(uint32_t pkt) const { return &routes[size_t{pkt} * net().max_hops]; }

  void setup_routing() {
    const Net& n = net();
    const Experiment& ex = n.ex;
    const uint32_t S = n.S, P = n.P;
    for (uint32_t s = 0; s < S; ++s)
      for (uint16_t p = 0; p < P; ++p) in_class.push_back(n.topo.port_class(s, p));
    scratch_route.resize(n.adaptive ? n.max_hops : 0);
    if (!ex.cache.enabled) return;
    caches = make_cache_bank(ex, ex.cache.per_switch ? S : size_t{S} * P);
    if (ex.cache.index->keyed_by_output_port) set_of_port = sets_by_output_port(ex);
    else set_of_dst = sets_by_destination(ex);
    cam_free.assign(n.c.cam_shared ? S : size_t{S} * P, 0);
    if (ex.cache.prefetch_all_to_all) prefetch_caches();
  }

  // The look-up hop `h` of a packet to `dst` makes: its cache, set and tag.
  CacheAccess cache_key(const Hop& h, uint32_t dst) const {
    const bool switchable = !set_of_port.empty();
    const uint32_t tag = switchable ? h.out_port : dst;
    const uint32_t port = h.sw * net().P + h.in_port;
    return {net().ex.cache.per_switch ? h.sw : port, switchable ? set_of_port[tag] : set_of_dst[dst], tag};
  }

  // switch.cache.prefetch = all_to_all (seed 000 Sec. VI-A, as in the route walk): every ordered node
  // pair routed once through the caches before the first cycle. Its own random stream, so the
  // simulation's draws are those of a run without the prefetch.
  void prefetch_caches() {
    const Net& n = net();
    Rng rng(Rng::derive(n.ex.seed, 5));
    std::vector<Hop> hops(n.max_hops);
    for (uint32_t s = 0; s < n.N; ++s)
      for (uint32_t d = 0; d < n.N; ++d) {
        if (s == d) continue;
        const uint32_t k = n.topo.route(s, d, rng, hops.data());
        for (uint32_t i = 0; i < k; ++i) {
          const CacheAccess a = cache_key(hops[i], d);
          caches->access(a.cache, a.set, a.tag);
        }
      }
  }

  // Routing computation of a head flit arriving now on (sw, in): the input port's cache decides
  // hit or miss; a miss waits for its CAM (one search every cam_cycles).
  uint64_t routing_done(const Flit& f) {
    Net& n = net();
    const CycleConfig& c = n.c;
    const uint64_t now = n.now;
    const Hop& h = route_of(f.pkt)[f.hop];
    const size_t port = size_t{h.sw} * n.P + h.in_port;
    const uint8_t cls = in_class[port];
    if (n.in_window) ++n.lookups_by_class[cls];
    if (!caches) return now + c.rc_no_cache;
    const CacheAccess k = cache_key(h, packets[f.pkt].dst);
    if (caches->access(k.cache, k.set, k.tag)) {
      if (n.in_window) ++n.hits_by_class[cls];
      return now + c.rc_hit;
    }
    uint64_t& cam = cam_free[c.cam_shared ? h.sw : port];
    const uint64_t start = std::max(now, cam);
    cam = start + c.cam_cycles;
    if (n.in_window) ++cam_searches;
    return start + c.rc_miss;
  }

  // Adaptive routing: hop `hop`'s out port (if the topology leaves it open) is the one with the
  // most room at the next switch's input: the free flits of the queues the packet could join there
  // (ties: from a drawn start, round robin). With by_local_queues the flits already waiting for the
  // port in its own switch come first (fewest wins), the room downstream breaks ties. It is chosen
  // when the engine first needs it: when the head reaches the front of its queue at that switch,
  // or, where a flit's queue depends on its out port, when the previous switch (or the source)
  // picks that queue (docs/engines.md).
  void choose_port(uint32_t pkt, uint32_t hop) {
    Net& n = net();
    const Packet& p = packets[pkt];
    if (hop >= p.hops) return;
    Hop* r = &routes[size_t{pkt} * n.max_hops];
    const uint32_t choices = n.topo.adaptive_choices(r, hop);
    if (choices == 0) return;
    const uint32_t start = static_cast<uint32_t>(route_rng.uniform_u64(choices));
    uint32_t best = start;
    int64_t best_waiting = 0, best_room = -1;
    for (uint32_t k = 0; k < choices; ++k) {
      const uint32_t choice = (start + k) % choices;
      std::copy(r, r + p.hops, scratch_route.begin());
      n.topo.retarget(scratch_route.data(), hop, choice, p.dst);
      const Hop& h = scratch_route[hop];
      const int64_t waiting = n.by_local_queues ? n.waiting_for(h.sw, h.out_port) : 0;
      const int64_t room = n.room_at(scratch_route[hop + 1]);  // a choice hop is never the last
      if (best_room < 0 || waiting < best_waiting || (waiting == best_waiting && room > best_room))
        best = choice, best_waiting = waiting, best_room = room;
    }
    n.topo.retarget(r, hop, best, p.dst);
    if (p.trace != kNone)
      for (uint32_t k = hop; k < p.hops; ++k) {
        TraceHop& t = n.traced[p.trace].routers[k];
        t.sw = r[k].sw, t.in_port = r[k].in_port, t.out_port = r[k].out_port;
      }
  }

  // A packet from src to dst, created at `created`, enters its source's injection link now: a
  // free slot, its route, and its trace if it is among the first measured ones.
  uint32_t new_packet(uint32_t src, uint32_t dst, uint64_t created, uint16_t flits) {
    Net& n = net();
    const uint32_t max_hops = n.max_hops;
    uint32_t id;
    if (!free_packets.empty()) {
      id = free_packets.back();
      free_packets.pop_back();
    } else {
      id = static_cast<uint32_t>(packets.size());
      packets.emplace_back();
      routes.resize(routes.size() + max_hops);
      if (n.output_side) slot_of.resize(routes.size());
      if (n.datelines) n.crossed.resize(routes.size());
    }
    Packet& p = packets[id];
    p.created = created;
    p.injected = n.now;
    p.src = src;
    p.dst = dst;
    p.flits = flits;
    p.hops = static_cast<uint16_t>(n.topo.route(src, dst, route_rng, &routes[size_t{id} * max_hops]));
    if (n.datelines) n.mark_crossings(id);
    p.measured = created >= n.W && created < n.end_window;
    p.trace = kNone;
    if (p.measured && n.traced.size() < n.c.trace_packets) {
      p.trace = static_cast<uint32_t>(n.traced.size());
      TracedPacket t{src, dst, p.flits, created, 0, 0, {}};
      for (uint32_t k = 0; k < p.hops; ++k) {
        const Hop& h = route_of(id)[k];
        t.routers.push_back({h.sw, h.in_port, h.out_port, 0, 0, 0});
      }
      n.traced.push_back(std::move(t));
    }
    return id;
  }
};

}  // namespace switchlab
