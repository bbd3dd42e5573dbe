// DT (NPB 3 DT), white-hole (WH) graph: the black hole mirrored, one source feeding a tree of
// comparators of fan-out 4 that ends in 4 x 2^class-index sinks (5, 11, 21, 43, 85 graph nodes
// for S..C, as BH). Node k of a layer sends its array to nodes 4k .. 4k+3 of the next layer
// (those that exist); a comparator has one input. ASSUMPTIONS (docs/models.md): the same sizes
// and fan as BH, every child receiving the whole array (not a quarter of it).
#include <algorithm>

#include "workload/dt_graph.hpp"

namespace switchlab::app {
namespace {

DtGraph white_hole(char cls) {
  std::vector<uint32_t> width = dt_tree_widths(cls);
  std::reverse(width.begin(), width.end());
  return {width, [width](size_t l, uint32_t k) {
            std::vector<uint32_t> children;
            for (uint32_t c = 4 * k; c < 4 * k + 4 && c < width[l + 1]; ++c) children.push_back(c);
            return children;
          }};
}

const BenchmarkRegistrar reg{{"dt_wh", "Data traffic (white-hole graph): source -> fan-out-4 comparator tree -> sinks, one pass",
                              [](char cls, uint32_t ranks) { return dt_check(white_hole(cls), cls, ranks); },
                              [](char cls, uint32_t ranks) { return dt_skeleton("dt_wh", cls, ranks, white_hole(cls)); }}};

}  // namespace
}  // namespace switchlab::app
