// traffic.injection.process "trace": the messages of traffic.pattern "trace" enter their source
// queues in the first cycle at or after their timestamps (traffic.injection.time_unit), all of a
// message's packets at once (traffic.mtu_bytes each in traffic.packet_flits flits, the last one
// as many flits as its bytes fill); the trace is replayed once, not repeated.
#include "engine/cycle/replay.hpp"

namespace switchlab {
namespace {

class TraceReplay final : public Replay {
 public:
  TraceReplay(const std::vector<TimedMessage>& msgs, double cycles_per_unit, uint32_t packet_flits)
      : msgs_(msgs), scale_(cycles_per_unit), flits_(packet_flits) {
    for (const TimedMessage& m : msgs_) total_flits_ += message(m).flits(flits_);
  }

  void release(uint64_t now, std::vector<ReplayMessage>& out) override {
    for (; next_ < msgs_.size(); ++next_) {
      const TimedMessage& m = msgs_[next_];
      if (m.time * scale_ > static_cast<double>(now)) break;
      out.push_back(message(m));
    }
  }
  void delivered(uint64_t) override {}
  bool finished(uint64_t) const override { return next_ == msgs_.size(); }
  uint64_t messages_total() const override { return msgs_.size(); }
  double flits_total() const override { return total_flits_; }
  uint64_t messages_released() const override { return next_; }

 private:
  ReplayMessage message(const TimedMessage& m) const {
    return ReplayMessage::of(m.src, m.dst, m.bytes, m.packet_bytes, flits_);
  }

  const std::vector<TimedMessage>& msgs_;
  const double scale_;
  const uint32_t flits_;
  double total_flits_ = 0;
  size_t next_ = 0;
};

ReplayCheck check(const Experiment& ex) {
  if (ex.traffic->timed_messages()) return {};
  return {"traffic.injection.process", "trace replays the messages of traffic.pattern trace; this pattern has no timestamps",
          "bernoulli or on_off, or traffic.pattern trace"};
}

std::unique_ptr<Replay> make(const Experiment& ex) {
  return std::make_unique<TraceReplay>(*ex.traffic->timed_messages(), cycle_config(ex).trace_cycles_per_unit, cycle_config(ex).packet_flits);
}

const ReplayRegistrar reg{{"trace", "the messages of traffic.pattern trace at their timestamps (traffic.injection.time_unit)",
                           check, make}};

}  // namespace
}  // namespace switchlab
