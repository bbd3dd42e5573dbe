#include "engine/cycle/offered_spread.hpp"

#include <cmath>

#include "engine/cycle/config.hpp"

namespace switchlab {
namespace {

// x^n by squaring: multiplications only, so every build gives the same bits.
double power(double x, uint64_t n) {
  double r = 1;
  for (; n; n >>= 1, x *= x)
    if (n & 1) r *= x;
  return r;
}

}  // namespace

// One source creates X_t = I_t * L_t * J_t flits in cycle t: I_t its on/off state (always 1 for
// Bernoulli), J_t a Bernoulli draw for a packet start (probability q per cycle), L_t the packet's
// size (E[L], E[L^2] from the size mix). The engine's on/off state is a two-state Markov chain
// (network.cpp, on_off_starts) with P(on -> off) = a (1 - p), P(off -> on) = p, a = 1 / burst,
// p = load / (burst (1 - load) + load): stationary share on pi = load, and its indicator's
// autocovariance pi (1 - pi) lambda^k with lambda = 1 - p - a (1 - p). Over W cycles:
//   Var(sum I) = W pi (1 - pi) [(1 + lambda) / (1 - lambda) - 2 lambda (1 - lambda^W) / (W (1 - lambda)^2)]
//   Var(sum X) = W pi Var(L J) + E[L J]^2 Var(sum I)
// and the window's offered load, summed over independent sources, has relative standard deviation
// sqrt(nodes Var(sum X)) / (nodes W load).
OfferedSpread offered_spread(const CycleConfig& c, double load, uint32_t nodes, uint64_t window) {
  double mean_l = 0, mean_l2 = 0, weight = 0;
  if (c.mix_flits.empty()) {
    mean_l = c.packet_flits;
    mean_l2 = mean_l * mean_l;
  } else {
    for (size_t k = 0; k < c.mix_flits.size(); ++k) {
      const double l = c.mix_flits[k], w = c.mix_weights[k];
      mean_l += l * w;
      mean_l2 += l * l * w;
      weight += w;
    }
    mean_l /= weight;
    mean_l2 /= weight;
  }
  const double W = static_cast<double>(window);
  const double pi = c.on_off ? load : 1.0;
  const double q = c.on_off ? 1.0 / mean_l : load / mean_l;  // packet starts per cycle while on
  const double var_lj = q * mean_l2 - (q * mean_l) * (q * mean_l), mean_lj = q * mean_l;
  double var_i = 0;  // Var(sum I) / W
  if (c.on_off && pi < 1) {
    const double a = 1.0 / c.burst_flits, p = load / (c.burst_flits * (1 - load) + load);
    const double lambda = 1 - p - a * (1 - p);
    var_i = pi * (1 - pi) *
            ((1 + lambda) / (1 - lambda) - 2 * lambda * (1 - power(lambda, window)) / (W * (1 - lambda) * (1 - lambda)));
  }
  const double var_per_cycle = pi * var_lj + mean_lj * mean_lj * var_i;  // Var(sum X) / W, one source
  const double relative = std::sqrt(var_per_cycle / (nodes * W)) / load;
  // relative^2 falls as 1 / W (for W well above the bursts' correlation time).
  const double target = relative * relative * W / 1e-4;
  return {relative, static_cast<uint64_t>(std::ceil(target))};
}

}  // namespace switchlab
