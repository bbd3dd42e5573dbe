#pragma once
// The cycle engine's queues and credit flow (docs/engines.md, "Flow control"): the switch buffers
// as rings of flits, the space a flit needs downstream (credits, pools and their chunks), who may
// write a queue, the links as a timing wheel, and a flit's move from one queue to the next.
// A part of CycleNetwork::Impl::Engine (network.cpp): `Net` is the engine, through which this
// part reads the packets, the routing and the measurement; `Layout` is the organisation's queue
// layout (queue_layout.hpp).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/cycle/bits.hpp"
#include "engine/cycle/config.hpp"
#include "engine/cycle/flit.hpp"
#include "engine/cycle/queue_layout.hpp"
#include "topology/topology.hpp"

namespace switchlab {

// Slots of one queue's ring: whatever its queue or pool may hold (a queue of a pool may take all
// of it). An output queue is written by every input at once: each packet gets its slots in the
// order its head arrived, and its body flits fill them as they come, so packets stay contiguous
// without holding writers back; the head reserved that room upstream (whole_packet_credits), so
// assigned slots never exceed the credits.
inline uint32_t ring_slots(const CycleConfig& c) { return c.org->capacity(c.sizes); }

template <class Net, class Layout>
struct Queues {
  static constexpr bool vc = Layout::allocates_vcs, output_side = Layout::written_on_arrival;
  // A flit's queue depends on its out port at that switch (virtual output queues, output queues).
  static constexpr bool keyed_by_output = Layout::keyed_by_output;
  uint32_t Q = 0, per_input = 0;  // queues per switch; per input port
  // Hot-path copies of config flags (one load from here rather than two through c or org).
  bool whole_packet = false;  // CycleConfig::whole_packet_credits
  bool queue_pool = false;    // each queue has its own space (Pool::Queue)
  // Several queues per input read through one port (voq, damq): the input, like an output, is
  // held by one packet from head to tail (seed 003 Sec. 2: the other outputs "wait idly for this
  // port to finish transmitting its packet"); otherwise two packets would share the read port
  // flit by flit and leave both their outputs, held for them, half idle.
  bool hold_inputs = false;
  uint32_t hop_delay = 0;  // from a send to the flit's arrival downstream: 1 + st + link
  // Cycles from the start of a head's stage to its first try (q_ready): a body flit's SA, VA,
  // VA and SA (a head that needs no VC), SA after a VC grant.
  uint32_t sa_wait = 0, va_wait = 0, va_sa_wait = 0, granted_wait = 0;
  uint32_t ring_cap = 0, queue_cap = kNone, pool_cap = kNone;  // pool_cap in chunks
  uint32_t chunk = 1;  // pools are allocated in chunks of this many flits (1: per flit)
  // A switch-wide pool (the central buffer) guarantees each of its queues this many flits outside
  // the shared part: what one queue must hold (a whole packet under cut-through). Without it, one
  // memory couples every channel through the switch, and DOR on a mesh deadlocks (docs/engines.md).
  uint32_t queue_reserve = 0;
  uint32_t in_stride = 0, out_stride = 0;  // local_queue's

  // Queues, flat over (switch, queue): ring storage and state.
  std::vector<Flit> ring;
  std::vector<uint8_t> present;  // per ring slot: its flit has arrived
  std::vector<uint32_t> q_head, q_count, q_occ, q_target;
  std::vector<uint32_t> q_writer;   // packet writing the queue (not VC routers: they keep vc_held)
  std::vector<uint64_t> q_ready;    // cycle from which the head may act (VA or SA)
  // Queue sets, one bit per queue (a switch's queues are a range): the switch loops visit only
  // these rather than every queue.
  std::vector<uint64_t> q_live;     // its head flit is in and its timing established
  std::vector<uint64_t> q_need_va;  // its head packet still needs a downstream VC
  std::vector<uint32_t> q_vc0;      // VC router: VC 0 of the downstream port its head needs a VC at
  std::vector<uint64_t> vc_held;    // VC router: a packet holds the VC (a port's VCs read as one window)
  std::vector<uint32_t> pool_occ;   // chunks used; Pool::Input: per input port; Pool::Switch: per switch
  std::vector<uint32_t> q_read;     // chunked pools: flits already read from the queue's first chunk
  std::vector<uint32_t> q_pool;     // per queue: its index in pool_occ
  std::vector<uint16_t> q_out;      // per queue: output port of its head flit
  std::vector<uint32_t> out_lock;   // per (switch, output): queue holding it (non-VC wormhole)
  // Per (switch, input): the queue whose packet holds the input's one read port (hold_inputs).
  std::vector<uint32_t> in_lock;
  std::vector<uint32_t> sw_flits;   // flits buffered per switch (idle switches are skipped)
  // Per switch: not stepped before this cycle. An empty switch sleeps until its first head is due
  // (a lone flit's arrival cycle, spent in RC, needs no step); once stepped, a switch is stepped
  // every cycle until it empties (heads change only in steps and arrivals, see enqueue).
  std::vector<uint64_t> sw_wake;
  std::vector<uint16_t> reader_of;  // per local queue: the input port that reads it (input side)
  // The links: flit arrivals by the cycle they happen, a wheel of st + link + 2 cycles.
  std::vector<std::vector<Event>> wheel;
  uint32_t wheel_now = 0;  // now % wheel.size()

  Net& net() { return static_cast<Net&>(*this); }
  const Net& net() const { return static_cast<const Net&>(*this); }

  void setup_queues() {
    const Net& n = net();
    const CycleConfig& c = n.c;
    const BufferOrgInfo& org = n.org;
    const uint32_t S = n.S, P = n.P;
    Q = Layout::queues(P, n.V);
    per_input = Q / P;
    whole_packet = c.whole_packet_credits();
    queue_pool = org.pool == BufferOrgInfo::Pool::Queue;
    hold_inputs = !vc && !output_side && !org.multi_read && Q > P;
    hop_delay = 1 + c.st + c.link;
    sa_wait = c.sa - 1;
    va_wait = c.va ? c.va - 1 : 0;
    va_sa_wait = c.va + c.sa - 1;
    granted_wait = (c.va ? 1 : 0) + c.sa - 1;
    const QueueStrides strides = Layout::strides(P, n.V);
    in_stride = strides.in;
    out_stride = strides.out;
    const uint32_t cap = org.capacity(c.sizes);
    ring_cap = ring_slots(c);
    if (org.pool == BufferOrgInfo::Pool::Queue) queue_cap = cap;
    else {
      chunk = c.sizes.chunk_flits;
      if (org.pool == BufferOrgInfo::Pool::Switch) queue_reserve = std::max(c.queue_flits(), cap / (2 * Q));
      pool_cap = (cap - Q * queue_reserve) / chunk;
    }
    const size_t nq = size_t{S} * Q;
    ring.resize(nq * ring_cap);
    present.assign(nq * ring_cap, 0);
    q_head.assign(nq, 0);
    q_count.assign(nq, 0);
    q_occ.assign(nq, 0);
    q_read.assign(chunk > 1 ? nq : 0, 0);
    q_writer.assign(vc ? 0 : nq, kNone);
    q_target.assign(nq, kNone);
    q_ready.assign(nq, 0);
    q_live.assign(words_for(static_cast<uint32_t>(nq)), 0);
    q_need_va.assign(words_for(static_cast<uint32_t>(nq)), 0);
    q_vc0.assign(vc ? nq : 0, 0);
    vc_held.assign(vc ? words_for(static_cast<uint32_t>(nq)) : 0, 0);
    pool_occ.assign(org.pool == BufferOrgInfo::Pool::Switch ? S : size_t{S} * P, 0);
    q_pool.resize(nq);
    for (uint32_t q = 0; q < nq; ++q) q_pool[q] = pool_of(q);
    q_out.assign(nq, 0);
    out_lock.assign(size_t{S} * P, kNone);
    in_lock.assign(hold_inputs ? size_t{S} * P : 0, kNone);
    sw_flits.assign(S, 0);
    sw_wake.assign(S, kNever);
    for (uint32_t k = 0; k < Q; ++k) reader_of.push_back(static_cast<uint16_t>(reader(k)));
    wheel.resize(c.st + c.link + 2);
  }

  // Queue (within its switch) of a flit that arrives on `in` and leaves on `out` (VC 0 of a VC
  // router): strides set once by the layout rather than a switch on it per hop.
  uint32_t local_queue(uint32_t in, uint32_t out) const { return in * in_stride + out * out_stride; }
  // Input port that reads a local queue (input-side organisations).
  uint32_t reader(uint32_t local) const { return local / per_input; }
  uint32_t pool_of(uint32_t q) const {
    const uint32_t sw = q / Q;
    return net().org.pool == BufferOrgInfo::Pool::Switch ? sw : sw * net().P + reader(q % Q);
  }

  // Downstream queue of packet `pkt` leaving hop `hop` (non-VC organisations and ejection).
  uint32_t next_queue(uint32_t pkt, uint32_t hop) const {
    if (hop + 1u == net().packets[pkt].hops) return kEject;
    const Hop& h = net().route_of(pkt)[hop + 1];
    return h.sw * Q + local_queue(h.in_port, h.out_port);
  }

  // Flits a flit must find free downstream (credits): virtual cut-through reserves the whole
  // packet with the head; wormhole one slot per flit.
  uint32_t need(const Flit& f) const {
    if (whole_packet) return f.seq == 0 ? net().packets[f.pkt].flits : 0;
    return 1;
  }
  bool space(uint32_t q2, const Flit& f) const {
    if (q2 == kEject) return true;
    const uint32_t n = need(f);
    // (!vc first: a wormhole VC router then reads neither the flit nor its packet.)
    if (!vc && f.seq == 0 && net().packets[f.pkt].flits > 1 && q_writer[q2] != kNone) return false;
    if (queue_pool) return q_occ[q2] + n <= queue_cap;
    return pool_occ[q_pool[q2]] + pooled(q2, q_occ[q2] + n) - pooled(q2, q_occ[q2]) <= pool_cap;
  }
  // (Pool::Queue: a queue's flits are all its space needs; pool_occ is kept for pools only.)
  void reserve(uint32_t q2, const Flit& f) {
    const uint32_t n = need(f);
    if (!queue_pool) pool_occ[q_pool[q2]] += pooled(q2, q_occ[q2] + n) - pooled(q2, q_occ[q2]);
    q_occ[q2] += n;
  }
  // Chunks queue q spans holding `occ` flits after the ones already read from its first chunk
  // (its last chunk takes its next packets); flits when the pool is not chunked.
  uint32_t chunks(uint32_t q, uint32_t occ) const {
    return chunk == 1 ? occ : (q_read[q] + occ + chunk - 1) / chunk;
  }
  // The pool's share of queue q holding `occ` flits: what exceeds its reserve.
  uint32_t pooled(uint32_t q, uint32_t occ) const { return chunks(q, occ > queue_reserve ? occ - queue_reserve : 0); }
  // One flit leaves queue q: its first chunk is freed once read out.
  void release(uint32_t q) {
    if (queue_pool) {
      --q_occ[q];
      return;
    }
    const uint32_t before = pooled(q, q_occ[q]);
    --q_occ[q];
    if (chunk > 1) q_read[q] = q_occ[q] == 0 || q_read[q] + 1 == chunk ? 0 : q_read[q] + 1;
    pool_occ[q_pool[q]] -= before - pooled(q, q_occ[q]);
  }

  // Flits waiting for output `out` of switch sw (what its output queues show: seed 003 Sec. 3.4's
  // routing logic reads queue_x and FIFO_x), plus one while a packet holds the output: the
  // layout's count (queue_layout.hpp), and the hold where outputs are held (not under VCs).
  int64_t waiting_for(uint32_t sw, uint32_t out) const {
    int64_t n = Layout::queued_for(net(), sw, out);
    if (!vc && out_lock[size_t{sw} * net().P + out] != kNone) ++n;
    return n;
  }
  // Free flits a packet at hop h (its switch, ports) could take: its input's VCs, its queue, or its pool.
  int64_t room_at(const Hop& h) const {
    const uint32_t q = h.sw * Q + local_queue(h.in_port, h.out_port);
    if (!queue_pool) return (int64_t{pool_cap} - pool_occ[q_pool[q]]) * chunk;
    int64_t room = 0;
    for (uint32_t v = 0; v < (vc ? net().V : 1); ++v) room += int64_t{queue_cap} - q_occ[q + v];
    return room;
  }

  // A queue belongs to one packet from its head's send until its tail is in, so flits of two
  // packets never interleave in it. A VC has one writer (its upstream port), whose flits arrive in
  // order: it is free once the tail is sent (BookSim does not wait for the tail's credit). The
  // other queues may have several writers with different delays (an output queue is written by
  // every input and by the node): free once the tail has arrived.
  void claim(uint32_t q2, const Flit& f, bool tail) {
    if (vc) tail ? clear_bit(vc_held.data(), q2) : set_bit(vc_held.data(), q2);
    else if (!output_side && f.seq == 0 && net().packets[f.pkt].flits > 1) q_writer[q2] = f.pkt;
  }

  // Ring slot k places after slot `base` (k <= ring_cap: no division).
  uint32_t ring_pos(uint32_t base, uint32_t k) const { return base + k >= ring_cap ? base + k - ring_cap : base + k; }

  // An event `delay` cycles ahead (delay < the wheel's size).
  void schedule(uint32_t delay, const Event& e) {
    const uint32_t k = wheel_now + delay;
    wheel[k < wheel.size() ? k : k - wheel.size()].push_back(e);
  }

  // The flit at the head of queue q became head at cycle h: when may it act? (Always inlined:
  // GCC's heuristics otherwise put it out of line from enqueue, for ~20 instructions per call,
  // whenever code elsewhere in the engine changes.)
  [[gnu::always_inline]] void establish_head(uint32_t q, uint64_t h) {
    Net& n = net();
    set_bit(q_live.data(), q);
    const Flit& f = ring[size_t{q} * ring_cap + q_head[q]];
    if (n.adaptive && f.seq == 0) n.choose_port(f.pkt, keyed_by_output ? f.hop + 1 : f.hop);
    q_out[q] = n.route_of(f.pkt)[f.hop].out_port;
    if (f.seq != 0) {
      q_ready[q] = std::max(f.arrival, h) + sa_wait;
      return;
    }
    // VC router (BookSim's iq router): a VC serves one packet at a time, so a head queued behind
    // another packet starts RC only when it reaches the front (docs/engines.md, pipeline timing).
    const uint64_t base = vc ? std::max(f.rc_done, h + (f.rc_done - f.arrival)) : std::max(f.rc_done, h);
    const uint32_t next = next_queue(f.pkt, f.hop);
    if (vc && next != kEject) {
      set_bit(q_need_va.data(), q);
      q_vc0[q] = next;
      q_target[q] = kNone;
      q_ready[q] = base + va_wait;
    } else {
      q_target[q] = next;
      q_ready[q] = base + va_sa_wait;
    }
  }

  // A flit arrives at queue q. (Always inlined in the cycle's arrival loop, as it was when the
  // engine was one class: out of line it cost ~8M instructions more on the 0.05 bench config.)
  [[gnu::always_inline]] void enqueue(uint32_t q, const Flit& flit) {
    Net& n = net();
    Flit f = flit;
    const uint32_t flits = n.packets[f.pkt].flits;
    if (!vc && !output_side && f.seq + 1u == flits) q_writer[q] = kNone;
    if (f.seq == 0) {
      f.rc_done = n.routing_done(f);  // (a flit is enqueued in its arrival cycle)
      if (const uint32_t t = n.packets[f.pkt].trace; t != kNone) {
        TraceHop& h = n.traced[t].routers[f.hop];
        h.arrival = f.arrival;
        h.rc_done = f.rc_done;
      }
    }
    uint32_t pos;
    if (output_side) {
      uint32_t& base = n.slot_of[size_t{f.pkt} * n.max_hops + f.hop];
      if (f.seq == 0) {
        base = ring_pos(q_head[q], q_count[q]);
        q_count[q] += flits;
      }
      pos = ring_pos(base, f.seq);
    } else {
      pos = ring_pos(q_head[q], q_count[q]++);
    }
    ring[size_t{q} * ring_cap + pos] = f;
    present[size_t{q} * ring_cap + pos] = 1;
    const uint32_t sw = q / Q;
    n.occupancy.enter(sw, ++sw_flits[sw]);
    if (pos == q_head[q]) {
      establish_head(q, f.arrival);
      sw_wake[sw] = std::min(sw_wake[sw], q_ready[q]);
    }
  }

  // Queue q (a live one, of switch sw, whose head needs no VC) may send its head flit this cycle.
  // (Such a head has its target: set when a head packet reaches the front or gets its VC, kept
  // until its tail is sent.)
  bool ready(uint32_t q, uint32_t sw) const {
    if (net().now < q_ready[q]) return false;
    const uint32_t lock = vc ? kNone : out_lock[size_t{sw} * net().P + q_out[q]];  // VCs never lock an output
    return (lock == kNone || lock == q) && space(q_target[q], ring[size_t{q} * ring_cap + q_head[q]]);
  }

  // Sends the head flit of queue q (switch sw) through output `out`. (Inlined in its two callers:
  // the call's register saves were ~20 instructions per flit-hop.)
  [[gnu::always_inline]] void send(uint32_t q, uint32_t sw, uint32_t out) {
    Net& n = net();
    const uint32_t P = n.P;
    const Flit f = ring[size_t{q} * ring_cap + q_head[q]];
    present[size_t{q} * ring_cap + q_head[q]] = 0;
    clear_bit(q_live.data(), q);
    q_head[q] = after(q_head[q], ring_cap);
    --q_count[q];
    release(q);
    n.occupancy.leave(sw);
    if (--sw_flits[sw] == 0) sw_wake[sw] = kNever;
    ++n.flit_hops;
    n.last_progress = n.now;
    const Packet& p = n.packets[f.pkt];
    const bool tail = f.seq + 1u == p.flits;
    const uint32_t q2 = q_target[q];
    if (n.in_window) ++n.link_flits[size_t{sw} * P + out];
    if (f.seq == 0 && p.trace != kNone) n.traced[p.trace].routers[f.hop].sent = n.now;
    if (q2 == kEject) {
      schedule(hop_delay, {f.pkt, f.seq, f.hop, kEject});
    } else {
      reserve(q2, f);
      claim(q2, f, tail);
      schedule(hop_delay, {f.pkt, f.seq, static_cast<uint16_t>(f.hop + 1), q2});
    }
    if (!vc && p.flits > 1) out_lock[size_t{sw} * P + out] = tail ? kNone : q;
    if (!vc && hold_inputs && p.flits > 1) in_lock[size_t{sw} * P + reader_of[q - sw * Q]] = tail ? kNone : q;
    if (tail) q_target[q] = kNone;
    if (q_count[q] && present[size_t{q} * ring_cap + q_head[q]]) establish_head(q, n.now + 1);
  }
};

}  // namespace switchlab
