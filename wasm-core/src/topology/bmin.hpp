#pragma once
// Bidirectional multistage interconnection network (BMIN) with turnaround routing, the network of
// seed 003 (HIPIQS tech report) Sec. 5.1 / Fig. 6: 16 nodes, two stages of four 8-port switches
// (4 down + 4 up ports), as in the IBM SP frame.
//
// Addressing (generalized-cube / butterfly BMIN, k^n nodes, n stages of k^(n-1) switches):
// - node id = its n-digit base-k address a = (a_{n-1} .. a_0);
// - a channel between stage s-1 and stage s (and, for s = 0, between a node and stage 0) carries
//   an n-digit label x; the stage-s switch that owns it is x with digit s removed (the other n-1
//   digits keep their order), and the port is digit s of x. Stage-s switch w therefore joins the
//   k down channels and the k up channels that differ only in digit s;
// - switch id = stage * k^(n-1) + w; ports [0, k) down (port j: digit s = j), [k, 2k) up
//   (port k + j: digit s = j on the channel to stage s+1). The top stage's up ports are unused
//   (in the IBM SP they lead to other frames).
// Turnaround routing (seed 003 Sec. 5.1: "traveling adaptively towards their least common
// ancestor switch before turning back"): the packet climbs to stage t = the highest digit in which
// source and destination differ, turns around there and descends, taking down port dst_s at every
// stage s <= t. The up-port choice, adaptive in seed 003, is made deterministic here: at stage
// s < t the packet takes up port k + dst_s (the destination digit), so every hop depends only on
// (switch, destination) as the switchable hash of seed 000 Sec. IV needs. Routing
// `turnaround_random` draws the up port of every climbing hop uniformly per packet instead: the
// oblivious stand-in for seed 003's adaptive climb, which spreads a leaf's traffic over all its up
// links (any stage-t switch above the source reaches the destination on the way down). Routing
// `turnaround_adaptive` lets the cycle engine choose each climbing hop's up port by the room
// downstream, as seed 003's switches do (Topology::adaptive_routing); `turnaround_adaptive_queues`
// first by the flits waiting for each up port in the switch that takes it (the output queues
// seed 003 Sec. 3.4's routing logic reads), then by the room downstream.
#include "topology/topology.hpp"

namespace switchlab {

class Bmin final : public Topology {
 public:
  // How a climbing hop picks its up port: the destination digit, drawn per packet, or by the
  // network's state (the cycle engine; route() gives the destination digit): the room downstream,
  // or the local output queues first.
  enum class Climb { Digit, Random, Adaptive, AdaptiveQueues };
  Bmin(uint32_t k, uint32_t stages, Climb climb = Climb::Digit);

  uint32_t num_nodes() const override { return pow_[n_]; }
  uint32_t num_switches() const override { return n_ * per_stage_; }
  uint16_t ports_per_switch() const override { return static_cast<uint16_t>(2 * k_); }
  const std::vector<std::string>& port_classes() const override { return classes_; }
  // injection: stage-0 down ports (from nodes); up: other down ports (the packet travels up);
  // down: up ports (the packet travels down after its turnaround).
  uint8_t port_class(uint32_t sw, uint16_t in_port) const override;
  uint64_t num_links() const override { return uint64_t{n_ - 1} * pow_[n_]; }  // k^n channels between stages
  uint32_t max_hops() const override { return 2 * n_ - 1; }
  uint32_t route(uint32_t src, uint32_t dst, Rng& rng, Hop* out) const override;
  bool deterministic_routing() const override { return climb_ == Climb::Digit; }
  bool adaptive_routing() const override { return climb_ == Climb::Adaptive || climb_ == Climb::AdaptiveQueues; }
  bool adaptive_by_local_queues() const override { return climb_ == Climb::AdaptiveQueues; }
  // Every climbing hop (an up port) may take any of the k up ports.
  uint32_t adaptive_choices(const Hop* route, uint32_t hop) const override {
    return adaptive_routing() && route[hop].out_port >= k_ ? k_ : 0;
  }
  void retarget(Hop* route, uint32_t hop, uint32_t c, uint32_t dst) const override;
  nlohmann::json describe() const override;
  nlohmann::json layout() const override;
  void for_each_link(const LinkVisitor& link) const override;
  std::string port_name(uint32_t sw, uint16_t port) const override;

  // The stage-`stage` switch that owns the channel labelled `label`, and the port digit.
  uint32_t switch_of(uint32_t stage, uint32_t label) const {
    const uint32_t low = label % pow_[stage], high = label / pow_[stage + 1];
    return stage * per_stage_ + high * pow_[stage] + low;
  }
  uint32_t digit(uint32_t x, uint32_t i) const { return (x / pow_[i]) % k_; }
  uint32_t stage_of(uint32_t sw) const { return sw / per_stage_; }

 private:
  uint32_t with_digit(uint32_t x, uint32_t i, uint32_t d) const { return x - digit(x, i) * pow_[i] + d * pow_[i]; }
  // Least common ancestor stage of channel (or node) x and dst: the highest digit in which they
  // differ, 0 when both hang off one stage-0 switch.
  uint32_t turnaround_stage(uint32_t x, uint32_t dst) const;
  // The hops from stage `stage`, arriving on channel `x` (port digit `in_port`), to `dst` through
  // turnaround stage `top`; `up(s)` picks the climbing hop's up digit at stage s. Returns the hops written.
  template <class Up>
  uint32_t walk(uint32_t stage, uint32_t x, uint32_t in_port, uint32_t top, uint32_t dst, Up up, Hop* out) const;

  uint32_t k_, n_, per_stage_;
  std::vector<uint32_t> pow_;  // k^i, i = 0..n
  std::vector<std::string> classes_;
  Climb climb_ = Climb::Digit;
};

}  // namespace switchlab
