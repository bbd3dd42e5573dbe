// switchlab-sim: the native command-line front end of the core.
//   switchlab-sim run CONFIG.json        result JSON on stdout (--table: a human-readable table)
//   switchlab-sim report RESULT.json     the table of a saved result
//   switchlab-sim prepare CONFIG.json    normalized config, experiment id and run summary (JSON)
//   switchlab-sim validate CONFIG.json   exit 0 if valid
//   switchlab-sim hash CONFIG.json       experiment id
//   switchlab-sim normalize CONFIG.json  canonical config with defaults
//   switchlab-sim cost CONFIG.json       hardware cost (CACTI 7 or its fit per cost.method, published data), no simulation
//   switchlab-sim smpi-export CONFIG.json  SimGrid SMPI platform and traces of an engine-app config
//   switchlab-sim model NAME PARAMS      closed-form model; PARAMS: a JSON file, '-' or inline JSON
//   switchlab-sim models                 the models and their parameters
//   switchlab-sim schema [--results]     JSON Schema of the config (or of the results, with units)
//   switchlab-sim units RESULT.json      {path: unit} for every number of a result
//   switchlab-sim version
// Exit codes: 0 ok, 2 bad input (config or usage), 1 I/O failure.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <new>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"
#include "table.hpp"

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: switchlab-sim run|prepare|validate|hash|normalize|cost|smpi-export CONFIG.json (- for stdin)\n"
               "       switchlab-sim run CONFIG.json --table | report RESULT.json | units RESULT.json\n"
               "       switchlab-sim model NAME PARAMS.json|'{...}'\n"
               "       switchlab-sim models | schema [--results] | version\n");
  return 2;
}

bool read_input(const char* path, std::string& out) {
  std::stringstream ss;
  if (std::strcmp(path, "-") == 0) {
    ss << std::cin.rdbuf();
  } else {
    std::ifstream f(path, std::ios::binary);
    if (!f) return false;
    ss << f.rdbuf();
  }
  out = ss.str();
  return true;
}

// Prints "error: FIELD: MESSAGE (allowed: ALLOWED)" for an {"error": {...}} JSON, returns 2. The
// allowed text is left out when the message already states it (a range error's message does).
int report_error(const std::string& error_json) {
  auto e = nlohmann::json::parse(error_json, nullptr, false);
  if (e.contains("error")) e = e["error"];
  const std::string message = e.value("message", "invalid");
  const nlohmann::json allowed = e.value("allowed", nlohmann::json());
  std::string tail;
  if (allowed.is_string() && message.find(allowed.get<std::string>()) == std::string::npos)
    tail = " (allowed: " + allowed.get<std::string>() + ")";
  std::fprintf(stderr, "error: %s: %s%s\n", e.value("field", "config").c_str(), message.c_str(), tail.c_str());
  return 2;
}

int print_or_error(const std::string& out) {
  if (out.compare(0, 9, "{\"error\":") == 0) return report_error(out);
  std::printf("%s\n", out.c_str());
  return 0;
}

// The table of a run of CONFIG (`run`) or of a saved result (`report`).
int print_table(const char* path, bool run) {
  std::string text;
  if (!read_input(path, text)) {
    std::fprintf(stderr, "error: cannot read %s\n", path);
    return 1;
  }
  if (run) text = switchlab::run_json(text);
  if (text.compare(0, 9, "{\"error\":") == 0) return report_error(text);
  const auto result = nlohmann::json::parse(text, nullptr, false);
  if (result.is_discarded() || !(result.contains("cache") || result.contains("app"))) {
    std::fprintf(stderr, "error: %s is not a result JSON\n", path);
    return 2;
  }
  std::printf("%s", switchlab::result_table(result).c_str());
  return 0;
}

int run_command(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string cmd = argv[1];
  if (cmd == "version") {
    std::printf("%s\n", switchlab::engine_version());
    return 0;
  }
  if (cmd == "schema" && argc == 3 && std::strcmp(argv[2], "--results") == 0) {
    std::printf("%s\n", switchlab::results_schema_json().c_str());
    return 0;
  }
  if ((cmd == "schema" || cmd == "models") && argc == 2) {
    std::printf("%s\n", (cmd == "schema" ? switchlab::schema_json() : switchlab::models_json()).c_str());
    return 0;
  }
  if (cmd == "model") {
    if (argc != 4) return usage();
    std::string params = argv[3];
    if (params.empty() || params[0] != '{') {
      if (!read_input(argv[3], params)) {
        std::fprintf(stderr, "error: cannot read %s\n", argv[3]);
        return 1;
      }
    }
    return print_or_error(switchlab::model_json(argv[2], params));
  }
  if (cmd == "run" && argc == 4 && std::strcmp(argv[3], "--table") == 0) return print_table(argv[2], true);
  if (cmd == "report" && argc == 3) return print_table(argv[2], false);
  if (argc != 3) return usage();
  std::string config;
  if (!read_input(argv[2], config)) {
    std::fprintf(stderr, "error: cannot read %s\n", argv[2]);
    return 1;
  }
  if (cmd == "run") return print_or_error(switchlab::run_json(config));
  if (cmd == "prepare") return print_or_error(switchlab::prepare_json(config));
  if (cmd == "units") return print_or_error(switchlab::units_json(config));
  if (cmd == "normalize") return print_or_error(switchlab::normalize_json(config));
  if (cmd == "cost") return print_or_error(switchlab::cost_json(config));
  if (cmd == "smpi-export") return print_or_error(switchlab::smpi_export_json(config));
  if (cmd == "validate" || cmd == "hash") {
    const std::string prepared = switchlab::prepare_json(config);
    const auto p = nlohmann::json::parse(prepared, nullptr, false);
    if (p.contains("error")) return report_error(prepared);
    std::printf("%s\n", cmd == "hash" ? p["id"].get<std::string>().c_str() : "ok");
    return 0;
  }
  return usage();
}

}  // namespace

// The core checks a run's estimated memory against its limit before it allocates; a process capped
// below that estimate (ulimit -v, a container) still gets a message rather than an abort.
int main(int argc, char** argv) {
  try {
    return run_command(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "error: out of memory: this process may not allocate what the run needs (its estimate: "
                         "summary.memory_bytes of 'switchlab-sim prepare CONFIG')\n");
    return 1;
  }
}
