// DT (data traffic, NPB 3.2; NPB 3 documentation), black-hole (BH) graph: sources feeding a tree
// of comparators of fan-in 4 that ends in one sink; 4 x 2^class-index sources (4, 8, 16, 32, 64
// for S..C, hence 5, 11, 21, 43, 85 graph nodes). Source k sends its array to comparator k / 4 of
// the next layer. Arrays, compute, placement and the num_samples ASSUMPTION: dt_graph.hpp.
#include "workload/dt_graph.hpp"

namespace switchlab::app {
namespace {

DtGraph black_hole(char cls) {
  return {dt_tree_widths(cls), [](size_t, uint32_t k) { return std::vector<uint32_t>{k / 4}; }};
}

const BenchmarkRegistrar reg{{"dt", "Data traffic (black-hole graph): sources -> fan-in-4 comparator tree -> sink, one pass",
                              [](char cls, uint32_t ranks) { return dt_check(black_hole(cls), cls, ranks); },
                              [](char cls, uint32_t ranks) { return dt_skeleton("dt", cls, ranks, black_hole(cls)); }}};

}  // namespace
}  // namespace switchlab::app
