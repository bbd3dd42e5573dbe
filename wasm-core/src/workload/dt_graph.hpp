#pragma once
// DT's data-flow graphs (NPB 3 DT; docs/models.md, "NPB skeletons"), shared by the three shapes
// (npb_dt.cpp BH, npb_dt_wh.cpp WH, npb_dt_sh.cpp SH). A graph is a list of layers, sources first
// and sinks last; node k of layer l runs on rank (nodes of layers 0..l-1) + k, ranks beyond the
// graph idle. Each source generates a feature array of num_samples x 4 doubles; every arc
// carries one whole array, preceded by its length (4 bytes); a comparator combines its inputs
// elementwise and sends the result along each of its out-arcs; every sink ends by sending its
// 8-byte checksum to rank 0. One pass, no iterations. Compute: kDtOpsPerValue NPB operations per
// value at every node, as measured on the real DT (docs/models.md, "Skeletons against the real
// NPB": the real runs are calibrated to NPB's own operation count, which for DT is small).
// ASSUMPTION (not a published table; the real DT's arrays measured 0-5 % longer at class S and
// within 2 % at W): num_samples = 1,728 x 8^class-index (S 1,728 .. C 7,077,888).
#include <functional>
#include <string>
#include <vector>

#include "workload/skeleton.hpp"

namespace switchlab::app {

struct DtGraph {
  std::vector<uint32_t> width;  // nodes per layer, sources first, sinks last
  // The nodes of layer l + 1 that node k of layer l sends its array to, in sending order.
  std::function<std::vector<uint32_t>(size_t l, uint32_t k)> successors;

  uint32_t nodes() const;
};

// The sources of the black hole (and sinks of the white hole): 4 x 2^class-index (4 .. 64).
uint32_t dt_sources(char cls);

// Layer widths of a tree of fan-in 4 from dt_sources(cls) leaves to one root, leaves first
// (S: 4, 1; A: 16, 4, 1).
std::vector<uint32_t> dt_tree_widths(char cls);

// The graph's skeleton. Rating: values per array x the widest layer x the layers (Mop), which
// for BH is the sources' values x graph levels.
Skeleton dt_skeleton(const std::string& name, char cls, uint32_t ranks, const DtGraph& g);

// "needs at least N ranks (one per graph node) in class C" or "".
std::string dt_check(const DtGraph& g, char cls, uint32_t ranks);

}  // namespace switchlab::app
