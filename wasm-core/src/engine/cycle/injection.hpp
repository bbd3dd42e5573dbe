#pragma once
// The cycle engine's injection (docs/engines.md, "Injection"): each node's source queue, packets
// generated at the offered load (Bernoulli or on/off bursts, sizes from the size mix) or released
// by a replay (engine/cycle/replay.hpp), and the injection link that puts one flit per cycle into
// the first switch. A part of CycleNetwork::Impl::Engine (network.cpp); `Net` is the engine,
// `Layout` the organisation's queue layout (queue_layout.hpp).
#include <cstdint>
#include <deque>
#include <memory>
#include <utility>
#include <vector>

#include "common/rng.hpp"
#include "engine/cycle/bits.hpp"
#include "engine/cycle/config.hpp"
#include "engine/cycle/flit.hpp"
#include "engine/cycle/replay.hpp"

namespace switchlab {

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

template <class Net, class Layout>
struct Injection {
  static constexpr bool vc = Layout::allocates_vcs;
  // Per node and cycle, the chance a packet starts (Bernoulli process; on/off while on) and, on/off,
  // that a burst ends or starts: divided once here, not per node every cycle, as
  // Rng::bernoulli_threshold.
  const uint64_t p_packet, p_packet_on, p_burst_end, p_burst_start;
  std::vector<Node> nodes;
  std::vector<uint64_t> node_busy;  // per node: a packet queued or being sent (the others skip injection)
  std::vector<uint64_t> node_sent;  // per node: the pattern let it send a generated packet (offered_spread's senders)
  Rng inj_rng, dst_rng, size_rng;
  std::vector<uint32_t> mix_cumulative;  // size mix: running sums of the weights
  // Replayed messages instead of generated injection (engine/cycle/replay.hpp).
  std::unique_ptr<Replay> replay;
  std::vector<ReplayMessage> due;
  uint64_t src_flits = 0;  // flits in the source queues

  Injection(const CycleConfig& c, uint64_t seed, double load)
      : p_packet(Rng::bernoulli_threshold(load / c.mean_packet_flits())),
        p_packet_on(Rng::bernoulli_threshold(1.0 / c.mean_packet_flits())),
        p_burst_end(Rng::bernoulli_threshold(1.0 / c.burst_flits)),
        p_burst_start(Rng::bernoulli_threshold(load / (c.burst_flits * (1.0 - load) + load))),
        inj_rng(Rng::derive(seed, 1)), dst_rng(Rng::derive(seed, 2)), size_rng(Rng::derive(seed, 6)) {}
  Net& net() { return static_cast<Net&>(*this); }
  const Net& net() const { return static_cast<const Net&>(*this); }

  void setup_nodes() {
    const uint32_t N = net().N;
    nodes.resize(N);
    node_busy.assign(words_for(N), 0);
    node_sent.assign(words_for(N), 0);
  }
  // The on/off states' first draws, the size mix and the replay.
  void setup_sources() {
    const CycleConfig& c = net().c;
    for (auto& n : nodes) n.on = c.on_off && inj_rng.bernoulli(net().load);
    for (uint32_t w : c.mix_weights) mix_cumulative.push_back((mix_cumulative.empty() ? 0 : mix_cumulative.back()) + w);
    if (c.replay) replay = c.replay->make(net().ex);
  }

  // A packet's size: packet_flits, or drawn from the size mix (its own random stream).
  uint16_t packet_size() {
    if (mix_cumulative.empty()) return static_cast<uint16_t>(net().L);
    const uint64_t r = size_rng.uniform_u64(mix_cumulative.back());
    size_t k = 0;
    while (r >= mix_cumulative[k]) ++k;
    return static_cast<uint16_t>(net().c.mix_flits[k]);
  }

  void add_to_source(uint32_t n, const SourceEntry& e) {
    nodes[n].queue.push_back(e);
    set_bit(node_busy.data(), n);
    const uint64_t flits = uint64_t{e.flits} * e.count;
    src_flits += flits;
    net().generated(flits, e.count);
  }

  // A replay's messages due this cycle join their source queues, all of a message's packets at once.
  void release_messages() {
    const uint64_t now = net().now;
    due.clear();
    replay->release(now, due);
    for (const ReplayMessage& m : due) {
      if (m.packets > 1) add_to_source(m.src, {now, m.dst, static_cast<uint16_t>(net().L), m.packets - 1});
      add_to_source(m.src, {now, m.dst, m.last_flits, 1});
    }
  }
  bool replay_done() const { return replay && replay->finished(net().now) && src_flits == 0 && net().in_network == 0; }

  // Each node may start a packet this cycle (Bernoulli process, or on/off).
  void generate() {
    if (!net().c.on_off) return generate_bernoulli();
    for (uint32_t n = 0; n < net().N; ++n)
      if (on_off_starts(nodes[n])) start_packet(n);
  }

  // One draw per node and cycle, on a local copy of the stream: its state stays in registers
  // through the loop (a packet's destination and size come from other streams).
  void generate_bernoulli() {
    Rng rng = inj_rng;
    for (uint32_t n = 0; n < net().N; ++n)
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
    if (!net().ex.traffic->next_from(dst_rng, n, dst)) return;
    set_bit(node_sent.data(), n);
    add_to_source(n, {net().now, dst, packet_size(), 1});
  }

  // The node sends at most one flit per cycle onto its injection link.
  // (Inlined: called for every node with something to send, every cycle.)
  [[gnu::always_inline]] void inject(uint32_t n) {
    Net& engine = net();
    Node& node = nodes[n];
    if (node.pkt == kNone) {
      if (node.queue.empty()) {
        clear_bit(node_busy.data(), n);
        return;
      }
      const SourceEntry e = node.queue.front();
      const uint32_t id = engine.new_packet(n, e.dst, e.created, e.flits);
      if (engine.adaptive && Layout::keyed_by_output) engine.choose_port(id, 0);  // its first queue depends on it
      const Hop& h = engine.route_of(id)[0];
      if (vc) {  // the source allocates the injection port's VC
        const uint32_t V = engine.V;
        const uint32_t base = h.sw * engine.Q + engine.local_queue(h.in_port, h.out_port);
        // The injection link is on no ring: a new packet starts in the lower half.
        const int32_t v = engine.free_vc(base, h.sw, h.in_port, engine.datelines ? std::pair<uint32_t, uint32_t>{0, V / 2}
                                                                           : std::pair<uint32_t, uint32_t>{0, V});
        if (v < 0) {
          engine.free_packets.push_back(id);
          return;
        }
        set_bit(engine.vc_held.data(), base + v);
        node.target = base + v;
      } else {
        node.target = h.sw * engine.Q + engine.local_queue(h.in_port, h.out_port);
      }
      if (--node.queue.front().count == 0) node.queue.pop_front();
      node.pkt = id;
      node.seq = 0;
    }
    const uint64_t now = engine.now;
    const Flit f{node.pkt, static_cast<uint16_t>(node.seq), 0, now + engine.c.link, 0};
    if (!engine.space(node.target, f)) return;
    Packet& p = engine.packets[node.pkt];
    if (f.seq == 0) {
      p.injected = now;
      if (p.trace != kNone) engine.traced[p.trace].injected = now;
    }
    engine.reserve(node.target, f);
    engine.claim(node.target, f, f.seq + 1u == p.flits);
    engine.schedule(engine.c.link, {f.pkt, f.seq, 0, node.target});
    --src_flits;
    ++engine.in_network;
    engine.last_progress = now;
    if (++node.seq == p.flits) node.pkt = kNone;
  }
};

}  // namespace switchlab
