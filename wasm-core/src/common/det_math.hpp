#pragma once
// log / exp / pow from basic IEEE-754 double arithmetic only (+ - * / and exact frexp/ldexp), in
// a fixed evaluation order. libm's transcendental functions are not correctly rounded and may
// differ in the last ulp between glibc (native) and musl (Emscripten); these give bit-identical
// results in every build, which the Zipf tables (common/zipf.hpp: the ICN simulation's request
// stream, the traffic pattern "zipf") need for identical integer counts. Accuracy: a few ulp
// (tests compare with libm).
namespace switchlab {

// Natural logarithm of a positive finite x (returns NaN for x <= 0 or non-finite).
double det_log(double x);
// e^x; 0 below -745.2 (underflow), +inf above 709.8 (overflow).
double det_exp(double x);
// log2(x) = log(x) / ln 2 (deterministic; exact powers of two may be off by an ulp).
double det_log2(double x);
// base^e = exp(e log base) for base > 0; exactly 1 for e == 0, and for base == 1 (e finite).
double det_pow(double base, double e);

}  // namespace switchlab
