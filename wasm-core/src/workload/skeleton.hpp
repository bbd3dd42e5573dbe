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

// The MPI operation a step's messages belong to, as the real code calls it (docs/models.md,
// "Skeletons against the real NPB"): point-to-point sends, or a round of an expanded collective.
enum class Op : uint8_t { kP2p, kAllreduce, kAlltoall, kAlltoallv, kBcast, kReduce, kBarrier };
const char* op_name(Op op);  // "p2p", "allreduce", ... (the names tools/ti_stats.py gives them)

// One rank's call of a collective: the bytes it passes (the buffer of an allreduce, reduce or
// broadcast; the whole send buffer of an all-to-all; 0 for a barrier).
struct Call {
  uint32_t rank;
  uint64_t bytes;
};

// A rank's point-to-point message to itself (CG's transpose on the process grid's diagonal)
// crosses no network but is not free: MPI copies it in memory, and SMPI charges it to a loopback
// link of 10 GB/s and no latency (SimGrid's network/loopback-bw and -lat defaults, which
// smpi-export sets explicitly). At 1.6 Tb/s such a copy takes longer than the network messages of
// the same step (docs/models.md, "Skeletons against the real NPB": CG). A collective's own block
// is copied outside the simulation (SMPI 3.32 charges nothing for it, measured), so the expanded
// collectives have no copies.
inline constexpr double kLocalCopyBytesPerS = 10e9;
inline double local_copy_s(uint64_t bytes) { return static_cast<double>(bytes) / kLocalCopyBytesPerS; }

struct Step {
  double flops = 0;  // per rank (the busiest rank, where the work is uneven)
  std::vector<Message> msgs;
  Op op = Op::kP2p;
  // On a collective's first round: one call per member rank (the real trace counts calls, not
  // the rounds' messages).
  std::vector<Call> calls;
  // Messages of ranks to themselves, sent with `msgs` (local copies, above); in a point-to-point
  // step each is a call of its rank, as the real trace counts a send to oneself.
  std::vector<Call> copies;
  double copy_s() const;  // the step's longest copy
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
// `as` is the operation the real code calls: a collective's own op, or kP2p where the benchmark
// codes the same exchange with sends (then its messages count as point-to-point, no calls).
using Groups = std::vector<std::vector<uint32_t>>;
void allreduce(std::vector<Step>& out, const Groups& groups, uint64_t bytes, Op as = Op::kAllreduce);
void alltoall(std::vector<Step>& out, const Groups& groups, uint64_t bytes_per_pair, Op as = Op::kAlltoall);
void bcast(std::vector<Step>& out, const Groups& groups, uint64_t bytes);
void reduce(std::vector<Step>& out, const Groups& groups, uint64_t bytes);
void barrier(std::vector<Step>& out, const Groups& groups);
// An all-to-all-v as SMPI runs it by default: every member posts all its sends at once (one step,
// the pairs sharing the links), unlike alltoall's pairwise rounds.
void alltoallv(std::vector<Step>& out, const Groups& groups, uint64_t bytes_per_pair);
// The all-to-all's pairwise rounds with bytes(src, dst) per message (allgather, reduce-scatter of
// MPI traces); all pairs at once, one step in which every member sends bytes(src, dst) to every
// other (the all-to-all-v of the IS skeleton and of MPI traces alike); and one step in which every
// member sends bytes(src, dst) to the group's first (to_first: gather) or the first sends to every
// member (scatter).
using PairBytes = std::function<uint64_t(uint32_t src, uint32_t dst)>;
void pairwise(std::vector<Step>& out, const Groups& groups, const PairBytes& bytes);
void all_pairs(std::vector<Step>& out, const Groups& groups, const PairBytes& bytes);
void linear(std::vector<Step>& out, const Groups& groups, const PairBytes& bytes, bool to_first);
Groups world(uint32_t ranks);

// Per rank and operation: calls and bytes over the whole run (repeats counted), as
// tools/ti_stats.py derives them from a real trace: a point-to-point message is one call of its
// sender; a collective counts the calls recorded on its first round.
struct OpCount {
  uint64_t calls = 0;
  double bytes = 0;
};
using RankOps = std::vector<std::pair<Op, OpCount>>;  // ordered by Op, only ops with calls
std::vector<RankOps> op_counts(const Skeleton& sk);

// Shape helpers shared by the benchmarks.
std::string check_pow2(char cls, uint32_t ranks);  // "needs a power-of-two number of ranks" or ""
std::string check_any(char cls, uint32_t ranks);   // "": any number of ranks fits
uint32_t ilog2(uint32_t n);       // floor
uint32_t isqrt_exact(uint32_t n);  // sqrt when n is a perfect square, else 0
// A step with compute only.
Step compute(double flops);

}  // namespace switchlab::app
