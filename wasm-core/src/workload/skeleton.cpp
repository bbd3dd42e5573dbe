#include "workload/skeleton.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "common/registry.hpp"

namespace switchlab::app {
namespace {
using Table = Registry<BenchmarkInfo, &BenchmarkInfo::name>;

// Appends round r of every group to steps[first + r] (creating steps as needed).
Step& round_step(std::vector<Step>& out, size_t first, size_t r) {
  while (out.size() <= first + r) out.emplace_back();
  return out[first + r];
}

void send(Step& s, uint32_t src, uint32_t dst, uint64_t bytes) {
  if (src != dst) s.msgs.push_back({src, dst, bytes});
}

// Called when a collective has appended its rounds from `first` on: marks them as operation `op`
// and records every member's call (of `bytes`) on the first round; a collective of one-rank groups
// has no round, so its calls get a step of their own.
void tag(std::vector<Step>& out, size_t first, const Groups& groups, Op op, uint64_t bytes) {
  if (op == Op::kP2p) return;
  round_step(out, first, 0);
  for (size_t i = first; i < out.size(); ++i) out[i].op = op;
  for (const auto& g : groups)
    for (uint32_t r : g) out[first].calls.push_back({r, bytes});
}

// Binomial tree rooted at the group's first rank: round k, member i < 2^k sends to i + 2^k.
void binomial(std::vector<Step>& out, const Groups& groups, uint64_t bytes, bool towards_root) {
  const size_t first = out.size();
  uint32_t rounds = 0;
  for (const auto& g : groups) rounds = std::max(rounds, g.size() > 1 ? ilog2(static_cast<uint32_t>(g.size() - 1)) + 1 : 0);
  for (uint32_t r = 0; r < rounds; ++r) {
    // A reduce runs the broadcast's rounds backwards with the roles swapped.
    const uint32_t k = towards_root ? rounds - 1 - r : r;
    Step& s = round_step(out, first, r);
    for (const auto& g : groups) {
      const uint32_t n = static_cast<uint32_t>(g.size());
      for (uint32_t i = 0; i < (1u << k) && i + (1u << k) < n; ++i)
        towards_root ? send(s, g[i + (1u << k)], g[i], bytes) : send(s, g[i], g[i + (1u << k)], bytes);
    }
  }
  tag(out, first, groups, towards_root ? Op::kReduce : Op::kBcast, bytes);
}
}  // namespace

uint64_t Skeleton::messages() const {
  uint64_t n = 0;
  for (const auto& b : blocks)
    for (const auto& s : b.steps) n += b.times * s.msgs.size();
  return n;
}

double Skeleton::bytes() const {
  double n = 0;
  for (const auto& b : blocks)
    for (const auto& s : b.steps)
      for (const auto& m : s.msgs) n += static_cast<double>(b.times) * static_cast<double>(m.bytes);
  return n;
}

double Step::copy_s() const {
  uint64_t most = 0;
  for (const Call& c : copies) most = std::max(most, c.bytes);
  return copies.empty() ? 0 : local_copy_s(most);
}

double Skeleton::flops_per_rank() const {
  double f = 0;
  for (const auto& b : blocks)
    for (const auto& s : b.steps) f += static_cast<double>(b.times) * s.flops;
  return f;
}

int class_index(char cls) {
  const char* p = cls ? std::strchr(kClasses, cls) : nullptr;
  return p ? static_cast<int>(p - kClasses) : -1;
}

const std::vector<BenchmarkInfo>& benchmarks() { return Table::all(); }
const BenchmarkInfo* find_benchmark(const std::string& name) { return Table::find(name); }
BenchmarkRegistrar::BenchmarkRegistrar(BenchmarkInfo info) { Table::add(std::move(info)); }


std::string check_pow2(char, uint32_t ranks) { return is_pow2(ranks) ? "" : "needs a power-of-two number of ranks"; }
std::string check_any(char, uint32_t) { return ""; }

uint32_t ilog2(uint32_t n) {
  uint32_t b = 0;
  while (n >>= 1) ++b;
  return b;
}

uint32_t isqrt_exact(uint32_t n) {
  uint32_t r = 0;
  while (uint64_t{r + 1} * (r + 1) <= n) ++r;
  return r * r == n ? r : 0;
}

Step compute(double flops) {
  Step s;
  s.flops = flops;
  return s;
}

Groups world(uint32_t ranks) {
  Groups g(1);
  for (uint32_t r = 0; r < ranks; ++r) g[0].push_back(r);
  return g;
}

void allreduce(std::vector<Step>& out, const Groups& groups, uint64_t bytes, Op as) {
  // Every group has its own power-of-two core p <= n; ranks p..n-1 fold onto 0..n-p-1.
  uint32_t rounds = 0;
  bool any_fold = false;
  for (const auto& g : groups) {
    const uint32_t n = static_cast<uint32_t>(g.size());
    if (n < 2) continue;
    rounds = std::max(rounds, ilog2(n));
    any_fold |= !is_pow2(n);
  }
  const size_t first = out.size();
  size_t at = 0;
  auto fold = [&](bool in) {
    Step& s = round_step(out, first, at++);
    for (const auto& g : groups) {
      const uint32_t n = static_cast<uint32_t>(g.size());
      if (n < 2) continue;
      const uint32_t p = 1u << ilog2(n);
      for (uint32_t i = p; i < n; ++i) in ? send(s, g[i], g[i - p], bytes) : send(s, g[i - p], g[i], bytes);
    }
  };
  if (any_fold) fold(true);
  for (uint32_t k = 0; k < rounds; ++k) {
    Step& s = round_step(out, first, at++);
    for (const auto& g : groups) {
      const uint32_t n = static_cast<uint32_t>(g.size());
      if (n < 2) continue;
      const uint32_t p = 1u << ilog2(n);
      if (k >= ilog2(p)) continue;
      for (uint32_t i = 0; i < p; ++i) send(s, g[i], g[i ^ (1u << k)], bytes);
    }
  }
  if (any_fold) fold(false);
  tag(out, first, groups, as, as == Op::kBarrier ? 0 : bytes);
}

void alltoall(std::vector<Step>& out, const Groups& groups, uint64_t bytes_per_pair, Op as) {
  const size_t first = out.size();
  pairwise(out, groups, [bytes_per_pair](uint32_t, uint32_t) { return bytes_per_pair; });
  // The send buffer holds a block per member, its own included (all groups the same size here).
  tag(out, first, groups, as, bytes_per_pair * (groups.empty() ? 0 : groups[0].size()));
}

void pairwise(std::vector<Step>& out, const Groups& groups, const PairBytes& bytes) {
  uint32_t rounds = 0;
  for (const auto& g : groups) rounds = std::max(rounds, static_cast<uint32_t>(g.size()));
  const size_t first = out.size();
  for (uint32_t k = 1; k < rounds; ++k) {
    Step& s = round_step(out, first, k - 1);
    for (const auto& g : groups) {
      const uint32_t n = static_cast<uint32_t>(g.size());
      if (k >= n) continue;
      for (uint32_t i = 0; i < n; ++i) {
        const uint32_t to = g[is_pow2(n) ? i ^ k : (i + k) % n];
        send(s, g[i], to, bytes(g[i], to));
      }
    }
  }
}

void linear(std::vector<Step>& out, const Groups& groups, const PairBytes& bytes, bool to_first) {
  Step& s = round_step(out, out.size(), 0);
  for (const auto& g : groups)
    for (size_t i = 1; i < g.size(); ++i)
      to_first ? send(s, g[i], g[0], bytes(g[i], g[0])) : send(s, g[0], g[i], bytes(g[0], g[i]));
}

void bcast(std::vector<Step>& out, const Groups& groups, uint64_t bytes) { binomial(out, groups, bytes, false); }
void reduce(std::vector<Step>& out, const Groups& groups, uint64_t bytes) { binomial(out, groups, bytes, true); }
void barrier(std::vector<Step>& out, const Groups& groups) { allreduce(out, groups, 0, Op::kBarrier); }

void all_pairs(std::vector<Step>& out, const Groups& groups, const PairBytes& bytes) {
  Step& s = round_step(out, out.size(), 0);
  for (const auto& g : groups)
    for (uint32_t src : g)
      for (uint32_t dst : g) send(s, src, dst, bytes(src, dst));
}

void alltoallv(std::vector<Step>& out, const Groups& groups, uint64_t bytes_per_pair) {
  const size_t first = out.size();
  all_pairs(out, groups, [bytes_per_pair](uint32_t, uint32_t) { return bytes_per_pair; });
  tag(out, first, groups, Op::kAlltoallv, bytes_per_pair * (groups.empty() ? 0 : groups[0].size()));
}

const char* op_name(Op op) {
  static const char* const names[] = {"p2p", "allreduce", "alltoall", "alltoallv", "bcast", "reduce", "barrier"};
  return names[static_cast<size_t>(op)];
}

std::vector<RankOps> op_counts(const Skeleton& sk) {
  constexpr size_t kOps = static_cast<size_t>(Op::kBarrier) + 1;
  std::vector<std::array<OpCount, kOps>> per(sk.ranks);
  for (const Block& b : sk.blocks)
    for (const Step& s : b.steps) {
      if (s.op == Op::kP2p) {
        for (const Message& m : s.msgs) {
          per[m.src][0].calls += b.times;
          per[m.src][0].bytes += static_cast<double>(b.times) * static_cast<double>(m.bytes);
        }
        for (const Call& c : s.copies) {
          per[c.rank][0].calls += b.times;
          per[c.rank][0].bytes += static_cast<double>(b.times) * static_cast<double>(c.bytes);
        }
      }
      for (const Call& c : s.calls) {
        OpCount& o = per[c.rank][static_cast<size_t>(s.op)];
        o.calls += b.times;
        o.bytes += static_cast<double>(b.times) * static_cast<double>(c.bytes);
      }
    }
  std::vector<RankOps> out(sk.ranks);
  for (uint32_t r = 0; r < sk.ranks; ++r)
    for (size_t k = 0; k < kOps; ++k)
      if (per[r][k].calls) out[r].emplace_back(static_cast<Op>(k), per[r][k]);
  return out;
}

}  // namespace switchlab::app
