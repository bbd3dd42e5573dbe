#include "engine/cycle/network.hpp"

#include <memory>

#include "engine/cycle/allocation.hpp"
#include "engine/cycle/bits.hpp"
#include "engine/cycle/flit.hpp"
#include "engine/cycle/injection.hpp"
#include "engine/cycle/measurement.hpp"
#include "engine/cycle/queue_layout.hpp"
#include "engine/cycle/queues.hpp"
#include "engine/cycle/report.hpp"
#include "engine/cycle/routing.hpp"

namespace switchlab {
namespace {

// Bytes of an allocator's state for n ports (AllocState: its request rows and columns, pointers).
double alloc_bytes(uint32_t n) { return 2.0 * n * words_for(n) * 8 + 4.0 * n + 32.0 * words_for(n); }

}  // namespace

// The engine behind CycleNetwork, compiled once per queue layout (Engine<Layout>,
// queue_layout.hpp): the organisation's tests in the per-flit path are then constants, and the
// benchmark's VC router runs without the other organisations' branches. Chosen once, when the
// network is built.
struct CycleNetwork::Impl {
  virtual ~Impl() = default;
  virtual uint64_t advance(uint64_t cycles) = 0;
  virtual LoadPoint point() const = 0;
  virtual nlohmann::json report() const = 0;
  static std::unique_ptr<Impl> make(const Experiment& ex, double load);
  template <class Layout>
  struct Engine;
};

// One cycle of the network is its parts in turn: flits arrive (queues.hpp), sources generate and
// inject (injection.hpp), each busy switch allocates and sends (allocation.hpp, queues.hpp); the
// packets' routes and the routing computation are routing.hpp's, what is counted measurement.hpp's
// and the result report.hpp's. The parts are bases that reach each other through this class
// (static casts, no virtual calls), so the per-flit path compiles as one class.
template <class Layout>
struct CycleNetwork::Impl::Engine final : CycleNetwork::Impl,
                                          Measurement,
                                          Queues<Engine<Layout>, Layout>,
                                          Allocation<Engine<Layout>, Layout>,
                                          Routing<Engine<Layout>>,
                                          Injection<Engine<Layout>, Layout>,
                                          Reporting<Engine<Layout>> {
  static constexpr bool vc = Layout::allocates_vcs, output_side = Layout::written_on_arrival;
  const Experiment& ex;
  const CycleConfig& c;
  const Topology& topo;
  const BufferOrgInfo& org;
  const double load;
  const uint32_t N, S, P, V, L, max_hops;  // L: flits of the largest packet
  const bool adaptive;         // Topology::adaptive_routing: choose_port picks some hops' out ports
  const bool by_local_queues;  // Topology::adaptive_by_local_queues: the flits waiting for a port come first
  uint64_t last_ejection = 0;
  uint64_t now = 0, last_progress = 0, in_network = 0;
  uint64_t flit_hops = 0;  // flits sent through a switch, whole run (the work, for make bench)
  bool deadlock = false, finished = false;

  Engine(const Experiment& e, double ld)
      : Measurement(cycle_config(e), e.topology->num_nodes(), e.topology->num_switches(), e.topology->ports_per_switch(),
                    e.topology->port_classes().size()),
        Allocation<Engine, Layout>(e.seed), Routing<Engine>(e.seed), Injection<Engine, Layout>(cycle_config(e), e.seed, ld),
        ex(e), c(cycle_config(e)), topo(*e.topology), org(*cycle_config(e).org), load(ld), N(topo.num_nodes()), S(topo.num_switches()),
        P(topo.ports_per_switch()), V(cycle_config(e).sizes.vcs), L(cycle_config(e).max_packet_flits()), max_hops(topo.max_hops()),
        adaptive(topo.adaptive_routing()), by_local_queues(topo.adaptive_by_local_queues()) {
    this->setup_queues();
    this->setup_allocation();
    this->setup_nodes();
    this->setup_routing();
    this->setup_sources();
  }

  // A flit leaves the network on its destination's ejection link.
  void eject(const Flit& f) {
    Packet& p = this->packets[f.pkt];
    if (in_window) {
      ++ejected_flits;
      ++ejected_by_node[p.dst];
    }
    --in_network;
    last_ejection = now;
    if (f.seq + 1u != p.flits) return;
    if (this->replay) this->replay->delivered(now);
    if (p.trace != kNone) traced[p.trace].ejected = now;
    if (p.measured) delivered_packet(p, now);
    this->free_packets.push_back(f.pkt);
  }

  bool over() const {
    if (deadlock) return true;
    if (now >= end_all || this->replay_done()) return true;
    return now >= end_window && outstanding == 0;
  }

  void cycle() {
    in_window = now >= W && now < end_window;
    occupancy.at(now);
    auto& slot = this->wheel[this->wheel_now];
    for (const Event& e : slot) {
      if (e.queue == kEject) eject(e.flit(now));
      else this->enqueue(e.queue, e.flit(now));
    }
    slot.clear();
    if (now == W) {
      backlog_start = this->src_flits;
      for (uint32_t s = 0; s < S; ++s) occupancy.start(s, this->sw_flits[s]);
    }
    if (now == end_window) backlog_end = this->src_flits;
    if (this->replay) this->release_messages();
    else
      this->generate();
    for_each_bit(this->node_busy.data(), words_for(N), [&](uint32_t n) { this->inject(n); });
    for (uint32_t s = 0; s < S; ++s)
      if (now >= this->sw_wake[s]) this->step_switch(s);
    ++now;
    this->wheel_now = after(this->wheel_now, static_cast<uint32_t>(this->wheel.size()));
    if (in_network && now - last_progress > c.deadlock_cycles) deadlock = true;
  }

  uint64_t advance(uint64_t cycles) override {
    for (uint64_t k = 0; k < cycles && !finished; ++k) {
      cycle();
      finished = over();
    }
    if (finished && now < end_window) backlog_end = this->src_flits;
    return finished ? 0 : end_all - now;
  }

  LoadPoint point() const override { return this->load_point(); }
  nlohmann::json report() const override { return this->result(); }
};

std::unique_ptr<CycleNetwork::Impl> CycleNetwork::Impl::make(const Experiment& ex, double load) {
  return with_queue_layout(cycle_config(ex).org->key, [&](auto layout) -> std::unique_ptr<Impl> {
    return std::make_unique<Engine<decltype(layout)>>(ex, load);
  });
}

double CycleNetwork::setup_bytes(const Experiment& ex) {
  const CycleConfig& c = cycle_config(ex);
  const double S = ex.topology->num_switches();
  const uint32_t P = ex.topology->ports_per_switch(), V = c.sizes.vcs;
  const uint32_t Q = with_queue_layout(c.org->key, [&](auto layout) { return decltype(layout)::queues(P, V); });
  const bool vc = with_queue_layout(c.org->key, [](auto layout) { return decltype(layout)::allocates_vcs; });
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
