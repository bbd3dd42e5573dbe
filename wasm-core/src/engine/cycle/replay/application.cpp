// traffic.injection.process "application": the NPB skeletons of traffic.pattern "npb" (app/
// skeleton.hpp) run step by step as the application time model runs them (docs/models.md): in a
// step every rank first computes the step's flops at traffic.injection.gflops, then sends the
// step's messages at once, and the next step starts when the last of them has been delivered (and
// the step's local copies are done).
// A message of b bytes is ceil(b / traffic.npb.packet_bytes) packets of traffic.packet_flits flits,
// the last one as many flits as its bytes fill (a 0-byte message one header-only flit).
// Benchmarks run one after another; the replay's completion time is the application's run time
// on this network, switch by switch and flit by flit.
#include <algorithm>
#include <cmath>

#include "workload/npb_traffic.hpp"
#include "engine/cycle/replay.hpp"

namespace switchlab {
namespace {

using app::Block;
using app::NpbWorkload;
using app::Step;

class ApplicationReplay final : public Replay {
 public:
  ApplicationReplay(const NpbWorkload& w, double cycles_per_flop, double clock_ghz, uint32_t packet_flits)
      : w_(w), cycles_per_flop_(cycles_per_flop), clock_ghz_(clock_ghz), flits_(packet_flits) {
    for (const auto& s : w_.skeletons)
      for (const Block& b : s.blocks)
        for (const Step& st : b.steps) {
          total_ += b.times * st.msgs.size();
          steps_total_ += b.times;
          for (const app::Message& m : st.msgs) total_flits_ += static_cast<double>(b.times) * flits_of(m);
        }
    done_ = !settle();
    if (!done_) release_at_ = compute_cycles(step());
  }

  void release(uint64_t now, std::vector<ReplayMessage>& out) override {
    while (!done_ && pending_ == 0 && now >= release_at_) {
      for (const app::Message& m : step().msgs) {
        ++released_;
        const uint32_t src = w_.node_of_rank[m.src], dst = w_.node_of_rank[m.dst];
        if (src == dst) continue;  // stays in the node
        out.push_back(ReplayMessage::of(src, dst, m.bytes, w_.packet_bytes, flits_));
        pending_ += out.back().packets;
      }
      // A rank's copy to itself (workload/skeleton.hpp) runs beside the step's network messages.
      copied_at_ = release_at_ + static_cast<uint64_t>(std::ceil(step().copy_s() * clock_ghz_ * 1e9));
      if (pending_ == 0) end_step(copied_at_);
    }
  }

  void delivered(uint64_t now) override {
    if (--pending_ == 0) end_step(std::max(now, copied_at_));
  }
  bool finished(uint64_t) const override { return done_; }
  uint64_t end_cycle() const override { return end_; }
  uint64_t messages_total() const override { return total_; }
  double flits_total() const override { return total_flits_; }
  uint64_t messages_released() const override { return released_; }
  nlohmann::json describe() const override {
    nlohmann::json names = nlohmann::json::array();
    for (const auto& s : w_.skeletons) names.push_back(s.benchmark);
    return {{"benchmarks", names}, {"steps", steps_total_}, {"steps_done", steps_done_}};
  }

 private:
  const Step& step() const { return w_.skeletons[sk_].blocks[block_].steps[step_]; }

  double flits_of(const app::Message& m) const {
    return m.src == m.dst ? 0 : ReplayMessage::of(m.src, m.dst, m.bytes, w_.packet_bytes, flits_).flits(flits_);
  }

  // Compute of a step in whole cycles; a step longer than any run saturates (the run ends first).
  uint64_t compute_cycles(const Step& s) const {
    const double c = std::ceil(s.flops * cycles_per_flop_);
    return c < 4.0e18 ? static_cast<uint64_t>(c) : uint64_t{4000000000000000000};
  }

  // The step ended at cycle t: the next one starts computing then.
  void end_step(uint64_t t) {
    ++steps_done_;
    if (!advance()) {
      done_ = true;
      end_ = t;
      return;
    }
    release_at_ = t + compute_cycles(step());
  }

  // Moves to the next step (repeats, blocks, then the next benchmark); false after the last.
  bool advance() {
    const Block& b = w_.skeletons[sk_].blocks[block_];
    if (++step_ < b.steps.size()) return true;
    step_ = 0;
    if (++rep_ < b.times) return true;
    rep_ = 0;
    ++block_;
    return settle();
  }

  // Moves to the first block with work at or after the cursor; false past the last benchmark.
  bool settle() {
    while (sk_ < w_.skeletons.size()) {
      const auto& blocks = w_.skeletons[sk_].blocks;
      if (block_ < blocks.size() && !blocks[block_].steps.empty() && blocks[block_].times > 0) return true;
      if (++block_ >= blocks.size()) {
        block_ = 0;
        ++sk_;
      }
    }
    return false;
  }

  const NpbWorkload& w_;
  const double cycles_per_flop_, clock_ghz_;
  const uint32_t flits_;
  uint64_t total_ = 0, released_ = 0, steps_total_ = 0, steps_done_ = 0;
  double total_flits_ = 0;
  uint64_t pending_ = 0, release_at_ = 0, copied_at_ = 0, end_ = 0;
  size_t sk_ = 0, block_ = 0, step_ = 0;
  uint64_t rep_ = 0;
  bool done_ = false;
};

ReplayCheck check(const Experiment& ex) {
  const NpbWorkload* w = app::npb_workload(*ex.traffic);
  if (!w)
    return {"traffic.injection.process", "application runs the skeletons of traffic.pattern npb on the whole machine; "
                                         "this traffic has none (a job mix of skeletons runs with bernoulli or on_off)",
            "bernoulli or on_off, or traffic.pattern npb without traffic.jobs"};
  if (w->packet_bytes == 0)
    return {"traffic.npb.packet_bytes", "must give the packet payload for the cycle engine (0 means one look-up per message, a route-walk mode)",
            "an integer in [1, 2^30]"};
  return {};
}

std::unique_ptr<Replay> make(const Experiment& ex) {
  const CycleConfig& c = cycle_config(ex);
  return std::make_unique<ApplicationReplay>(*app::npb_workload(*ex.traffic), c.clock_ghz / c.gflops, c.clock_ghz,
                                             c.packet_flits);
}

const ReplayRegistrar reg{{"application",
                           "the NPB skeletons of traffic.pattern npb step by step: compute at traffic.injection.gflops, "
                           "then the step's messages; the next step when they are delivered",
                           check, make}};

}  // namespace
}  // namespace switchlab
