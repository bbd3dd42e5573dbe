#pragma once
// Helpers for the traffic tests: build a pattern from a `traffic` JSON section the way
// config/experiment.cpp does, and a bare topology of any node count.
#include <map>
#include <memory>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "common/params.hpp"
#include "traffic/traffic.hpp"

namespace traffic_test {

using json = nlohmann::json;
using namespace switchlab;

// A single switch with n nodes: not a k-ary n-cube, any node count.
class FakeTopo final : public Topology {
 public:
  explicit FakeTopo(uint32_t n) : n_(n) { set_kind("single_switch"); }
  uint32_t num_nodes() const override { return n_; }
  uint32_t num_switches() const override { return 1; }
  uint16_t ports_per_switch() const override { return 1; }
  const std::vector<std::string>& port_classes() const override { return classes_; }
  uint8_t port_class(uint32_t, uint16_t) const override { return 0; }
  uint64_t num_links() const override { return 0; }
  uint32_t max_hops() const override { return 1; }
  uint32_t route(uint32_t, uint32_t, Rng&, Hop* out) const override {
    out[0] = {0, 0, 0};
    return 1;
  }
  json describe() const override { return {{"kind", "single_switch"}, {"nodes", n_}}; }

 private:
  uint32_t n_;
  std::vector<std::string> classes_{"injection"};
};

struct Built {
  std::unique_ptr<Traffic> traffic;
  Error error;  // field empty when ok
  json normalized;
};

inline Built build(const json& section, const Topology& topo) {
  Built b;
  ErrorSink errors;
  Params p(&section, "traffic", errors, nullptr, &b.normalized);
  b.traffic = make_traffic(p, topo);
  p.reject_unknown();
  if (!errors.ok()) {
    b.traffic.reset();
    b.error = errors.error();
  }
  return b;
}

// Draws `packets` packets and returns how often each (src, dst) pair occurred.
inline std::map<std::pair<uint32_t, uint32_t>, uint64_t> pairs(Traffic& t, uint64_t packets, uint64_t seed = 7) {
  Rng rng(seed);
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> m;
  for (uint64_t i = 0; i < packets; ++i) {
    uint32_t s, d;
    t.next(rng, s, d);
    ++m[{s, d}];
  }
  return m;
}

}  // namespace traffic_test
