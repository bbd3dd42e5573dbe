#pragma once
// k-ary n-tree fat tree (Petrini & Vanneschi) with optional n:1 oversubscription at the leaves.
// Levels 0 (leaves) .. n-1 (top), k^(n-1) switches per level; switch <l, w> (w an (n-1)-digit
// base-k word) has k up ports, and its up port j leads to <l+1, w with digit l := j>. A leaf has
// o*k node ports (o = oversubscription), every other switch k down ports.
// Routing: up*/down* with the deterministic up-port choice "destination digit" (d-mod-k): going up
// from level l the packet takes up port j = the destination's digit l, so the path is a function
// of (switch, destination) as the switchable hash of seed 000 Algorithm 2 needs.
#include "common/fast_div.hpp"
#include "topology/topology.hpp"

namespace switchlab {

class FatTree final : public Topology {
 public:
  FatTree(uint32_t k, uint32_t n, uint32_t oversubscription);

  uint32_t num_nodes() const override { return leaves_ * o_ * k_; }
  uint32_t num_switches() const override { return leaves_ * n_; }
  uint16_t ports_per_switch() const override { return static_cast<uint16_t>(leaf_down() + k_); }
  const std::vector<std::string>& port_classes() const override { return classes_; }
  uint8_t port_class(uint32_t sw, uint16_t in_port) const override;
  uint64_t num_links() const override { return uint64_t{n_ - 1} * leaves_ * k_; }  // k up links per non-top switch
  uint32_t max_hops() const override { return 2 * n_ - 1; }
  uint32_t route(uint32_t src, uint32_t dst, Rng& rng, Hop* out) const override;
  nlohmann::json describe() const override;
  nlohmann::json layout() const override;
  void for_each_link(const LinkVisitor& link) const override;
  std::string port_name(uint32_t sw, uint16_t port) const override;

  uint32_t switch_id(uint32_t level, uint32_t word) const { return level * leaves_ + word; }
  // Down ports come first; up ports start here.
  uint32_t up_base(uint32_t level) const { return level == 0 ? leaf_down() : k_; }

 private:
  uint32_t leaf_down() const { return o_ * k_; }
  uint32_t digit(uint32_t word, uint32_t i) const { return (word / pow_[i]) % k_; }
  uint32_t with_digit(uint32_t word, uint32_t i, uint32_t d) const { return word + (d - digit(word, i)) * pow_[i]; }

  // Digits of a leaf word: n - 1 < topology.n's maximum, 8 (make_fat_tree).
  static constexpr uint32_t kMaxLevels = 8;

  uint32_t k_, n_, o_, leaves_;
  FastDiv k_div_, leaf_div_;   // by k, by a leaf's node ports
  std::vector<uint32_t> pow_;  // k^i
  std::vector<std::string> classes_;
};

}  // namespace switchlab
