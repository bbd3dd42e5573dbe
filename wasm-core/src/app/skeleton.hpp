#pragma once
// Communication skeletons of the NAS Parallel Benchmarks (docs/models.md, "NPB skeletons"): for
// R ranks and a problem class, the compute and the messages of a run, written from the
// benchmarks' algorithms and the NPB reports (never from NPB source). A run is a list of blocks,
// each a list of steps repeated a number of times (the iterations); a step is "every rank
// computes `flops`, then `msgs` are sent at once, and the step ends when the last arrives".
// Collectives are expanded into their point-to-point algorithm (collectives below), so an
// engine sees only messages. Benchmarks register by name like topologies and traffic patterns.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/pow2.hpp"

namespace switchlab::app {

struct Message {
  uint32_t src, dst;  // ranks
  uint64_t bytes;
};

struct Step {
  double flops = 0;  // per rank (the busiest rank, where the work is uneven)
  std::vector<Message> msgs;
};

struct Block {
  uint64_t times = 1;  // the steps run this many times in a row
  std::vector<Step> steps;
};

struct Skeleton {
  std::string benchmark;
  char cls = 'S';
  uint32_t ranks = 0;
  // The benchmark's own operation count (Mop), which its Mop/s rating divides by the run time.
  double mop = 0;
  std::vector<Block> blocks;

  uint64_t messages() const;       // over the whole run (repeats counted)
  double bytes() const;            // over the whole run
  double flops_per_rank() const;   // over the whole run
};

// The problem classes, in order; class_index('A') == 2, -1 when not a class.
inline constexpr const char* kClasses = "SWABC";
int class_index(char cls);

using SkeletonBuilder = Skeleton (*)(char cls, uint32_t ranks);

struct BenchmarkInfo {
  std::string name;  // "cg"
  std::string doc;   // one line: algorithm, decomposition, communication
  // Why `ranks` does not fit the benchmark's decomposition of class `cls` (e.g. "needs a square
  // number of ranks"), or "".
  std::string (*check)(char cls, uint32_t ranks) = nullptr;
  SkeletonBuilder build = nullptr;
};

const std::vector<BenchmarkInfo>& benchmarks();
const BenchmarkInfo* find_benchmark(const std::string& name);
struct BenchmarkRegistrar {
  explicit BenchmarkRegistrar(BenchmarkInfo info);
};

// Collectives as point-to-point rounds, appended to `out` as steps without compute. `groups`
// run the same collective at once (e.g. one per process row), round r of every group in one
// step. Algorithms (docs/models.md): allreduce by recursive doubling (groups of non power-of-two
// size fold the extra ranks onto the others first and back last); all-to-all pairwise (round k:
// i -> i XOR k on power-of-two groups, i -> i + k mod n otherwise, as SMPI's alltoall "pair");
// broadcast and reduce by binomial tree; a barrier is an allreduce of 0 bytes.
using Groups = std::vector<std::vector<uint32_t>>;
void allreduce(std::vector<Step>& out, const Groups& groups, uint64_t bytes);
void alltoall(std::vector<Step>& out, const Groups& groups, uint64_t bytes_per_pair);
void bcast(std::vector<Step>& out, const Groups& groups, uint64_t bytes);
void reduce(std::vector<Step>& out, const Groups& groups, uint64_t bytes);
// The all-to-all's pairwise rounds with bytes(src, dst) per message (alltoallv, allgather,
// reduce-scatter of MPI traces); and one step in which every member sends bytes(src, dst) to the
// group's first (to_first: gather) or the first sends to every member (scatter).
using PairBytes = std::function<uint64_t(uint32_t src, uint32_t dst)>;
void pairwise(std::vector<Step>& out, const Groups& groups, const PairBytes& bytes);
void linear(std::vector<Step>& out, const Groups& groups, const PairBytes& bytes, bool to_first);
Groups world(uint32_t ranks);

// Shape helpers shared by the benchmarks.
std::string check_pow2(char cls, uint32_t ranks);  // "needs a power-of-two number of ranks" or ""
std::string check_any(char cls, uint32_t ranks);   // "": any number of ranks fits
uint32_t ilog2(uint32_t n);       // floor
uint32_t isqrt_exact(uint32_t n);  // sqrt when n is a perfect square, else 0
// A step with compute only.
Step compute(double flops);

}  // namespace switchlab::app
