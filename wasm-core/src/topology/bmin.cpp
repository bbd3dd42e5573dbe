#include "topology/bmin.hpp"

#include <cmath>

#include "topology/limits.hpp"
#include "topology/link_bundles.hpp"
#include "topology/registry.hpp"

namespace switchlab {

namespace {
enum BminClass : uint8_t { kInjection, kUp, kDown };
}

Bmin::Bmin(uint32_t k, uint32_t stages, Climb climb) : k_(k), n_(stages), climb_(climb) {
  pow_.push_back(1);
  for (uint32_t i = 0; i < n_; ++i) pow_.push_back(pow_.back() * k_);
  per_stage_ = pow_[n_ - 1];
  classes_ = {"injection", "up", "down"};
}

uint8_t Bmin::port_class(uint32_t sw, uint16_t in_port) const {
  if (in_port >= k_) return kDown;
  return stage_of(sw) == 0 ? kInjection : kUp;
}

uint32_t Bmin::turnaround_stage(uint32_t x, uint32_t dst) const {
  for (uint32_t i = n_ - 1; i > 0; --i)
    if (digit(x, i) != digit(dst, i)) return i;
  return 0;
}

uint32_t Bmin::route(uint32_t src, uint32_t dst, Rng& rng, Hop* out) const {
  const bool random = climb_ == Climb::Random;
  return walk(0, src, digit(src, 0), turnaround_stage(src, dst), dst,
              [&](uint32_t s) { return random ? static_cast<uint32_t>(rng.uniform_u64(k_)) : digit(dst, s); }, out);
}

template <class Up>
uint32_t Bmin::walk(uint32_t stage, uint32_t x, uint32_t in_port, uint32_t top, uint32_t dst, Up up, Hop* out) const {
  uint32_t n = 0;
  for (uint32_t s = stage; s < top; ++s) {  // climb: up port k + up(s)
    const uint32_t d = up(s);
    out[n++] = Hop{switch_of(s, x), static_cast<uint16_t>(in_port), static_cast<uint16_t>(k_ + d)};
    x = with_digit(x, s, d);
    in_port = digit(x, s + 1);  // a down port of the stage-(s+1) switch
  }
  for (uint32_t s = top;; --s) {  // turn around at `top`, then descend: down port = dst digit s
    const uint32_t d = digit(dst, s);
    out[n++] = Hop{switch_of(s, x), static_cast<uint16_t>(in_port), static_cast<uint16_t>(d)};
    if (s == 0) break;
    x = with_digit(x, s, d);
    in_port = k_ + digit(x, s - 1);  // an up port of the stage-(s-1) switch
  }
  return n;
}

// A climbing hop is at the stage of its index (one hop per stage from stage 0). The channel it
// arrives on is its switch's label with the in-port digit put back; its turnaround stage is the
// source's (the climb changes only digits below it).
void Bmin::retarget(Hop* route, uint32_t hop, uint32_t c, uint32_t dst) const {
  const uint32_t s = hop, w = route[hop].sw - s * per_stage_, in_port = route[hop].in_port;
  const uint32_t x = w / pow_[s] * pow_[s + 1] + in_port * pow_[s] + w % pow_[s];
  walk(s, x, in_port, turnaround_stage(x, dst), dst, [&](uint32_t at) { return at == s ? c : digit(dst, at); },
       route + hop);
}

// Links between stage s and s+1: [lower switch, its up port, upper switch, its down port], one per
// channel label.
void Bmin::for_each_link(const LinkVisitor& link) const {
  for (uint32_t s = 0; s + 1 < n_; ++s)
    for (uint32_t x = 0; x < pow_[n_]; ++x)
      link(switch_of(s, x), static_cast<uint16_t>(k_ + digit(x, s)), switch_of(s + 1, x), static_cast<uint16_t>(digit(x, s + 1)));
}

nlohmann::json Bmin::layout() const {
  return {{"type", "levels"}, {"levels", n_}, {"per_level", per_stage_}, {"word", "stage"}, {"bottom", "nodes attach here"}, {"top", nullptr}};
}

// The top stage's up ports lead nowhere.
std::string Bmin::port_name(uint32_t sw, uint16_t port) const {
  if (port < k_) return (stage_of(sw) == 0 ? "node " : "down ") + std::to_string(port);
  return stage_of(sw) + 1 < n_ ? "up " + std::to_string(port - k_) : "port " + std::to_string(port) + " (unused)";
}

nlohmann::json Bmin::describe() const {
  nlohmann::json stages = nlohmann::json::array();
  for (uint32_t s = 0; s < n_; ++s)
    stages.push_back({{"stage", s}, {"first_switch", s * per_stage_}, {"switches", per_stage_},
                      {"port_digit", s}});
  return {{"kind", "bmin"}, {"k", k_}, {"stages", n_}, {"switches", num_switches()}, {"nodes", num_nodes()},
          {"switches_per_stage", per_stage_}, {"ports_per_switch", 2 * k_}, {"stage_list", stages},
          {"links", listed_links(*this)},
          {"links_format", "[stage-s switch, its up port, stage-(s+1) switch, its down port]; null above " + std::to_string(kMaxListedLinks) + " links"},
          {"link_bundles", link_bundles(*this, n_, per_stage_)},
          {"link_bundles_format", LinkBundles::format()},
          {"node_id", "n-digit base-k address a_{n-1}..a_0; attached to stage-0 switch a / k, down port a_0"},
          {"switch_id", "stage * k^(n-1) + w, w = a channel label with digit `stage` removed"},
          {"ports", "[0, k) down ports (port j: digit stage = j), [k, 2k) up ports (k + j)"},
          {"routing", std::string("turnaround at the least common ancestor stage; ") +
                          (climb_ == Climb::Random     ? "up port drawn uniformly per packet and stage"
                           : climb_ == Climb::Adaptive ? "up port with the most room downstream, chosen by the cycle engine"
                           : climb_ == Climb::AdaptiveQueues
                               ? "up port with the fewest flits waiting for it in its switch, then the most room downstream, chosen by the cycle engine"
                               : "up port = k + destination digit")}};
}

namespace {

// k^n nodes, n k^(n-1) switches of 2k ports, (n-1) k^n channels between stages.
TopologySize bmin_size(int64_t k, int64_t n) {
  const double nodes = std::pow(static_cast<double>(k), static_cast<double>(n));
  return {nodes, nodes / static_cast<double>(k) * static_cast<double>(n), 2.0 * static_cast<double>(k),
          nodes * static_cast<double>(n - 1)};
}

std::unique_ptr<Topology> make_bmin(Params& t, Params& routing) {
  const int64_t k = t.integer("k", {4, 2, 256, "ports", "Down ports per switch (as many up ports): 8-port switches have k = 4"});
  static const std::string stages_doc = with_node_limit("Stages of switches (n); nodes = k^n");
  const int64_t n = t.integer("stages", {2, 1, 16, "stages", stages_doc.c_str()});
  const std::string algorithm =
      routing.choice("algorithm", "turnaround", {"turnaround", "turnaround_random", "turnaround_adaptive", "turnaround_adaptive_queues"},
                     "turnaround: climb to the least common ancestor stage and turn around, the up port chosen by "
                     "destination digit (deterministic); turnaround_random: the same with every up port drawn "
                     "uniformly per packet; turnaround_adaptive: every up port chosen by the room downstream when "
                     "the packet is routed, as seed 003's adaptive climb (cycle engine only); "
                     "turnaround_adaptive_queues: every up port chosen by the fewest flits waiting for it in its "
                     "switch, then by the room downstream (seed 003 Figs. 12-13; cycle engine only)");
  const Bmin::Climb climb = algorithm == "turnaround_random"            ? Bmin::Climb::Random
                            : algorithm == "turnaround_adaptive"        ? Bmin::Climb::Adaptive
                            : algorithm == "turnaround_adaptive_queues" ? Bmin::Climb::AdaptiveQueues
                                                                        : Bmin::Climb::Digit;
  t.reject_unknown({"kind"});
  routing.reject_unknown();
  if (!t.errors().ok()) return nullptr;
  const auto allowed = [k] {
    const int64_t most = largest_fitting(1, 16, [k](int64_t v) { return bmin_size(k, v); });
    return "an integer in [1, " + std::to_string(most) + "] with k = " + std::to_string(k);
  };
  if (!check_topology_size(t, "stages", bmin_size(k, n), allowed)) return nullptr;
  return std::make_unique<Bmin>(static_cast<uint32_t>(k), static_cast<uint32_t>(n), climb);
}

const TopologyRegistrar reg{{"bmin", "Bidirectional MIN (butterfly) with turnaround routing (seed 003 Fig. 6)", make_bmin}};

}  // namespace
}  // namespace switchlab
