#include "topology/fat_tree.hpp"

#include <cmath>

#include "topology/limits.hpp"
#include "topology/link_bundles.hpp"
#include "topology/registry.hpp"

namespace switchlab {

namespace {
enum FatTreeClass : uint8_t { kInjection, kUp, kDown };
}

static_assert(kMaxTopologyNodes < FastDiv::kMaxOperand, "node ids must stay within FastDiv's exact range");

FatTree::FatTree(uint32_t k, uint32_t n, uint32_t oversubscription)
    : k_(k), n_(n), o_(oversubscription), k_div_(k), leaf_div_(oversubscription * k) {
  leaves_ = 1;
  for (uint32_t i = 0; i + 1 < n; ++i) {
    pow_.push_back(leaves_);
    leaves_ *= k;
  }
  pow_.push_back(leaves_);
  classes_ = {"injection", "up", "down"};
}

// Input ports are classed by the direction the arriving packet travels: a down port of a non-leaf
// switch receives packets going up, an up port receives packets coming down.
uint8_t FatTree::port_class(uint32_t sw, uint16_t in_port) const {
  const uint32_t level = sw / leaves_;
  if (in_port >= up_base(level)) return kDown;
  return level == 0 ? kInjection : kUp;
}

uint32_t FatTree::route(uint32_t src, uint32_t dst, Rng&, Hop* out) const {
  const uint32_t per_leaf = leaf_down();
  const uint32_t ws = leaf_div_.div(src), wd = leaf_div_.div(dst);
  const uint32_t local_d = dst - wd * per_leaf;
  // Both leaf words' digits once per packet (divisions are the expensive part); `cur` follows the
  // packet's current word.
  uint32_t cur[kMaxLevels], dd[kMaxLevels];
  for (uint32_t i = 0, a = ws, b = wd; i + 1 < n_; ++i) {
    const uint32_t qa = k_div_.div(a), qb = k_div_.div(b);
    cur[i] = a - qa * k_;
    dd[i] = b - qb * k_;
    a = qa;
    b = qb;
  }
  // Lowest common level: 0 if both hang off one leaf, else 1 + the highest differing word digit.
  uint32_t top = 0;
  for (uint32_t i = n_ - 1; i-- > 0;)
    if (cur[i] != dd[i]) {
      top = i + 1;
      break;
    }
  uint32_t word = ws, in_port = src - ws * per_leaf, n = 0;
  for (uint32_t level = 0; level < top; ++level) {  // up*
    const uint32_t j = level == 0 ? k_div_.mod(local_d) : dd[level - 1];
    out[n++] = Hop{switch_id(level, word), static_cast<uint16_t>(in_port), static_cast<uint16_t>(up_base(level) + j)};
    in_port = cur[level];  // arrives on the down port that leads back to `word`
    word += (j - cur[level]) * pow_[level];
    cur[level] = j;
  }
  for (uint32_t level = top; level > 0; --level) {  // down*
    const uint32_t d = dd[level - 1];
    out[n++] = Hop{switch_id(level, word), static_cast<uint16_t>(in_port), static_cast<uint16_t>(d)};
    in_port = up_base(level - 1) + cur[level - 1];
    word += (d - cur[level - 1]) * pow_[level - 1];
    cur[level - 1] = d;
  }
  out[n++] = Hop{switch_id(0, word), static_cast<uint16_t>(in_port), static_cast<uint16_t>(local_d)};
  return n;
}

// Up port j of (level, word) leads to (level+1, word with digit `level` set to j), arriving on
// its down port digit(word, level): the wiring route() follows.
void FatTree::for_each_link(const LinkVisitor& link) const {
  for (uint32_t level = 0; level + 1 < n_; ++level)
    for (uint32_t word = 0; word < leaves_; ++word)
      for (uint32_t j = 0; j < k_; ++j)
        link(switch_id(level, word), static_cast<uint16_t>(up_base(level) + j),
             switch_id(level + 1, with_digit(word, level, j)), static_cast<uint16_t>(digit(word, level)));
}

nlohmann::json FatTree::layout() const {
  return {{"type", "levels"}, {"levels", n_}, {"per_level", leaves_}, {"word", "level"}, {"bottom", "leaves"}, {"top", "roots"}};
}

// Roots' up ports, and the ports a non-leaf switch has beyond its 2k (leaves have o k + k), lead nowhere.
std::string FatTree::port_name(uint32_t sw, uint16_t port) const {
  const uint32_t level = sw / leaves_;
  if (port < up_base(level)) return (level == 0 ? "node " : "down ") + std::to_string(port);
  const uint32_t j = port - up_base(level);
  return j < k_ && level + 1 < n_ ? "up " + std::to_string(j) : "port " + std::to_string(port) + " (unused)";
}

nlohmann::json FatTree::describe() const {
  return {{"kind", "fat_tree"}, {"k", k_}, {"n", n_}, {"oversubscription", o_},
          {"levels", n_}, {"switches_per_level", leaves_}, {"switches", num_switches()}, {"nodes", num_nodes()},
          {"switch_id", "level * k^(n-1) + word (word: base-k digits, digit 0 least significant)"},
          {"node_id", "leaf_word * (oversubscription * k) + local port"},
          {"ports", "[0, down) down ports (leaf: oversubscription*k nodes), then k up ports"},
          {"links", listed_links(*this)},
          {"links_format", "[level-l switch, its up port, level-(l+1) switch, its down port]; null above " +
                               std::to_string(kMaxListedLinks) + " links"},
          {"link_bundles", link_bundles(*this, n_, leaves_)},
          {"link_bundles_format", LinkBundles::format()}};
}

namespace {

// n levels of k^(n-1) switches; a leaf has o k node ports and k up ports; o k^n nodes; k up links
// per switch below the top level.
TopologySize fat_tree_size(int64_t k, int64_t n, int64_t o) {
  const double kd = static_cast<double>(k), per_level = std::pow(kd, static_cast<double>(n - 1));
  return {per_level * kd * static_cast<double>(o), per_level * static_cast<double>(n),
          kd * static_cast<double>(o) + kd, per_level * kd * static_cast<double>(n - 1)};
}

std::unique_ptr<Topology> make_fat_tree(Params& t, Params& routing) {
  const int64_t k = t.integer("k", {4, 2, 64, "ports", "Down (and up) ports per switch: the tree's arity"});
  static const std::string n_doc = with_node_limit("Levels of switches; nodes = oversubscription * k^n");
  const int64_t n = t.integer("n", {3, 1, 8, "levels", n_doc.c_str()});
  const int64_t o = t.integer("oversubscription", {1, 1, 16, "", "Leaf oversubscription n:1 (nodes per leaf = n*k)"});
  routing.choice("algorithm", "updown", {"updown"}, "up*/down* with the destination-digit (d-mod-k) up-port choice");
  t.reject_unknown({"kind"});
  routing.reject_unknown();
  if (!t.errors().ok()) return nullptr;
  const auto allowed = [k, o] {
    const int64_t most = largest_fitting(1, 8, [k, o](int64_t v) { return fat_tree_size(k, v, o); });
    return "an integer in [1, " + std::to_string(most) + "] with k = " + std::to_string(k) + " and oversubscription " +
           std::to_string(o);
  };
  if (!check_topology_size(t, "n", fat_tree_size(k, n, o), allowed)) return nullptr;
  return std::make_unique<FatTree>(static_cast<uint32_t>(k), static_cast<uint32_t>(n), static_cast<uint32_t>(o));
}

const TopologyRegistrar reg{{"fat_tree", "k-ary n-tree fat tree with up*/down* routing", make_fat_tree}};

}  // namespace
}  // namespace switchlab
