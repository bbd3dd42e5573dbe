#include "topology/kary_ncube.hpp"

#include "topology/limits.hpp"

namespace switchlab {

static_assert(kMaxTopologyNodes < FastDiv::kMaxOperand && kMaxTopologySwitches < FastDiv::kMaxOperand,
              "node and switch ids must stay within FastDiv's exact range");

KaryNCube::KaryNCube(std::vector<uint32_t> dims, std::vector<bool> wrap, uint32_t concentration)
    : dims_(std::move(dims)), wrap_(wrap.begin(), wrap.end()), c_(concentration), c_div_(concentration) {
  switches_ = 1;
  for (uint32_t k : dims_) {
    stride_.push_back(switches_);
    dim_div_.emplace_back(k);
    switches_ *= k;
  }
  classes_.push_back("injection");
  for (size_t i = 0; i < dims_.size(); ++i) classes_.push_back("dim" + std::to_string(i));
}

// A ring of k switches has k links (k = 2: the + and - ports give two parallel links), a line k - 1.
uint64_t KaryNCube::num_links() const {
  uint64_t links = 0;
  for (size_t i = 0; i < dims_.size(); ++i)
    if (dims_[i] > 1) links += uint64_t{switches_} / dims_[i] * (wrap_[i] ? dims_[i] : dims_[i] - 1);
  return links;
}

uint32_t KaryNCube::max_hops() const {
  uint32_t h = 1;
  for (size_t i = 0; i < dims_.size(); ++i) h += wrap_[i] ? dims_[i] / 2 : dims_[i] - 1;
  return h;
}

RingLink KaryNCube::ring_link(uint32_t sw, uint16_t out_port) const {
  if (out_port < c_) return {};
  const size_t dim = (out_port - c_) / 2;
  if (!wrap_[dim]) return {};
  const bool plus = out_port == plus_port(dim);
  const uint32_t pos = coord(sw, dim);
  return {static_cast<int32_t>(dim), plus ? pos + 1 == dims_[dim] : pos == 0};
}

uint32_t KaryNCube::route(uint32_t src, uint32_t dst, Rng&, Hop* out) const {
  uint32_t sw = c_div_.div(src);
  const uint32_t dst_sw = c_div_.div(dst);
  uint16_t in_port = static_cast<uint16_t>(src - sw * c_);
  uint32_t n = 0;
  // a, b: the source and destination switches divided by the sizes of the dimensions before i, so
  // that their coordinates in dimension i are a mod k_i and b mod k_i (one divide each per packet
  // and dimension: divisions are the expensive part of this loop).
  for (size_t i = 0, a = sw, b = dst_sw; i < dims_.size(); ++i) {
    const FastDiv& div = dim_div_[i];
    const uint32_t qa = div.div(static_cast<uint32_t>(a)), qb = div.div(static_cast<uint32_t>(b));
    const uint32_t from = static_cast<uint32_t>(a) - qa * dims_[i], to = static_cast<uint32_t>(b) - qb * dims_[i];
    a = qa;
    b = qb;
    const int32_t off = offset(i, from, to);
    if (off == 0) continue;
    const uint16_t port = off > 0 ? plus_port(i) : minus_port(i);
    // Locals: stores through `out` could alias the members as far as the compiler knows.
    const uint32_t k = dims_[i], stride = stride_[i], span = (k - 1) * stride;
    uint32_t pos = from;
    if (off > 0) {
      for (int32_t step = 0; step < off; ++step) {
        out[n++] = Hop{sw, in_port, port};
        if (++pos == k) {
          pos = 0;
          sw -= span;
        } else {
          sw += stride;
        }
        in_port = port;  // arriving travelling in the same direction
      }
    } else {
      for (int32_t step = 0; step < -off; ++step) {
        out[n++] = Hop{sw, in_port, port};
        if (pos == 0) {
          pos = k - 1;
          sw += span;
        } else {
          --pos;
          sw -= stride;
        }
        in_port = port;
      }
    }
  }
  out[n++] = Hop{sw, in_port, static_cast<uint16_t>(dst - dst_sw * c_)};
  return n;
}

// A torus is vertex-transitive under coordinate shifts (dimension-order routes shift with it,
// ties included, since the tie rule depends only on offsets). A mesh is not.
bool KaryNCube::translation_symmetric() const {
  for (bool w : wrap_)
    if (!w) return false;
  return true;
}

uint32_t KaryNCube::translate(uint32_t node, uint32_t from, uint32_t to) const {
  uint32_t sw = node / c_, out = 0;
  for (size_t i = 0; i < dims_.size(); ++i) {
    const uint32_t k = dims_[i];
    out += ((coord(sw, i) + coord(to, i) + k - coord(from, i)) % k) * stride_[i];
  }
  return out * c_ + node % c_;
}

nlohmann::json KaryNCube::describe() const {
  nlohmann::json wrap = nlohmann::json::array();
  for (bool w : wrap_) wrap.push_back(w);
  return {{"kind", "kary_ncube"}, {"dims", dims_}, {"wrap", wrap}, {"concentration", c_},
          {"switches", switches_}, {"nodes", num_nodes()},
          {"switch_id", "row-major over dims, dimension 0 fastest"},
          {"node_id", "switch_id * concentration + local index"}};
}

// A grid per dimension pair; the links run from a switch's + port (to coordinate + 1, or round
// to 0 on a ring) to the neighbour's - port, so a link whose second end has the lower coordinate
// is a ring's wrap-around link.
nlohmann::json KaryNCube::layout() const {
  nlohmann::json wrap = nlohmann::json::array();
  for (bool w : wrap_) wrap.push_back(w);
  return {{"type", "grid"}, {"dims", dims_}, {"wrap", wrap}};
}

void KaryNCube::for_each_link(const LinkVisitor& link) const {
  for (uint32_t sw = 0; sw < switches_; ++sw)
    for (size_t i = 0; i < dims_.size(); ++i) {
      const uint32_t k = dims_[i], pos = coord(sw, i);
      const bool wraps = pos + 1 == k;
      if (k < 2 || (wraps && !wrap_[i])) continue;
      link(sw, plus_port(i), wraps ? sw - pos * stride_[i] : sw + stride_[i], minus_port(i));
    }
}

// "dim1 +" leads to coordinate + 1, "dim1 −" (U+2212, the minus sign in UTF-8) to coordinate - 1.
std::string KaryNCube::port_name(uint32_t, uint16_t port) const {
  if (port < c_) return node_port_name(port, c_);
  return "dim" + std::to_string((port - c_) / 2) + ((port - c_) % 2 == 0 ? " +" : " \xe2\x88\x92");
}

}  // namespace switchlab

// ---- registration: torus, mesh and kary_ncube differ only in the default of `wrap`.
#include "topology/limits.hpp"
#include "topology/registry.hpp"

namespace switchlab {
namespace {

// prod(k_i) switches of c + 2 n ports; a ring of k switches has k links, a line k - 1.
TopologySize cube_size(const std::vector<int64_t>& dims, const std::vector<bool>& wrap, int64_t conc) {
  double switches = 1, links = 0;
  for (int64_t k : dims) switches *= static_cast<double>(k);
  for (size_t i = 0; i < dims.size(); ++i)
    links += switches / static_cast<double>(dims[i]) * static_cast<double>(wrap[i] ? dims[i] : dims[i] - 1);
  return {switches * static_cast<double>(conc), switches, static_cast<double>(conc + 2 * static_cast<int64_t>(dims.size())),
          links};
}

std::unique_ptr<Topology> make_cube(Params& t, Params& routing, bool default_wrap) {
  static const std::string dims_doc =
      with_node_limit("Switches along each dimension (k_i); dimension 0 is routed first; nodes = prod(k_i) * concentration");
  const auto dims = t.int_list("dims", {4, 4}, 1, 8, 2, 4096, "switches", dims_doc.c_str());
  const auto conc = t.integer("concentration", {1, 1, 64, "nodes", "Compute nodes per switch"});
  const auto wrap = t.bool_list("wrap", std::vector<bool>(dims.size(), default_wrap),
                                "Per-dimension wraparound links (true = torus ring, false = mesh line)");
  routing.choice("algorithm", "dor", {"dor"}, "Dimension-order routing, shortest direction per dimension");
  t.reject_unknown({"kind"});
  routing.reject_unknown();
  if (!t.errors().ok()) return nullptr;
  if (wrap.size() != dims.size()) {
    t.errors().fail(t.field("wrap"), "must have one entry per dimension (" + std::to_string(dims.size()) +
                                         "), got " + std::to_string(wrap.size()),
                                         std::to_string(dims.size()) + " entries, one per dimension");
    return nullptr;
  }
  const auto allowed = [conc] {
    return "dims whose product times concentration (" + std::to_string(conc) + ") is at most " +
           group_thousands(static_cast<double>(kMaxTopologyNodes)) + " nodes";
  };
  if (!check_topology_size(t, "dims", cube_size(dims, wrap, conc), allowed)) return nullptr;
  return std::make_unique<KaryNCube>(std::vector<uint32_t>(dims.begin(), dims.end()), wrap,
                                     static_cast<uint32_t>(conc));
}

const TopologyRegistrar torus{{"torus", "k-ary n-cube with wraparound in every dimension",
                               [](Params& t, Params& r) { return make_cube(t, r, true); }}};
const TopologyRegistrar mesh{{"mesh", "k-ary n-mesh (no wraparound)",
                              [](Params& t, Params& r) { return make_cube(t, r, false); }}};
const TopologyRegistrar cube{{"kary_ncube", "k-ary n-cube with per-dimension wrap (e.g. Tofu's 6-D mesh/torus)",
                              [](Params& t, Params& r) { return make_cube(t, r, true); }}};

}  // namespace
}  // namespace switchlab
