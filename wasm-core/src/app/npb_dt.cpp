// DT (data traffic, NPB 3.2; NPB 3 documentation): a data-flow graph whose nodes are ranks.
// Modelled graph: the "black hole" (BH) shape, sources feeding a tree of comparators of fan-in
// 4 that ends in one sink; 4 x 2^class-index sources (4, 8, 16, 32, 64 for S..C, hence 5, 11, 21,
// 43, 85 graph nodes). Each source generates a feature array of num_samples x 4 doubles
// (10 flops per value) and sends it to its comparator; each comparator combines its inputs
// elementwise (4 flops per value per input) and forwards one array of the same size; the sink
// combines the last arrays. One pass, no iterations. Graph node g runs on rank g; ranks beyond
// the graph idle. ASSUMPTIONS (docs/models.md): only the BH shape (not WH or SH), and
// num_samples = 1728 x 8^class-index (S 1,728 ... C 7,077,888), not a published table.
// Rating: values processed (sources' values x graph levels) as Mop.
#include "app/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kSources[] = {4, 8, 16, 32, 64};
constexpr double kFanIn = 4;

// Ranks per tree level, sources first, sink last.
std::vector<uint32_t> levels_of(char cls) {
  std::vector<uint32_t> lv{kSources[class_index(cls)]};
  while (lv.back() > 1) lv.push_back((lv.back() + 3) / 4);
  return lv;
}

uint32_t graph_nodes(char cls) {
  uint32_t n = 0;
  for (uint32_t l : levels_of(cls)) n += l;
  return n;
}

Skeleton build(char cls, uint32_t ranks) {
  const int c = class_index(cls);
  double samples = 1728;
  for (int i = 0; i < c; ++i) samples *= 8;
  const double values = samples * 4;
  const auto bytes = static_cast<uint64_t>(values * 8);
  const std::vector<uint32_t> lv = levels_of(cls);
  Block pass{1, {}};
  uint32_t first = 0;  // rank of the level's first node
  for (size_t l = 0; l < lv.size(); ++l) {
    Step s = compute(l == 0 ? 10 * values : kFanIn * 4 * values);
    for (uint32_t k = 0; l + 1 < lv.size() && k < lv[l]; ++k) s.msgs.push_back({first + k, first + lv[l] + k / 4, bytes});
    pass.steps.push_back(std::move(s));
    first += lv[l];
  }
  return {"dt", cls, ranks, values * lv[0] * static_cast<double>(lv.size()) / 1e6, {std::move(pass)}};
}

std::string check(char cls, uint32_t ranks) {
  const uint32_t need = graph_nodes(cls);
  return ranks >= need ? "" : "needs at least " + std::to_string(need) + " ranks (one per graph node) in class " + cls;
}

const BenchmarkRegistrar reg{{"dt", "Data traffic (black-hole graph): sources -> fan-in-4 comparator tree -> sink, one pass",
                              check, build}};

}  // namespace
}  // namespace switchlab::app
