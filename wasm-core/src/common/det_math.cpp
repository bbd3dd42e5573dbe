// See det_math.hpp. Fused multiply-add would change rounding between targets (clang, and GCC in
// gnu++ mode, contract a*b+c where the CPU has FMA, e.g. arm64), so contraction is off here; the
// products also get their own statements (clang's default -ffp-contract=on fuses only within one
// expression), so the code does not depend on the pragma being honoured.
#include "common/det_math.hpp"

#include <cmath>
#include <limits>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

namespace switchlab {

namespace {
// ln 2 split Cody-Waite style: kLn2Hi has its low 32 bits of mantissa zero, so k * kLn2Hi is
// exact for |k| < 2^20 (fdlibm's constants).
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;
constexpr double kInvLn2 = 1.44269504088896338700e+00;
constexpr double kSqrtHalf = 0.70710678118654752440;
}  // namespace

double det_log(double x) {
  if (!(x > 0) || !std::isfinite(x)) return std::numeric_limits<double>::quiet_NaN();
  int k = 0;
  double m = std::frexp(x, &k);  // x = m 2^k, m in [0.5, 1): exact
  if (m < kSqrtHalf) {
    m *= 2;  // exact
    k -= 1;
  }
  // ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716; the odd series to s^41 leaves
  // a relative error below 1e-32. Horner, smallest terms first.
  const double s = (m - 1) / (m + 1);
  const double s2 = s * s;
  double sum = 0;
  for (int j = 41; j >= 3; j -= 2) sum = (sum + 1.0 / j) * s2;
  const double ln_m = 2 * s * (1 + sum);
  const double kd = static_cast<double>(k);
  const double hi = kd * kLn2Hi;
  const double lo = kd * kLn2Lo;
  return hi + (lo + ln_m);
}

double det_exp(double x) {
  if (x != x) return x;
  if (x < -745.2) return 0;
  if (x > 709.8) return std::numeric_limits<double>::infinity();
  // x = n ln2 + r, |r| <= ln2 / 2; e^r by Taylor to r^24 (error < 1e-25), then scale by 2^n
  // (ldexp: exact, or one correct rounding in the subnormal range).
  const double t = x * kInvLn2;
  const double n = std::floor(t + 0.5);
  const double nh = n * kLn2Hi;
  const double nl = n * kLn2Lo;
  const double r = (x - nh) - nl;
  double sum = 1;
  for (int j = 24; j >= 1; --j) sum = 1 + sum * r / j;
  return std::ldexp(sum, static_cast<int>(n));
}

double det_pow(double base, double e) {
  if (e == 0) return 1;
  return det_exp(e * det_log(base));
}

double det_log2(double x) { return det_log(x) / 0.69314718055994530942; }

}  // namespace switchlab
