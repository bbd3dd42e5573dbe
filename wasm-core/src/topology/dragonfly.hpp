#pragma once
// Dragonfly (Kim et al., ISCA 2008): g groups of a routers; every router has p terminals, a-1 local
// links (groups are fully connected) and h global links.
// Global links, "consecutive" arrangement: group G's global link t (t = r*h + i for router r's i-th
// global port) leads to group (G + 1 + t mod (g-1)) mod g, for t < c*(g-1) with c = floor(a*h/(g-1))
// parallel links per group pair; the remaining a*h - c*(g-1) global ports are left unconnected.
// The far end of link t is link g-2-(t mod (g-1)) of the same copy t/(g-1) in the other group.
// Routing: minimal (local, global, local; among the c parallel links to a group the packet takes
// copy dst mod c) or Valiant (minimal to a random intermediate router, then minimal).
#include "topology/topology.hpp"

namespace switchlab {

class Dragonfly final : public Topology {
 public:
  Dragonfly(uint32_t p, uint32_t a, uint32_t h, uint32_t g, bool valiant);

  uint32_t num_nodes() const override { return g_ * a_ * p_; }
  uint32_t num_switches() const override { return g_ * a_; }
  uint16_t ports_per_switch() const override { return static_cast<uint16_t>(p_ + a_ - 1 + h_); }
  const std::vector<std::string>& port_classes() const override { return classes_; }
  uint8_t port_class(uint32_t sw, uint16_t in_port) const override;
  // Groups fully connected inside; `copies_` parallel global links per group pair.
  uint64_t num_links() const override {
    return uint64_t{g_} * a_ * (a_ - 1) / 2 + uint64_t{g_} * (g_ - 1) / 2 * copies_;
  }
  uint32_t max_hops() const override { return valiant_ ? 7 : 4; }
  uint32_t route(uint32_t src, uint32_t dst, Rng& rng, Hop* out) const override;
  bool deterministic_routing() const override { return !valiant_; }
  nlohmann::json describe() const override;
  nlohmann::json layout() const override;
  void for_each_link(const LinkVisitor& link) const override;
  std::string port_name(uint32_t sw, uint16_t port) const override;

  uint16_t local_port(uint32_t from_r, uint32_t to_r) const {
    return static_cast<uint16_t>(p_ + (to_r < from_r ? to_r : to_r - 1));
  }
  uint16_t global_port(uint32_t t) const { return static_cast<uint16_t>(p_ + a_ - 1 + t % h_); }
  // Global link index (within group `from`) used to reach group `to`, copy `copy`.
  uint32_t global_link(uint32_t from, uint32_t to, uint32_t copy) const;
  // The group global link t of group `grp` leads to ("consecutive" arrangement).
  uint32_t far_group(uint32_t grp, uint32_t t) const { return (grp + 1 + t % (g_ - 1)) % g_; }
  uint32_t far_link(uint32_t t) const { return (t / (g_ - 1)) * (g_ - 1) + (g_ - 2 - t % (g_ - 1)); }

 private:
  // Appends the hops of the minimal path from router `s` (entered on `in`) up to, not including,
  // router `d`; on return `in` is the port the packet arrives on at `d`. Returns the hop count.
  uint32_t minimal(uint32_t s, uint16_t& in, uint32_t d, uint32_t copy_key, Hop* out, uint32_t n) const;

  uint32_t p_, a_, h_, g_, copies_;
  bool valiant_;
  std::vector<std::string> classes_;
};

}  // namespace switchlab
