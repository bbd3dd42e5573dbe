#pragma once
// k-ary n-cube (docs/topologies.md): per-dimension sizes k_i and wrap (torus) flags, concentration c
// compute nodes per switch. Covers meshes, tori, mixed mesh/torus such as Tofu's 6-D {X,Y,Z,A,B,C}
// (seed 004). Routing: dimension order, dimension 0 first.
#include "common/fast_div.hpp"
#include "topology/topology.hpp"

namespace switchlab {

class KaryNCube final : public Topology {
 public:
  KaryNCube(std::vector<uint32_t> dims, std::vector<bool> wrap, uint32_t concentration);

  uint32_t num_nodes() const override { return switches_ * c_; }
  uint32_t num_switches() const override { return switches_; }
  uint16_t ports_per_switch() const override { return static_cast<uint16_t>(c_ + 2 * dims_.size()); }
  const std::vector<std::string>& port_classes() const override { return classes_; }
  uint8_t port_class(uint32_t, uint16_t in_port) const override {
    return in_port < c_ ? 0 : static_cast<uint8_t>(1 + (in_port - c_) / 2);
  }
  uint64_t num_links() const override;
  uint32_t max_hops() const override;
  uint32_t route(uint32_t src, uint32_t dst, Rng& rng, Hop* out) const override;
  nlohmann::json describe() const override;
  nlohmann::json layout() const override;
  void for_each_link(const LinkVisitor& link) const override;
  std::string port_name(uint32_t sw, uint16_t port) const override;
  bool translation_symmetric() const override;
  uint32_t translate(uint32_t node, uint32_t from, uint32_t to) const override;
  // A wrapped dimension is a ring; its dateline is the link from coordinate k - 1 to 0 (+) and
  // from 0 to k - 1 (-).
  RingLink ring_link(uint32_t sw, uint16_t out_port) const override;

  // Port numbering: [0, c) injection/ejection; c + 2i: link of dimension i in the + direction
  // (as output: towards coordinate +1; as input: arriving from the - neighbour, travelling +);
  // c + 2i + 1: the - direction.
  uint16_t plus_port(size_t dim) const { return static_cast<uint16_t>(c_ + 2 * dim); }
  uint16_t minus_port(size_t dim) const { return static_cast<uint16_t>(c_ + 2 * dim + 1); }
  // Signed hop count DOR takes in dimension `dim` from coordinate a to b (+ or - direction).
  int32_t offset(size_t dim, uint32_t a, uint32_t b) const;
  uint32_t coord(uint32_t sw, size_t dim) const { return (sw / stride_[dim]) % dims_[dim]; }
  const std::vector<uint32_t>& dims() const { return dims_; }
  uint32_t concentration() const { return c_; }

 private:
  std::vector<uint32_t> dims_;
  std::vector<uint8_t> wrap_;  // bytes: read per packet
  uint32_t c_;
  uint32_t switches_;
  std::vector<uint32_t> stride_;
  std::vector<FastDiv> dim_div_;  // by k_i (ids are below FastDiv's bound, topology/limits.hpp)
  FastDiv c_div_;                 // by the concentration
  std::vector<std::string> classes_;
};

// Shortest direction per dimension. On a torus a tie (offset exactly k/2, even k) goes in the +
// direction. Seed 000 Algorithm 1 compares the offset with ceil(k/2); taken literally that routes
// offset (k+1)/2 the long way round for odd k, so we use the minimal rule, which agrees with the
// printed one for every even k.
inline int32_t KaryNCube::offset(size_t dim, uint32_t a, uint32_t b) const {
  const int32_t k = static_cast<int32_t>(dims_[dim]);
  int32_t d = static_cast<int32_t>(b) - static_cast<int32_t>(a);
  if (!wrap_[dim]) return d;
  if (d < 0) d += k;          // d in [0, k): hops going +
  return d <= k / 2 ? d : d - k;
}

}  // namespace switchlab
