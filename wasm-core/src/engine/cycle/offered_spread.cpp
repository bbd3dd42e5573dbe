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
// (injection.hpp, on_off_starts) with P(on -> off) = a (1 - p), P(off -> on) = p, a = 1 / burst,
// p = load / (burst (1 - load) + load): stationary share on pi = load, and its indicator's
// autocovariance pi (1 - pi) lambda^k with lambda = 1 - p - a (1 - p). Over W cycles:
//   Var(sum I) = W pi (1 - pi) [(1 + lambda) / (1 - lambda) - 2 lambda (1 - lambda^W) / (W (1 - lambda)^2)]
//   Var(sum X) = W pi Var(L J) + E[L J]^2 Var(sum I)
// and the window's offered load, summed over independent senders, has relative standard deviation
// sqrt(senders Var(sum X)) / (senders W load). The bracket's second term shrinks as W grows, so
// the window for 1 % comes from the first alone (the long-window variance per cycle).
OfferedSpread offered_spread(const CycleConfig& c, double load, uint32_t senders, uint64_t window, uint64_t max_window) {
  const double mean_l = c.mean_packet_flits(), mean_l2 = c.packet_flits_moment(2);
  const double W = static_cast<double>(window), n = senders;
  const double pi = c.on_off ? load : 1.0;
  const double q = c.on_off ? 1.0 / mean_l : load / mean_l;  // packet starts per cycle while on
  const double mean_lj = q * mean_l, var_lj = q * mean_l2 - mean_lj * mean_lj;
  double var_i = 0, var_i_long = 0;  // Var(sum I) / W over this window, and as W grows
  if (c.on_off && pi < 1) {
    const double a = 1.0 / c.burst_flits, p = load / (c.burst_flits * (1 - load) + load);
    const double lambda = 1 - p - a * (1 - p);
    var_i_long = pi * (1 - pi) * (1 + lambda) / (1 - lambda);
    var_i = var_i_long - pi * (1 - pi) * 2 * lambda * (1 - power(lambda, window)) / (W * (1 - lambda) * (1 - lambda));
  }
  // Var(sum X) / W of one sender, given Var(sum I) / W.
  const auto per_cycle = [&](double var_on) { return pi * var_lj + mean_lj * mean_lj * var_on; };
  const double relative = std::sqrt(per_cycle(var_i) / (n * W)) / load;
  const double needed = per_cycle(var_i_long) / (n * load * load * 1e-4);
  // (Checked before the cast: a huge or infinite double has no uint64_t, and the builds differ.)
  const bool reachable = std::isfinite(needed) && needed <= static_cast<double>(max_window);
  return {relative, reachable ? static_cast<uint64_t>(std::ceil(needed)) : 0};
}

}  // namespace switchlab
