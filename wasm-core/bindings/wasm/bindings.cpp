// WebAssembly module (embind): the same string API as the CLI and the Python extension.
// Errors come back as {"error": {...}} strings, never as exceptions (catching is off in WASM).
#include <emscripten/bind.h>

#include <string>

#include "switchlab/api.hpp"

EMSCRIPTEN_BINDINGS(switchlab_core) {
  // Stepped runs for the UI's progress bar: new Simulation(json); error(); workUnit(); step(n); result();
  // delete().
  emscripten::class_<switchlab::Simulation>("Simulation")
      .constructor<std::string>()
      .function("error", emscripten::optional_override([](const switchlab::Simulation& s) { return s.error(); }))
      .function("workUnit", &switchlab::Simulation::work_unit)
      .function("step", &switchlab::Simulation::step)
      .function("result", &switchlab::Simulation::result);
  emscripten::function("run", &switchlab::run_json);
  emscripten::function("prepare", &switchlab::prepare_json);
  emscripten::function("validate", &switchlab::validate_json);
  emscripten::function("normalize", &switchlab::normalize_json);
  emscripten::function("configHash", &switchlab::config_hash);
  emscripten::function("schema", &switchlab::schema_json);
  emscripten::function("resultsSchema", &switchlab::results_schema_json);
  emscripten::function("units", &switchlab::units_json);
  emscripten::function("cost", &switchlab::cost_json);
  emscripten::function("model", &switchlab::model_json);
  emscripten::function("models", &switchlab::models_json);
  emscripten::function("importBooksim", &switchlab::import_booksim_json);
  // MPI traces: the same names as in the Python extension (the edges share them).
  emscripten::function("trace_load", &switchlab::trace_load_json);
  emscripten::function("trace_summary", &switchlab::trace_summary_json);
  emscripten::function("trace_unload", &switchlab::trace_unload_json);
  emscripten::function("trace_limits", &switchlab::trace_limits_json);
  // The drawing of a config's network: the same name as in the Python extension.
  emscripten::function("topology_drawing", &switchlab::topology_drawing_json);
  emscripten::function("benchKernel", &switchlab::bench_kernel_json);
  emscripten::function("engineVersion", emscripten::optional_override([] { return std::string(switchlab::engine_version()); }));
}
