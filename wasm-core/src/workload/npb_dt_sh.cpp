// DT (NPB 3 DT), shuffle (SH) graph: w = 4 x 2^class-index sources, then log2(w) layers of w
// comparators, the last layer the sinks (w (log2 w + 1) nodes: 12, 32, 80, 192, 448 for S..C).
// Between layers a perfect shuffle with exchange (Stone's shuffle-exchange / Omega network):
// node k sends its array to nodes 2k mod w and 2k+1 mod w of the next layer, so every
// comparator combines two arrays and after log2(w) layers every source reaches every sink.
// ASSUMPTIONS (docs/models.md): this layer count and fan (2 in, 2 out) are our reading of the
// NPB DT description, which we could not consult; every successor receives the whole array.
#include "workload/dt_graph.hpp"

namespace switchlab::app {
namespace {

DtGraph shuffle(char cls) {
  const uint32_t w = dt_sources(cls);
  return {std::vector<uint32_t>(ilog2(w) + 1, w),
          [w](size_t, uint32_t k) { return std::vector<uint32_t>{2 * k % w, (2 * k + 1) % w}; }};
}

const BenchmarkRegistrar reg{{"dt_sh", "Data traffic (shuffle graph): log2(w) shuffle-exchange layers of w comparators between w sources and w sinks, one pass",
                              [](char cls, uint32_t ranks) { return dt_check(shuffle(cls), cls, ranks); },
                              [](char cls, uint32_t ranks) { return dt_skeleton("dt_sh", cls, ranks, shuffle(cls)); }}};

}  // namespace
}  // namespace switchlab::app
