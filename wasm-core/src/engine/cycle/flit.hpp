#pragma once
// What the cycle engine's parts pass between them (network.cpp): packets, flits, their arrival
// events and the per-packet trace. Plain data, no behaviour.
#include <cstdint>
#include <vector>

namespace switchlab {

constexpr uint32_t kNone = 0xFFFFFFFFu;
constexpr uint32_t kEject = 0xFFFFFFFEu;  // target of a packet's last hop: the ejection link
constexpr uint64_t kNever = ~uint64_t{0};

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

}  // namespace switchlab
