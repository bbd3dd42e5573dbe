// Python extension `switchlab_core`: the same string API as the CLI and the WASM module.
// run()/normalize() raise ValueError whose message is the error object's JSON
// ({"field": ..., "message": ...}) so callers can name the failing field.
#include <pybind11/pybind11.h>

#include <string>

#include "switchlab/api.hpp"

namespace py = pybind11;

namespace {

std::string or_raise(std::string out) {
  if (out.compare(0, 9, "{\"error\":") == 0) {
    // Strip the {"error": ...} wrapper: the message is the error object itself.
    throw py::value_error(out.substr(9, out.size() - 10));
  }
  return out;
}

}  // namespace

PYBIND11_MODULE(switchlab_core, m) {
  m.doc() = "SwitchLab simulation core (route-walk engine, cost models)";
  m.def("engine_version", [] { return std::string(switchlab::engine_version()); });
  m.def("prepare", [](const std::string& c) {
        py::gil_scoped_release release;  // big graphs take a while to validate: let other threads run
        return switchlab::prepare_json(c);
      }, py::arg("config_json"),
        "{'config', 'id', 'summary'} or {'error': {'field', 'message', 'allowed'}} as JSON; never raises");
  m.def("topology_drawing", &switchlab::topology_drawing_json, py::arg("config_json"),
        "what a drawing of the network needs (switches, layout hint, links, port names and classes) or "
        "{'error': {...}} as JSON; never raises");
  m.def("validate", &switchlab::validate_json, py::arg("config_json"),
        "'' if the config is valid, else the error object as JSON");
  m.def("normalize", [](const std::string& c) { return or_raise(switchlab::normalize_json(c)); },
        py::arg("config_json"));
  m.def("config_hash", [](const std::string& c) {
        const std::string err = switchlab::validate_json(c);
        if (!err.empty()) throw py::value_error(err);
        return switchlab::config_hash(c);
      }, py::arg("config_json"));
  m.def("run", [](const std::string& c) {
        py::gil_scoped_release release;  // long runs must not block other Python threads
        std::string out = switchlab::run_json(c);
        py::gil_scoped_acquire acquire;
        return or_raise(std::move(out));
      }, py::arg("config_json"));
  // Stepped runs, as in the WASM module, so a caller can report progress between steps (the
  // server's worker, docs/api.md); the result does not depend on the step sizes.
  py::class_<switchlab::Simulation>(m, "Simulation")
      .def(py::init<const std::string&>(), py::arg("config_json"))
      .def("error", &switchlab::Simulation::error, "'' if the config is valid, else the error object as JSON")
      .def("total", &switchlab::Simulation::total, "work units of the whole run")
      .def("work_unit", &switchlab::Simulation::work_unit, "what total() counts: packets, cycles or evaluations")
      .def("step", &switchlab::Simulation::step, py::arg("units"), py::call_guard<py::gil_scoped_release>(),
           "advances up to `units` more work units; returns the fraction done, in [0, 1]")
      .def("result", [](switchlab::Simulation& s) {
            std::string out;
            {
              py::gil_scoped_release release;
              out = s.result();
            }
            return or_raise(std::move(out));
          }, "the result JSON (completes the run first); raises ValueError for an invalid config");
  m.def("schema", [] { return switchlab::schema_json(); });
  m.def("results_schema", [] { return switchlab::results_schema_json(); });
  m.def("units", [](const std::string& r) { return or_raise(switchlab::units_json(r)); }, py::arg("result_json"));
  m.def("cost", [](const std::string& c) { return or_raise(switchlab::cost_json(c)); }, py::arg("config_json"));
  m.def("cacti_inputs", [](const std::string& c) { return switchlab::cacti_inputs_json(c); }, py::arg("config_json"),
        "[{key, cfg}] of the CACTI runs the config's cost section needs (the PostgreSQL memo's keys)");
  m.def("cacti_memo_take", [] { return switchlab::cacti_memo_take_json(); },
        "CACTI answers got since the last call: [{key, cfg, exit_code, out}]");
  m.def("cacti_memo_import", [](const std::string& e) { switchlab::cacti_memo_import_json(e); }, py::arg("entries_json"));
  m.def("cacti_memo_stats", [] { return switchlab::cacti_memo_stats_json(); }, "{runs, hits, entries} of this process's CACTI memo");
  m.def("cacti_memo_clear", [] { switchlab::cacti_memo_clear(); });
  m.def("smpi_export", [](const std::string& c, const std::string& dir) {
        std::string out;
        {
          py::gil_scoped_release release;  // long traces take a while to write
          out = switchlab::smpi_export_json(c, dir);
        }
        return or_raise(std::move(out));
      }, py::arg("config_json"), py::arg("directory") = "",
        "SimGrid SMPI inputs as JSON; with a directory the platform and traces are written there");
  m.def("model", [](const std::string& name, const std::string& params) {
        return or_raise(switchlab::model_json(name, params));
      }, py::arg("name"), py::arg("params_json") = "{}");
  m.def("models", [] { return switchlab::models_json(); });
  m.def("import_booksim", &switchlab::import_booksim_json, py::arg("booksim_text"),
        "{'config', 'unmodelled', 'defaults', 'notes'} or {'error': {'field', 'message', 'allowed'}} as JSON; "
        "never raises");
  m.def("trace_load", [](const std::string& files) {
        py::gil_scoped_release release;  // a large trace takes seconds to parse and check
        return switchlab::trace_load_json(files);
      }, py::arg("files_json"),
        "{'id', 'summary'} or {'error': {'field': 'trace:<file>:<line>', ...}} as JSON; never raises");
  m.def("trace_summary", &switchlab::trace_summary_json, py::arg("id"),
        "{'id', 'summary'} of a loaded trace, or {'error': {...}} (field traffic.trace_id) as JSON");
  m.def("trace_unload", &switchlab::trace_unload_json, py::arg("id"), "{'unloaded': bool} as JSON");
  m.def("trace_limits", &switchlab::trace_limits_json, "the limits a trace must fit, as JSON");
  m.def("bench_kernel", [](double n) {
        py::gil_scoped_release release;
        return switchlab::bench_kernel_json(n);
      }, py::arg("lookups"));
}
