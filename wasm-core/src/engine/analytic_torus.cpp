#include "engine/analytic_torus.hpp"

#include "engine/routewalk_config.hpp"
#include "topology/kary_ncube.hpp"

namespace switchlab {

using json = nlohmann::json;

double seed001_port_hit_rate(uint32_t K, uint32_t N, uint32_t i, double M) {
  // Eq. (2): destinations seen by the port: K^N - 1 at the injection port, K^(N-i) * floor(K/2)
  // at a port of dimension i (the packet has floor(K/2) choices left in dimension i and any
  // coordinate in the dimensions not yet routed).
  double destinations = 1;
  for (uint32_t d = 0; d < (i == 0 ? N : N - i); ++d) destinations *= K;
  destinations = i == 0 ? destinations - 1 : destinations * (K / 2);
  const double t = M / destinations;
  return t < 1 ? t : 1;  // eq. (1)
}

double seed001_max_latency_ns(uint32_t K, uint32_t N, const std::vector<double>& P, double s_base,
                              double s_penalty, double link) {
  // Eq. (3): L_{i,j} = j (S_base + S_pnl (1 - P_i) + C);  eq. (4): L_max = L_{0,1} + sum_i L_{i,floor(K/2)} + C.
  auto L = [&](uint32_t i, double j) { return j * (s_base + s_penalty * (1 - P[i]) + link); };
  double total = L(0, 1) + link;
  for (uint32_t i = 1; i <= N; ++i) total += L(i, K / 2);
  return total;
}

json seed001_torus_model(const Experiment& ex, const json& sim) {
  const auto* cube = dynamic_cast<const KaryNCube*>(ex.topology.get());
  const json shape = ex.topology->describe();
  auto not_applicable = [](const std::string& why) { return json{{"applicable", false}, {"reason", why}}; };
  if (!cube) return not_applicable("needs a k-ary n-cube torus");
  const auto dims = shape["dims"].get<std::vector<uint32_t>>();
  for (size_t i = 0; i < dims.size(); ++i) {
    if (!shape["wrap"][i].get<bool>()) return not_applicable("needs wraparound in every dimension (a torus)");
    if (dims[i] != dims[0]) return not_applicable("needs the same size K in every dimension");
  }
  if (shape["concentration"] != 1) return not_applicable("needs one compute node per switch");
  if (!ex.cache.enabled) return not_applicable("needs a cache");
  const uint32_t K = dims[0], N = static_cast<uint32_t>(dims.size());
  const double M = ex.cache.geometry.entries;
  const Delays& d = walk_config(ex).delays;
  const double s_base = (d.rc_hit_ps + d.other_ps) / 1000.0;
  const double s_pnl = (d.rc_miss_ps - d.rc_hit_ps) / 1000.0;
  const double s_conv = (d.rc_no_cache_ps + d.other_ps) / 1000.0;
  const double C = d.link_ps / 1000.0;

  std::vector<double> model_P(N + 1), sim_P(N + 1), ones(N + 1, 1.0);
  json ports = json::object();
  const json& by_class = sim["cache"]["by_port_class"];
  for (uint32_t i = 0; i <= N; ++i) {
    model_P[i] = seed001_port_hit_rate(K, N, i, M);
    const std::string cls = i == 0 ? "injection" : "dim" + std::to_string(i - 1);
    const json& s = by_class[cls]["hit_rate"];
    sim_P[i] = s.is_null() ? model_P[i] : s.get<double>();
    ports[cls] = {{"model", model_P[i]}, {"simulated", s}};
  }
  const double l_model = seed001_max_latency_ns(K, N, model_P, s_base, s_pnl, C);
  const double l_sim_P = seed001_max_latency_ns(K, N, sim_P, s_base, s_pnl, C);
  const double l_conv = seed001_max_latency_ns(K, N, ones, s_conv, 0, C);
  // The simulated counterpart of eq. (4)'s reduction, so a table of published values can put the
  // run's own figure beside the model's (null when no measured packet crossed the maximum distance).
  const json& far = sim["latency_ns"]["zero_load"]["mean_at_max_distance"];
  const json reduction_sim = far.is_number() ? json(1 - far.get<double>() / l_conv) : json(nullptr);
  json out = {
      {"applicable", true},
      {"source", "seed 001 Sec. 6, eqs. (1)-(4)"},
      {"assumptions", "uniform random traffic, steady state (no compulsory misses), no conflict misses"},
      {"parameters_ns", {{"S_base", s_base}, {"S_pnl", s_pnl}, {"S_conventional", s_conv}, {"C", C}}},
      {"hit_rate_by_port_class", ports},
      {"max_zero_load_latency_ns",
       {{"model", l_model},
        {"model_with_simulated_hit_rates", l_sim_P},
        {"simulated_mean_at_max_distance", sim["latency_ns"]["zero_load"]["mean_at_max_distance"]},
        {"conventional_switch", l_conv},
        {"reduction_vs_conventional_model", 1 - l_model / l_conv},
        {"reduction_vs_conventional_simulated", reduction_sim}}},
  };
  if (K % 2 == 0) out["note"] = "K is even: the model's floor(K/2) destinations per port is exact for the + direction only";
  return out;
}

}  // namespace switchlab
