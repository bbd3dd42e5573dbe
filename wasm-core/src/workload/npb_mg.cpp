// MG (multigrid; RNR-94-007 Sec. 2.2, NAS-95-020): V-cycles on an n^3 periodic grid of lt =
// log2(n) levels (level k has 2^k points per dimension), nit timed iterations after one untimed.
// The structure follows the real NPB 3.3.1 MPI code as its SimGrid traces show it (docs/models.md,
// "Skeletons against the real NPB"):
// - Process grid: R = 2^b ranks as px x py x pz with px = 2^(b/3), py = 2^((b - b/3)/2) and pz the
//   rest (z gets the most: 2 x 2 x 4 at 16 ranks); rank = x + px (y + py z). Along each dimension
//   a rank holds its share of a level's points, plus one ghost point on each side.
// - Coarse levels: where a dimension has fewer points than ranks, some ranks hold none on that
//   level (they are idle there) and the others exchange with the next rank that holds points
//   (the neighbour distance doubles, level by level, from the finest level down). Where the
//   interpolation brings such an idle rank back, its neighbours that held the coarser points
//   send it their boundary: one full ghost-inclusive plane to the lower neighbour and two planes
//   to the upper one (an "expansion" exchange).
// - Ghost exchange after every operator but the interpolation: one step per dimension (x, y, z in
//   turn), every rank that holds points sends one face to each of its two neighbours along that
//   dimension (two faces to one rank where the dimension has two ranks). The faces include the
//   ghost points of the dimensions done before: (my - 2)(mz - 2), mx (mz - 2) and mx my points of
//   8 bytes, m the local points plus the two ghosts. Sends to the rank itself (a dimension of one
//   rank; the real code counts them as calls) cross no network and are left out.
// - Program: a barrier and seven parameter broadcasts (4 bytes each, one of 32); the right-hand
//   side's generation (twice: before and after the untimed iteration), which finds the ten
//   largest and ten smallest values by twenty pairs of allreduces (8 bytes, then the 16-byte
//   position) between two barriers, then exchanges ghosts; a residual and its norm (two 8-byte
//   allreduces); the untimed V-cycle and residual; the timing barrier; the residual and norm; nit
//   V-cycles, each followed by a residual; the final norm and the 8-byte reduce of the time.
// - V-cycle: restriction from the finest level down to level 1, the smoother on level 1, then on
//   each finer level interpolation, residual and smoother.
// Compute per point of the rank's share (the busiest rank's): residual 25, smoother 25,
// restriction 30 per coarse point, interpolation 15 per fine point, norm 3 (estimates from the
// operators' stencils), all times kMeasured, and the right-hand side's generation kGenerate per
// point. Both are fitted to the real traces' busiest rank at 16 ranks (docs/models.md): kMeasured
// so that a V-cycle computes the mean of the real S, W and A (37.1 operations per fine point),
// kGenerate so that the whole program is within 10 % at all three (it takes the rest of the
// initialisation, and rank 0's input and output, which the traced compute includes).
#include <algorithm>
#include <array>

#include "workload/skeleton.hpp"

namespace switchlab::app {
namespace {

constexpr uint32_t kN[] = {32, 128, 256, 256, 512};
constexpr uint32_t kNit[] = {4, 4, 4, 20, 20};
constexpr double kMeasured = 0.357;
constexpr double kGenerate = 38;
constexpr double kResid = 25, kSmooth = 25, kRestrict = 30, kInterp = 15, kNorm = 3;
constexpr uint64_t kDouble = 8;

// One rank on one level: its points plus ghosts per dimension, its neighbours, and whether it
// sends the expansion exchange when the interpolation arrives on this level.
struct RankLevel {
  std::array<uint32_t, 3> m{};                   // local points + 2
  std::array<std::array<uint32_t, 2>, 3> nbr{};  // [dimension][0: lower, 1: upper]
  std::array<bool, 3> expand{};                  // sends the expansion exchange along this dimension
  bool active() const { return m[0] > 2 && m[1] > 2 && m[2] > 2; }
  double points() const { return double(m[0] - 2) * (m[1] - 2) * (m[2] - 2); }
};

class Decomposition {
 public:
  Decomposition(uint32_t ranks, uint32_t levels) : ranks_(ranks) {
    const uint32_t b = ilog2(ranks), bx = b / 3, by = (b - bx) / 2;
    p_ = {1u << bx, 1u << by, 1u << (b - bx - by)};
    at_.assign(levels + 1, std::vector<RankLevel>(ranks));
    for (uint32_t r = 0; r < ranks; ++r) {
      const std::array<uint32_t, 3> c{r % p_[0], (r / p_[0]) % p_[1], r / (p_[0] * p_[1])};
      std::array<uint32_t, 3> next{1, 1, 1};
      for (uint32_t k = levels; k >= 1; --k) {
        RankLevel& rl = at_[k][r];
        const uint32_t ng = 1u << k;
        for (int d = 0; d < 3; ++d) {
          const uint32_t mine = share(c[d], ng, p_[d]), theirs = share(c[d] + next[d], ng, p_[d]);
          // A rank (or the neighbour) without points here: the next active one is twice as far.
          if (mine == 0 || theirs == 0) next[d] *= 2;
          if (k < levels && mine == 1 && theirs == 0) at_[k + 1][r].expand[d] = true;
          rl.m[d] = mine + 2;
          for (int dir = 0; dir < 2; ++dir) {
            auto o = c;
            o[d] = dir ? (c[d] + next[d]) % p_[d] : (c[d] + p_[d] - next[d] % p_[d]) % p_[d];
            rl.nbr[d][dir] = rank_of(o);
          }
        }
      }
    }
  }

  // The busiest rank's points on level k.
  double points(uint32_t k) const {
    double most = 0;
    for (const RankLevel& rl : at_[k]) most = std::max(most, rl.points());
    return most;
  }

  // Ghost exchange on level k: one step per dimension.
  void exchange(std::vector<Step>& out, uint32_t k) const {
    for (int d = 0; d < 3; ++d) {
      Step s;
      for (uint32_t r = 0; r < ranks_; ++r) {
        const RankLevel& rl = at_[k][r];
        if (!rl.active()) continue;
        const auto& m = rl.m;
        const uint64_t face = d == 0 ? uint64_t(m[1] - 2) * (m[2] - 2) : d == 1 ? uint64_t(m[0]) * (m[2] - 2) : uint64_t(m[0]) * m[1];
        for (int dir = 1; dir >= 0; --dir)
          if (rl.nbr[d][dir] != r) s.msgs.push_back({r, rl.nbr[d][dir], face * kDouble});
      }
      if (!s.msgs.empty()) out.push_back(std::move(s));
    }
  }

  // The interpolation's expansion exchange onto level k (ranks idle on level k - 1 get their
  // ghosts): a whole plane to the lower neighbour, two to the upper one.
  void expansion(std::vector<Step>& out, uint32_t k) const {
    for (int d = 0; d < 3; ++d) {
      Step s;
      for (uint32_t r = 0; r < ranks_; ++r) {
        const RankLevel& rl = at_[k][r];
        if (!rl.expand[d]) continue;
        const uint64_t plane = uint64_t(rl.m[0]) * rl.m[1] * rl.m[2] / rl.m[d];
        for (int dir = 1; dir >= 0; --dir)
          if (rl.nbr[d][dir] != r) s.msgs.push_back({r, rl.nbr[d][dir], (dir ? 2 : 1) * plane * kDouble});
      }
      if (!s.msgs.empty()) out.push_back(std::move(s));
    }
  }

 private:
  // Points of a level of ng points that rank coordinate i of p holds (i may run past p: the
  // periodic continuation).
  static uint32_t share(uint32_t i, uint32_t ng, uint32_t p) { return (i + 1) * ng / p - i * ng / p; }
  uint32_t rank_of(std::array<uint32_t, 3> c) const { return c[0] + p_[0] * (c[1] + p_[1] * c[2]); }

  uint32_t ranks_;
  std::array<uint32_t, 3> p_{};
  std::vector<std::vector<RankLevel>> at_;  // [level 1..levels][rank]
};

Skeleton build(char cls, uint32_t ranks) {
  const int c = class_index(cls);
  const uint32_t lt = ilog2(kN[c]);
  const Decomposition dec(ranks, lt);
  const Groups all = world(ranks);
  auto op = [&](std::vector<Step>& out, double flops_per_point, uint32_t k) {
    out.push_back(compute(kMeasured * flops_per_point * dec.points(k)));
    dec.exchange(out, k);
  };
  auto resid = [&](std::vector<Step>& out) { op(out, kResid, lt); };
  auto norm = [&](std::vector<Step>& out) {
    out.push_back(compute(kMeasured * kNorm * dec.points(lt)));
    allreduce(out, all, 8);  // max |r|
    allreduce(out, all, 8);  // sum r^2
  };
  auto generate = [&](std::vector<Step>& out) {  // the right-hand side
    out.push_back(compute(kGenerate * dec.points(lt)));
    barrier(out, all);
    for (int extreme = 0; extreme < 2; ++extreme)  // ten largest, ten smallest
      for (int i = 0; i < 10; ++i) {
        allreduce(out, all, 8);   // the value
        allreduce(out, all, 16);  // its position (four integers)
      }
    barrier(out, all);
    dec.exchange(out, lt);
  };
  auto vcycle = [&](std::vector<Step>& out) {
    for (uint32_t k = lt; k > 1; --k) op(out, kRestrict, k - 1);
    op(out, kSmooth, 1);
    for (uint32_t k = 2; k <= lt; ++k) {
      out.push_back(compute(kMeasured * kInterp * dec.points(k)));
      dec.expansion(out, k);
      op(out, kResid, k);
      op(out, kSmooth, k);
    }
    resid(out);
  };

  Block init{1, {}};
  barrier(init.steps, all);
  for (uint64_t bytes : {4, 4, 4, 4, 4, 32, 4}) bcast(init.steps, all, bytes);  // parameters
  generate(init.steps);
  norm(init.steps);
  resid(init.steps);
  norm(init.steps);
  vcycle(init.steps);  // the untimed iteration
  generate(init.steps);
  barrier(init.steps, all);
  resid(init.steps);
  norm(init.steps);
  Block timed{kNit[c], {}};
  vcycle(timed.steps);
  Block end{1, {}};
  norm(end.steps);
  reduce(end.steps, all, 8);  // the time
  Skeleton sk{"mg", cls, ranks, 0, {std::move(init), std::move(timed), std::move(end)}};
  double vcycle_flops = 0;
  for (const Step& s : sk.blocks[1].steps) vcycle_flops += s.flops;
  sk.mop = kNit[c] * vcycle_flops * ranks / 1e6;  // the rated part: the timed V-cycles
  return sk;
}

const BenchmarkRegistrar reg{{"mg", "Multigrid V-cycle: NPB's z-first 3-D decomposition, ghost-inclusive face exchanges after every operator on every level, expansion exchanges on the coarse levels, 88 small allreduces",
                              check_pow2,
                              build}};

}  // namespace
}  // namespace switchlab::app
