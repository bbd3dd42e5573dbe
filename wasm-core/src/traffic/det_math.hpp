#pragma once
// Deterministic natural log and exp built from + - * / only. libm's log/exp/pow are not
// correctly rounded and differ between glibc (native) and musl (Emscripten); these use only
// IEEE-754 basic operations (each correctly rounded, so identical in every build), in a fixed
// order. Accuracy: a few ulp (tests compare with libm). Used to precompute Zipf weights k^-s.
namespace switchlab::traffic_detail {

// ln(x) for finite x > 0; returns 0 for x <= 0 (callers never pass it).
double det_log(double x);
// e^x; 0 below -745 (underflow), +inf above 709.8.
double det_exp(double x);
// k^-s = exp(-s ln k) for k >= 1, s >= 0.
double det_pow_neg(double k, double s);

}  // namespace switchlab::traffic_detail
