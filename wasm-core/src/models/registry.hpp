#pragma once
// Named analytical models for `switchlab-sim model NAME PARAMS`, the Python and WASM bindings and
// the `models` part of results. Each model registers itself from its own .cpp with a
// ModelRegistrar; dispatch is a name lookup in the registered table, never an if/else chain.
//
// Adding a model from another module (e.g. cost/line_rate.cpp):
//     #include "models/registry.hpp"
//     namespace { bool run_line_rate(switchlab::Params& p, switchlab::json* out) { ... } }
//     static const switchlab::ModelRegistrar kLineRate{
//         {"line_rate", "what it computes", "seed 000 Sec. I, V"}, &run_line_rate};
//
// The model function reads every parameter through `p` (that declares them for docs/schema)
// and returns false as soon as p.errors() is not ok. When `out` is null it must only read
// (declare) its parameters and return: that is how model_params_doc() lists them without
// running the model.
//
// Linking: a registrar only runs if its object file is linked. wasm-core/CMakeLists.txt builds
// the core as an OBJECT library so every src/**/*.cpp is linked (a static archive would drop
// unreferenced registrars, here and for topologies and traffic patterns alike).
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "common/params.hpp"

namespace switchlab {

struct ModelInfo {
  std::string name;         // CLI name, e.g. "routing_throughput"
  std::string description;  // one line: what it computes
  std::string provenance;   // where the formulas come from, e.g. "seed 001 Sec. 7.2 eqs. (6)-(7)"
};

// Reads parameters from `params` (path "" so errors name the bare field, e.g. "miss_rate");
// on success fills *out with the result and returns true. out == nullptr: declare only.
using ModelFn = bool (*)(Params& params, json* out);

// Adds a model. Returns false if the name is empty or already taken (the first one stays).
bool register_model(ModelInfo info, ModelFn fn);

struct ModelRegistrar {
  ModelRegistrar(ModelInfo info, ModelFn fn);
};

// Runs the named model on `params` (a JSON object or null for all defaults). Unknown name or bad
// parameters: returns false with the error in `errors` (field "model" names the allowed models).
bool run_model(const std::string& name, const json& params, json& out, ErrorSink& errors);

// All registered models, sorted by name.
const std::vector<ModelInfo>& list_models();

// Declared parameters of a model (path, type, default, range, unit, doc) as a JSON array;
// null if the name is unknown.
json model_params_doc(const std::string& name);

}  // namespace switchlab

