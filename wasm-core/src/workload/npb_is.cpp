// IS (integer sort; RNR-94-007 Sec. 2.4, NAS-95-020): 2^n keys in [0, 2^m) ranked by bucket sort,
// 10 timed iterations after one untimed one. Per iteration every rank ranks its keys/R keys (one
// operation per key, NPB's count, which the real runs are calibrated to), the bucket sizes are
// summed by an allreduce of (buckets + 5) 4-byte counts, the send counts are exchanged by an
// all-to-all of 4 bytes per pair, and the keys are redistributed by an all-to-all-v of keys / R^2
// 4-byte keys per pair (keys taken as evenly spread; the benchmark's keys are Gaussian-like, so
// the real exchange is uneven by a few per cent). Before: a 4-byte broadcast and the key
// generation; after the last iteration each rank sends its last key (4 bytes) to its right
// neighbour for the full verification, and two reduces (4 and 8 bytes) collect the result.
// Measured on the real NPB (docs/models.md, "Skeletons against the real NPB"): 512 buckets at
// class S, 1,024 at W (and, unmeasured, beyond), the 5 extra counts, the untimed iteration, and
// the key generation's compute, kKeyGeneration operations per key (fitted to the busiest real
// rank: -5 % at class S, +4 % at W).
// Rating: keys x iterations operations (NPB's Mop/s for IS).
#include "workload/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kLogKeys[] = {16, 20, 23, 25, 27};
constexpr uint32_t kIterations = 10;
constexpr uint32_t kBuckets[] = {512, 1024, 1024, 1024, 1024};
constexpr double kKeyGeneration = 12.5;

Skeleton build(char cls, uint32_t ranks) {
  const double keys = static_cast<double>(uint64_t{1} << kLogKeys[class_index(cls)]);
  Skeleton sk{"is", cls, ranks, keys * kIterations / 1e6, {}};
  Block setup{1, {}};
  bcast(setup.steps, world(ranks), 4);
  setup.steps.push_back(compute(kKeyGeneration * keys / ranks));
  Block iter{kIterations + 1, {compute(keys / ranks)}};
  allreduce(iter.steps, world(ranks), (kBuckets[class_index(cls)] + 5) * 4);
  alltoall(iter.steps, world(ranks), 4);
  alltoallv(iter.steps, world(ranks), static_cast<uint64_t>(keys / ranks / ranks * 4));
  Block verify{1, {Step{}}};
  for (uint32_t r = 0; r + 1 < ranks; ++r) verify.steps[0].msgs.push_back({r, r + 1, 4});
  reduce(verify.steps, world(ranks), 4);
  reduce(verify.steps, world(ranks), 8);
  sk.blocks = {std::move(setup), std::move(iter), std::move(verify)};
  return sk;
}

const BenchmarkRegistrar reg{{"is", "Integer sort: bucket-size allreduce, all-to-all of counts, all-to-all-v of keys",
                              check_pow2,
                              build}};

}  // namespace
}  // namespace switchlab::app
