#include "engine/cycle/network.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <tuple>
#include <vector>

#include "cache/cache_bank.hpp"
#include "engine/cache_keys.hpp"
#include "engine/cycle/bits.hpp"
#include "engine/cycle/occupancy.hpp"
#include "engine/cycle/offered_spread.hpp"
#include "engine/cycle/replay.hpp"

namespace switchlab {
namespace {

using json = nlohmann::json;
constexpr uint32_t kNone = 0xFFFFFFFFu;
constexpr uint32_t kEject = 0xFFFFFFFEu;  // target of a packet's last hop: the ejection link
constexpr uint64_t kNever = ~uint64_t{0};
// No flit moved for this many cycles while flits wait: a routing deadlock (e.g. a torus ring
// without datelines). The run stops and says so rather than spinning.
constexpr uint64_t kDeadlockCycles = 20000;

struct Packet {
  uint64_t created = 0, injected = 0;  // cycles: creation, head onto the injection link
  uint32_t src = 0, dst = 0;
  uint16_t flits = 1, hops = 0;
  bool measured = false;
  uint32_t trace = kNone;  // index in the per-packet trace, or kNone
};

// One traced packet (sim.trace_packets): the head flit's cycle at every router it crosses.
struct TraceHop {
  uint32_t sw = 0;
  uint16_t in_port = 0, out_port = 0;
  uint64_t arrival = 0, rc_done = 0, sent = 0;
};
struct TracedPacket {
  uint32_t src = 0, dst = 0, flits = 0;
  uint64_t created = 0, injected = 0, ejected = 0;
  std::vector<TraceHop> routers;
};

struct Flit {
  uint32_t pkt;
  uint16_t seq;  // 0 = head, flits - 1 = tail
  uint16_t hop;  // index of the router it is at in the packet's route
  uint64_t arrival, rc_done;
};

// A flit's arrival (at a queue or the ejection link): the flit without its cycles, which are
// the event's own (its arrival) and not yet known (RC).
struct Event {
  uint32_t pkt;
  uint16_t seq, hop;
  uint32_t queue;  // global queue id, or kEject
  Flit flit(uint64_t now) const { return {pkt, seq, hop, now, 0}; }
};

// `count` packets of `flits` flits each to `dst`, created at `created` (a trace message's packets
// share one entry, so a long message costs no memory per packet).
struct SourceEntry {
  uint64_t created;
  uint32_t dst;
  uint16_t flits;
  uint64_t count;
};

// Per node: the source queue (unbounded, as BookSim's) and the packet being sent.
struct Node {
  std::deque<SourceEntry> queue;
  uint32_t pkt = kNone, seq = 0, target = kNone;
  bool on = false;  // on/off process state
};

// Queues per switch of an organisation: what a flit's queue is keyed by (BufferOrgInfo::Key).
uint32_t queues_per_switch(BufferOrgInfo::Key key, uint32_t P, uint32_t V) {
  switch (key) {
    case BufferOrgInfo::Key::Input: return P;
    case BufferOrgInfo::Key::InputVc: return P * V;
    case BufferOrgInfo::Key::InputOutput: return P * P;
    case BufferOrgInfo::Key::Output: return P;
  }
  return 0;
}

// Slots of one queue's ring: whatever its queue or pool may hold (a queue of a pool may take all
// of it). An output queue is written by every input at once: each packet gets its slots in the
// order its head arrived, and its body flits fill them as they come, so packets stay contiguous
// without holding writers back; the head reserved that room upstream (whole_packet_credits), so
// assigned slots never exceed the credits.
uint32_t ring_slots(const CycleConfig& c) { return c.org->capacity(c.sizes); }

// Bytes of an allocator's state for n ports (AllocState: its request rows and columns, pointers).
double alloc_bytes(uint32_t n) { return 2.0 * n * words_for(n) * 8 + 4.0 * n + 32.0 * words_for(n); }

}  // namespace

// The engine behind CycleNetwork, compiled once per buffer organisation key (Engine<K>): the
// organisation's tests in the per-flit path are then constants, and the benchmark's VC router
// runs without the other organisations' branches. Chosen once, when the network is built.
struct CycleNetwork::Impl {
  virtual ~Impl() = default;
  virtual uint64_t advance(uint64_t cycles) = 0;
  virtual LoadPoint point() const = 0;
  virtual nlohmann::json report() const = 0;
  static std::unique_ptr<Impl> make(const Experiment& ex, double load);
  template <BufferOrgInfo::Key K>
  struct Engine;
};

template <BufferOrgInfo::Key K>
struct CycleNetwork::Impl::Engine final : CycleNetwork::Impl {
  static constexpr bool vc = K == BufferOrgInfo::Key::InputVc, output_side = K == BufferOrgInfo::Key::Output;
  // A flit's queue depends on its out port at that switch (virtual output queues, output queues).
  static constexpr bool keyed_by_output = K == BufferOrgInfo::Key::InputOutput || output_side;
  const Experiment& ex;
  const CycleConfig& c;
  const Topology& topo;
  const BufferOrgInfo& org;
  const double load;
  const uint32_t N, S, P, V, Q, L, max_hops, per_input;  // L: flits of the largest packet; per_input: queues per input port
  // Per node and cycle, the chance a packet starts (Bernoulli process; on/off while on) and, on/off,
  // that a burst ends or starts: divided once here, not per node every cycle, as
  // Rng::bernoulli_threshold.
  const uint64_t p_packet, p_packet_on, p_burst_end, p_burst_start;
  // Hot-path copies of config flags (one load from here rather than two through c or org).
  const bool whole_packet, queue_pool;  // whole_packet: CycleConfig::whole_packet_credits; queue_pool: each queue has its own space (Pool::Queue)
  // Several queues per input read through one port (voq, damq): the input, like an output, is
  // held by one packet from head to tail (seed 003 Sec. 2: the other outputs "wait idly for this
  // port to finish transmitting its packet"); otherwise two packets would share the read port
  // flit by flit and leave both their outputs, held for them, half idle.
  const bool hold_inputs;
  const bool adaptive;  // Topology::adaptive_routing: choose_port picks some hops' out ports
  const bool by_local_queues;  // Topology::adaptive_by_local_queues: the flits waiting for a port come first
  std::vector<Hop> scratch_route;  // choose_port's trial routes
  const uint32_t hop_delay;            // from a send to the flit's arrival downstream: 1 + st + link
  // Cycles from the start of a head's stage to its first try (q_ready): a body flit's SA, VA,
  // VA and SA (a head that needs no VC), SA after a VC grant.
  const uint32_t sa_wait, va_wait, va_sa_wait, granted_wait;
  bool datelines = false;  // VCs split at ring datelines (vc_range)
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
  std::vector<uint16_t> q_ptr;      // per (switch, input): round-robin over its queues
  std::vector<uint16_t> reader_of;  // per local queue: the input port that reads it (input side)
  std::vector<uint16_t> vc_ptr;     // per (switch, input): round-robin over its VCs at VA
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

  std::vector<Packet> packets;
  std::vector<Hop> routes;  // max_hops per packet slot
  // Output-side organisations: per packet and hop, the ring slot of its head in that output queue.
  std::vector<uint32_t> slot_of;
  // Dateline VCs: per packet and hop, it has crossed its ring's dateline (vc_range), set once per
  // route rather than walked back at every VC request.
  std::vector<uint8_t> crossed;
  std::vector<uint32_t> free_packets;
  std::vector<Node> nodes;
  std::vector<uint64_t> node_busy;  // per node: a packet queued or being sent (the others skip injection)
  std::vector<uint64_t> node_sent;  // per node: the pattern let it send a generated packet (offered_spread's senders)
  std::vector<std::vector<Event>> wheel;
  uint32_t wheel_now = 0;  // now % wheel.size()

  // Caches and CAMs (routing computation).
  std::unique_ptr<CacheBank> caches;
  std::vector<uint32_t> set_of_dst, set_of_port;
  std::vector<uint64_t> cam_free;
  uint64_t cam_searches = 0;

  Rng inj_rng, dst_rng, route_rng, alloc_rng, size_rng;
  std::vector<uint32_t> mix_cumulative;  // size mix: running sums of the weights

  // Replayed messages instead of generated injection (engine/cycle/replay.hpp).
  std::unique_ptr<Replay> replay;
  std::vector<ReplayMessage> due;
  uint64_t last_ejection = 0;
  uint64_t now = 0, last_progress = 0, in_network = 0;
  bool in_window = false;  // now is in the measured window (set at the start of each cycle)
  uint64_t flit_hops = 0;  // flits sent through a switch, whole run (the work, for make bench)
  bool deadlock = false, finished = false;

  // Measurement (docs/engines.md, "Measurement").
  uint64_t W, end_window, end_all;
  uint64_t gen_flits = 0, ejected_flits = 0, outstanding = 0, measured_packets = 0, delivered = 0;
  uint64_t src_flits = 0, backlog_start = 0, backlog_end = 0;
  std::vector<uint64_t> ejected_by_node;
  // Packet / network latency: packets per latency in cycles, indexed by latency (a count per
  // delivered packet without a tree walk; 8 bytes per cycle of the longest latency).
  std::vector<uint64_t> latency_hist, network_hist;
  uint64_t latency_sum = 0, network_sum = 0, hop_sum = 0;
  std::vector<uint64_t> lookups_by_class, hits_by_class;
  std::vector<uint8_t> in_class;     // per (switch, input port): its port class, looked up once
  std::vector<uint64_t> link_flits;  // per (switch, output), in the window
  WindowOccupancy occupancy;         // flits buffered per switch, in the window
  std::vector<TracedPacket> traced;

  Engine(const Experiment& e, double ld)
      : ex(e), c(e.cycle), topo(*e.topology), org(*e.cycle.org), load(ld), N(topo.num_nodes()), S(topo.num_switches()),
        P(topo.ports_per_switch()), V(e.cycle.sizes.vcs), Q(queues_per_switch(e.cycle.org->key, P, V)), L(e.cycle.max_packet_flits()),
        max_hops(topo.max_hops()), per_input(Q / P), p_packet(Rng::bernoulli_threshold(ld / e.cycle.mean_packet_flits())), p_packet_on(Rng::bernoulli_threshold(1.0 / e.cycle.mean_packet_flits())),
        p_burst_end(Rng::bernoulli_threshold(1.0 / e.cycle.burst_flits)),
        p_burst_start(Rng::bernoulli_threshold(ld / (e.cycle.burst_flits * (1.0 - ld) + ld))),
        whole_packet(c.whole_packet_credits()), queue_pool(org.pool == BufferOrgInfo::Pool::Queue),
        hold_inputs(!vc && !output_side && !org.multi_read && Q > P), adaptive(topo.adaptive_routing()),
        by_local_queues(topo.adaptive_by_local_queues()), hop_delay(1 + c.st + c.link),
        sa_wait(c.sa - 1), va_wait(c.va ? c.va - 1 : 0), va_sa_wait(c.va + c.sa - 1), granted_wait((c.va ? 1 : 0) + c.sa - 1),
        inj_rng(Rng::derive(e.seed, 1)), dst_rng(Rng::derive(e.seed, 2)), route_rng(Rng::derive(e.seed, 3)),
        alloc_rng(Rng::derive(e.seed, 4)), size_rng(Rng::derive(e.seed, 6)), W(c.warmup), end_window(c.warmup + c.measure),
        end_all(c.warmup + c.measure + c.drain), occupancy(S, W, end_window) {
    std::tie(in_stride, out_stride) = queue_strides();
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
    q_ptr.assign(size_t{S} * P, 0);
    for (uint32_t k = 0; k < Q; ++k) reader_of.push_back(static_cast<uint16_t>(reader(k)));
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
    sa_islip = c.allocator->name == "islip" && P <= 64 && !org.multi_read;
    cand.resize(size_t{P} * P);
    grant.resize(P);
    nodes.resize(N);
    node_busy.assign(words_for(N), 0);
    node_sent.assign(words_for(N), 0);
    wheel.resize(c.st + c.link + 2);
    ejected_by_node.assign(N, 0);
    link_flits.assign(size_t{S} * P, 0);
    lookups_by_class.assign(topo.port_classes().size(), 0);
    hits_by_class.assign(topo.port_classes().size(), 0);
    for (uint32_t s = 0; s < S; ++s)
      for (uint16_t p = 0; p < P; ++p) in_class.push_back(topo.port_class(s, p));
    if (ex.cache.enabled) {
      const size_t n = ex.cache.per_switch ? S : size_t{S} * P;
      caches = make_cache_bank(ex, n);
      if (ex.cache.index->keyed_by_output_port) set_of_port = sets_by_output_port(ex);
      else set_of_dst = sets_by_destination(ex);
      cam_free.assign(c.cam_shared ? S : size_t{S} * P, 0);
      if (ex.cache.prefetch_all_to_all) prefetch_caches();
    }
    for (auto& n : nodes) n.on = c.on_off && inj_rng.bernoulli(load);
    for (uint32_t w : c.mix_weights) mix_cumulative.push_back((mix_cumulative.empty() ? 0 : mix_cumulative.back()) + w);
    if (c.replay) replay = c.replay->make(ex);
    datelines = vc && V >= 2 && has_rings();
    scratch_route.resize(adaptive ? max_hops : 0);
  }

  bool has_rings() const {
    for (uint32_t s = 0; s < S; ++s)
      for (uint16_t o = 0; o < P; ++o)
        if (topo.ring_link(s, o).ring >= 0) return true;
    return false;
  }

  // Queue (within its switch) of a flit that arrives on `in` and leaves on `out` (VC 0 of a VC
  // router): strides set once by the organisation rather than a switch on it per hop.
  uint32_t local_queue(uint32_t in, uint32_t out) const { return in * in_stride + out * out_stride; }
  std::pair<uint32_t, uint32_t> queue_strides() const {  // (in_stride, out_stride)
    switch (org.key) {
      case BufferOrgInfo::Key::Input: return {1, 0};
      case BufferOrgInfo::Key::InputVc: return {V, 0};
      case BufferOrgInfo::Key::InputOutput: return {P, 1};
      case BufferOrgInfo::Key::Output: return {0, 1};
    }
    return {0, 0};
  }
  // Input port that reads a local queue (input-side organisations).
  uint32_t reader(uint32_t local) const { return local / per_input; }
  uint32_t pool_of(uint32_t q) const {
    const uint32_t sw = q / Q;
    return org.pool == BufferOrgInfo::Pool::Switch ? sw : sw * P + reader(q % Q);
  }
  const Hop* route_of(uint32_t pkt) const { return &routes[size_t{pkt} * max_hops]; }

  // Downstream queue of packet `pkt` leaving hop `hop` (non-VC organisations and ejection).
  uint32_t next_queue(uint32_t pkt, uint32_t hop) const {
    if (hop + 1u == packets[pkt].hops) return kEject;
    const Hop& h = route_of(pkt)[hop + 1];
    return h.sw * Q + local_queue(h.in_port, h.out_port);
  }

  // Flits a flit must find free downstream (credits): virtual cut-through reserves the whole
  // packet with the head; wormhole one slot per flit.
  uint32_t need(const Flit& f) const {
    if (whole_packet) return f.seq == 0 ? packets[f.pkt].flits : 0;
    return 1;
  }
  bool space(uint32_t q2, const Flit& f) const {
    if (q2 == kEject) return true;
    const uint32_t n = need(f);
    // (!vc first: a wormhole VC router then reads neither the flit nor its packet.)
    if (!vc && f.seq == 0 && packets[f.pkt].flits > 1 && q_writer[q2] != kNone) return false;
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

  // The look-up hop `h` of a packet to `dst` makes: its cache, set and tag.
  CacheAccess cache_key(const Hop& h, uint32_t dst) const {
    const bool switchable = !set_of_port.empty();
    const uint32_t tag = switchable ? h.out_port : dst;
    const uint32_t port = h.sw * P + h.in_port;
    return {ex.cache.per_switch ? h.sw : port, switchable ? set_of_port[tag] : set_of_dst[dst], tag};
  }

  // switch.cache.prefetch = all_to_all (seed 000 Sec. VI-A, as in the route walk): every ordered node
  // pair routed once through the caches before the first cycle. Its own random stream, so the
  // simulation's draws are those of a run without the prefetch.
  void prefetch_caches() {
    Rng rng(Rng::derive(ex.seed, 5));
    std::vector<Hop> hops(max_hops);
    for (uint32_t s = 0; s < N; ++s)
      for (uint32_t d = 0; d < N; ++d) {
        if (s == d) continue;
        const uint32_t n = topo.route(s, d, rng, hops.data());
        for (uint32_t i = 0; i < n; ++i) {
          const CacheAccess k = cache_key(hops[i], d);
          caches->access(k.cache, k.set, k.tag);
        }
      }
  }

  // Routing computation of a head flit arriving now on (sw, in): the input port's cache decides
  // hit or miss; a miss waits for its CAM (one search every cam_cycles).
  uint64_t routing_done(const Flit& f) {
    const Hop& h = route_of(f.pkt)[f.hop];
    const size_t port = size_t{h.sw} * P + h.in_port;
    const uint8_t cls = in_class[port];
    if (in_window) ++lookups_by_class[cls];
    if (!caches) return now + c.rc_no_cache;
    const CacheAccess k = cache_key(h, packets[f.pkt].dst);
    if (caches->access(k.cache, k.set, k.tag)) {
      if (in_window) ++hits_by_class[cls];
      return now + c.rc_hit;
    }
    uint64_t& cam = cam_free[c.cam_shared ? h.sw : port];
    const uint64_t start = std::max(now, cam);
    cam = start + c.cam_cycles;
    if (in_window) ++cam_searches;
    return start + c.rc_miss;
  }

  // The flit at the head of queue q became head at cycle h: when may it act? (Always inlined:
  // GCC's heuristics otherwise put it out of line from enqueue, for ~20 instructions per call,
  // whenever code elsewhere in this file changes.)
  [[gnu::always_inline]] void establish_head(uint32_t q, uint64_t h) {
    set_bit(q_live.data(), q);
    const Flit& f = ring[size_t{q} * ring_cap + q_head[q]];
    if (adaptive && f.seq == 0) choose_port(f.pkt, keyed_by_output ? f.hop + 1 : f.hop);
    q_out[q] = route_of(f.pkt)[f.hop].out_port;
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

  // Adaptive routing: hop `hop`'s out port (if the topology leaves it open) is the one with the
  // most room at the next switch's input: the free flits of the queues the packet could join there
  // (ties: from a drawn start, round robin). With by_local_queues the flits already waiting for the
  // port in its own switch come first (fewest wins), the room downstream breaks ties. It is chosen
  // when the engine first needs it: when the head reaches the front of its queue at that switch,
  // or, where a flit's queue depends on its out port, when the previous switch (or the source)
  // picks that queue (docs/engines.md).
  void choose_port(uint32_t pkt, uint32_t hop) {
    const Packet& p = packets[pkt];
    if (hop >= p.hops) return;
    Hop* r = &routes[size_t{pkt} * max_hops];
    const uint32_t n = topo.adaptive_choices(r, hop);
    if (n == 0) return;
    const uint32_t start = static_cast<uint32_t>(route_rng.uniform_u64(n));
    uint32_t best = start;
    int64_t best_waiting = 0, best_room = -1;
    for (uint32_t k = 0; k < n; ++k) {
      const uint32_t choice = (start + k) % n;
      std::copy(r, r + p.hops, scratch_route.begin());
      topo.retarget(scratch_route.data(), hop, choice, p.dst);
      const Hop& h = scratch_route[hop];
      const int64_t waiting = by_local_queues ? waiting_for(h.sw, h.out_port) : 0;
      const int64_t room = room_at(scratch_route[hop + 1]);  // a choice hop is never the last
      if (best_room < 0 || waiting < best_waiting || (waiting == best_waiting && room > best_room))
        best = choice, best_waiting = waiting, best_room = room;
    }
    topo.retarget(r, hop, best, p.dst);
    if (p.trace != kNone)
      for (uint32_t k = hop; k < p.hops; ++k) {
        TraceHop& t = traced[p.trace].routers[k];
        t.sw = r[k].sw, t.in_port = r[k].in_port, t.out_port = r[k].out_port;
      }
  }
  // Flits waiting for output `out` of switch sw (what its output queues show: seed 003 Sec. 3.4's
  // routing logic reads queue_x and FIFO_x), plus one while a packet holds the output. Per-output
  // queues (VOQ, DAMQ, HIPIQS: over all inputs; output queues) count their flits, reserved ones
  // included; an input FIFO has no per-output count and shows the hold only; VCs, neither.
  int64_t waiting_for(uint32_t sw, uint32_t out) const {
    int64_t n = 0;
    if (K == BufferOrgInfo::Key::InputOutput)
      for (uint32_t i = 0; i < P; ++i) n += q_occ[size_t{sw} * Q + local_queue(i, out)];
    else if (output_side)
      n = q_occ[size_t{sw} * Q + local_queue(0, out)];
    if (!vc && out_lock[size_t{sw} * P + out] != kNone) ++n;
    return n;
  }
  // Free flits a packet at hop h (its switch, ports) could take: its input's VCs, its queue, or its pool.
  int64_t room_at(const Hop& h) const {
    const uint32_t q = h.sw * Q + local_queue(h.in_port, h.out_port);
    if (!queue_pool) return (int64_t{pool_cap} - pool_occ[q_pool[q]]) * chunk;
    int64_t room = 0;
    for (uint32_t v = 0; v < (vc ? V : 1); ++v) room += int64_t{queue_cap} - q_occ[q + v];
    return room;
  }

  // A queue belongs to one packet from its head's send until its tail is in, so flits of two
  // packets never interleave in it. A VC has one writer (its upstream port), whose flits arrive in
  // order: it is free once the tail is sent (BookSim does not wait for the tail's credit). The
  // other queues may have several writers with different delays (an output queue is written by
  // every input and by the node): free once the tail has arrived.
  void claim(uint32_t q2, const Flit& f, bool tail) {
    if (vc) tail ? clear_bit(vc_held.data(), q2) : set_bit(vc_held.data(), q2);
    else if (!output_side && f.seq == 0 && packets[f.pkt].flits > 1) q_writer[q2] = f.pkt;
  }

  // Ring slot k places after slot `base` (k <= ring_cap: no division).
  uint32_t ring_pos(uint32_t base, uint32_t k) const { return base + k >= ring_cap ? base + k - ring_cap : base + k; }

  void enqueue(uint32_t q, const Flit& flit) {
    Flit f = flit;
    const uint32_t flits = packets[f.pkt].flits;
    if (!vc && !output_side && f.seq + 1u == flits) q_writer[q] = kNone;
    if (f.seq == 0) {
      f.rc_done = routing_done(f);  // (a flit is enqueued in its arrival cycle)
      if (const uint32_t t = packets[f.pkt].trace; t != kNone) {
        TraceHop& h = traced[t].routers[f.hop];
        h.arrival = f.arrival;
        h.rc_done = f.rc_done;
      }
    }
    uint32_t pos;
    if (output_side) {
      uint32_t& base = slot_of[size_t{f.pkt} * max_hops + f.hop];
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
    occupancy.enter(sw, ++sw_flits[sw]);
    if (pos == q_head[q]) {
      establish_head(q, f.arrival);
      sw_wake[sw] = std::min(sw_wake[sw], q_ready[q]);
    }
  }

  void eject(const Flit& f) {
    Packet& p = packets[f.pkt];
    if (in_window) {
      ++ejected_flits;
      ++ejected_by_node[p.dst];
    }
    --in_network;
    last_ejection = now;
    if (f.seq + 1u != p.flits) return;
    if (replay) replay->delivered(now);
    if (p.trace != kNone) traced[p.trace].ejected = now;
    if (p.measured) {
      count(latency_hist, now - p.created);
      latency_sum += now - p.created;
      network_sum += now - p.injected;
      count(network_hist, now - p.injected);
      hop_sum += p.hops;
      ++delivered;
      --outstanding;
    }
    free_packets.push_back(f.pkt);
  }

  static void count(std::vector<uint64_t>& hist, uint64_t latency) {
    if (latency >= hist.size()) hist.resize(latency + 1);
    ++hist[latency];
  }

  // An event `delay` cycles ahead (delay < the wheel's size).
  void schedule(uint32_t delay, const Event& e) {
    const uint32_t k = wheel_now + delay;
    wheel[k < wheel.size() ? k : k - wheel.size()].push_back(e);
  }

  // Sends the head flit of queue q (switch sw) through output `out`. (Inlined in its two callers:
  // the call's register saves were ~20 instructions per flit-hop.)
  [[gnu::always_inline]] void send(uint32_t q, uint32_t sw, uint32_t out) {
    const Flit f = ring[size_t{q} * ring_cap + q_head[q]];
    present[size_t{q} * ring_cap + q_head[q]] = 0;
    clear_bit(q_live.data(), q);
    q_head[q] = after(q_head[q], ring_cap);
    --q_count[q];
    release(q);
    occupancy.leave(sw);
    if (--sw_flits[sw] == 0) sw_wake[sw] = kNever;
    ++flit_hops;
    last_progress = now;
    const Packet& p = packets[f.pkt];
    const bool tail = f.seq + 1u == p.flits;
    const uint32_t q2 = q_target[q];
    if (in_window) ++link_flits[size_t{sw} * P + out];
    if (f.seq == 0 && p.trace != kNone) traced[p.trace].routers[f.hop].sent = now;
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
    if (q_count[q] && present[size_t{q} * ring_cap + q_head[q]]) establish_head(q, now + 1);
  }

  // Dateline VCs: the VCs the head packet of queue q may take at its next router. Splitting them
  // is on when the network has rings and there are at least two VCs; then a packet uses the lower
  // half of the VCs in a ring until it has crossed the ring's dateline, the upper half after
  // (each ring's channel dependencies become acyclic; a new ring starts in the lower half). The
  // head flit is read only then.
  std::pair<uint32_t, uint32_t> vc_range(uint32_t q) const {
    if (!datelines) return {0, V};
    const Flit& f = ring[size_t{q} * ring_cap + q_head[q]];
    return crossed[size_t{f.pkt} * max_hops + f.hop] ? std::pair<uint32_t, uint32_t>{V / 2, V}
                                                      : std::pair<uint32_t, uint32_t>{0, V / 2};
  }

  // A packet has crossed its ring's dateline at hop k if hop k's link is on a ring and is that
  // ring's dateline, or the previous hop was on the same ring and had crossed.
  void mark_crossings(uint32_t pkt) {
    const Hop* r = route_of(pkt);
    uint8_t* out = &crossed[size_t{pkt} * max_hops];
    int32_t ring_before = -1;
    for (uint32_t k = 0; k < packets[pkt].hops; ++k) {
      const RingLink link = topo.ring_link(r[k].sw, r[k].out_port);
      out[k] = link.ring >= 0 && (link.dateline || (link.ring == ring_before && out[k - 1]));
      ring_before = link.ring;
    }
  }

  // A free VC of [lo, hi) at (sw, in) whose VCs start at queue `base`, round robin; -1 if none.
  int32_t free_vc(uint32_t base, uint32_t sw, uint16_t in, std::pair<uint32_t, uint32_t> range) {
    const uint32_t lo = range.first, hi = range.second;
    uint16_t& ptr = vc_ptr[size_t{sw} * P + in];
    const uint32_t n = hi - lo;
    const uint32_t from = ptr >= lo && ptr < hi ? ptr - lo : 0;
    const int32_t k = round_robin_pick(from, n, [&](uint32_t v) { return !test_bit(vc_held.data(), base + lo + v); });
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
    for_each_bit_in(q_need_va.data(), sw * Q, sw * Q + Q, [&](uint32_t q) {
      if (now < q_ready[q]) return;
      const uint32_t base = q_vc0[q], k = q - sw * Q;
      const auto [lo, hi] = vc_range(q);
      const uint64_t free = ~window(vc_held.data(), base + lo, hi - lo) & low_bits(hi - lo);
      va_req.add_run(k, q_out[q] * V + lo, free);
    });
    if (va_req.empty()) return;
    c.allocator->allocate(va_req, c.iterations, va_alloc[sw], alloc_rng, va_grant.data());
    // Only output VCs that were requested can have been granted.
    for_each_bit(va_req.outputs.data(), va_req.words, [&](uint32_t ov) {
      if (va_grant[ov] >= 0) grant_vc(sw * Q + static_cast<uint32_t>(va_grant[ov]), ov);
    });
    va_req.clear();
  }

  // Queue q gets output VC ov (its port * V + VC).
  void grant_vc(uint32_t q, uint32_t ov) {
    const uint32_t target = q_vc0[q] + ov - q_out[q] * V;
    set_bit(vc_held.data(), target);
    q_target[q] = target;
    clear_bit(q_need_va.data(), q);
    q_ready[q] = now + granted_wait;
  }

  // iSLIP VC allocation, the grants and pointers of grant_accept<true, 1> on the (ports x VCs)
  // square, computed per output port: an input VC requests VCs of one port only, so the square
  // splits into one small matching per port, and a port whose VCs have one requester each needs
  // no grant phase (its requests are the grants) even when another port is contested.
  void allocate_vcs_by_port(uint32_t sw) {
    const uint32_t n = P * V;
    uint64_t ports = 0, contested = 0;
    for_each_bit_in(q_need_va.data(), sw * Q, sw * Q + Q, [&](uint32_t q) {
      if (now < q_ready[q]) return;
      const uint32_t k = q - sw * Q, p = q_out[q];
      const auto [lo, hi] = vc_range(q);
      const uint64_t free = ~window(vc_held.data(), q_vc0[q] + lo, hi - lo) & low_bits(hi - lo);
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
        islip_accept_uncontested(va_rows.data(), ins, n, st, [&](uint32_t k, uint32_t ov) { grant_vc(sw * Q + k, ov); });
        continue;
      }
      add_columns(va_rows.data(), ins, va_cols.data());
      islip_rounds(va_cols.data(), ins, outs, c.iterations, n, st, [&](uint32_t k, uint32_t ov) { grant_vc(sw * Q + k, ov); });
      for (uint64_t m = outs; m; m &= m - 1) va_cols[lowest_bit(m)] = 0;
    }
  }

  // Queue q (a live one, of switch sw, whose head needs no VC) may send its head flit this cycle.
  // (Such a head has its target: set when a head packet reaches the front or gets its VC, kept
  // until its tail is sent.)
  bool ready(uint32_t q, uint32_t sw) const {
    if (now < q_ready[q]) return false;
    const uint32_t lock = vc ? kNone : out_lock[size_t{sw} * P + q_out[q]];  // VCs never lock an output
    return (lock == kNone || lock == q) && space(q_target[q], ring[size_t{q} * ring_cap + q_head[q]]);
  }

  void step_switch(uint32_t sw) {
    if (vc) allocate_vcs(sw);
    if (output_side) {  // each output reads its own queue
      for_each_bit_in(q_live.data(), sw * Q, sw * Q + Q, [&](uint32_t q) {
        if (ready(q, sw)) send(q, sw, q - sw * Q);
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
    if (org.multi_read) {  // each requested output arbitrates on its own (round robin)
      for_each_bit(req.outputs.data(), req.words, [&](uint32_t o) {
        uint16_t& ptr = alloc[sw].out_ptr[o];
        const uint64_t* col = req.column(o);
        grant[o] = first_bit_from(ptr, req.words, [&](uint32_t k) { return col[k]; });
        ptr = static_cast<uint16_t>(after(grant[o], P));
      });
    } else {
      c.allocator->allocate(req, c.iterations, alloc[sw], alloc_rng, grant.data());
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
    islip_accept_uncontested(req.by_input.data(), req.inputs[0], P, alloc[sw], [&](uint32_t i, uint32_t o) {
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
    const uint32_t q = cand[i * P + o];
    q_ptr[size_t{sw} * P + i] = static_cast<uint16_t>(after(q - sw * Q - i * per_input, per_input));
    send(q, sw, o);
  }

  // Place of a switch's local queue in its input's round robin, counted from the input's pointer.
  uint32_t rr_rank(uint32_t sw, uint32_t local) const {
    const uint32_t i = reader_of[local], j = local - i * per_input, from = q_ptr[size_t{sw} * P + i];
    return j >= from ? j - from : j + per_input - from;
  }

  // Switch allocation's requests: per (input, output), of the input's ready queues for that output
  // the first in the input's round robin. One pass over the switch's live queues, but for heads
  // still waiting for a VC (they have no target yet).
  void collect_requests(uint32_t sw) {
    auto may_request = [&](uint32_t k) { return q_live[k] & ~q_need_va[k]; };
    for_each_bit_of(may_request, sw * Q, sw * Q + Q, [&](uint32_t q) {
      if (!ready(q, sw)) return;
      const uint32_t local = q - sw * Q, i = reader_of[local], o = q_out[q];
      if (!vc && hold_inputs) {
        const uint32_t held = in_lock[size_t{sw} * P + i];
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

  uint32_t new_packet(uint32_t src, uint32_t dst, uint64_t created, uint16_t flits) {
    uint32_t id;
    if (!free_packets.empty()) {
      id = free_packets.back();
      free_packets.pop_back();
    } else {
      id = static_cast<uint32_t>(packets.size());
      packets.emplace_back();
      routes.resize(routes.size() + max_hops);
      if (output_side) slot_of.resize(routes.size());
      if (datelines) crossed.resize(routes.size());
    }
    Packet& p = packets[id];
    p.created = created;
    p.injected = now;
    p.src = src;
    p.dst = dst;
    p.flits = flits;
    p.hops = static_cast<uint16_t>(topo.route(src, dst, route_rng, &routes[size_t{id} * max_hops]));
    if (datelines) mark_crossings(id);
    p.measured = created >= W && created < end_window;
    p.trace = kNone;
    if (p.measured && traced.size() < c.trace_packets) {
      p.trace = static_cast<uint32_t>(traced.size());
      TracedPacket t{src, dst, p.flits, created, 0, 0, {}};
      for (uint32_t k = 0; k < p.hops; ++k) {
        const Hop& h = route_of(id)[k];
        t.routers.push_back({h.sw, h.in_port, h.out_port, 0, 0, 0});
      }
      traced.push_back(std::move(t));
    }
    return id;
  }

  // A packet's size: packet_flits, or drawn from the size mix (its own random stream).
  uint16_t packet_size() {
    if (mix_cumulative.empty()) return static_cast<uint16_t>(L);
    const uint64_t r = size_rng.uniform_u64(mix_cumulative.back());
    size_t k = 0;
    while (r >= mix_cumulative[k]) ++k;
    return static_cast<uint16_t>(c.mix_flits[k]);
  }

  void add_to_source(uint32_t n, const SourceEntry& e) {
    nodes[n].queue.push_back(e);
    set_bit(node_busy.data(), n);
    const uint64_t flits = uint64_t{e.flits} * e.count;
    src_flits += flits;
    if (in_window) {
      gen_flits += flits;
      measured_packets += e.count;
      outstanding += e.count;
    }
  }

  // A replay's messages due this cycle join their source queues, all of a message's packets at once.
  void release_messages() {
    due.clear();
    replay->release(now, due);
    for (const ReplayMessage& m : due) {
      if (m.packets > 1) add_to_source(m.src, {now, m.dst, static_cast<uint16_t>(L), m.packets - 1});
      add_to_source(m.src, {now, m.dst, m.last_flits, 1});
    }
  }
  bool replay_done() const { return replay && replay->finished(now) && src_flits == 0 && in_network == 0; }

  // Each node may start a packet this cycle (Bernoulli process, or on/off).
  void generate() {
    if (!c.on_off) return generate_bernoulli();
    for (uint32_t n = 0; n < N; ++n)
      if (on_off_starts(nodes[n])) start_packet(n);
  }

  // One draw per node and cycle, on a local copy of the stream: its state stays in registers
  // through the loop (a packet's destination and size come from other streams).
  void generate_bernoulli() {
    Rng rng = inj_rng;
    for (uint32_t n = 0; n < N; ++n)
      if (rng.bernoulli_below(p_packet)) start_packet(n);
    inj_rng = rng;
  }

  // Bursts at one flit per cycle; on periods of burst_flits cycles on average, off periods sized
  // so that the duty cycle is the load. An off period may last no cycle at all (a burst that ends
  // is followed at once by the next with p_burst_start): with off periods of at least one cycle
  // the duty cycle could not pass burst_flits / (burst_flits + 1). Per cycle: on -> off with
  // a (1 - p), off -> on with p, for a = 1 / burst_flits and p = load / (burst_flits (1 - load) + load),
  // so that the share of on cycles p / (p + a (1 - p)) is the load.
  bool on_off_starts(Node& node) {
    if (node.on) node.on = !inj_rng.bernoulli_below(p_burst_end) || inj_rng.bernoulli_below(p_burst_start);
    else node.on = inj_rng.bernoulli_below(p_burst_start);
    return node.on && inj_rng.bernoulli_below(p_packet_on);
  }

  void start_packet(uint32_t n) {
    uint32_t dst;
    if (!ex.traffic->next_from(dst_rng, n, dst)) return;
    set_bit(node_sent.data(), n);
    add_to_source(n, {now, dst, packet_size(), 1});
  }

  // The node sends at most one flit per cycle onto its injection link.
  // (Inlined: called for every node with something to send, every cycle.)
  [[gnu::always_inline]] void inject(uint32_t n) {
    Node& node = nodes[n];
    if (node.pkt == kNone) {
      if (node.queue.empty()) {
        clear_bit(node_busy.data(), n);
        return;
      }
      const SourceEntry e = node.queue.front();
      const uint32_t id = new_packet(n, e.dst, e.created, e.flits);
      if (adaptive && keyed_by_output) choose_port(id, 0);  // its first queue depends on it
      const Hop& h = route_of(id)[0];
      if (vc) {  // the source allocates the injection port's VC
        const uint32_t base = h.sw * Q + local_queue(h.in_port, h.out_port);
        // The injection link is on no ring: a new packet starts in the lower half.
        const int32_t v = free_vc(base, h.sw, h.in_port, datelines ? std::pair<uint32_t, uint32_t>{0, V / 2}
                                                                   : std::pair<uint32_t, uint32_t>{0, V});
        if (v < 0) {
          free_packets.push_back(id);
          return;
        }
        set_bit(vc_held.data(), base + v);
        node.target = base + v;
      } else {
        node.target = h.sw * Q + local_queue(h.in_port, h.out_port);
      }
      if (--node.queue.front().count == 0) node.queue.pop_front();
      node.pkt = id;
      node.seq = 0;
    }
    const Flit f{node.pkt, static_cast<uint16_t>(node.seq), 0, now + c.link, 0};
    if (!space(node.target, f)) return;
    Packet& p = packets[node.pkt];
    if (f.seq == 0) {
      p.injected = now;
      if (p.trace != kNone) traced[p.trace].injected = now;
    }
    reserve(node.target, f);
    claim(node.target, f, f.seq + 1u == p.flits);
    schedule(c.link, {f.pkt, f.seq, 0, node.target});
    --src_flits;
    ++in_network;
    last_progress = now;
    if (++node.seq == p.flits) node.pkt = kNone;
  }

  bool over() const {
    if (deadlock) return true;
    if (now >= end_all || replay_done()) return true;
    return now >= end_window && outstanding == 0;
  }

  void cycle() {
    in_window = now >= W && now < end_window;
    occupancy.at(now);
    auto& slot = wheel[wheel_now];
    for (const Event& e : slot) {
      if (e.queue == kEject) eject(e.flit(now));
      else enqueue(e.queue, e.flit(now));
    }
    slot.clear();
    if (now == W) {
      backlog_start = src_flits;
      for (uint32_t s = 0; s < S; ++s) occupancy.start(s, sw_flits[s]);
    }
    if (now == end_window) backlog_end = src_flits;
    if (replay) release_messages();
    else
      generate();
    for_each_bit(node_busy.data(), words_for(N), [&](uint32_t n) { inject(n); });
    for (uint32_t s = 0; s < S; ++s)
      if (now >= sw_wake[s]) step_switch(s);
    ++now;
    wheel_now = after(wheel_now, static_cast<uint32_t>(wheel.size()));
    if (in_network && now - last_progress > kDeadlockCycles) deadlock = true;
  }

  uint64_t advance(uint64_t cycles) override {
    for (uint64_t k = 0; k < cycles && !finished; ++k) {
      cycle();
      finished = over();
    }
    if (finished && now < end_window) backlog_end = src_flits;
    return finished ? 0 : end_all - now;
  }

  // Cycles at the end of the run in which no flit moved while flits waited (0 when the last cycle
  // moved one, or the network was empty): a run that ends before the deadlock limit can still
  // show that nothing was moving.
  uint64_t stalled_at_end() const { return in_network && now > last_progress + 1 ? now - 1 - last_progress : 0; }
  bool drained() const { return outstanding == 0 && (now >= end_window || replay_done()); }
  // Saturated: measured packets left undelivered, a deadlock, or source queues that grew over
  // the window by more than 1 % of the flits created in it (offered load above what the
  // network accepts).
  bool saturated() const {
    const double growth = static_cast<double>(backlog_end) - static_cast<double>(backlog_start);
    return !drained() || deadlock || growth > 0.01 * static_cast<double>(gen_flits);
  }

  // Cycles of the measured window the run simulated: all of it, unless a replay finished or a
  // deadlock stopped the run inside it. Rates are per simulated cycle of the window.
  uint64_t window_cycles() const { return now <= W ? 0 : std::min(now, end_window) - W; }
  double per_window_cycle(double count) const {
    const uint64_t w = window_cycles();
    return w ? count / static_cast<double>(w) : 0.0;
  }
  double per_node_cycle(uint64_t flits) const { return per_window_cycle(static_cast<double>(flits) / N); }

  LoadPoint point() const override {
    LoadPoint p;
    p.offered = per_node_cycle(gen_flits);
    p.accepted = per_node_cycle(ejected_flits);
    p.latency_mean = delivered ? static_cast<double>(latency_sum) / static_cast<double>(delivered) : 0.0;
    p.delivered = delivered;
    p.saturated = saturated();
    return p;
  }

  // Mean, nearest-rank percentiles, extremes and the histogram of one latency (cycles).
  json latency_json(const std::vector<uint64_t>& hist, uint64_t sum) const {
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

  // The same latency at the switch clock: every statistic and the histogram's latencies in ns.
  static json in_ns(const json& cycles, double ns_per_cycle) {
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

  // Flits held in the switch buffers over the measured window (WindowOccupancy).
  json buffers_json() const {
    const double window = static_cast<double>(window_cycles());
    json by_switch = json::array();
    double area_sum = 0;
    uint32_t peak = 0;
    for (uint32_t s = 0; s < S; ++s) {
      const double a = static_cast<double>(occupancy.area(s, now, sw_flits[s]));
      area_sum += a;
      peak = std::max(peak, occupancy.peak(s));
      by_switch.push_back(per_window_cycle(a));
    }
    const double per_port = window > 0 ? area_sum / (window * S * P) : 0.0;
    return {{"mean_flits_per_port", per_port},
            {"mean_fraction", per_port / org.flits_per_port(c.sizes)},
            {"peak_flits_switch", peak},
            {"by_switch_mean_flits", std::move(by_switch)}};
  }

  json replay_json(double ns_per_cycle) const {
    const bool done = replay_done();
    const uint64_t end = std::max(last_ejection, replay->end_cycle());
    json r = replay->describe();
    r["messages"] = replay->messages_total();
    r["released"] = replay->messages_released();
    r["completed"] = done;
    r["completion_cycles"] = done ? json(end) : json(nullptr);
    r["completion_ns"] = done ? json(static_cast<double>(end) * ns_per_cycle) : json(nullptr);
    return r;
  }

  json report() const override {
    const LoadPoint pt = point();
    const uint64_t min_node = *std::min_element(ejected_by_node.begin(), ejected_by_node.end());
    json packet = latency_json(latency_hist, latency_sum), network = latency_json(network_hist, network_sum);
    const double ns_per_cycle = 1.0 / c.clock_ghz;
    json packet_ns = in_ns(packet, ns_per_cycle), network_ns = in_ns(network, ns_per_cycle);
    const auto& classes = topo.port_classes();
    json by_class = json::object();
    uint64_t lookups = 0, hits = 0;
    for (size_t k = 0; k < classes.size(); ++k) {
      lookups += lookups_by_class[k];
      hits += hits_by_class[k];
      by_class[classes[k]] = {{"lookups", lookups_by_class[k]}, {"hits", hits_by_class[k]},
                              {"hit_rate", hit_rate(hits_by_class[k], lookups_by_class[k])}};
    }
    uint64_t link_sum = 0, link_max = 0;
    json by_port = json::array(), by_switch = json::array();
    for (uint32_t s = 0; s < S; ++s) {
      uint64_t sw_sum = 0;
      for (uint32_t o = 0; o < P; ++o) {
        const uint64_t f = link_flits[size_t{s} * P + o];
        sw_sum += f;
        link_max = std::max(link_max, f);
        by_port.push_back(per_window_cycle(static_cast<double>(f)));
      }
      link_sum += sw_sum;
      by_switch.push_back(per_window_cycle(static_cast<double>(sw_sum) / P));
    }
    const double cams = static_cast<double>(cam_free.size());
    json out = {
        {"throughput", throughput_json(pt, min_node)},
        {"latency_cycles", {{"packet", packet},
                            {"network", network}}},
        {"latency_ns", {{"packet", packet_ns}, {"network", network_ns}}},
        {"hops", {{"mean", delivered ? json(static_cast<double>(hop_sum) / static_cast<double>(delivered)) : json(nullptr)}}},
        {"saturated", pt.saturated},
        {"deadlock", deadlock},
        {"packets", {{"measured", measured_packets}, {"delivered", delivered}}},
        {"utilization", {{"port_mean", per_window_cycle(static_cast<double>(link_sum) / (double{1} * S * P))},
                         {"port_max", per_window_cycle(static_cast<double>(link_max))},
                         {"by_switch", std::move(by_switch)},
                         {"by_output_port", std::move(by_port)}}},
        {"trace", trace_json()},
        {"buffers", buffers_json()},
        {"cache", {{"enabled", ex.cache.enabled}, {"lookups", lookups}, {"hits", hits},
                   {"hit_rate", hit_rate(hits, lookups)}, {"by_port_class", by_class}}},
        {"cam", {{"searches", cam_searches},
                 {"utilization", cams > 0 ? json(per_window_cycle(static_cast<double>(cam_searches) * c.cam_cycles / cams)) : json(nullptr)}}},
        {"cycles", {{"simulated", now}, {"warmup", W}, {"measured", window_cycles()}, {"drained", drained()}, {"flit_hops", flit_hops},
                    {"deadlock_limit", kDeadlockCycles}, {"stalled_at_end", stalled_at_end()}}},
    };
    if (replay) out["replay"] = replay_json(ns_per_cycle);
    return out;
  }

  json throughput_json(const LoadPoint& pt, uint64_t min_node) const {
    json out = {{"offered", pt.offered}, {"offered_configured", replay ? json(nullptr) : json(load)}, {"accepted", pt.accepted},
                {"accepted_min_node", per_window_cycle(static_cast<double>(min_node))},
                {"offered_spread_pct", nullptr}, {"window_for_1pct_cycles", nullptr}};
    // (A replay's load is its messages'; no generated process to spread. Senders: the nodes the
    // pattern let send, whose packets make the offered load.)
    uint32_t senders = 0;
    for (const uint64_t w : node_sent) senders += static_cast<uint32_t>(__builtin_popcountll(w));
    if (replay || load <= 0 || window_cycles() == 0 || senders == 0) return out;
    const OfferedSpread spread = offered_spread(c, load, senders, window_cycles(), kMaxCycles);
    if (std::isfinite(spread.relative)) out["offered_spread_pct"] = 100 * spread.relative;
    if (spread.window_for_1pct) out["window_for_1pct_cycles"] = spread.window_for_1pct;
    return out;
  }

  json trace_json() const {
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

  // No hit rate without caches: the routing computations are counted (look-ups), but there is no
  // cache to hit (overall and per port class alike).
  json hit_rate(uint64_t hits, uint64_t lookups) const {
    return ex.cache.enabled && lookups ? json(static_cast<double>(hits) / static_cast<double>(lookups)) : json(nullptr);
  }
};

std::unique_ptr<CycleNetwork::Impl> CycleNetwork::Impl::make(const Experiment& ex, double load) {
  using Key = BufferOrgInfo::Key;
  switch (ex.cycle.org->key) {
    case Key::Input: return std::make_unique<Engine<Key::Input>>(ex, load);
    case Key::InputVc: return std::make_unique<Engine<Key::InputVc>>(ex, load);
    case Key::InputOutput: return std::make_unique<Engine<Key::InputOutput>>(ex, load);
    case Key::Output: return std::make_unique<Engine<Key::Output>>(ex, load);
  }
  return nullptr;
}

double CycleNetwork::setup_bytes(const Experiment& ex) {
  const CycleConfig& c = ex.cycle;
  const double S = ex.topology->num_switches();
  const uint32_t P = ex.topology->ports_per_switch(), V = c.sizes.vcs, Q = queues_per_switch(c.org->key, P, V);
  const bool vc = c.org->key == BufferOrgInfo::Key::InputVc;
  // Per queue: its ring (a flit and an arrived flag per slot) and about 42 B of state.
  const double queues = S * Q * (ring_slots(c) * (sizeof(Flit) + 1.0) + 42.0);
  // Per switch a switch allocator, and under VCs a VC allocator over (ports x VCs), one shared
  // request set of that size and its per-VC rows.
  const double allocators = S * alloc_bytes(P) + 4.0 * P * P +
                            (vc ? S * alloc_bytes(P * V) + alloc_bytes(P * V) + 16.0 * P * V : 0.0);
  return queues + allocators;
}

CycleNetwork::CycleNetwork(const Experiment& ex, double load) : impl_(Impl::make(ex, load)) {}
CycleNetwork::~CycleNetwork() = default;
uint64_t CycleNetwork::advance(uint64_t cycles) { return impl_->advance(cycles); }
LoadPoint CycleNetwork::point() const { return impl_->point(); }
nlohmann::json CycleNetwork::report() const { return impl_->report(); }

}  // namespace switchlab
