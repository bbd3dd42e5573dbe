#include "app/dt_graph.hpp"

#include <algorithm>

namespace switchlab::app {

uint32_t DtGraph::nodes() const {
  uint32_t n = 0;
  for (uint32_t w : width) n += w;
  return n;
}

uint32_t dt_sources(char cls) { return 4u << class_index(cls); }

std::vector<uint32_t> dt_tree_widths(char cls) {
  std::vector<uint32_t> lv{dt_sources(cls)};
  while (lv.back() > 1) lv.push_back((lv.back() + 3) / 4);
  return lv;
}

Skeleton dt_skeleton(const std::string& name, char cls, uint32_t ranks, const DtGraph& g) {
  double samples = 1728;
  for (int i = 0; i < class_index(cls); ++i) samples *= 8;
  const double values = samples * 4;
  const auto bytes = static_cast<uint64_t>(values * 8);
  Block pass{1, {}};
  uint32_t first = 0;  // rank of the layer's first node
  for (size_t l = 0; l < g.width.size(); ++l) {
    Step s = compute(l == 0 ? 10 * values : 4.0 * g.fan_in * values);
    const uint32_t next_first = first + g.width[l];
    for (uint32_t k = 0; l + 1 < g.width.size() && k < g.width[l]; ++k)
      for (uint32_t to : g.successors(l, k)) s.msgs.push_back({first + k, next_first + to, bytes});
    pass.steps.push_back(std::move(s));
    first = next_first;
  }
  const uint32_t widest = *std::max_element(g.width.begin(), g.width.end());
  return {name, cls, ranks, values * widest * static_cast<double>(g.width.size()) / 1e6, {std::move(pass)}};
}

std::string dt_check(const DtGraph& g, char cls, uint32_t ranks) {
  const uint32_t need = g.nodes();
  return ranks >= need ? "" : "needs at least " + std::to_string(need) + " ranks (one per graph node) in class " + cls;
}

}  // namespace switchlab::app
