#pragma once
// Seed 001 Sec. 6 closed-form model, reported beside the route-walk results: per-port hit rate
// (eqs. 1-2) and maximum zero-load latency (eqs. 3-4) on a K-ary N-cube torus with one node per
// switch, DOR, uniform random traffic, M entries per input port, steady state (no cold misses).
#include <nlohmann/json.hpp>

#include "config/experiment.hpp"

namespace switchlab {

// `sim` is the route-walk result (its cache.by_port_class and latency are compared with the
// model). Returns {"applicable": false, "reason": ...} outside the model's assumptions.
nlohmann::json seed001_torus_model(const Experiment& ex, const nlohmann::json& sim);

// Eq. (1)-(2): hit rate of an input port of "dimension" i (0 = injection, 1 = first routed).
double seed001_port_hit_rate(uint32_t K, uint32_t N, uint32_t i, double M);
// Eq. (3)-(4) with the given per-dimension hit rates P[0..N]; delays in ns.
double seed001_max_latency_ns(uint32_t K, uint32_t N, const std::vector<double>& P, double s_base,
                              double s_penalty, double link);

}  // namespace switchlab
