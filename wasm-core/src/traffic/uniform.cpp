// Uniform random traffic: source and destination drawn independently and uniformly over all
// compute nodes (or a job's ranks), destination != source unless include_self (seed 001 Sec. 6.1: "destinations
// chosen at random among all compute nodes").
#include "traffic/traffic.hpp"

namespace switchlab {
namespace {

class Uniform final : public RankPattern {
 public:
  Uniform(uint32_t n, bool self) : n_(n), self_(self) {}
  void next(Rng& rng, uint32_t& src, uint32_t& dst) override {
    src = static_cast<uint32_t>(rng.uniform_u64(n_));
    next_from(rng, src, dst);
  }
  bool next_from(Rng& rng, uint32_t src, uint32_t& dst) override {
    if (self_) {
      dst = static_cast<uint32_t>(rng.uniform_u64(n_));
      return true;
    }
    // Uniform over the other n-1 nodes without rejection.
    dst = static_cast<uint32_t>(rng.uniform_u64(n_ - 1));
    if (dst >= src) ++dst;
    return true;
  }

 private:
  uint32_t n_;
  bool self_;
};

// traffic.include_self, written to the normalized config only when true, so that the ids of
// the experiments made before the field existed stay the same.
bool read_include_self(Params& t) {
  const json* v = t.raw("include_self", "boolean",
                        "Destinations over all nodes, the source included (the N x N switch model of Karol, Hluchyj, "
                        "Morgan 1987: a source is its own destination 1/N of the time); default false");
  if (!v) return false;
  if (!v->is_boolean()) {
    t.errors().fail(t.field("include_self"), "must be true or false, got " + preview(*v), "true or false");
    return false;
  }
  if (v->get<bool>()) t.set("include_self", true);
  return v->get<bool>();
}

class UniformSpec final : public RankSpec {
 public:
  explicit UniformSpec(bool self) : self_(self) {}
  std::string check(uint32_t n) const override { return n >= 2 ? "" : "needs at least 2 nodes"; }
  std::unique_ptr<RankPattern> make(uint32_t n, uint64_t) const override { return std::make_unique<Uniform>(n, self_); }

 private:
  bool self_;
};

const TrafficRegistrar reg{{"uniform", "Uniform random destinations over all other nodes", nullptr,
                            [](Params& t, uint32_t) -> std::unique_ptr<RankSpec> {
                              return std::make_unique<UniformSpec>(read_include_self(t));
                            }}};

}  // namespace
}  // namespace switchlab
