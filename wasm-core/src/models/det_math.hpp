#pragma once
// log / exp / pow from basic IEEE-754 double arithmetic only (+ - * / and exact frexp/ldexp), in
// a fixed evaluation order. libm's transcendental functions may differ in the last ulp between
// glibc (native) and musl (Emscripten); these give bit-identical results in every build, which
// the Zipf tables of the ICN simulation need for identical integer counts. Accuracy: a few ulp.
namespace switchlab::models {

// Natural logarithm of a positive finite x (returns NaN for x <= 0 or non-finite).
double det_log(double x);
// e^x for |x| <= 700 (clamped outside).
double det_exp(double x);
// base^e = exp(e log base) for base > 0.
double det_pow(double base, double e);

}  // namespace switchlab::models
