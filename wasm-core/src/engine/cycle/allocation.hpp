#pragma once
// The cycle engine's allocation (docs/engines.md, "Cycle engine"): VC allocation (which
// downstream VC a head packet gets, dateline VC classes on rings) and switch allocation (which
// input sends to which output this cycle), both through the allocator registry (allocator.hpp).
// A part of CycleNetwork::Impl::Engine (network.cpp); `Net` is the engine, `Layout` the
// organisation's queue layout (queue_layout.hpp).
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/cycle/allocator.hpp"
#include "engine/cycle/bits.hpp"
#include "engine/cycle/config.hpp"
#include "engine/cycle/flit.hpp"
#include "topology/topology.hpp"

namespace switchlab {

template <class Net, class Layout>
struct Allocation {
  static constexpr bool vc = Layout::allocates_vcs, output_side = Layout::written_on_arrival;
  std::vector<uint16_t> q_ptr;   // per (switch, input): round-robin over its queues
  std::vector<uint16_t> vc_ptr;  // per (switch, input): round-robin over its VCs at VA
  std::vector<AllocState> alloc;
  std::vector<AllocState> va_alloc;  // VC router: per switch, the VC allocator's state
  Requests va_req;
  std::vector<int32_t> va_grant;
  // iSLIP VA on up to 64 input VCs runs port by port (allocate_vcs_by_port): per input VC its
  // requested output VCs, per output VC its requesters (contested ports), per port its input and
  // output VCs with requests.
  bool va_by_port = false;
  std::vector<uint64_t> va_rows, va_cols, va_port_in, va_port_out;
  Requests req;
  // iSLIP switch allocation on up to 64 ports: uncontested requests are accepted here
  // (accept_requests) rather than through the allocator's call.
  bool sa_islip = false;
  std::vector<uint32_t> cand;
  std::vector<int32_t> grant;
  Rng alloc_rng;
  bool datelines = false;  // VCs split at ring datelines (vc_range)
  // Dateline VCs: per packet and hop, it has crossed its ring's dateline (vc_range), set once per
  // route rather than walked back at every VC request.
  std::vector<uint8_t> crossed;

  explicit Allocation(uint64_t seed) : alloc_rng(Rng::derive(seed, 4)) {}
  Net& net() { return static_cast<Net&>(*this); }
  const Net& net() const { return static_cast<const Net&>(*this); }

  void setup_allocation() {
    const Net& n = net();
    const CycleConfig& c = n.c;
    const uint32_t S = n.S, P = n.P, V = n.V;
    q_ptr.assign(size_t{S} * P, 0);
    vc_ptr.assign(size_t{S} * P, 0);
    alloc.assign(S, AllocState(P));
    if (vc) {
      va_alloc.assign(S, AllocState(P * V));
      va_req = Requests(P * V);
      va_grant.resize(size_t{P} * V);
      va_by_port = c.allocator->name == "islip" && P * V <= 64;
      va_rows.assign(size_t{P} * V, 0);
      va_cols.assign(size_t{P} * V, 0);
      va_port_in.assign(P, 0);
      va_port_out.assign(P, 0);
    }
    req = Requests(P);
    sa_islip = c.allocator->name == "islip" && P <= 64 && !n.org.multi_read;
    cand.resize(size_t{P} * P);
    grant.resize(P);
    datelines = vc && V >= 2 && has_rings();
  }

  bool has_rings() const {
    const Topology& topo = net().topo;
    for (uint32_t s = 0; s < net().S; ++s)
      for (uint16_t o = 0; o < net().P; ++o)
        if (topo.ring_link(s, o).ring >= 0) return true;
    return false;
  }

  // Dateline VCs: the VCs the head packet of queue q may take at its next router. Splitting them
  // is on when the network has rings and there are at least two VCs; then a packet uses the lower
  // half of the VCs in a ring until it has crossed the ring's dateline, the upper half after
  // (each ring's channel dependencies become acyclic; a new ring starts in the lower half). The
  // head flit is read only then.
  std::pair<uint32_t, uint32_t> vc_range(uint32_t q) const {
    const Net& n = net();
    const uint32_t V = n.V;
    if (!datelines) return {0, V};
    const Flit& f = n.ring[size_t{q} * n.ring_cap + n.q_head[q]];
    return crossed[size_t{f.pkt} * n.max_hops + f.hop] ? std::pair<uint32_t, uint32_t>{V / 2, V}
                                                        : std::pair<uint32_t, uint32_t>{0, V / 2};
  }

  // A packet has crossed its ring's dateline at hop k if hop k's link is on a ring and is that
  // ring's dateline, or the previous hop was on the same ring and had crossed.
  void mark_crossings(uint32_t pkt) {
    const Net& n = net();
    const Hop* r = n.route_of(pkt);
    uint8_t* out = &crossed[size_t{pkt} * n.max_hops];
    int32_t ring_before = -1;
    for (uint32_t k = 0; k < n.packets[pkt].hops; ++k) {
      const RingLink link = n.topo.ring_link(r[k].sw, r[k].out_port);
      out[k] = link.ring >= 0 && (link.dateline || (link.ring == ring_before && out[k - 1]));
      ring_before = link.ring;
    }
  }

  // A free VC of [lo, hi) at (sw, in) whose VCs start at queue `base`, round robin; -1 if none.
  int32_t free_vc(uint32_t base, uint32_t sw, uint16_t in, std::pair<uint32_t, uint32_t> range) {
    const uint32_t V = net().V;
    const uint32_t lo = range.first, hi = range.second;
    uint16_t& ptr = vc_ptr[size_t{sw} * net().P + in];
    const uint32_t n = hi - lo;
    const uint32_t from = ptr >= lo && ptr < hi ? ptr - lo : 0;
    const uint64_t* held = net().vc_held.data();
    const int32_t k = round_robin_pick(from, n, [&](uint32_t v) { return !test_bit(held, base + lo + v); });
    if (k < 0) return -1;
    const uint32_t v = lo + static_cast<uint32_t>(k);
    ptr = static_cast<uint16_t>(after(v, V));
    return static_cast<int32_t>(v);
  }

  // VC allocation as BookSim's iq router does it: every head that needs a downstream VC requests
  // each free VC of its range at its output port, and the switch allocator kind matches input
  // VCs to output VCs ((ports x VCs) square, its own arbiter state).
  void allocate_vcs(uint32_t sw) {
    if (va_by_port) return allocate_vcs_by_port(sw);
    Net& n = net();
    const uint32_t Q = n.Q, V = n.V;
    for_each_bit_in(n.q_need_va.data(), sw * Q, sw * Q + Q, [&](uint32_t q) {
      if (n.now < n.q_ready[q]) return;
      const uint32_t base = n.q_vc0[q], k = q - sw * Q;
      const auto [lo, hi] = vc_range(q);
      const uint64_t free = ~window(n.vc_held.data(), base + lo, hi - lo) & low_bits(hi - lo);
      va_req.add_run(k, n.q_out[q] * V + lo, free);
    });
    if (va_req.empty()) return;
    n.c.allocator->allocate(va_req, n.c.iterations, va_alloc[sw], alloc_rng, va_grant.data());
    // Only output VCs that were requested can have been granted.
    for_each_bit(va_req.outputs.data(), va_req.words, [&](uint32_t ov) {
      if (va_grant[ov] >= 0) grant_vc(sw * Q + static_cast<uint32_t>(va_grant[ov]), ov);
    });
    va_req.clear();
  }

  // Queue q gets output VC ov (its port * V + VC). (Always inlined in the VA loops' callbacks.)
  [[gnu::always_inline]] void grant_vc(uint32_t q, uint32_t ov) {
    Net& n = net();
    const uint32_t target = n.q_vc0[q] + ov - n.q_out[q] * n.V;
    set_bit(n.vc_held.data(), target);
    n.q_target[q] = target;
    clear_bit(n.q_need_va.data(), q);
    n.q_ready[q] = n.now + n.granted_wait;
  }

  // iSLIP VC allocation, the grants and pointers of grant_accept<true, 1> on the (ports x VCs)
  // square, computed per output port: an input VC requests VCs of one port only, so the square
  // splits into one small matching per port, and a port whose VCs have one requester each needs
  // no grant phase (its requests are the grants) even when another port is contested.
  void allocate_vcs_by_port(uint32_t sw) {
    Net& n = net();
    const uint32_t Q = n.Q, V = n.V, slots = n.P * V;
    uint64_t ports = 0, contested = 0;
    for_each_bit_in(n.q_need_va.data(), sw * Q, sw * Q + Q, [&](uint32_t q) __attribute__((always_inline)) {
      if (n.now < n.q_ready[q]) return;
      const uint32_t k = q - sw * Q, p = n.q_out[q];
      const auto [lo, hi] = vc_range(q);
      const uint64_t free = ~window(n.vc_held.data(), n.q_vc0[q] + lo, hi - lo) & low_bits(hi - lo);
      if (!free) return;
      const uint64_t m = free << (p * V + lo);
      va_rows[k] = m;
      contested |= uint64_t{(va_port_out[p] & m) != 0} << p;
      va_port_out[p] |= m;
      va_port_in[p] |= uint64_t{1} << k;
      ports |= uint64_t{1} << p;
    });
    AllocState& st = va_alloc[sw];
    for (; ports; ports &= ports - 1) {
      const uint32_t p = lowest_bit(ports);
      const uint64_t ins = va_port_in[p], outs = va_port_out[p];
      va_port_in[p] = va_port_out[p] = 0;
      if (!((contested >> p) & 1)) {
        islip_accept_uncontested(va_rows.data(), ins, slots, st, [&](uint32_t k, uint32_t ov) { grant_vc(sw * Q + k, ov); });
        continue;
      }
      add_columns(va_rows.data(), ins, va_cols.data());
      islip_rounds(va_cols.data(), ins, outs, n.c.iterations, slots, st, [&](uint32_t k, uint32_t ov) { grant_vc(sw * Q + k, ov); });
      for (uint64_t m = outs; m; m &= m - 1) va_cols[lowest_bit(m)] = 0;
    }
  }

  // One switch's allocation this cycle: VCs first (VC routers), then the switch.
  void step_switch(uint32_t sw) {
    Net& n = net();
    const uint32_t Q = n.Q;
    if (vc) allocate_vcs(sw);
    if (output_side) {  // each output reads its own queue
      for_each_bit_in(n.q_live.data(), sw * Q, sw * Q + Q, [&](uint32_t q) {
        if (n.ready(q, sw)) n.send(q, sw, q - sw * Q);
      });
      return;
    }
    collect_requests(sw);
    if (req.empty()) return;
    if (sa_islip && !req.contested) {
      accept_requests(sw);
      req.clear();
      return;
    }
    if (n.org.multi_read) {  // each requested output arbitrates on its own (round robin)
      for_each_bit(req.outputs.data(), req.words, [&](uint32_t o) {
        uint16_t& ptr = alloc[sw].out_ptr[o];
        const uint64_t* col = req.column(o);
        grant[o] = first_bit_from(ptr, req.words, [&](uint32_t k) { return col[k]; });
        ptr = static_cast<uint16_t>(after(grant[o], n.P));
      });
    } else {
      n.c.allocator->allocate(req, n.c.iterations, alloc[sw], alloc_rng, grant.data());
    }
    // Only requested outputs can have been granted.
    for_each_bit(req.outputs.data(), req.words, [&](uint32_t o) {
      if (grant[o] >= 0) send_granted(sw, static_cast<uint32_t>(grant[o]), o);
    });
    req.clear();
  }

  // iSLIP when no output is requested twice, as grant_accept<true, 1> computes it (every request
  // is a grant; each input accepts its first from its pointer and the pointers move past the
  // pair) without the allocator's call and out_to_in pass. Sends in output order, as step_switch.
  void accept_requests(uint32_t sw) {
    uint64_t granted = 0;
    islip_accept_uncontested(req.by_input.data(), req.inputs[0], net().P, alloc[sw], [&](uint32_t i, uint32_t o) {
      grant[o] = static_cast<int32_t>(i);
      granted |= uint64_t{1} << o;
    });
    for (; granted; granted &= granted - 1) {
      const uint32_t o = lowest_bit(granted);
      send_granted(sw, static_cast<uint32_t>(grant[o]), o);
    }
  }

  // Input i of switch sw won output o: its candidate queue for o sends, and the input's round
  // robin moves past that queue.
  void send_granted(uint32_t sw, uint32_t i, uint32_t o) {
    Net& n = net();
    const uint32_t q = cand[i * n.P + o];
    q_ptr[size_t{sw} * n.P + i] = static_cast<uint16_t>(after(q - sw * n.Q - i * n.per_input, n.per_input));
    n.send(q, sw, o);
  }

  // Place of a switch's local queue in its input's round robin, counted from the input's pointer.
  uint32_t rr_rank(uint32_t sw, uint32_t local) const {
    const Net& n = net();
    const uint32_t i = n.reader_of[local], j = local - i * n.per_input, from = q_ptr[size_t{sw} * n.P + i];
    return j >= from ? j - from : j + n.per_input - from;
  }

  // Switch allocation's requests: per (input, output), of the input's ready queues for that output
  // the first in the input's round robin. One pass over the switch's live queues, but for heads
  // still waiting for a VC (they have no target yet). (This function and the per-queue callbacks
  // of the VA and SA loops are always inlined: when the engine became parts, GCC put them out of
  // line, for ~18M more instructions on the 0.05 bench config.)
  [[gnu::always_inline]] void collect_requests(uint32_t sw) {
    Net& n = net();
    const uint32_t Q = n.Q, P = n.P;
    const uint64_t* live = n.q_live.data();
    const uint64_t* need_va = n.q_need_va.data();
    auto may_request = [&](uint32_t k) { return live[k] & ~need_va[k]; };
    for_each_bit_of(may_request, sw * Q, sw * Q + Q, [&](uint32_t q) __attribute__((always_inline)) {
      if (!n.ready(q, sw)) return;
      const uint32_t local = q - sw * Q, i = n.reader_of[local], o = n.q_out[q];
      if (!vc && n.hold_inputs) {
        const uint32_t held = n.in_lock[size_t{sw} * P + i];
        if (held != kNone && held != q) return;
      }
      uint32_t& best = cand[i * P + o];
      if (req.has(i, o)) {  // already requested by the input's earlier queue for o: keep the first
        if (rr_rank(sw, local) < rr_rank(sw, best - sw * Q)) best = q;
        return;
      }
      req.add(i, o);
      best = q;
    });
  }
};

}  // namespace switchlab
