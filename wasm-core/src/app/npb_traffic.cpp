// traffic.pattern "npb": the skeletons' messages in program order (blocks, their repeats, steps,
// messages), each as max(1, ceil(bytes / packet_bytes)) back-to-back packets, or as one packet
// when packet_bytes is 0 (one routing computation per message and switch, as an MPI-level trace
// replay does); benchmarks one after another; wrapping around at the end like a trace.
// Placement of rank r: node r (linear); a random choice of distinct nodes drawn from
// traffic.pattern_seed (random); or, on k-ary n-cubes, the nodes in the order that fills a
// switch's nodes first and then the dimensions in traffic.npb.dim_order, fastest first (default:
// the last dimension fastest, the reverse of node-id order), as torus machines map ranks by
// dimension order (by_dimension).
#include "app/npb_traffic.hpp"

#include <algorithm>

#include "topology/kary_ncube.hpp"
#include "traffic/pattern_util.hpp"

namespace switchlab::app {
namespace {

class NpbTraffic final : public Traffic {
 public:
  explicit NpbTraffic(NpbWorkload w) : w_(std::move(w)) {
    for (const auto& s : w_.skeletons)
      for (const auto& b : s.blocks)
        for (const auto& st : b.steps)
          for (const auto& m : st.msgs) per_pass_ += b.times * packets_of(m);
  }
  const NpbWorkload& workload() const { return w_; }

  void next(Rng&, uint32_t& src, uint32_t& dst) override {
    const Message* m = current();
    src = w_.node_of_rank[m->src];
    dst = w_.node_of_rank[m->dst];
    if (++packet_ < packets_of(*m)) return;
    packet_ = 0;
    ++msg_;
    current();  // moves to the next message, skipping steps without any
  }

  nlohmann::json describe() const override {
    nlohmann::json b = nlohmann::json::array();
    uint64_t messages = 0;
    for (const auto& s : w_.skeletons) {
      b.push_back(s.benchmark);
      messages += s.messages();
    }
    return {{"pattern", "npb"}, {"benchmarks", b}, {"ranks", w_.node_of_rank.size()},
            {"messages_per_pass", messages}, {"packets_per_pass", per_pass_}, {"wraps", true}};
  }

 private:
  uint64_t packets_of(const Message& m) const {
    return w_.packet_bytes == 0 || m.bytes == 0 ? 1 : (m.bytes + w_.packet_bytes - 1) / w_.packet_bytes;
  }
  // The message under the cursor, after moving the cursor past exhausted steps, repeats, blocks
  // and skeletons (a workload always has at least one message: checked when it is built).
  const Message* current() {
    for (;;) {
      const Skeleton& s = w_.skeletons[sk_];
      if (block_ < s.blocks.size()) {
        const Block& b = s.blocks[block_];
        if (step_ < b.steps.size()) {
          if (msg_ < b.steps[step_].msgs.size()) return &b.steps[step_].msgs[msg_];
          msg_ = 0;
          ++step_;
          continue;
        }
        step_ = 0;
        if (++rep_ < b.times) continue;
        rep_ = 0;
        ++block_;
        continue;
      }
      block_ = 0;
      sk_ = (sk_ + 1) % w_.skeletons.size();
    }
  }

  NpbWorkload w_;
  uint64_t per_pass_ = 0;
  size_t sk_ = 0, block_ = 0, step_ = 0, msg_ = 0;
  uint64_t rep_ = 0, packet_ = 0;
};

// Node ids in by-dimension order: local index fastest, then the dimensions in `order`.
std::vector<uint32_t> by_dimension(const KaryNCube& t, const std::vector<uint32_t>& order) {
  const auto& k = t.dims();
  std::vector<uint32_t> stride(k.size(), 1), out;
  for (size_t d = 1; d < k.size(); ++d) stride[d] = stride[d - 1] * k[d - 1];
  const uint32_t c = t.concentration();
  for (uint32_t i = 0; i < t.num_nodes(); ++i) {
    uint32_t rest = i / c, sw = 0;
    for (uint32_t d : order) {
      sw += (rest % k[d]) * stride[d];
      rest /= k[d];
    }
    out.push_back(sw * c + i % c);
  }
  return out;
}

std::unique_ptr<Traffic> make_npb(Params& traffic, const Topology& topo) {
  Params p = traffic.child("npb", "NAS Parallel Benchmarks skeletons (docs/models.md)");
  std::string names;
  for (const auto& b : benchmarks()) names += (names.empty() ? "" : ", ") + b.name;
  const std::string list_doc = "Benchmarks, run one after another (default [\"cg\"]): " + names;
  const json* list = p.raw("benchmarks", "array", list_doc.c_str());
  const std::string cls = p.choice("class", "A", {"S", "W", "A", "B", "C"}, "Problem class (NPB sizes S < W < A < B < C)");
  const uint32_t nodes = topo.num_nodes();
  const auto ranks = static_cast<uint32_t>(p.integer("ranks", {16, 2, 1024, "ranks", "MPI ranks, one per compute node (at most the nodes; skeletons hold every message of a step, R^2 in an all-to-all)"}));
  const std::string placement = p.choice("placement", "linear", {"linear", "random", "by_dimension"},
                                         "Rank placement: linear (rank r on node r), random (distinct nodes drawn "
                                         "from traffic.pattern_seed) or by_dimension (k-ary n-cubes: a switch's nodes, "
                                         "then the dimensions in dim_order)");
  const std::vector<int64_t> dim_order = p.int_list(
      "dim_order", {}, 0, 16, 0, 15, "",
      "by_dimension: the dimensions consecutive ranks fill, fastest first (a permutation of 0..n-1; empty: the "
      "last dimension fastest)");
  NpbWorkload w;
  w.packet_bytes = static_cast<uint64_t>(p.integer(
      "packet_bytes", {0, 0, int64_t{1} << 30, "B",
                       "Route walk: packet payload, a message of b bytes is ceil(b / packet_bytes) packets; 0: one "
                       "look-up per message and switch (an MPI-level trace)"}));
  const uint64_t seed = read_pattern_seed(traffic);
  p.reject_unknown();
  if (!traffic.errors().ok()) return nullptr;

  const std::string allowed = "a non-empty list of distinct benchmark names from: " + names;
  std::vector<const BenchmarkInfo*> chosen;
  const json cg_only = json::array({"cg"});
  if (!list) list = &cg_only;
  if (!list->is_array() || list->empty()) {
    traffic.errors().fail(p.field("benchmarks"), "must be " + allowed + ", got " + preview(*list), allowed);
    return nullptr;
  }
  for (const json& v : *list) {
    const BenchmarkInfo* b = v.is_string() ? find_benchmark(v.get<std::string>()) : nullptr;
    if (!b || std::find(chosen.begin(), chosen.end(), b) != chosen.end()) {
      traffic.errors().fail(p.field("benchmarks"), "must be " + allowed + ", got " + preview(v), allowed);
      return nullptr;
    }
    chosen.push_back(b);
  }
  p.set("benchmarks", *list);
  if (ranks > nodes) {
    traffic.errors().fail(p.field("ranks"), "must be in [2, " + std::to_string(nodes) + "] (one rank per compute node; this topology has " +
                                                std::to_string(nodes) + "), got " + std::to_string(ranks));
    return nullptr;
  }
  for (const BenchmarkInfo* b : chosen) {
    const std::string why = b->check(cls[0], ranks);
    if (!why.empty()) {
      traffic.errors().fail(p.field("ranks"), b->name + " " + why + ", got " + std::to_string(ranks));
      return nullptr;
    }
    w.skeletons.push_back(b->build(cls[0], ranks));
  }
  if (placement == "by_dimension") {
    const auto* cube = dynamic_cast<const KaryNCube*>(&topo);
    if (!cube) {
      traffic.errors().fail(p.field("placement"), "by_dimension needs a k-ary n-cube (torus, mesh, kary_ncube); this topology is " +
                                                      topo.kind(), "linear or random");
      return nullptr;
    }
    const uint32_t n = static_cast<uint32_t>(cube->dims().size());
    std::vector<uint32_t> order;
    for (int64_t d : dim_order) order.push_back(static_cast<uint32_t>(d));
    if (order.empty())
      for (uint32_t d = n; d-- > 0;) order.push_back(d);
    std::vector<uint32_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (uint32_t d = 0; d < sorted.size(); ++d)
      if (sorted.size() != n || sorted[d] != d) {
        traffic.errors().fail(p.field("dim_order"), "must be a permutation of the " + std::to_string(n) +
                                                        " dimensions 0.." + std::to_string(n - 1),
                              "a permutation of 0.." + std::to_string(n - 1));
        return nullptr;
      }
    const std::vector<uint32_t> all = by_dimension(*cube, order);
    w.node_of_rank.assign(all.begin(), all.begin() + ranks);
  } else if (placement == "random") {
    std::vector<uint32_t> all(nodes);
    for (uint32_t i = 0; i < nodes; ++i) all[i] = i;
    Rng rng(seed);
    traffic_detail::shuffle(all, rng);
    w.node_of_rank.assign(all.begin(), all.begin() + ranks);
  } else {
    for (uint32_t r = 0; r < ranks; ++r) w.node_of_rank.push_back(r);
  }
  return std::make_unique<NpbTraffic>(std::move(w));
}

const TrafficRegistrar reg{{"npb", "NAS Parallel Benchmarks skeletons (traffic.npb): their messages in program order, wrapping",
                            make_npb, nullptr}};

}  // namespace

const NpbWorkload* npb_workload(const Traffic& traffic) {
  const auto* t = dynamic_cast<const NpbTraffic*>(&traffic);
  return t ? &t->workload() : nullptr;
}

}  // namespace switchlab::app
