#include "topology/dragonfly.hpp"

#include "topology/limits.hpp"
#include "topology/link_bundles.hpp"
#include "topology/registry.hpp"

namespace switchlab {

Dragonfly::Dragonfly(uint32_t p, uint32_t a, uint32_t h, uint32_t g, bool valiant)
    : p_(p), a_(a), h_(h), g_(g), copies_(g > 1 ? a * h / (g - 1) : 0), valiant_(valiant) {
  classes_ = {"injection", "local", "global"};
}

uint8_t Dragonfly::port_class(uint32_t, uint16_t in_port) const {
  if (in_port < p_) return 0;
  return in_port < p_ + a_ - 1 ? 1 : 2;
}

uint32_t Dragonfly::global_link(uint32_t from, uint32_t to, uint32_t copy) const {
  const uint32_t offset = (to + g_ - from - 1) % g_;  // in [0, g-2]
  return copy * (g_ - 1) + offset;
}

uint32_t Dragonfly::minimal(uint32_t s, uint16_t& in, uint32_t d, uint32_t copy_key, Hop* out, uint32_t n) const {
  uint32_t cur = s;
  const uint32_t gs = s / a_, gd = d / a_;
  if (gs != gd) {
    const uint32_t t = global_link(gs, gd, copy_key % copies_);
    const uint32_t owner = gs * a_ + t / h_;
    if (owner != cur) {
      out[n++] = Hop{cur, in, local_port(cur % a_, owner % a_)};
      in = local_port(owner % a_, cur % a_);
      cur = owner;
    }
    out[n++] = Hop{cur, in, global_port(t)};
    const uint32_t ft = far_link(t);
    cur = gd * a_ + ft / h_;
    in = global_port(ft);
  }
  if (cur != d) {
    out[n++] = Hop{cur, in, local_port(cur % a_, d % a_)};
    in = local_port(d % a_, cur % a_);
  }
  return n;
}

uint32_t Dragonfly::route(uint32_t src, uint32_t dst, Rng& rng, Hop* out) const {
  const uint32_t rs = src / p_, rd = dst / p_;
  uint16_t in = static_cast<uint16_t>(src % p_);
  uint32_t n = 0, cur = rs;
  if (valiant_) {
    // Valiant: a uniformly random intermediate router; the packet is routed minimally to it and
    // from it (the intermediate's routing computation is counted once, on the way through).
    const uint32_t mid = static_cast<uint32_t>(rng.uniform_u64(num_switches()));
    if (mid != rs && mid != rd) {
      n = minimal(cur, in, mid, dst, out, n);
      cur = mid;
    }
  }
  n = minimal(cur, in, rd, dst, out, n);
  out[n++] = Hop{rd, in, static_cast<uint16_t>(dst % p_)};
  return n;
}

// Every cable once, as route() wires them: the group's clique, then its global links.
void Dragonfly::for_each_link(const LinkVisitor& link) const {
  for (uint32_t grp = 0; grp < g_; ++grp) {
    for (uint32_t r1 = 0; r1 < a_; ++r1)
      for (uint32_t r2 = r1 + 1; r2 < a_; ++r2) link(grp * a_ + r1, local_port(r1, r2), grp * a_ + r2, local_port(r2, r1));
    for (uint32_t t = 0; t < copies_ * (g_ - 1); ++t) {
      const uint32_t far = far_group(grp, t), ft = far_link(t);
      if (grp < far) link(grp * a_ + t / h_, global_port(t), far * a_ + ft / h_, global_port(ft));
    }
  }
}

nlohmann::json Dragonfly::layout() const {
  return {{"type", "groups"}, {"groups", g_}, {"per_group", a_}, {"every_pair", copies_ > 0}};
}

// Terminals, then "local to switch S" (the group's other routers), then "global i to group G"
// (or "unused" past the connected global links).
std::string Dragonfly::port_name(uint32_t sw, uint16_t port) const {
  if (port < p_) return node_port_name(port, p_);
  const uint32_t grp = sw / a_, r = sw % a_;
  if (port < p_ + a_ - 1) {
    const uint32_t j = port - p_;
    return "local to switch " + std::to_string(grp * a_ + (j < r ? j : j + 1));
  }
  const uint32_t i = port - (p_ + a_ - 1), t = r * h_ + i;
  const std::string name = "global " + std::to_string(i);
  return t < copies_ * (g_ - 1) ? name + " to group " + std::to_string(far_group(grp, t)) : name + " (unused)";
}

nlohmann::json Dragonfly::describe() const {
  return {{"kind", "dragonfly"}, {"p", p_}, {"a", a_}, {"h", h_}, {"g", g_},
          {"switches", num_switches()}, {"nodes", num_nodes()},
          {"global_links_per_group_pair", copies_},
          {"unconnected_global_ports_per_group", a_ * h_ - copies_ * (g_ - 1)},
          {"routing", valiant_ ? "valiant" : "minimal"},
          {"switch_id", "group * a + router"}, {"node_id", "switch_id * p + terminal"},
          {"ports", "[0,p) terminals, [p, p+a-1) local links, then h global links"},
          {"global_arrangement", "consecutive: link t of group G -> group (G+1+t mod (g-1)) mod g"},
          {"links", listed_links(*this)},
          {"links_format", "[router, its port, router, its port], local then global links of each group; null above " +
                               std::to_string(kMaxListedLinks) + " links"}};
}

namespace {

// g groups of a routers with p terminals each; links: a clique per group plus the global links
// (a*h/(g-1) per group pair).
TopologySize dragonfly_size(int64_t p, int64_t a, int64_t h, int64_t g) {
  const double routers = static_cast<double>(g) * static_cast<double>(a);
  const double per_pair = g > 1 ? static_cast<double>((a * h) / (g - 1)) : 0.0;
  return {routers * static_cast<double>(p), routers, static_cast<double>(p + a - 1 + h),
          static_cast<double>(g) * static_cast<double>(a * (a - 1) / 2) +
              per_pair * static_cast<double>(g) * static_cast<double>(g - 1) / 2};
}

std::unique_ptr<Topology> make_dragonfly(Params& t, Params& routing) {
  const int64_t p = t.integer("p", {1, 1, 64, "nodes", "Terminals (compute nodes) per router"});
  const int64_t a = t.integer("a", {4, 1, 256, "routers", "Routers per group"});
  const int64_t h = t.integer("h", {2, 1, 64, "links", "Global links per router"});
  static const std::string g_doc = with_node_limit("Groups; nodes = g*a*p");
  const int64_t g = t.integer("g", {9, 2, 16385, "groups", g_doc.c_str()});
  const std::string alg = routing.choice("algorithm", "minimal", {"minimal", "valiant"},
                                         "minimal (local-global-local) or Valiant (via a random intermediate router)");
  t.reject_unknown({"kind"});
  routing.reject_unknown();
  if (!t.errors().ok()) return nullptr;
  if (g - 1 > a * h) {
    t.errors().fail(t.field("g"), "must be at most a*h + 1 = " + std::to_string(a * h + 1) +
                                      " so that every pair of groups has a global link, got " + std::to_string(g),
                                      "at most a*h + 1 = " + std::to_string(a * h + 1));
    return nullptr;
  }
  const auto allowed = [p, a, h] {
    const int64_t most = largest_fitting(2, a * h + 1, [p, a, h](int64_t v) { return dragonfly_size(p, a, h, v); });
    return "an integer in [2, " + std::to_string(most) + "] with p = " + std::to_string(p) + ", a = " + std::to_string(a) +
           ", h = " + std::to_string(h);
  };
  if (!check_topology_size(t, "g", dragonfly_size(p, a, h, g), allowed)) return nullptr;
  return std::make_unique<Dragonfly>(static_cast<uint32_t>(p), static_cast<uint32_t>(a), static_cast<uint32_t>(h),
                                     static_cast<uint32_t>(g), alg == "valiant");
}

const TopologyRegistrar reg{{"dragonfly", "Dragonfly (p, a, h, g) with minimal or Valiant routing", make_dragonfly}};

}  // namespace
}  // namespace switchlab
