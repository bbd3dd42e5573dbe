// IS (integer sort; RNR-94-007 Sec. 2.4, NAS-95-020): 2^n keys in [0, 2^m) ranked by bucket sort,
// 10 iterations. Per iteration every rank counts its keys/R keys into 1,024 buckets (4 integer
// operations per key: count, prefix, scatter, rank; counted at the node's operation rate), the
// bucket sizes are summed by an allreduce of 1,024 4-byte counts, the send counts are exchanged
// by an all-to-all of 4 bytes per pair, and the keys are redistributed by an all-to-all of
// keys / R^2 4-byte keys per pair (keys taken as evenly spread; the benchmark's keys are
// Gaussian-like, so the real exchange is somewhat uneven). After the last iteration each rank
// sends its first key (4 bytes) to its left neighbour for the full verification.
// Rating: keys x iterations operations (NPB's Mop/s for IS).
#include "app/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kLogKeys[] = {16, 20, 23, 25, 27};
constexpr uint32_t kIterations = 10;
constexpr uint32_t kBuckets = 1024;

Skeleton build(char cls, uint32_t ranks) {
  const double keys = static_cast<double>(uint64_t{1} << kLogKeys[class_index(cls)]);
  Skeleton sk{"is", cls, ranks, keys * kIterations / 1e6, {}};
  Block iter{kIterations, {compute(4.0 * keys / ranks)}};
  allreduce(iter.steps, world(ranks), kBuckets * 4);
  alltoall(iter.steps, world(ranks), 4);
  alltoall(iter.steps, world(ranks), static_cast<uint64_t>(keys / ranks / ranks * 4));
  Step verify;
  for (uint32_t r = 1; r < ranks; ++r) verify.msgs.push_back({r, r - 1, 4});
  sk.blocks = {std::move(iter), Block{1, {std::move(verify)}}};
  return sk;
}

const BenchmarkRegistrar reg{{"is", "Integer sort: bucket-size allreduce, all-to-all of counts, all-to-all of keys",
                              check_pow2,
                              build}};

}  // namespace
}  // namespace switchlab::app
