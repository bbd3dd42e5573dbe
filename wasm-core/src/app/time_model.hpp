#pragma once
// Application time model (engine "app"; docs/models.md): every skeleton step costs its compute
// at the node's flop rate plus the slowest of its messages, each message a LogGP-style cost
// (overhead at both ends, per switch the other delay plus the routing computation, per link the
// link delay, and its bytes at its max-min fair share of the bandwidth of the links it crosses,
// shared with the step's other messages).
#include <string>

#include <nlohmann/json.hpp>

#include "config/experiment.hpp"

namespace switchlab::app {

// The result's "app" section: per benchmark time_s, mops, relative (vs the same system without a
// cache) and details; relative_mean.
nlohmann::json run_time_model(const Experiment& ex);

// The hit rate the model uses for `benchmark` (app.hit_rate, or its simulated one); `why` says
// why app.hit_rate was used when the simulation was asked for but not possible.
double skeleton_hit_rate(const Experiment& ex, const std::string& benchmark, std::string& why);

}  // namespace switchlab::app
