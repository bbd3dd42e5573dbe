// See det_math.hpp. Fused multiply-add would change rounding between targets (clang, and GCC in
// gnu++ mode, contract a*b+c where the CPU has FMA, e.g. arm64), so contraction is off here.
#include "traffic/det_math.hpp"

#include <limits>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

namespace switchlab::traffic_detail {
namespace {
// ln 2 split Cody-Waite style: kLn2Hi has its low 32 bits of mantissa zero, so n * kLn2Hi is
// exact for |n| < 2^20 (fdlibm's constants).
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;
constexpr double kInvLn2 = 1.44269504088896338700e+00;
constexpr double kSqrt2 = 1.41421356237309514547;
}  // namespace

double det_log(double x) {
  if (!(x > 0)) return 0;
  // x = m * 2^e with m in [sqrt(2)/2, sqrt(2)): scaling by 2 is exact.
  int e = 0;
  double m = x;
  while (m >= 2.0) {
    m *= 0.5;
    ++e;
  }
  while (m < 1.0) {
    m *= 2.0;
    --e;
  }
  if (m >= kSqrt2) {
    m *= 0.5;
    ++e;
  }
  // ln m = 2 atanh(z) = 2 (z + z^3/3 + z^5/5 + ...), z = (m-1)/(m+1), |z| <= 0.1716, so 2*z^2
  // shrinks terms 34-fold each: 12 terms reach 1e-19 relative.
  const double z = (m - 1.0) / (m + 1.0);
  const double z2 = z * z;
  double sum = 0;
  for (int k = 23; k >= 3; k -= 2) sum = (sum + 1.0 / k) * z2;  // Horner, smallest terms first
  const double ln_m = 2.0 * z + 2.0 * z * sum;
  const double de = static_cast<double>(e);
  return de * kLn2Hi + (ln_m + de * kLn2Lo);
}

double det_exp(double x) {
  if (x != x) return x;
  if (x < -745.2) return 0;
  if (x > 709.8) return std::numeric_limits<double>::infinity();
  // x = n ln2 + r, |r| <= ln2/2; e^x = 2^n e^r.
  const double t = x * kInvLn2;
  const int n = static_cast<int>(t < 0 ? t - 0.5 : t + 0.5);
  const double dn = static_cast<double>(n);
  const double r = (x - dn * kLn2Hi) - dn * kLn2Lo;
  // Taylor series of e^r to r^18/18! (< 1e-21 relative for |r| <= 0.35), Horner form.
  double p = 1.0;
  for (int k = 18; k >= 1; --k) p = 1.0 + p * r / k;
  // Scale by 2^n in exact steps; split so 2^n itself never overflows or underflows midway.
  int k = n;
  while (k > 0) {
    p *= 2.0;
    --k;
  }
  while (k < 0) {
    p *= 0.5;
    ++k;
  }
  return p;
}

double det_pow_neg(double k, double s) {
  if (s == 0 || k == 1) return 1.0;
  return det_exp(-s * det_log(k));
}

}  // namespace switchlab::traffic_detail
