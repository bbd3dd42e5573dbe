#include "workload/dt_graph.hpp"

#include <algorithm>

namespace switchlab::app {
namespace {
constexpr double kDtOpsPerValue = 0.45;
}  // namespace

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
  // A node takes its inputs one after another (the real DT's receives are blocking and in order,
  // so at high bandwidth their latencies add up): the j-th input of every receiver in sub-step j.
  // An array goes after its length (4 bytes), in a sub-step of its own: the time model fixes a
  // step's bandwidth shares, so the length would otherwise hold half the link for the array's time.
  auto deliver = [&pass](const std::vector<std::vector<Message>>& inputs_of, bool with_length) {
    for (size_t j = 0;; ++j) {
      Step length, s;
      for (const auto& in : inputs_of)
        if (j < in.size()) {
          if (with_length) length.msgs.push_back({in[j].src, in[j].dst, 4});
          s.msgs.push_back(in[j]);
        }
      if (s.msgs.empty()) return;
      if (with_length) pass.steps.push_back(std::move(length));
      pass.steps.push_back(std::move(s));
    }
  };
  uint32_t first = 0;  // rank of the layer's first node
  for (size_t l = 0; l < g.width.size(); ++l) {
    pass.steps.push_back(compute(kDtOpsPerValue * values));
    const uint32_t next_first = first + g.width[l];
    std::vector<std::vector<Message>> inputs_of(l + 1 < g.width.size() ? g.width[l + 1] : 1);
    for (uint32_t k = 0; l + 1 < g.width.size() && k < g.width[l]; ++k)
      for (uint32_t to : g.successors(l, k)) inputs_of[to].push_back({first + k, next_first + to, bytes});
    if (l + 1 == g.width.size())  // rank 0 collects the sinks' 8-byte checksums
      for (uint32_t k = 0; k < g.width[l]; ++k)
        if (first + k != 0) inputs_of[0].push_back({first + k, 0, 8});
    deliver(inputs_of, l + 1 < g.width.size());
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
