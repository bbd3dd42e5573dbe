#include "traffic/traffic.hpp"

#include <algorithm>

#include "common/registry.hpp"
#include "common/text.hpp"
#include "topology/kary_ncube.hpp"
#include "traffic/jobs.hpp"

namespace switchlab {
namespace {
using Table = Registry<TrafficInfo, &TrafficInfo::pattern>;

// A rank pattern on the whole machine: rank = node id.
class WholeMachine final : public Traffic {
 public:
  explicit WholeMachine(std::unique_ptr<RankPattern> p) : p_(std::move(p)) {}
  void next(Rng& rng, uint32_t& src, uint32_t& dst) override { p_->next(rng, src, dst); }
  bool next_from(Rng& rng, uint32_t src, uint32_t& dst) override { return p_->next_from(rng, src, dst); }

 private:
  std::unique_ptr<RankPattern> p_;
};
}  // namespace

bool Traffic::next_from(Rng& rng, uint32_t src, uint32_t& dst) { return next_from_by_rejection(*this, rng, src, dst); }
bool RankPattern::next_from(Rng& rng, uint32_t src, uint32_t& dst) { return next_from_by_rejection(*this, rng, src, dst); }

const std::vector<TrafficInfo>& traffic_patterns() { return Table::all(); }

TrafficRegistrar::TrafficRegistrar(TrafficInfo info) { Table::add(std::move(info)); }

uint64_t read_pattern_seed(Params& traffic) {
  return static_cast<uint64_t>(traffic.integer(
      "pattern_seed", {1, 0, int64_t{1} << 53, "",
                       "Seed of the pattern's fixed random structure (random permutation, Zipf rank order, "
                       "job sizes drawn from a table); packet-by-packet draws use the run's seed"}));
}

namespace {

// Reads and checks the pattern; builds it unless `only_check` (a rank pattern's fixed structure,
// such as a permutation of every node, is then not drawn).
std::unique_ptr<Traffic> build(Params& traffic, const Topology& topo, bool only_check = false) {
  const std::string pattern = traffic.choice("pattern", std::string("uniform"), Table::names(), "Traffic pattern");
  if (!traffic.errors().ok()) return nullptr;
  const TrafficInfo* info = Table::find(pattern);
  const uint32_t nodes = topo.num_nodes();

  // `"jobs": null` means no job mix; mark the key as read so reject_unknown() accepts it.
  if (traffic.is_null("jobs")) traffic.raw("jobs", "object", kJobsDoc);
  if (traffic.present("jobs") && !traffic.is_null("jobs")) {
    if (!info->ranks) {
      std::string ok;
      for (const auto& t : Table::all())
        if (t.ranks) append_listed(ok, t.pattern);
      traffic.errors().fail(traffic.field("jobs"), "pattern " + pattern +
                                                       " is defined on the whole machine (topology coordinates or a trace), "
                                                       "not on a job's ranks; pick a pattern that runs inside jobs",
                            "one of: " + ok);
      return nullptr;
    }
    auto spec = info->ranks(traffic, nodes);
    if (!traffic.errors().ok()) return nullptr;
    return make_job_mix(traffic, *spec, pattern, nodes);
  }

  if (info->make) return info->make(traffic, topo);
  auto spec = info->ranks(traffic, nodes);
  if (!traffic.errors().ok()) return nullptr;
  const std::string why = spec->check(nodes);
  if (!why.empty()) {
    traffic.errors().fail(traffic.field("pattern"), pattern + " " + why + "; this topology has " +
                                                        std::to_string(nodes) + " compute nodes");
    return nullptr;
  }
  if (only_check) return nullptr;
  return std::make_unique<WholeMachine>(spec->make(nodes, 0));
}

// The patterns that run on `topo`, each tried with its defaults: those whose only objection is
// to their own fields (a trace's text, a benchmark list) count, those that refuse the topology
// (traffic.pattern) do not. Named in the error of a pattern that does not fit, so the user sees
// what to pick instead.
std::string patterns_for(const Topology& topo) {
  std::string ok;
  for (const auto& t : Table::all()) {
    const json cfg = {{"pattern", t.pattern}};
    ErrorSink errors;
    Params p(&cfg, "traffic", errors);
    build(p, topo, /*only_check=*/true);
    if (errors.ok() || errors.error().field != p.field("pattern")) append_listed(ok, t.pattern);
  }
  return "one of: " + ok;
}

}  // namespace

std::unique_ptr<Traffic> make_traffic(Params& traffic, const Topology& topo) {
  auto made = build(traffic, topo);
  if (!traffic.errors().ok() && traffic.errors().error().field == traffic.field("pattern"))
    traffic.errors().allow([&] { return patterns_for(topo); });
  return made;
}

// (Sizes past 2^16 are not tried: a check is cheap, but a million of them on an error path is not.)
std::string sizes_that_fit(const RankSpec& spec, uint32_t nodes) {
  constexpr uint32_t kListed = 6, kTried = 1u << 16;
  std::string out;
  uint32_t found = 0, s = 2;
  for (; s <= nodes && s <= kTried && found < kListed; ++s)
    if (spec.check(s).empty()) out += (found++ ? ", " : "") + std::to_string(s);
  if (!found) return "";
  return "one of: " + out + (s <= nodes ? ", ... (at most " + std::to_string(nodes) + " nodes)" : "");
}

void declare_pattern_params(const std::string& pattern, ParamRegistry& registry) {
  // A 4x4 torus (16 nodes) fits every pattern: power of two, even power of two, k-ary n-cube.
  const KaryNCube topo({4, 4}, {true, true}, 1);
  const TrafficInfo* info = Table::find(pattern);
  if (!info) return;
  json whole = {{"pattern", pattern}};
  if (pattern == "trace") whole["trace"] = "0,0,1,1";
  std::vector<json> samples = {whole};
  if (info->ranks) {  // rank patterns also run inside jobs: declare every job-mix field
    samples.push_back({{"pattern", pattern}, {"jobs", {{"sizes", {4, 4}}}}});
    samples.push_back({{"pattern", pattern}, {"jobs", {{"size_table", {{4, 1}}}, {"count", 1}}}});
    samples.push_back({{"pattern", pattern}, {"jobs", {{"preset", "pwa_like"}}}});
  }
  for (const json& cfg : samples) {
    ErrorSink errors;
    Params p(&cfg, "traffic", errors, &registry);
    make_traffic(p, topo);
  }
}

}  // namespace switchlab
