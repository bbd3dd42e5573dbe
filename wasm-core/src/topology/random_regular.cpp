#include "topology/random_regular.hpp"

#include <algorithm>

#include "common/params.hpp"
#include "topology/registry.hpp"

namespace switchlab {

namespace {

bool adjacent(const std::vector<std::vector<uint32_t>>& adj, uint32_t a, uint32_t b) {
  return std::find(adj[a].begin(), adj[a].end(), b) != adj[a].end();
}

// One pairing attempt; false when no admissible pair is left among the remaining stubs.
bool pair_once(uint32_t switches, uint32_t degree, Rng& rng, std::vector<Edge>& edges) {
  std::vector<uint32_t> stubs;
  stubs.reserve(static_cast<size_t>(switches) * degree);
  for (uint32_t u = 0; u < switches; ++u)
    for (uint32_t i = 0; i < degree; ++i) stubs.push_back(u);
  std::vector<std::vector<uint32_t>> adj(switches);
  edges.clear();
  auto take = [&](size_t i, size_t j) {  // removes stubs i and j (i != j) and links their switches
    const uint32_t a = stubs[i], b = stubs[j];
    adj[a].push_back(b);
    adj[b].push_back(a);
    edges.emplace_back(std::min(a, b), std::max(a, b));
    const size_t hi = std::max(i, j), lo = std::min(i, j);
    stubs[hi] = stubs.back();
    stubs.pop_back();
    stubs[lo] = stubs.back();
    stubs.pop_back();
  };
  constexpr int kRedraws = 64;
  while (!stubs.empty()) {
    bool done = false;
    for (int t = 0; t < kRedraws && !done; ++t) {
      const size_t m = stubs.size();
      const size_t i = static_cast<size_t>(rng.uniform_u64(m));
      size_t j = static_cast<size_t>(rng.uniform_u64(m - 1));
      if (j >= i) ++j;
      if (stubs[i] != stubs[j] && !adjacent(adj, stubs[i], stubs[j])) {
        take(i, j);
        done = true;
      }
    }
    if (done) continue;
    // Many redraws failed: near the end only a few switches have stubs left. Take the first
    // admissible pair in stub order if there is one, else the attempt is stuck.
    bool found = false;
    for (size_t i = 0; i < stubs.size() && !found; ++i)
      for (size_t j = i + 1; j < stubs.size() && !found; ++j)
        if (stubs[i] != stubs[j] && !adjacent(adj, stubs[i], stubs[j])) {
          take(i, j);
          found = true;
        }
    if (!found) return false;
  }
  return true;
}

}  // namespace

uint32_t random_regular_edges(uint32_t switches, uint32_t degree, Rng& rng, uint32_t max_attempts,
                              std::vector<Edge>& edges) {
  for (uint32_t attempt = 1; attempt <= max_attempts; ++attempt) {
    if (!pair_once(switches, degree, rng, edges)) continue;
    if (first_unreachable(switches, edges) != switches) continue;
    std::sort(edges.begin(), edges.end());
    return attempt;
  }
  edges.clear();
  return 0;
}

namespace {

// Degree 2 gives a union of cycles, connected (one cycle) with probability ~ 1/sqrt(switches);
// 1000 attempts make failure negligible up to the switch cap while keeping a hard bound.
constexpr uint32_t kMaxAttempts = 1000;

std::unique_ptr<Topology> make_random_regular(Params& t, Params& routing) {
  const int64_t s = t.integer("switches", {16, 2, kMaxGraphSwitches, "switches",
                                           "Switches (routing tables take switches^2 entries)"});
  const int64_t deg = t.integer("degree", {4, 1, 128, "links", "Switch-to-switch links per switch (d)"});
  const int64_t c = t.integer("concentration", {1, 1, 64, "nodes", "Compute nodes per switch"});
  // A fixed default rather than the experiment seed: re-running traffic with another seed must
  // not silently change the network.
  const int64_t seed = t.integer("seed", {1, 0, int64_t{1} << 53, "", "Seed of the graph construction (independent of the experiment seed)"});
  const GraphRoutingOptions opts = read_graph_routing(routing);
  t.reject_unknown({"kind"});
  if (!t.errors().ok()) return nullptr;
  if (deg >= s) {
    t.errors().fail(t.field("degree"), "must be at most switches - 1 = " + std::to_string(s - 1) +
                                           " (a simple graph), got " + std::to_string(deg),
                                           "at most switches - 1 = " + std::to_string(s - 1));
    return nullptr;
  }
  if ((s * deg) % 2 != 0) {
    t.errors().fail(t.field("degree"), "switches * degree must be even (each link uses two ports), got " +
                                           std::to_string(s) + " * " + std::to_string(deg),
                                           "a degree that makes switches * degree even");
    return nullptr;
  }
  if (deg == 1 && s != 2) {
    t.errors().fail(t.field("degree"), "a 1-regular graph is a matching, connected only for 2 switches; use degree >= 2",
                    "an integer >= 2");
    return nullptr;
  }
  Rng rng(static_cast<uint64_t>(seed));
  std::vector<Edge> edges;
  const uint32_t attempts = random_regular_edges(static_cast<uint32_t>(s), static_cast<uint32_t>(deg), rng,
                                                 kMaxAttempts, edges);
  if (attempts == 0) {
    t.errors().fail(t.field("seed"), "no connected simple " + std::to_string(deg) + "-regular graph on " +
                                         std::to_string(s) + " switches found in " + std::to_string(kMaxAttempts) +
                                         " attempts; try another seed or a larger degree",
                                         "another seed, or a larger degree");
    return nullptr;
  }
  nlohmann::json params = {{"degree", deg}, {"seed", seed}, {"attempts", attempts}};
  return make_graph_topology("random_regular", static_cast<uint32_t>(s), edges, static_cast<uint32_t>(c), opts,
                             std::move(params), t.errors(), t.field("seed"), routing.field("root"));
}

const TopologyRegistrar reg{{"random_regular", "Seeded random regular switch graph with table routing (shortest_path or updown)",
                             make_random_regular}};

}  // namespace
}  // namespace switchlab
