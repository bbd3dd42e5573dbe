#pragma once
// The buffer organisation hook of the cycle engine: how an organisation's queues are laid out in a
// switch, which is all the engine asks an organisation in code. Everything else an organisation
// says is data in its BufferOrgInfo (pool, capacity, multi_read, chunked; buffer_org.hpp).
//
// A layout is a type with the members below; the engine is compiled once per layout
// (CycleNetwork::Impl::Engine<Layout>), so every call is resolved at compile time and the flags
// are constants in the per-flit path: no virtual call, no branch on the organisation kind.
//   allocates_vcs      a packet's queue downstream is picked by VC allocation (VC router); the
//                      queue is held by one packet from its grant until its tail is sent
//   written_on_arrival one queue per output port, written when a flit arrives (speed-up N): each
//                      output reads its own queue, without switch allocation
//   keyed_by_output    a flit's queue depends on its out port at that switch, so adaptive routing
//                      picks the port before the flit joins the queue
//   queues(P, V)       queues per switch of P ports and V virtual channels
//   strides(P, V)      the queue a flit joins is in_port * in_stride + out_port * out_stride (VC 0
//                      of a VC router)
//   queued_for(qs, sw, out)  flits the queues of switch sw show waiting for output `out`, for
//                      routing that reads local queues (seed 003 Sec. 3.4's queue_x)
// A new organisation with a layout of its own (e.g. HIPIQS bank turns, not modelled) is one
// header with its layout type, one BufferOrgInfo::Key value and one line in with_queue_layout;
// an organisation that reuses a layout is only its buffer/ file (docs/architecture.md).
#include <cstdint>
#include <stdexcept>

#include "engine/cycle/buffer_org.hpp"

namespace switchlab {

struct QueueStrides {
  uint32_t in, out;
};

// One FIFO per input port (input_fifo).
struct PerInputQueues {
  static constexpr bool allocates_vcs = false, written_on_arrival = false, keyed_by_output = false;
  static uint32_t queues(uint32_t P, uint32_t) { return P; }
  static QueueStrides strides(uint32_t, uint32_t) { return {1, 0}; }
  // An input FIFO keeps no count per output.
  template <class Queues>
  static int64_t queued_for(const Queues&, uint32_t, uint32_t) { return 0; }
};

// V virtual channels per input port (vc).
struct PerInputVcQueues {
  static constexpr bool allocates_vcs = true, written_on_arrival = false, keyed_by_output = false;
  static uint32_t queues(uint32_t P, uint32_t V) { return P * V; }
  static QueueStrides strides(uint32_t, uint32_t V) { return {V, 0}; }
  // A VC carries any output's packets: no count per output.
  template <class Queues>
  static int64_t queued_for(const Queues&, uint32_t, uint32_t) { return 0; }
};

// One queue per (input port, output port): virtual output queues (voq, damq, hipiqs).
struct PerInputOutputQueues {
  static constexpr bool allocates_vcs = false, written_on_arrival = false, keyed_by_output = true;
  static uint32_t queues(uint32_t P, uint32_t) { return P * P; }
  static QueueStrides strides(uint32_t P, uint32_t) { return {P, 1}; }
  // The output's queues over all inputs, reserved flits included.
  template <class Queues>
  static int64_t queued_for(const Queues& qs, uint32_t sw, uint32_t out) {
    int64_t n = 0;
    for (uint32_t i = 0; i < qs.P; ++i) n += qs.q_occ[size_t{sw} * qs.Q + qs.local_queue(i, out)];
    return n;
  }
};

// One queue per output port, written on arrival (output_queued, central).
struct PerOutputQueues {
  static constexpr bool allocates_vcs = false, written_on_arrival = true, keyed_by_output = true;
  static uint32_t queues(uint32_t P, uint32_t) { return P; }
  static QueueStrides strides(uint32_t, uint32_t) { return {0, 1}; }
  template <class Queues>
  static int64_t queued_for(const Queues& qs, uint32_t sw, uint32_t out) {
    return qs.q_occ[size_t{sw} * qs.Q + qs.local_queue(0, out)];
  }
};

// Calls f with the layout of an organisation's key: the registration of the layouts.
template <class F>
decltype(auto) with_queue_layout(BufferOrgInfo::Key key, F&& f) {
  switch (key) {
    case BufferOrgInfo::Key::Input: return f(PerInputQueues{});
    case BufferOrgInfo::Key::InputVc: return f(PerInputVcQueues{});
    case BufferOrgInfo::Key::InputOutput: return f(PerInputOutputQueues{});
    case BufferOrgInfo::Key::Output: return f(PerOutputQueues{});
  }
  throw std::logic_error("buffer organisation key without a queue layout");
}

}  // namespace switchlab
