// Graph500 BFS (kernel 2; Graph 500 specification, "Search", V1.2/V2.0: SCALE, edgefactor 16,
// 64 search keys, TEPS). Not an NPB benchmark; registered with them because seed 000 Sec. V-C
// includes Graph500 in its application mix. A Kronecker graph of N = 2^SCALE vertices and
// M = 16 N undirected edges; 1-D partition, each rank owning N/R vertices and their adjacency
// lists (the spec's random vertex permutation spreads every rank's neighbours evenly over the
// owners). Per search, a top-down level-synchronous BFS: at level l every rank scans the
// adjacency entries of its frontier vertices (4 operations per entry: read, owner, pack, and the
// owner's visited test and parent write), sends each entry whose end another rank owns as a
// 16-byte (vertex, parent) message (vertex labels need at least 48 bits: 8 bytes each) by an
// all-to-all of equal per-pair sizes (the all-to-all-v, evened by the permutation), then an
// 8-byte allreduce of the next frontier's size ends the level. Every search scans each edge from
// both ends (2M entries). The 64 searches are identical in the skeleton (a block of 64 repeats).
// ASSUMPTIONS (docs/models.md): SCALE per class 16, 20, 24, 26 (the spec's "toy"), 29 ("mini")
// for S..C; the whole graph as one component; the share of entries scanned per level
// kLevelShare, 7 levels with 98 % in levels 2-4: the shape Beamer, Asanovic, Patterson,
// "Direction-Optimizing Breadth-First Search" (SC12) report for Kronecker searches (most edges
// are examined in the two or three middle steps); the numbers are ours, not read off a figure.
// Rating: traversed edges (the TEPS numerator: M per search, 64 searches) as Mop.
#include <cmath>

#include "workload/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kScale[] = {16, 20, 24, 26, 29};
constexpr double kEdgeFactor = 16;
constexpr uint64_t kSearches = 64;
constexpr uint64_t kBytesPerEntry = 16;
constexpr double kOpsPerEntry = 4;
// Per level, the share (in 1/1024) of a search's scanned adjacency entries; sums to 1,024.
constexpr uint32_t kLevelShare[] = {1, 5, 205, 614, 184, 14, 1};

Skeleton build(char cls, uint32_t ranks) {
  const double edges = kEdgeFactor * std::ldexp(1.0, static_cast<int>(kScale[class_index(cls)]));
  const double r = ranks;
  Block search{kSearches, {}};
  for (uint32_t share : kLevelShare) {
    const double entries = 2 * edges * share / 1024;
    search.steps.push_back(compute(kOpsPerEntry * entries / r));
    alltoall(search.steps, world(ranks), static_cast<uint64_t>(std::llround(entries / (r * r))) * kBytesPerEntry);
    allreduce(search.steps, world(ranks), 8);
  }
  return {"graph500", cls, ranks, static_cast<double>(kSearches) * edges / 1e6, {std::move(search)}};
}

const BenchmarkRegistrar reg{{"graph500", "Graph500 BFS: 64 level-synchronous searches, per level an all-to-all of frontier edges and an 8-byte allreduce",
                              check_any, build}};

}  // namespace
}  // namespace switchlab::app
