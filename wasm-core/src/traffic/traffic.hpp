#pragma once
// Traffic patterns produce (source, destination) compute-node pairs, one packet at a time, from
// the project's RNG. They are registered by name (`traffic.pattern`) with their own parameters.
// docs/traffic.md defines every pattern, its parameters and how it avoids src == dst.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/params.hpp"
#include "common/rng.hpp"
#include "topology/topology.hpp"

namespace switchlab {

// Packets a message of `bytes` takes at `packet_bytes` each: ceil(bytes / packet_bytes), at least
// one (a 0-byte message is a header-only packet); packet_bytes 0 means one packet per message.
inline uint64_t packets_of_message(uint64_t bytes, uint64_t packet_bytes) {
  return packet_bytes == 0 || bytes == 0 ? 1 : (bytes + packet_bytes - 1) / packet_bytes;
}

// A message of a trace with its timestamp (in the trace's own unit), of `bytes` in `packets`
// packets of packet_bytes (traffic.mtu_bytes).
struct TimedMessage {
  double time;
  uint32_t src, dst;
  uint64_t bytes, packet_bytes, packets;
};

class Traffic {
 public:
  virtual ~Traffic() = default;
  // Next packet's endpoints; src != dst.
  virtual void next(Rng& rng, uint32_t& src, uint32_t& dst) = 0;
  // Destination of a packet that node `src` sends (the cycle engine injects per node): the
  // pattern's distribution conditioned on the source. False if `src` sends nothing.
  virtual bool next_from(Rng& rng, uint32_t src, uint32_t& dst);
  // Shape of the traffic worth reporting next to the results (job layout, trace length, ...);
  // null when there is nothing beyond the config.
  virtual nlohmann::json describe() const { return nullptr; }
  // Messages in time order when the traffic is a trace (the cycle engine can release them at
  // their timestamps); null for generated patterns.
  virtual const std::vector<TimedMessage>* timed_messages() const { return nullptr; }
};

// A pattern defined on ranks 0..n-1 rather than on topology coordinates. The same pattern then
// runs on the whole machine (rank = node id) or inside each job of a job mix (rank = node id -
// the job's first node), so a job mix needs no per-pattern code.
class RankPattern {
 public:
  virtual ~RankPattern() = default;
  // Next packet as ranks in [0, n); src != dst.
  virtual void next(Rng& rng, uint32_t& src, uint32_t& dst) = 0;
  // As Traffic::next_from, in ranks.
  virtual bool next_from(Rng& rng, uint32_t src, uint32_t& dst);
};

// Conditioning by rejection: draws pairs until one starts at `src`, at most 2^16 times (a source
// the pattern never uses sends nothing). Patterns with a direct draw override next_from.
template <class Pattern>
bool next_from_by_rejection(Pattern& p, Rng& rng, uint32_t src, uint32_t& dst) {
  for (uint32_t tries = 0; tries < (1u << 16); ++tries) {
    uint32_t s;
    p.next(rng, s, dst);
    if (s == src) return true;
  }
  return false;
}

// A pattern's parsed parameters, able to build the pattern for any rank count.
class RankSpec {
 public:
  virtual ~RankSpec() = default;
  // Why the pattern cannot run on n ranks (e.g. "needs a power-of-two number of nodes"), or "".
  virtual std::string check(uint32_t n) const = 0;
  // Builds the pattern for n ranks (check(n) == ""). Patterns with a fixed random structure (a
  // permutation, a rank order) draw it from traffic.pattern_seed and `stream` (0 for the whole
  // machine, the job index in a job mix, so every job gets its own).
  virtual std::unique_ptr<RankPattern> make(uint32_t n, uint64_t stream) const = 0;
};

// The first rank counts in [2, nodes] `spec` runs on, as an error's allowed text ("one of: 4, 16,
// 64, ..."): what a refused job size or rank count may be instead.
std::string sizes_that_fit(const RankSpec& spec, uint32_t nodes);

// Whole-machine factory (topology patterns such as tornado, and trace replay).
using TrafficFactory = std::unique_ptr<Traffic> (*)(Params& traffic, const Topology& topo);
// Rank-space factory: reads the pattern's fields; `nodes` (the machine size) bounds node/rank
// lists such as hotspots.
using RankSpecFactory = std::unique_ptr<RankSpec> (*)(Params& traffic, uint32_t nodes);

struct TrafficInfo {
  std::string pattern;
  std::string doc;
  TrafficFactory make = nullptr;      // set for whole-machine-only patterns
  RankSpecFactory ranks = nullptr;    // set for rank patterns (usable inside jobs)
};

const std::vector<TrafficInfo>& traffic_patterns();

struct TrafficRegistrar {
  explicit TrafficRegistrar(TrafficInfo info);
};

// Reads traffic.pattern (and traffic.jobs, if given) and builds the traffic; null with an error
// in traffic.errors() on bad input.
std::unique_ptr<Traffic> make_traffic(Params& traffic, const Topology& topo);

// Declares the fields of `pattern` (and traffic.jobs.* if it can run inside jobs) in `registry`
// (under "traffic."), for the pattern's branch of the JSON Schema.
void declare_pattern_params(const std::string& pattern, ParamRegistry& registry);

// Seed of a pattern's fixed random structure (traffic.pattern_seed), read by the patterns that
// have one, so configs of other patterns stay unchanged.
uint64_t read_pattern_seed(Params& traffic);

}  // namespace switchlab
