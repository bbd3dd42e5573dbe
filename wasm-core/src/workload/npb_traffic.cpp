// traffic.pattern "npb": the skeletons' messages in program order (blocks, their repeats, steps,
// messages), each as max(1, ceil(bytes / packet_bytes)) back-to-back packets, or as one packet
// when packet_bytes is 0 (one routing computation per message and switch, as an MPI-level trace
// replay does); benchmarks one after another; wrapping around at the end like a trace.
// Placement of rank r: node r (linear); a random choice of distinct nodes drawn from
// traffic.pattern_seed (random); or, on k-ary n-cubes, the nodes in the order that fills a
// switch's nodes first and then the dimensions in traffic.npb.dim_order, fastest first (default:
// the last dimension fastest, the reverse of node-id order), as torus machines map ranks by
// dimension order (by_dimension).
#include "workload/npb_traffic.hpp"

#include <algorithm>

#include "common/text.hpp"
#include "topology/kary_ncube.hpp"
#include "traffic/pattern_util.hpp"

namespace switchlab::app {
namespace {

// The skeletons' messages as a packet stream in program order, in ranks, wrapping around.
class SkeletonStream {
 public:
  SkeletonStream(const std::vector<Skeleton>& skeletons, uint64_t packet_bytes)
      : sk_list_(skeletons), packet_bytes_(packet_bytes) {
    for (const auto& s : sk_list_)
      for (const auto& b : s.blocks)
        for (const auto& st : b.steps)
          for (const auto& m : st.msgs) per_pass_ += b.times * packets_of_message(m.bytes, packet_bytes_);
  }

  // The message the next packet belongs to.
  const Message& next() {
    const Message* m = current();
    if (++packet_ >= packets_of_message(m->bytes, packet_bytes_)) {
      packet_ = 0;
      ++msg_;
    }
    return *m;
  }
  uint64_t packets_per_pass() const { return per_pass_; }

 private:
  // The message under the cursor, after moving the cursor past exhausted steps, repeats, blocks
  // and skeletons (a workload always has at least one message: checked when it is built).
  const Message* current() {
    for (;;) {
      const Skeleton& s = sk_list_[sk_];
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
      sk_ = (sk_ + 1) % sk_list_.size();
    }
  }

  const std::vector<Skeleton>& sk_list_;
  uint64_t packet_bytes_;
  uint64_t per_pass_ = 0;
  size_t sk_ = 0, block_ = 0, step_ = 0, msg_ = 0;
  uint64_t rep_ = 0, packet_ = 0;
};

class NpbTraffic final : public Traffic {
 public:
  explicit NpbTraffic(NpbWorkload w) : w_(std::move(w)), stream_(w_.skeletons, w_.packet_bytes) {}
  const NpbWorkload& workload() const { return w_; }

  void next(Rng&, uint32_t& src, uint32_t& dst) override {
    const Message& m = stream_.next();
    src = w_.node_of_rank[m.src];
    dst = w_.node_of_rank[m.dst];
  }
  nlohmann::json describe() const override {
    nlohmann::json b = nlohmann::json::array();
    uint64_t messages = 0;
    for (const auto& s : w_.skeletons) {
      b.push_back(s.benchmark);
      messages += s.messages();
    }
    return {{"pattern", "npb"}, {"benchmarks", b}, {"ranks", w_.node_of_rank.size()},
            {"messages_per_pass", messages}, {"packets_per_pass", stream_.packets_per_pass()}, {"wraps", true}};
  }

 private:
  NpbWorkload w_;
  SkeletonStream stream_;
};

// Inside a job of a job mix (traffic.jobs): the job's n nodes run the benchmarks on n ranks,
// rank r on the job's r-th node (the job mix maps ranks to nodes).
class NpbJob final : public RankPattern {
 public:
  NpbJob(std::vector<Skeleton> skeletons, uint64_t packet_bytes)
      : skeletons_(std::move(skeletons)), stream_(skeletons_, packet_bytes) {}
  void next(Rng&, uint32_t& src, uint32_t& dst) override {
    const Message& m = stream_.next();
    src = m.src;
    dst = m.dst;
  }

 private:
  std::vector<Skeleton> skeletons_;
  SkeletonStream stream_;
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

// The fields every npb traffic reads: the benchmarks (in order), the class and the packet size.
struct NpbChoice {
  std::vector<const BenchmarkInfo*> benchmarks;
  char cls = 'A';
  uint64_t packet_bytes = 0;
};

bool read_choice(Params& traffic, Params& p, NpbChoice& out) {
  std::string names;
  for (const auto& b : benchmarks()) append_listed(names, b.name);
  const std::string list_doc = "Benchmarks, run one after another (default [\"cg\"]): " + names;
  const json* list = p.raw("benchmarks", "array", list_doc.c_str());
  out.cls = p.choice("class", "A", {"S", "W", "A", "B", "C"}, "Problem class (NPB sizes S < W < A < B < C)")[0];
  out.packet_bytes = read_packet_bytes(p);
  if (!traffic.errors().ok()) return false;
  const std::string allowed = "a non-empty list of distinct benchmark names from: " + names;
  const json cg_only = json::array({"cg"});
  if (!list) list = &cg_only;
  if (!list->is_array() || list->empty()) {
    traffic.errors().fail(p.field("benchmarks"), "must be " + allowed + ", got " + preview(*list), allowed);
    return false;
  }
  for (const json& v : *list) {
    const BenchmarkInfo* b = v.is_string() ? find_benchmark(v.get<std::string>()) : nullptr;
    if (!b || std::find(out.benchmarks.begin(), out.benchmarks.end(), b) != out.benchmarks.end()) {
      traffic.errors().fail(p.field("benchmarks"), "must be " + allowed + ", got " + preview(v), allowed);
      return false;
    }
    out.benchmarks.push_back(b);
  }
  p.set("benchmarks", *list);
  return true;
}

// Why the benchmarks cannot run on n ranks ("cg needs ..."), or "".
std::string check_ranks(const NpbChoice& c, uint32_t n) {
  for (const BenchmarkInfo* b : c.benchmarks) {
    const std::string why = b->check(c.cls, n);
    if (!why.empty()) return b->name + " " + why;
  }
  return "";
}

std::vector<Skeleton> build_skeletons(const NpbChoice& c, uint32_t n) {
  std::vector<Skeleton> out;
  for (const BenchmarkInfo* b : c.benchmarks) out.push_back(b->build(c.cls, n));
  return out;
}

class NpbJobSpec final : public RankSpec {
 public:
  explicit NpbJobSpec(NpbChoice c) : c_(std::move(c)) {}
  std::string check(uint32_t n) const override { return check_ranks(c_, n); }
  std::unique_ptr<RankPattern> make(uint32_t n, uint64_t) const override {
    return std::make_unique<NpbJob>(build_skeletons(c_, n), c_.packet_bytes);
  }

 private:
  NpbChoice c_;
};

// In a job mix each job runs the benchmarks on all its nodes, rank r on its r-th node: the
// whole-machine fields (ranks, placement, dim_order) do not apply.
std::unique_ptr<RankSpec> make_npb_jobs(Params& traffic, uint32_t) {
  Params p = traffic.child("npb", "NAS Parallel Benchmarks skeletons (docs/models.md)");
  NpbChoice c;
  if (!read_choice(traffic, p, c)) return nullptr;
  for (const char* whole : {"ranks", "placement", "dim_order"})
    if (p.present(whole)) {
      traffic.errors().fail(p.field(whole), "does not apply with traffic.jobs: each job runs the benchmarks on all its "
                                            "nodes, rank r on its r-th node", "absent");
      return nullptr;
    }
  p.reject_unknown();
  if (!traffic.errors().ok()) return nullptr;
  return std::make_unique<NpbJobSpec>(std::move(c));
}

}  // namespace

uint64_t read_packet_bytes(Params& p) {
  return static_cast<uint64_t>(p.integer(
      "packet_bytes", {0, 0, int64_t{1} << 30, "B",
                       "Packet payload: a message of b bytes is ceil(b / packet_bytes) packets; 0: one look-up per "
                       "message and switch (an MPI-level trace, route walk only)"}));
}

Placement read_placement(Params& traffic, Params& p) {
  Placement out;
  out.kind = p.choice("placement", "linear", {"linear", "random", "by_dimension"},
                      "Rank placement: linear (rank r on node r), random (distinct nodes drawn "
                      "from traffic.pattern_seed) or by_dimension (k-ary n-cubes: a switch's nodes, "
                      "then the dimensions in dim_order)");
  out.dim_order = p.int_list(
      "dim_order", {}, 0, 16, 0, 15, "",
      "by_dimension: the dimensions consecutive ranks fill, fastest first (a permutation of 0..n-1; empty: the "
      "last dimension fastest)");
  out.seed = read_pattern_seed(traffic);
  return out;
}

bool place_ranks(Params& traffic, Params& p, const Placement& placement, const Topology& topo, uint32_t ranks,
                 std::vector<uint32_t>& node_of_rank) {
  const uint32_t nodes = topo.num_nodes();
  if (placement.kind == "by_dimension") {
    const auto* cube = dynamic_cast<const KaryNCube*>(&topo);
    if (!cube) {
      traffic.errors().fail(p.field("placement"), "by_dimension needs a k-ary n-cube (torus, mesh, kary_ncube); this topology is " +
                                                      topo.kind(), "linear or random");
      return false;
    }
    const uint32_t n = static_cast<uint32_t>(cube->dims().size());
    std::vector<uint32_t> order;
    for (int64_t d : placement.dim_order) order.push_back(static_cast<uint32_t>(d));
    if (order.empty())
      for (uint32_t d = n; d-- > 0;) order.push_back(d);
    std::vector<uint32_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (uint32_t d = 0; d < sorted.size(); ++d)
      if (sorted.size() != n || sorted[d] != d) {
        traffic.errors().fail(p.field("dim_order"), "must be a permutation of the " + std::to_string(n) +
                                                        " dimensions 0.." + std::to_string(n - 1),
                              "a permutation of 0.." + std::to_string(n - 1));
        return false;
      }
    const std::vector<uint32_t> all = by_dimension(*cube, order);
    node_of_rank.assign(all.begin(), all.begin() + ranks);
  } else if (placement.kind == "random") {
    std::vector<uint32_t> all(nodes);
    for (uint32_t i = 0; i < nodes; ++i) all[i] = i;
    Rng rng(placement.seed);
    traffic_detail::shuffle(all, rng);
    node_of_rank.assign(all.begin(), all.begin() + ranks);
  } else {
    for (uint32_t r = 0; r < ranks; ++r) node_of_rank.push_back(r);
  }
  return true;
}

namespace {

std::unique_ptr<Traffic> make_npb(Params& traffic, const Topology& topo) {
  Params p = traffic.child("npb", "NAS Parallel Benchmarks skeletons (docs/models.md)");
  NpbChoice c;
  if (!read_choice(traffic, p, c)) return nullptr;
  const uint32_t nodes = topo.num_nodes();
  const auto ranks = static_cast<uint32_t>(p.integer("ranks", {16, 2, 1024, "ranks", "MPI ranks, one per compute node (at most the nodes; skeletons hold every message of a step, R^2 in an all-to-all)"}));
  const Placement placement = read_placement(traffic, p);
  p.reject_unknown();
  if (!traffic.errors().ok()) return nullptr;
  if (ranks > nodes) {
    traffic.errors().fail(p.field("ranks"), "must be in [2, " + std::to_string(nodes) + "] (one rank per compute node; this topology has " +
                                                std::to_string(nodes) + "), got " + std::to_string(ranks),
                                                "an integer in [2, " + std::to_string(nodes) + "]");
    return nullptr;
  }
  if (const std::string why = check_ranks(c, ranks); !why.empty()) {
    traffic.errors().fail(p.field("ranks"), why + ", got " + std::to_string(ranks), sizes_that_fit(NpbJobSpec(c), nodes));
    return nullptr;
  }
  NpbWorkload w;
  w.packet_bytes = c.packet_bytes;
  w.skeletons = build_skeletons(c, ranks);
  if (!place_ranks(traffic, p, placement, topo, ranks, w.node_of_rank)) return nullptr;
  return std::make_unique<NpbTraffic>(std::move(w));
}

const TrafficRegistrar reg{{"npb", "NAS Parallel Benchmarks skeletons (traffic.npb): their messages in program order, wrapping",
                            make_npb, make_npb_jobs}};

}  // namespace

const NpbWorkload* npb_workload(const Traffic& traffic) {
  const auto* t = dynamic_cast<const NpbTraffic*>(&traffic);
  return t ? &t->workload() : nullptr;
}

}  // namespace switchlab::app
