#include "config/results_schema.hpp"

#include <utility>
#include <vector>

namespace switchlab {
namespace {

using json = nlohmann::json;

// One declared result key. `path` is dotted; "*" stands for any key of a map (a port class, a
// model name). type: integer | number | string | boolean | array | object.
struct ResultKey {
  const char* path;
  const char* type;
  const char* unit;  // "" when the value has none (text, flags) or is a pure ratio noted in the doc
  const char* doc;
};

// Units of the open-ended sections, by key suffix (models/report.hpp). Longest match wins, so
// "_mW" is tried before "_W".
const std::vector<std::pair<std::string, std::string>>& suffix_units() {
  static const std::vector<std::pair<std::string, std::string>> table = {
      {"_ns", "ns"},         {"_us", "us"},           {"_s", "s"},           {"_Gbps", "Gb/s"},
      {"_GBps", "GB/s"},     {"_Mpps", "M packets/s"}, {"_pps", "packets/s"}, {"_mm2", "mm^2"},
      {"_um2", "um^2"},      {"_mm", "mm"},      {"_nJ", "nJ"},           {"_pJ", "pJ"},         {"_mW", "mW"},
      {"_W", "W"},           {"_bytes", "B"},         {"_B", "B"},           {"_bits", "bits"},
      {"_nm", "nm"},         {"_pct", "%"},           {"_fraction", "fraction"}, {"_ratio", "x"},
      {"hit_rate", "fraction"}, {"miss_rate", "fraction"}, {"_share", "fraction"},
      {"utilization", "fraction"}, {"_entries", "entries"}, {"_packets", "packets"}, {"_MB", "MB"},
      {"_flops", "flop"},    {"_messages", "messages"}};
  return table;
}

const std::vector<ResultKey>& declared() {
  static const std::vector<ResultKey> keys = {
      // Identity of the run.
      {"config_hash", "string", "", "Experiment id: SHA-256 of the normalized config + engine version"},
      {"engine.name", "string", "", "Engine that produced the result"},
      {"engine.version", "string", "", "Engine version (part of the experiment id)"},
      {"seed", "integer", "", "RNG seed of the run"},
      {"wall_time_s", "number", "s", "Wall-clock time of the run (not part of the deterministic result)"},
      // What the run is (prepare()'s summary, repeated in every result).
      {"summary.engine", "string", "", "Engine"},
      {"summary.topology", "string", "", "Topology kind"},
      {"summary.nodes", "integer", "nodes", "Compute nodes"},
      {"summary.switches", "integer", "switches", "Switches"},
      {"summary.ports_per_switch", "integer", "ports", "Input ports per switch (the largest), injection ports included"},
      {"summary.input_ports", "integer", "ports", "Input ports of the whole network (switches x ports per switch)"},
      {"summary.links", "integer", "links", "Switch-to-switch links, each counted once"},
      {"summary.max_hops", "integer", "switches",
       "Most routing computations one packet can make: exact for torus, mesh, fat tree, BMIN, Dragonfly and single "
       "switch; an upper bound for graph kinds (random_regular, edge_list), whose exact longest route needs all-pairs "
       "routing tables (topology.max_switch_hops in results)"},
      {"summary.caches", "number", "caches", "Caches the run simulates"},
      {"summary.packets", "integer", "packets", "Packets routed (warm-up + measured)"},
      {"summary.lookups", "number", "look-ups", "Upper bound on the cache look-ups of the run (packets x max_hops, prefetch included)"},
      {"summary.memory_bytes", "number", "B",
       "Estimated peak memory of the run: cache state (bounded by the look-ups), 16 B of counters per simulated input "
       "port, and a graph topology's routing tables (2 B per switch pair)"},
      {"summary.cache_bytes_per_port", "integer", "B",
       "State one simulated cache keeps (one per input port; per switch with switch.cache.scope switch): 4 B per "
       "entry, the replacement policy's words, a flag; null without a cache. Caches no packet reaches commit no memory "
       "natively. The 3C classifier adds a bit per destination, or ~44 B per distinct tag when there are more "
       "destinations than entries (divided by switch.cache.classify_sampling)"},
      // Cache statistics (measured packets only).
      {"cache.enabled", "boolean", "", "Whether the switches have a routing-table cache"},
      {"cache.scope", "string", "", "port: one cache per input port; switch: one per switch"},
      {"cache.lookups", "integer", "look-ups", "Cache look-ups of the measured packets"},
      {"cache.hits", "integer", "look-ups", "Look-ups that hit"},
      {"cache.hit_rate", "number", "fraction", "Hits / look-ups (0..1)"},
      {"cache.misses.compulsory", "integer", "look-ups", "First use of a tag at a cache (3C)"},
      {"cache.misses.capacity", "integer", "look-ups", "Would also miss in a fully associative LRU cache of equal size (3C)"},
      {"cache.misses.conflict", "integer", "look-ups", "The other misses: set conflicts (3C)"},
      {"cache.misses.total", "integer", "look-ups", "All misses"},
      {"cache.misses.classify_sampling", "integer", "tags",
       "Present only when the 3C counts are estimates (switch.cache.classify_sampling > 1 and more destinations than "
       "entries): S, every compulsory/capacity/conflict count of the result (overall and per port class) splits the "
       "exact miss total in the proportions of the misses of 1 in S tags (null where none was sampled)"},
      {"cache.by_port_class.*.lookups", "integer", "look-ups", "Look-ups at input ports of this class"},
      {"cache.by_port_class.*.hits", "integer", "look-ups", "Hits at input ports of this class"},
      {"cache.by_port_class.*.hit_rate", "number", "fraction", "Hit rate at input ports of this class (0..1)"},
      {"cache.by_port_class.*.misses.compulsory", "integer", "look-ups", "Compulsory misses at this class (3C)"},
      {"cache.by_port_class.*.misses.capacity", "integer", "look-ups", "Capacity misses at this class (3C)"},
      {"cache.by_port_class.*.misses.conflict", "integer", "look-ups", "Conflict misses at this class (3C)"},
      {"cache.by_port_class.*.misses.total", "integer", "look-ups", "All misses at this class"},
      {"cache.packets_all_hit", "integer", "packets", "Measured packets whose every look-up hit"},
      {"cache.all_hit_share", "number", "fraction", "Share of measured packets whose every look-up hit (0..1)"},
      {"cache.port_classes", "array", "", "Port class names, in class-index order"},
      {"cache.by_switch", "array", "fraction", "Hit rate of each switch, by switch id (monitored mode: in monitored_switches order, see by_switch_format)"},
      {"cache.by_switch_format", "string", "", "Layout of by_switch"},
      {"cache.by_port", "array", "look-ups", "Per switch, per input port: [look-ups, hits, class index]"},
      {"cache.by_port_format", "string", "", "Layout of by_port"},
      {"cache.prefetch_lookups", "integer", "look-ups", "Look-ups of the all-to-all prefetch (not counted above)"},
      {"cache.occupancy.caches_used", "integer", "caches", "Caches that saw at least one look-up"},
      {"cache.occupancy.entries_per_cache", "integer", "entries", "Entries of each cache"},
      {"cache.occupancy.entries_total", "integer", "entries", "Valid entries at the end, all caches"},
      {"cache.occupancy.mean_entries_per_used_cache", "number", "entries", "Valid entries per used cache at the end"},
      // Zero-load latency (route-walk engine).
      {"latency_ns.zero_load.mean", "number", "ns", "Mean zero-load latency, injection to delivery"},
      {"latency_ns.zero_load.min", "number", "ns", "Minimum zero-load latency"},
      {"latency_ns.zero_load.p50", "number", "ns", "Median zero-load latency"},
      {"latency_ns.zero_load.p99", "number", "ns", "99th percentile zero-load latency"},
      {"latency_ns.zero_load.max", "number", "ns", "Maximum zero-load latency"},
      {"latency_ns.zero_load.mean_at_max_distance", "number", "ns", "Mean latency of packets that cross the most switches"},
      {"latency_ns.zero_load.packets_at_max_distance", "integer", "packets", "Packets that cross the most switches"},
      {"latency_ns.zero_load.histogram", "array", "ns", "[latency ns, packets] for every distinct latency"},
      {"latency_ns.zero_load.histogram_format", "string", "", "Layout of histogram"},
      {"packets.measured", "integer", "packets", "Measured packets"},
      {"packets.warmup", "integer", "packets", "Warm-up packets (not counted)"},
      {"packets.mean_switches", "number", "switches", "Mean routing computations per packet"},
      {"packets.max_switches", "integer", "switches", "Most routing computations of one packet"},
      // Under load (cycle engine; docs/engines.md, "Cycle engine").
      {"summary.cycles", "number", "cycles", "Cycle engine: simulated cycles at most (every run of the mode)"},
      {"summary.flit_hops", "number", "flit-hops", "Cycle engine: flit-hops at most (work estimate)"},
      {"summary.messages", "integer", "messages", "Engines app and smpi: messages of one run of every benchmark's skeleton (MPI trace: of the expanded run)"},
      {"summary.bytes", "number", "B", "Engines app and smpi: bytes of those messages"},
      {"summary.server_only", "boolean", "", "The run needs the server's workers (engine smpi: SimGrid); the browser cannot run it"},
      // An MPI trace's summary (trace_load, trace_summary: {"id", "summary"}; docs/traffic.md).
      {"summary.ranks", "integer", "ranks", "MPI trace: ranks"},
      {"summary.compute_flops", "number", "flop", "MPI trace: compute of all ranks (compute lines and collectives' computation)"},
      {"summary.compute_share", "number", "fraction", "MPI trace: estimated share of compute in the ranks' time (summary.compute_share_basis)"},
      {"summary.compute_share_basis", "string", "", "MPI trace: how compute_share is estimated"},
      {"summary.operations.*", "integer", "calls", "MPI trace: lines of each action, all ranks"},
      {"summary.by_type.*.messages", "integer", "messages", "MPI trace: per action, the messages its lines state (sends and receives: one each; collectives: one per call at each rank)"},
      {"summary.by_type.*.bytes", "number", "B", "MPI trace: per action, the bytes its lines state (collectives: each rank's own send or v-count sum)"},
      {"summary.sent_messages", "integer", "messages", "MPI trace: messages of the expanded run (point-to-point and collectives' algorithms)"},
      {"summary.sent_bytes", "number", "B", "MPI trace: their bytes"},
      {"summary.received_messages", "integer", "messages", "MPI trace: messages received (equal to sent over all ranks)"},
      {"summary.received_bytes", "number", "B", "MPI trace: their bytes"},
      {"summary.per_rank", "array", "", "MPI trace: per rank, the same keys as the totals (operations, by_type, compute_flops, sent/received messages and bytes, compute_share)"},
      {"summary.per_rank.operations.*", "integer", "calls", "MPI trace: lines of each action of this rank"},
      {"summary.per_rank.by_type.*.messages", "integer", "messages", "MPI trace: per action, messages stated at this rank"},
      {"summary.per_rank.by_type.*.bytes", "number", "B", "MPI trace: per action, bytes stated at this rank"},
      {"summary.matrix_bytes", "array", "B", "MPI trace: bytes from rank (row) to rank (column), point-to-point and the collectives' expanded messages"},
      {"summary.matrix_basis", "string", "", "MPI trace: what matrix_bytes counts"},
      {"throughput.offered", "number", "flits/node/cycle", "Flits created in the measured window per node per cycle"},
      {"throughput.offered_configured", "number", "flits/node/cycle", "traffic.injection.load of this run (null for a replay, whose load is its messages')"},
      {"throughput.accepted", "number", "flits/node/cycle", "Flits ejected in the measured window per node per cycle"},
      {"throughput.offered_spread_pct", "number", "%", "Expected relative standard deviation of throughput.offered over a window of this length from the injection process alone (seed to seed), over the nodes that sent; near saturation the saturated flag follows this noise (null for a replay, at load 0, or when no node sent; in saturation mode, that of the reported run)"},
      {"throughput.window_for_1pct_cycles", "integer", "cycles", "sim.measure_cycles that brings throughput.offered_spread_pct to 1 % (whatever window was run; null when no allowed window, at most 2^31 cycles, would)"},
      {"throughput.accepted_min_node", "number", "flits/node/cycle", "Accepted throughput of the node that received least"},
      {"latency_cycles.packet.mean", "number", "cycles", "Mean packet latency: creation to tail ejection, source queueing included"},
      {"latency_cycles.packet.p50", "number", "cycles", "Median packet latency"},
      {"latency_cycles.packet.p99", "number", "cycles", "99th percentile packet latency"},
      {"latency_cycles.packet.min", "number", "cycles", "Minimum packet latency"},
      {"latency_cycles.packet.max", "number", "cycles", "Maximum packet latency"},
      {"latency_cycles.packet.histogram", "array", "cycles", "[latency cycles, packets] for every distinct latency"},
      {"latency_cycles.packet.histogram_format", "string", "", "Layout of histogram"},
      {"latency_cycles.network.mean", "number", "cycles", "Mean network latency: head onto the injection link to tail ejection"},
      {"latency_cycles.network.p50", "number", "cycles", "Median network latency"},
      {"latency_cycles.network.p99", "number", "cycles", "99th percentile network latency"},
      {"latency_cycles.network.min", "number", "cycles", "Minimum network latency"},
      {"latency_cycles.network.max", "number", "cycles", "Maximum network latency"},
      {"latency_cycles.network.histogram", "array", "cycles", "[latency cycles, packets] for every distinct network latency"},
      {"latency_cycles.network.histogram_format", "string", "", "Layout of histogram"},
      {"latency_ns.packet.mean", "number", "ns", "Mean packet latency at the switch clock (switch.clock_ghz)"},
      {"latency_ns.packet.p50", "number", "ns", "Median packet latency at the switch clock"},
      {"latency_ns.packet.p99", "number", "ns", "99th percentile packet latency at the switch clock"},
      {"latency_ns.packet.max", "number", "ns", "Maximum packet latency at the switch clock"},
      {"latency_ns.packet.min", "number", "ns", "Minimum packet latency at the switch clock"},
      {"latency_ns.packet.histogram", "array", "ns", "[latency ns, packets] for every distinct packet latency, at the switch clock"},
      {"latency_ns.packet.histogram_format", "string", "", "Layout of histogram"},
      {"latency_ns.network.mean", "number", "ns", "Mean network latency at the switch clock"},
      {"latency_ns.network.p50", "number", "ns", "Median network latency at the switch clock"},
      {"latency_ns.network.p99", "number", "ns", "99th percentile network latency at the switch clock"},
      {"latency_ns.network.max", "number", "ns", "Maximum network latency at the switch clock"},
      {"latency_ns.network.min", "number", "ns", "Minimum network latency at the switch clock"},
      {"latency_ns.network.histogram", "array", "ns", "[latency ns, packets] for every distinct network latency, at the switch clock"},
      {"latency_ns.network.histogram_format", "string", "", "Layout of histogram"},
      {"hops.mean", "number", "switches", "Mean switches crossed by a delivered measured packet"},
      {"saturated", "boolean", "", "Offered load above what the network accepts (undelivered measured packets, a deadlock, or growing source queues)"},
      {"deadlock", "boolean", "", "No flit moved for cycles.deadlock_limit cycles while flits waited: the run stopped there"},
      {"packets.delivered", "integer", "packets", "Measured packets delivered by the end of the drain"},
      {"utilization.port_mean", "number", "fraction", "Mean flits per cycle over all switch output ports (0..1)"},
      {"utilization.port_max", "number", "fraction", "Flits per cycle of the busiest switch output port (0..1)"},
      {"utilization.by_switch", "array", "fraction", "Per switch (by switch id): mean flits per cycle over its output ports, measured window"},
      {"utilization.by_output_port", "array", "fraction",
       "Per switch output port, index switch x ports_per_switch + port: flits per cycle in the measured window (the "
       "link it drives; ejection ports included)"},
      {"trace", "array", "",
       "Per-packet trace (sim.trace_packets), in injection order: {src, dst, flits, created, injected, ejected "
       "(cycles), routers: [{switch, in_port, out_port, arrival, rc_done, sent (cycles of the head flit)}]}; an "
       "undelivered packet has ejected 0 and unsent routers 0"},
      {"trace.src", "integer", "node", "Source node id"},
      {"trace.dst", "integer", "node", "Destination node id"},
      {"trace.flits", "integer", "flits", "Flits of the packet"},
      {"trace.created", "integer", "cycles", "Cycle the packet was created (joined its source queue)"},
      {"trace.injected", "integer", "cycles", "Cycle its head went onto the injection link"},
      {"trace.ejected", "integer", "cycles", "Cycle its tail was ejected (0: not delivered)"},
      {"trace.routers.switch", "integer", "switch", "Switch id"},
      {"trace.routers.in_port", "integer", "port", "Input port index"},
      {"trace.routers.out_port", "integer", "port", "Output port index"},
      {"trace.routers.arrival", "integer", "cycles", "Cycle the head flit arrived"},
      {"trace.routers.rc_done", "integer", "cycles", "Cycle its routing computation ended"},
      {"trace.routers.sent", "integer", "cycles", "Cycle it left through the crossbar (0: not sent)"},
      {"cam.searches", "integer", "searches", "CAM searches (cache misses) in the measured window"},
      {"cam.utilization", "number", "fraction", "Busy share of the CAMs in the measured window (0..1)"},
      {"cycles.simulated", "integer", "cycles", "Cycles simulated (warm-up, window and drain)"},
      {"cycles.warmup", "integer", "cycles", "Warm-up cycles"},
      {"cycles.measured", "integer", "cycles", "Cycles of the measured window the run simulated (sim.measure_cycles unless a replay finished or a deadlock stopped the run inside it); every rate is per such cycle"},
      {"cycles.drained", "boolean", "", "Every measured packet was delivered"},
      {"cycles.flit_hops", "integer", "flit-hops", "Flits sent through a switch over the whole run (the simulated work)"},
      {"cycles.deadlock_limit", "integer", "cycles", "Cycles without a flit moving, while flits wait, after which a run stops as deadlocked"},
      {"cycles.stalled_at_end", "integer", "cycles", "Cycles at the end of the run in which no flit moved while flits waited (0 if the last cycle moved one): a stall shorter than deadlock_limit, e.g. a deadlock the run ended too soon to call"},
      {"buffers.mean_flits_per_port", "number", "flits", "Flits buffered in the switches per input port, averaged over the measured window"},
      {"buffers.mean_fraction", "number", "fraction", "The same over the per-port buffer budget (switch.buffer.flits_per_port, or vcs x flits_per_vc); output_queued may exceed 1 (ideal, speed-up N)"},
      {"buffers.peak_flits_switch", "integer", "flits", "Most flits one switch held at once in the measured window"},
      {"buffers.by_switch_mean_flits", "array", "flits", "Per switch (by switch id): flits buffered, averaged over the measured window"},
      {"replay.messages", "integer", "messages", "Replayed messages in all (traffic.injection.process trace or application; application: repeats counted)"},
      {"replay.released", "integer", "messages", "Messages that reached their source queue before the run ended"},
      {"replay.completed", "boolean", "", "Every message was released and delivered (and an application's last compute done)"},
      {"replay.completion_cycles", "integer", "cycles", "Cycle the replay ended: its last delivery, or an application's last compute (null unless completed)"},
      {"replay.completion_ns", "number", "ns", "The same in ns (switch.clock_ghz): an application's run time on this network"},
      {"replay.benchmarks", "array", "", "application: the benchmarks, run one after another"},
      {"replay.steps", "integer", "steps", "application: steps of the skeletons (repeats counted)"},
      {"replay.steps_done", "integer", "steps", "application: steps finished"},
      {"saturation.throughput", "number", "flits/node/cycle", "Saturation throughput: the most any run of the bisection accepted"},
      {"saturation.load_bracket", "array", "flits/node/cycle", "[highest unsaturated, lowest saturated] offered load tried"},
      {"saturation.curve", "array", "[flits/node/cycle, flits/node/cycle, cycles, -]", "Per run: [offered flits/node/cycle, accepted flits/node/cycle, mean latency cycles, saturated]"},
      {"saturation.curve_format", "string", "", "Layout of curve"},
      // Addressing and shape (topology.describe(); the rest of the section depends on the kind).
      {"topology", "object", "", "Addressing and shape of the network; fields depend on the kind"},
      {"topology.kind", "string", "", "Topology family as simulated"},
      {"topology.nodes", "integer", "nodes", "Compute nodes"},
      {"topology.switches", "integer", "switches", "Switches"},
      {"topology.concentration", "integer", "nodes", "Compute nodes per switch"},
      {"topology.ports_per_switch", "integer", "ports", "Ports per switch"},
      {"topology.ports", "integer", "ports", "Single switch: ports (one node each)"},
      {"topology.dims", "array", "switches", "Switches along each dimension"},
      {"topology.link_bundles", "array", "links",
       "Fat tree / BMIN with too many links to list: [row, group, row + 1, group, links], rows of n switches cut into "
       "groups of ceil(n / 16) consecutive switches (row and group are indices)"},
      {"topology.k", "integer", "ports", "Fat tree / BMIN: down ports per switch (as many up ports)"},
      {"topology.n", "integer", "levels", "Fat tree: levels of switches"},
      {"topology.levels", "integer", "levels", "Levels of switches"},
      {"topology.stages", "integer", "stages", "BMIN: stages of switches"},
      {"topology.switches_per_level", "integer", "switches", "Switches per fat-tree level"},
      {"topology.switches_per_stage", "integer", "switches", "Switches per BMIN stage"},
      {"topology.oversubscription", "integer", "x", "Leaf oversubscription n:1"},
      {"topology.p", "integer", "nodes", "Dragonfly: compute nodes per switch"},
      {"topology.a", "integer", "switches", "Dragonfly: switches per group"},
      {"topology.h", "integer", "links", "Dragonfly: global links per switch"},
      {"topology.g", "integer", "groups", "Dragonfly: groups"},
      {"topology.global_links_per_group_pair", "integer", "links", "Dragonfly: parallel global links per group pair"},
      {"topology.unconnected_global_ports_per_group", "integer", "ports", "Dragonfly: global ports left unconnected"},
      {"topology.max_degree", "integer", "links", "Most switch-to-switch links of one switch"},
      {"topology.max_switch_hops", "integer", "links",
       "Graphs: switch-to-switch links on the longest table route (exact; results only: prepare() builds no routing tables)"},
      {"topology.max_switch_hops_bound", "integer", "links",
       "Graphs: upper bound on max_switch_hops from one BFS (2 x eccentricity of switch 0, or of the up*/down* root); "
       "summary.max_hops = this + 1"},
      {"topology.mean_switch_hops", "number", "links",
       "Graphs: switch-to-switch links per route, averaged over ordered switch pairs (exact; results only)"},
      {"topology.parameters.degree", "integer", "links", "Random regular graph: links per switch"},
      {"topology.parameters.attempts", "integer", "attempts", "Random regular graph: pairings drawn until one was simple and connected"},
      {"topology.stage_list.switches", "integer", "switches", "Switches of the stage"},
      {"traffic", "object", "", "Traffic layout (jobs, trace); fields depend on the pattern"},
      {"traffic.pattern", "string", "", "traffic.pattern of the run"},
      {"traffic.messages", "integer", "messages", "Trace: messages in the trace"},
      {"traffic.wraps", "boolean", "", "NPB: the skeletons' passes repeat until the run ends"},
      {"traffic.busy_nodes", "integer", "nodes", "Nodes that send or receive"},
      {"traffic.idle_nodes", "integer", "nodes", "Nodes outside every job"},
      {"traffic.jobs.size", "integer", "nodes", "Nodes of the job"},
      {"traffic.messages_per_pass", "integer", "messages", "NPB: messages of one pass over the skeletons"},
      {"traffic.packets_per_pass", "integer", "packets", "Packets of one pass over the messages (trace, NPB)"},
      {"traffic.ranks", "integer", "ranks", "NPB: MPI ranks"},
      // Application time model (engine app; docs/models.md).
      {"app.benchmarks.*.time_s", "number", "s", "Run time of the benchmark's skeleton on this system"},
      {"app.benchmarks.*.time_no_cache_s", "number", "s", "Run time on the same system with switch.cache null"},
      {"app.benchmarks.*.compute_s", "number", "s", "Compute share of the run time (flops / node.gflops)"},
      {"app.benchmarks.*.mops", "number", "Mop/s", "Benchmark operation count / run time (NPB's Mop/s rating)"},
      {"app.benchmarks.*.mop", "number", "Mop", "Benchmark operation count the rating divides"},
      {"app.benchmarks.*.relative", "number", "x", "Performance relative to the same system without a cache (time without / time with)"},
      {"app.benchmarks.*.messages", "integer", "messages", "Messages of the whole run"},
      {"app.benchmarks.*.bytes", "number", "B", "Bytes of all messages of the run"},
      {"app.benchmarks.*.ranks", "integer", "ranks", "MPI ranks"},
      {"app.benchmarks.*.class", "string", "", "NPB problem class"},
      {"app.relative_mean", "number", "x", "Mean of the benchmarks' relative performance (as seed 001 Sec. 5 reports it)"},
      {"app.benchmarks.*.trace_id", "string", "", "traffic.pattern mpi_trace: the trace's content id"},
      {"app.benchmarks.*.per_rank", "array", "", "traffic.pattern mpi_trace: per rank, time_s, compute_s and communication_s"},
      {"app.benchmarks.*.per_rank.time_s", "number", "s", "The rank's finishing time"},
      {"app.benchmarks.*.per_rank.compute_s", "number", "s", "The rank's compute (flops / node.gflops)"},
      {"app.benchmarks.*.per_rank.communication_s", "number", "s", "The rest: sending, receiving and waiting"},
      {"app.benchmarks.*.hit_rate", "number", "fraction", "Hit rate the time model used for this benchmark; null without a cache"},
      {"app.benchmarks.*.hit_rate_note", "string", "", "Why app.hit_rate was used although a route walk was asked for"},
      {"app.hit_rate_source", "string", "", "Where the hit rates come from: value (app.hit_rate), route_walk, or no cache"},
      {"app.model", "string", "", "What the time model computes"},
      {"app.simulator", "string", "", "Engine smpi: smpi (SimGrid SMPI replayed the skeletons on the workers)"},
      {"app.simgrid_version", "string", "", "Engine smpi: the SimGrid version that replayed them"},
      {"app.benchmarks.*.smpi_replay", "string", "", "Engine smpi: full (every iteration replayed) or extrapolated (sampled repeats, app.smpi_replay)"},
      {"app.benchmarks.*.smpi_sample_repeats", "integer", "repeats", "Engine smpi: k of an extrapolated replay's k and 2k sampled repeats; null for a full replay"},
      // Hardware cost and closed-form models: open sections, units by key suffix.
      {"cost", "object", "", "Hardware cost (CACTI 7 or its fit, per cost.method, and published figures); units by key suffix"},
      {"cost.method", "string", "", "cost.method of the run: cacti (CACTI 7 itself, exact) or fit (the CACTI-7 fit, an estimate)"},
      {"cost.*.method", "string", "", "Which method made this part's figures: cacti or fit"},
      {"cost.*.cacti.organisation.*", "integer", "count",
       "The array organisation CACTI 7 chose: Ndwl / Ndbl wordline / bitline divisions, Nspd sets per wordline, Ndcm "
       "and Ndsam column multiplexing (data array); Nt* the same for the tag array"},
      {"cost.*.cacti.package_sha256", "string", "", "sha256 of the package CACTI 7 was built from (part of the experiment id)"},
      {"cost.*.entries", "integer", "entries", "Table entries"},
      {"cost.*.ways", "integer", "ways", "Associativity (0: fully associative)"},
      {"cost.*.key_bits", "integer", "bits", "CAM key width"},
      {"cost.*.count", "integer", "CAMs", "CAMs per switch"},
      {"cost.*.ports", "integer", "ports", "Input ports per switch"},
      {"cost.*.fit_holdout_error_pct.*", "array", "%",
       "The fit's cross-validated error on this figure: [median, worst] over the held-out CACTI 7 rows of fit_region"},
      {"cost.*.fit_region", "object", "",
       "Where the fit's error was measured: the grid region of this array (docs/cost-model.md section 5), or its family "
       "(errors_of \"family\", with why) where the region has too few rows"},
      {"cost.*.fit_region.rows", "integer", "rows", "Held-out CACTI 7 rows the quoted fit error is over"},
      {"cost.*.cacti_refusal", "object", "",
       "CACTI 7's refusal of the asked array (field, message, what it builds instead); the figures are then CACTI's for "
       "the fully associative array of the same entries"},
      {"cost.budget.rc_logic_overhead_pct_of_die", "number", "%", "Caches + hash units as a share of hardware.die_area_mm2"},
      {"cost.budget.total_pct_of_die", "number", "%", "Routing-computation area as a share of hardware.die_area_mm2"},
      {"cost.budget.rc_logic_overhead_pct_of_icc_329mm2", "number", "%", "Caches + hash units as a share of the ICC die"},
      {"cost.budget.total_pct_of_icc_329mm2", "number", "%", "Routing-computation area as a share of the ICC die"},
      {"cost.published.*.area_mm2_10_ports", "number", "mm^2", "As published: area of 10 ports' caches"},
      {"cost.published.*.area_mm2_64_ports", "number", "mm^2", "As published: area of 64 ports' caches"},
      {"cost.published.*.area_mm2_per_port", "number", "mm^2", "As published: area of one port's cache"},
      {"cost.published.*.overhead_pct_of_icc", "number", "%", "As published: share of the ICC die"},
      {"cost.published.reference_dies.ports", "integer", "ports", "Ports of the reference switch die"},
      {"warnings", "array", "", "Why numbers of this run may mislead (absent when none): each with code, the result field it qualifies, message, and fixes (config field, value in that field's unit, unit, why)"},
      {"models", "object", "", "Closed-form models at this run's numbers; units by key suffix"},
      {"models.*.inputs.ports", "integer", "ports", "Switch ports"},
      {"models.*.inputs.curve_points", "integer", "points", "Points of the plotted curve"},
      {"models.*.outputs.saving_fraction", "number", "fraction", "1 - with cache / conventional"},
      {"models.*.outputs.with_cache_over_conventional", "number", "x", "Power with the cache / without"},
      {"models.*.outputs.speedup_vs_base", "number", "x", "Throughput with the cache / without"},
      {"models.*.outputs.packet_bits_on_wire", "number", "bits", "Bits per packet on the wire"},
      {"models.*.published.with_cache_over_conventional_at_50pct.value", "number", "fraction", "As published"},
      {"models.*.published.T_rcache_Mpps_at_0_miss.value", "number", "M packets/s", "As published"},
      {"models.*.published.T_rcache_Mpps_at_10pct_miss.value", "number", "M packets/s", "As published"},
      {"models.*.published.speedup_vs_base_at_0_miss.value", "number", "x", "As published"},
      {"models.*.published.speedup_vs_base_at_10pct_miss.value", "number", "x", "As published"},
      {"models.seed001_torus.hit_rate_by_port_class.*.model", "number", "fraction", "Hit rate, seed 001 eq. (1)"},
      {"models.seed001_torus.hit_rate_by_port_class.*.simulated", "number", "fraction", "Hit rate, simulated"},
      {"models.seed001_torus.max_zero_load_latency_ns.reduction_vs_conventional_model", "number", "fraction",
       "1 - cache switch / conventional switch, seed 001 eq. (4)"},
      {"models.seed001_torus.max_zero_load_latency_ns.reduction_vs_conventional_simulated", "number", "fraction",
       "1 - simulated mean latency at the maximum distance / conventional switch's (eq. 4)"},
  };
  return keys;
}

std::vector<std::string> split(const std::string& path) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t dot; (dot = path.find('.', start)) != std::string::npos; start = dot + 1)
    parts.push_back(path.substr(start, dot - start));
  parts.push_back(path.substr(start));
  return parts;
}

bool matches(const std::vector<std::string>& pattern, const std::vector<std::string>& path) {
  if (pattern.size() != path.size()) return false;
  for (size_t i = 0; i < path.size(); ++i)
    if (pattern[i] != "*" && pattern[i] != path[i]) return false;
  return true;
}

std::string suffix_unit(const std::string& key) {
  size_t best = 0;
  std::string unit;
  for (const auto& [suffix, u] : suffix_units()) {
    const bool ends = key.size() >= suffix.size() && key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0;
    if (ends && suffix.size() > best) {
      best = suffix.size();
      unit = u;
    }
  }
  return unit;
}

void insert(json& schema, const ResultKey& k) {
  json* node = &schema;
  for (const std::string& part : split(k.path)) {
    if (!node->contains("type")) (*node)["type"] = "object";
    node = part == "*" ? &(*node)["additionalProperties"] : &(*node)["properties"][part];
  }
  (*node)["type"] = k.type;
  (*node)["description"] = k.doc;
  if (k.unit[0]) (*node)["x-unit"] = k.unit;
}

void collect(const json& v, const std::string& path, json& out) {
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it) collect(*it, path.empty() ? it.key() : path + "." + it.key(), out);
  } else if (v.is_array()) {
    for (const json& e : v) collect(e, path, out);  // indices left out: one unit per list
  } else if (v.is_number() && !out.contains(path)) {
    out[path] = unit_of(path);
  }
}

}  // namespace

std::string unit_of(const std::string& path) {
  // The declared paths split once: units_of() asks for every number of a result.
  static const std::vector<std::pair<std::vector<std::string>, const char*>> patterns = [] {
    std::vector<std::pair<std::vector<std::string>, const char*>> p;
    for (const ResultKey& k : declared()) p.emplace_back(split(k.path), k.unit);
    return p;
  }();
  const std::vector<std::string> parts = split(path);
  for (const auto& [pattern, unit] : patterns)
    if (matches(pattern, parts)) return unit;
  for (size_t i = parts.size(); i-- > 0;)
    if (std::string u = suffix_unit(parts[i]); !u.empty()) return u;
  return "";
}

json units_of(const json& result) {
  json out = json::object();
  collect(result, "", out);
  return out;
}

json results_schema() {
  json schema = {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
                 {"title", "SwitchLab result"},
                 {"type", "object"},
                 {"x-unit-rule",
                  "A key declared in this schema has its x-unit. Any other number takes the unit of the longest "
                  "x-unit-suffixes entry its own key ends with, else that of its nearest ancestor key with such "
                  "a suffix; a number matching none is a plain count."}};
  json suffixes = json::array();
  for (const auto& [suffix, unit] : suffix_units()) suffixes.push_back({suffix, unit});
  schema["x-unit-suffixes"] = suffixes;
  for (const ResultKey& k : declared()) insert(schema, k);
  return schema;
}

}  // namespace switchlab
