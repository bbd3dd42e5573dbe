// traffic.pattern "mpi_trace" (docs/traffic.md, "MPI traces"): a loaded SimGrid time-independent
// trace (traffic.trace_id, the id trace_load returned) with its ranks placed on compute nodes as
// for npb (traffic.mpi_trace.placement, dim_order; traffic.pattern_seed). The route walk takes its
// message stream: the point-to-point messages and the collectives' expanded messages in the order
// of the trace's walk (workload/ti_trace.hpp), each max(1, ceil(bytes / packet_bytes)) back-to-back
// packets or one look-up per message when packet_bytes is 0, wrapping around. Engines app and smpi
// take the whole trace.
#include "workload/mpi_trace_traffic.hpp"

#include "workload/npb_traffic.hpp"

namespace switchlab::app {
namespace {

class MpiTraceTraffic final : public Traffic {
 public:
  explicit MpiTraceTraffic(MpiTraceWorkload w) : w_(std::move(w)) {
    for (const TraceMessage& m : w_.trace->stream) per_pass_ += packets_of_message(m.bytes, w_.packet_bytes);
  }
  const MpiTraceWorkload& workload() const { return w_; }

  // (The route walk refuses a trace without messages before it draws: config/experiment.cpp.)
  void next(Rng&, uint32_t& src, uint32_t& dst) override {
    const TraceMessage& m = w_.trace->stream[msg_];
    src = w_.node_of_rank[m.src];
    dst = w_.node_of_rank[m.dst];
    if (++packet_ >= packets_of_message(m.bytes, w_.packet_bytes)) {
      packet_ = 0;
      if (++msg_ == w_.trace->stream.size()) msg_ = 0;
    }
  }
  nlohmann::json describe() const override {
    return {{"pattern", "mpi_trace"}, {"trace_id", w_.trace->id}, {"ranks", w_.node_of_rank.size()},
            {"messages_per_pass", w_.trace->stream.size()}, {"packets_per_pass", per_pass_}, {"wraps", true}};
  }

 private:
  MpiTraceWorkload w_;
  uint64_t per_pass_ = 0;
  size_t msg_ = 0;
  uint64_t packet_ = 0;
};

bool is_hex_id(const std::string& s) {
  if (s.size() != 64) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

std::unique_ptr<Traffic> make_mpi_trace(Params& traffic, const Topology& topo) {
  // Every field is read before the store is asked, so the schema declares them all.
  const std::string id = traffic.string("trace_id", "", "Content id of a loaded SimGrid time-independent MPI trace "
                                                        "(64 hex digits, as trace_load returned it)");
  Params p = traffic.child("mpi_trace", "Rank placement and packets of the MPI trace (as traffic.npb's)");
  const Placement placement = read_placement(traffic, p);
  MpiTraceWorkload w;
  w.packet_bytes = read_packet_bytes(p);
  p.reject_unknown();
  if (!traffic.errors().ok()) return nullptr;
  if (!is_hex_id(id)) {
    traffic.errors().fail(traffic.field("trace_id"), "must be a trace's content id (64 lowercase hex digits), got \"" +
                                                         id.substr(0, 80) + "\"", "the id trace_load returned");
    return nullptr;
  }
  w.trace = trace_store_find(id);
  if (!w.trace) {
    traffic.errors().fail(traffic.field("trace_id"), trace_not_loaded(id), "the id of a loaded trace (trace_load)");
    return nullptr;
  }
  const uint32_t ranks = static_cast<uint32_t>(w.trace->ranks.size());
  if (ranks > topo.num_nodes()) {
    traffic.errors().fail(traffic.field("trace_id"), "the trace has " + std::to_string(ranks) + " ranks, this topology " +
                                                         std::to_string(topo.num_nodes()) + " compute nodes (one rank per node)",
                          "a topology of at least " + std::to_string(ranks) + " nodes");
    return nullptr;
  }
  if (!place_ranks(traffic, p, placement, topo, ranks, w.node_of_rank)) return nullptr;
  return std::make_unique<MpiTraceTraffic>(std::move(w));
}

const TrafficRegistrar reg{{"mpi_trace", "A loaded SimGrid time-independent MPI trace (traffic.trace_id): its messages "
                                         "and collectives in the trace's order, wrapping",
                            make_mpi_trace, nullptr}};

}  // namespace

const MpiTraceWorkload* mpi_trace_workload(const Traffic& traffic) {
  const auto* t = dynamic_cast<const MpiTraceTraffic*>(&traffic);
  return t ? &t->workload() : nullptr;
}

}  // namespace switchlab::app
