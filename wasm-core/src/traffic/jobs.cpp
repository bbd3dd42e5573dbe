// Job mixes. A parallel computer runs many jobs at once on disjoint node sets, and traffic of
// different jobs does not mix (seed 001 Sec. 1; seed 000 Sec. II-E: "a parallel computer
// typically assigns a job to a subset of compute nodes that are not overlapped"), which is
// why a per-port cache sized for a job's destinations hits. Here:
//  - jobs occupy contiguous node-id blocks from node 0, in list (or draw) order; nodes after the
//    last job are idle;
//  - sizes are an explicit list, or drawn (from traffic.pattern_seed) from a (size, probability)
//    table or a preset: each draw is conditioned on fitting the free nodes (entries larger than
//    the free nodes are left out and the rest renormalised), until `count` jobs are placed or
//    no entry fits (count 0: until no entry fits);
//  - each packet picks a job with probability proportional to its size (so every busy node
//    injects at the same rate), then the pattern runs on the job's ranks (rank = node id minus
//    the job's first node). 1-node jobs send nothing (src != dst) and get no packets.
#include "traffic/jobs.hpp"

#include <algorithm>

#include "common/text.hpp"

namespace switchlab {
namespace {

constexpr uint64_t kJobDrawStream = 0x10b5;  // Rng::derive stream for drawing job sizes
constexpr int64_t kMaxJobSize = int64_t{1} << 30;

struct Job {
  uint32_t first, size;
  std::unique_ptr<RankPattern> pattern;
};

class JobMix final : public Traffic {
 public:
  JobMix(std::vector<Job> jobs, nlohmann::json layout) : jobs_(std::move(jobs)), layout_(std::move(layout)) {
    for (const Job& j : jobs_) cum_.push_back((cum_.empty() ? 0 : cum_.back()) + j.size);
  }
  void next(Rng& rng, uint32_t& src, uint32_t& dst) override {
    const uint64_t u = rng.uniform_u64(cum_.back());
    Job& j = jobs_[std::upper_bound(cum_.begin(), cum_.end(), u) - cum_.begin()];
    j.pattern->next(rng, src, dst);
    src += j.first;
    dst += j.first;
  }
  // A node's destination from its own job's pattern; a node in no sending job sends nothing (the
  // default rejection sampling would draw up to 2^16 packets of other nodes for it every time).
  bool next_from(Rng& rng, uint32_t src, uint32_t& dst) override {
    const auto after = std::upper_bound(jobs_.begin(), jobs_.end(), src, [](uint32_t n, const Job& j) { return n < j.first; });
    if (after == jobs_.begin()) return false;
    Job& j = *(after - 1);
    if (src - j.first >= j.size || !j.pattern->next_from(rng, src - j.first, dst)) return false;
    dst += j.first;
    return true;
  }
  nlohmann::json describe() const override { return layout_; }

 private:
  std::vector<Job> jobs_;  // the jobs that send (size >= 2), by first node
  std::vector<uint64_t> cum_;
  nlohmann::json layout_;
};

// Preset "pwa_like", in compute nodes. Seeds 000 Fig. 3 and 001 Fig. 1 plot job-size CDFs of
// Parallel Workloads Archive logs (RICC, CEA-Curie, CERIT-SC, MetaCentrum), in processors; the
// seed text copies hold only the captions, not the curves, so this table is NOT digitised from
// the figures. It is a smooth power-of-two table fitted by hand to the numbers the texts state:
// "RICC executes 98% of jobs that occupy up to 32 compute nodes" (000 Sec. II-E; 001 Sec. 1:
// 128 processors = 32 nodes), "over 90% of jobs have size <= 1,024" (001 Sec. 4.2, on Fig. 1) and
// "a few thousand is the usual maximum job size" (001 Sec. 1; 001 quotes are our translations).
// Resulting CDF: 35% serial, 90% <= 32 nodes, 98% <= 256, 99.5% <= 1,024, max 4,096. Replace
// with digitised values (or pass size_table) when the real curves matter.
const std::vector<std::pair<uint32_t, double>> kPwaLike = {
    {1, 0.35},    {2, 0.12},     {4, 0.13},     {8, 0.12},      {16, 0.10},     {32, 0.08},    {64, 0.04},
    {128, 0.025}, {256, 0.015},  {512, 0.010},  {1024, 0.005},  {2048, 0.003},  {4096, 0.002}};

bool parse_table(Params& j, std::vector<std::pair<uint32_t, double>>& table) {
  const json* v = j.raw("size_table", "array",
                        "Job sizes as [[size, probability], ...] (size in compute nodes; probabilities are "
                        "normalised by their sum)");
  const std::string what = "must be a list of 1..256 [size, probability] pairs, size an integer in [1, " +
                           std::to_string(kMaxJobSize) + "] nodes and probability a number > 0";
  if (!v || !v->is_array() || v->empty() || v->size() > 256) {
    j.errors().fail(j.field("size_table"), what + ", got " + (v ? preview(*v) : std::string("null")));
    return false;
  }
  json norm = json::array();
  for (size_t i = 0; i < v->size(); ++i) {
    const json& e = (*v)[i];
    const bool ok = e.is_array() && e.size() == 2 && e[0].is_number_integer() && e[0].get<int64_t>() >= 1 &&
                    e[0].get<int64_t>() <= kMaxJobSize && e[1].is_number() && e[1].get<double>() > 0 &&
                    e[1].get<double>() < 1e300;
    if (!ok) {
      j.errors().fail(j.field("size_table") + "[" + std::to_string(i) + "]", what + ", got " + preview(e));
      return false;
    }
    table.emplace_back(static_cast<uint32_t>(e[0].get<int64_t>()), e[1].get<double>());
    norm.push_back(json::array({e[0].get<int64_t>(), e[1].get<double>()}));
  }
  j.set("size_table", norm);
  return true;
}

}  // namespace

const std::vector<std::string>& job_size_preset_names() {
  static const std::vector<std::string> names = {"pwa_like"};
  return names;
}

const std::vector<std::pair<uint32_t, double>>& job_size_preset(const std::string&) { return kPwaLike; }

std::unique_ptr<Traffic> make_job_mix(Params& traffic, const RankSpec& spec, const std::string& pattern,
                                      uint32_t nodes) {
  Params j = traffic.child("jobs", kJobsDoc);
  ErrorSink& errors = traffic.errors();
  if (!errors.ok()) return nullptr;
  // A job size the pattern cannot run on (`why`), at `field`, described by `lead`.
  const auto refuse_size = [&](const std::string& field, const std::string& lead, uint32_t size, const std::string& why) {
    errors.fail(field, lead + std::to_string(size) + " nodes, which cannot run " + pattern + ": it " + why,
                sizes_that_fit(spec, nodes));
  };
  // A key given as null counts as absent (it must not select a mode whose value is then missing).
  const auto given = [&j](const char* key) { return j.present(key) && !j.is_null(key); };
  const int modes = given("sizes") + given("size_table") + given("preset");
  if (modes != 1) {
    std::string presets;
    for (const auto& p : job_size_preset_names()) append_listed(presets, p);
    errors.fail(traffic.field("jobs"), "give exactly one of: sizes (list of job sizes), size_table "
                                       "([[size, probability], ...]) or preset (" + presets + ")",
                                       "exactly one of: sizes, size_table, preset");
    return nullptr;
  }

  std::vector<uint32_t> sizes;
  if (given("sizes")) {
    const auto list = j.hi_depends("nodes").int_list("sizes", {}, 1, 1u << 20, 1, nodes, "nodes",
                                 "Job sizes in compute nodes, placed in this order from node 0");
    if (!errors.ok()) return nullptr;
    uint64_t sum = 0;
    for (size_t i = 0; i < list.size(); ++i) {
      sum += static_cast<uint64_t>(list[i]);
      const std::string why = list[i] >= 2 ? spec.check(static_cast<uint32_t>(list[i])) : "";
      if (!why.empty()) {
        refuse_size(j.field("sizes") + "[" + std::to_string(i) + "]", "a job of ", static_cast<uint32_t>(list[i]), why);
        return nullptr;
      }
      sizes.push_back(static_cast<uint32_t>(list[i]));
    }
    if (sum > nodes) {
      errors.fail(j.field("sizes"), "the jobs need " + std::to_string(sum) + " nodes in total; this topology has " +
                                        std::to_string(nodes) + " compute nodes",
                                        "sizes adding up to at most " + std::to_string(nodes) + " nodes");
      return nullptr;
    }
  } else {
    std::vector<std::pair<uint32_t, double>> table;
    std::string where;
    if (given("preset")) {
      const std::string name = j.choice("preset", std::string("pwa_like"), job_size_preset_names(),
                                        "Preset job-size distribution (docs/traffic.md says where its numbers come from)");
      if (!errors.ok()) return nullptr;
      table = job_size_preset(name);
      where = j.field("preset");
    } else {
      if (!parse_table(j, table)) return nullptr;
      where = j.field("size_table");
    }
    const int64_t count = j.integer("count", {0, 0, 1 << 20, "jobs", "Jobs to draw (0: until no size fits the free nodes)"});
    const uint64_t seed = read_pattern_seed(traffic);
    if (!errors.ok()) return nullptr;
    uint32_t smallest = UINT32_MAX;
    for (size_t i = 0; i < table.size(); ++i) {
      const uint32_t s = table[i].first;
      smallest = std::min(smallest, s);
      const std::string why = s >= 2 && s <= nodes ? spec.check(s) : "";
      if (!why.empty()) {
        refuse_size(where, "entry " + std::to_string(i) + " is a job of ", s, why);
        return nullptr;
      }
    }
    if (smallest > nodes) {
      errors.fail(where, "no job size fits: the smallest is " + std::to_string(smallest) + " nodes, this topology has " +
                             std::to_string(nodes),
                             "a size of at most " + std::to_string(nodes) + " nodes in the table");
      return nullptr;
    }
    Rng rng(Rng::derive(seed, kJobDrawStream));
    uint32_t free = nodes;
    while (count == 0 || sizes.size() < static_cast<uint64_t>(count)) {
      double total = 0;
      for (const auto& e : table)
        if (e.first <= free) total += e.second;
      if (total == 0) break;
      // Inverse CDF over the entries that fit, in table order.
      const double u = rng.uniform01() * total;
      double cum = 0;
      uint32_t pick = 0;
      for (const auto& e : table) {
        if (e.first > free) continue;
        pick = e.first;
        cum += e.second;
        if (u < cum) break;
      }
      sizes.push_back(pick);
      free -= pick;
    }
  }
  j.reject_unknown();
  if (!errors.ok()) return nullptr;

  std::vector<Job> jobs;
  json layout = json::array();
  uint32_t first = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    layout.push_back({{"first", first}, {"size", sizes[i]}});
    if (sizes[i] >= 2) jobs.push_back({first, sizes[i], spec.make(sizes[i], 1 + i)});
    first += sizes[i];
  }
  if (jobs.empty()) {
    errors.fail(traffic.field("jobs"), "no job has 2 or more nodes, so no packet can be sent",
                "at least one job of 2 or more nodes");
    return nullptr;
  }
  json info = {{"pattern", pattern}, {"jobs", layout}, {"busy_nodes", first}, {"idle_nodes", nodes - first}};
  return std::make_unique<JobMix>(std::move(jobs), std::move(info));
}

}  // namespace switchlab
