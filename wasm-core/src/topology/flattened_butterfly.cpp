// Flattened butterfly (Kim, Dally and Abts, ISCA 2007; docs/topologies.md): the switches sit on a
// grid of per-dimension sizes k_i, and every switch is linked to every other switch that differs
// from it in exactly one coordinate, so each dimension is a complete graph. The paper's k-ary
// n-flat is dims = (k, ..., k) (n - 1 of them) with concentration k; other sizes per dimension
// give the generalisation Ahn et al. call HyperX (SC 2009). Routing: minimal, dimension order
// (dimension 0 first), one hop per dimension whose coordinate differs. A packet only ever moves to
// a higher dimension, and within a dimension makes one hop, so its channel dependencies follow the
// dimension order and form no cycle: no virtual channels are needed against deadlock.
//
// Ports: [0, c) attach the nodes; dimension i's k_i - 1 ports follow those of the dimensions
// before it, the j-th leading to the switch whose coordinate i is j (j < own) or j + 1 (j >= own),
// so a link's two ends are each named by the coordinate at the far end.
#include "topology/limits.hpp"
#include "topology/registry.hpp"

namespace switchlab {
namespace {

class FlattenedButterfly final : public Topology {
 public:
  FlattenedButterfly(std::vector<uint32_t> dims, uint32_t concentration) : dims_(std::move(dims)), c_(concentration) {
    switches_ = 1;
    uint32_t port = c_;
    classes_.push_back("injection");
    for (size_t i = 0; i < dims_.size(); ++i) {
      stride_.push_back(switches_);
      base_.push_back(port);
      switches_ *= dims_[i];
      port += dims_[i] - 1;
      classes_.push_back("dim" + std::to_string(i));
    }
    ports_ = static_cast<uint16_t>(port);
  }

  uint32_t num_nodes() const override { return switches_ * c_; }
  uint32_t num_switches() const override { return switches_; }
  uint16_t ports_per_switch() const override { return ports_; }
  const std::vector<std::string>& port_classes() const override { return classes_; }
  uint8_t port_class(uint32_t, uint16_t in_port) const override {
    if (in_port < c_) return 0;
    size_t dim = 0;
    while (dim + 1 < dims_.size() && in_port >= base_[dim + 1]) ++dim;
    return static_cast<uint8_t>(1 + dim);
  }
  // Each dimension's lines of k_i switches are complete graphs of k_i (k_i - 1) / 2 links.
  uint64_t num_links() const override {
    uint64_t links = 0;
    for (uint32_t k : dims_) links += uint64_t{switches_} / k * k * (k - 1) / 2;
    return links;
  }
  // One hop per dimension of size > 1, plus the ejecting switch's routing computation.
  uint32_t max_hops() const override {
    uint32_t h = 1;
    for (uint32_t k : dims_) h += k > 1 ? 1 : 0;
    return h;
  }

  uint32_t route(uint32_t src, uint32_t dst, Rng&, Hop* out) const override {
    uint32_t sw = src / c_;
    const uint32_t dst_sw = dst / c_;
    uint16_t in_port = static_cast<uint16_t>(src % c_);
    uint32_t n = 0;
    for (size_t i = 0; i < dims_.size(); ++i) {
      const uint32_t from = coord(sw, i), to = coord(dst_sw, i);
      if (from == to) continue;
      out[n++] = Hop{sw, in_port, port_to(i, from, to)};
      sw = sw - from * stride_[i] + to * stride_[i];
      in_port = port_to(i, to, from);  // the arriving link's end at the new switch
    }
    out[n++] = Hop{sw, in_port, static_cast<uint16_t>(dst % c_)};
    return n;
  }

  nlohmann::json describe() const override {
    return {{"kind", kind()}, {"dims", dims_}, {"concentration", c_}, {"switches", switches_},
            {"nodes", num_nodes()}, {"links", num_links()},
            {"switch_id", "row-major over dims, dimension 0 fastest"},
            {"node_id", "switch_id * concentration + local index"},
            {"routing", "minimal dimension order: one hop per dimension whose coordinate differs, dimension 0 first"}};
  }

  // Groups are the lines of dimension 0 (complete graphs, drawn as small rings); two groups share
  // links when they differ in one coordinate, which is every pair when there is one more dimension.
  nlohmann::json layout() const override {
    size_t higher = 0;
    for (size_t i = 1; i < dims_.size(); ++i) higher += dims_[i] > 1 ? 1 : 0;
    return {{"type", "groups"}, {"groups", switches_ / dims_[0]}, {"per_group", dims_[0]}, {"every_pair", higher == 1}};
  }

  void for_each_link(const LinkVisitor& link) const override {
    for (uint32_t sw = 0; sw < switches_; ++sw)
      for (size_t i = 0; i < dims_.size(); ++i) {
        const uint32_t from = coord(sw, i);
        for (uint32_t to = from + 1; to < dims_[i]; ++to)
          link(sw, port_to(i, from, to), sw + (to - from) * stride_[i], port_to(i, to, from));
      }
  }

  // "dim1 to 3": the port leading to the switch whose coordinate in dimension 1 is 3.
  std::string port_name(uint32_t sw, uint16_t port) const override {
    if (port < c_) return node_port_name(port, c_);
    const size_t dim = port_class(sw, port) - 1u;
    const uint32_t j = port - base_[dim];
    return "dim" + std::to_string(dim) + " to " + std::to_string(j < coord(sw, dim) ? j : j + 1);
  }

 private:
  uint32_t coord(uint32_t sw, size_t dim) const { return (sw / stride_[dim]) % dims_[dim]; }
  uint16_t port_to(size_t dim, uint32_t from, uint32_t to) const {
    return static_cast<uint16_t>(base_[dim] + (to < from ? to : to - 1));
  }

  std::vector<uint32_t> dims_;
  uint32_t c_;
  uint32_t switches_;
  uint16_t ports_;
  std::vector<uint32_t> stride_, base_;  // per dimension: id stride, first port
  std::vector<std::string> classes_;
};

std::unique_ptr<Topology> make_flattened_butterfly(Params& t, Params& routing) {
  static const std::string dims_doc = with_node_limit(
      "Switches along each dimension (k_i); every switch links to all others that differ in one coordinate; "
      "dimension 0 is routed first; nodes = prod(k_i) * concentration");
  // k_i <= 256 keeps the ports per switch (c + sum(k_i - 1) <= 64 + 8 * 255) within 16-bit port numbers.
  const auto dims = t.int_list("dims", {4, 4}, 1, 8, 1, 256, "switches", dims_doc.c_str());
  const auto conc = t.integer("concentration", {4, 1, 64, "nodes", "Compute nodes per switch (the k-ary n-flat has k)"});
  routing.choice("algorithm", "dor", {"dor"},
                 "Minimal dimension-order routing: one hop per differing coordinate, dimension 0 first");
  t.reject_unknown({"kind"});
  routing.reject_unknown();
  if (!t.errors().ok()) return nullptr;
  double switches = 1, links = 0, ports = static_cast<double>(conc);
  for (int64_t k : dims) switches *= static_cast<double>(k);
  for (int64_t k : dims) {
    links += switches * static_cast<double>(k - 1) / 2;
    ports += static_cast<double>(k - 1);
  }
  const auto allowed = [conc] {
    return "dims whose product times concentration (" + std::to_string(conc) + ") is at most " +
           group_thousands(static_cast<double>(kMaxTopologyNodes)) + " nodes, with prod(k_i) * sum(k_i - 1) / 2 at most " +
           group_thousands(static_cast<double>(kMaxTopologyLinks)) + " links";
  };
  if (!check_topology_size(t, "dims", {switches * static_cast<double>(conc), switches, ports, links}, allowed))
    return nullptr;
  return std::make_unique<FlattenedButterfly>(std::vector<uint32_t>(dims.begin(), dims.end()),
                                              static_cast<uint32_t>(conc));
}

const TopologyRegistrar reg{{"flattened_butterfly",
                             "Flattened butterfly / HyperX: a complete graph per dimension, minimal dimension-order routing",
                             make_flattened_butterfly}};

}  // namespace
}  // namespace switchlab
