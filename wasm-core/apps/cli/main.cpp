// switchlab-sim: the native command-line front end of the core.
//   switchlab-sim run CONFIG.json        result JSON on stdout (--table: a human-readable table)
//   switchlab-sim report RESULT.json     the table of a saved result
//   switchlab-sim prepare CONFIG.json    normalized config, experiment id and run summary (JSON)
//   switchlab-sim drawing CONFIG.json    what a drawing of the network needs: layout hint, links, ports
//   switchlab-sim validate CONFIG.json   exit 0 if valid
//   switchlab-sim hash CONFIG.json       experiment id
//   switchlab-sim normalize CONFIG.json  canonical config with defaults
//   switchlab-sim cost CONFIG.json       hardware cost (CACTI 7 or its fit per cost.method, published data), no simulation
//   switchlab-sim smpi-export CONFIG.json  SimGrid SMPI platform and traces of an engine-app config
//   switchlab-sim model NAME PARAMS      closed-form model; PARAMS: a JSON file, '-' or inline JSON
//   switchlab-sim models                 the models and their parameters
//   switchlab-sim examples [--json]      the example catalogue compiled in: name, engine, title
//   switchlab-sim import booksim FILE    a BookSim 2.0 config as a cycle-engine config, with the keys
//                                        SwitchLab does not model ({"config", "unmodelled", ...})
//   switchlab-sim trace-summary PATH     an MPI trace's content id and summary ({"id", "summary"})
//   switchlab-sim schema [--results]     JSON Schema of the config (or of the results, with units)
//   switchlab-sim units RESULT.json      {path: unit} for every number of a result
//   switchlab-sim version
// Wherever a CONFIG.json is read, a catalogue entry (examples/NAME.json) is accepted too (its
// "config" is the config), and `--example NAME` reads the compiled-in entry of that name.
// `--trace PATH` after a CONFIG loads a SimGrid time-independent MPI trace first and sets the
// config's traffic.trace_id to it (traffic.pattern mpi_trace; docs/traffic.md, "MPI traces").
// PATH: a directory (its files), an index file (its rank files, found beside it) or one rank file;
// plain text only (gzip your traces with gunzip first: the core links no decompressor).
// Exit codes: 0 ok, 2 bad input (config or usage), 1 I/O failure.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"
#include "catalogue.hpp"
#include "table.hpp"

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: switchlab-sim run|prepare|validate|hash|normalize|cost|smpi-export|drawing CONFIG\n"
               "       switchlab-sim run CONFIG --table\n"
               "       switchlab-sim run|prepare|validate|hash|normalize|smpi-export CONFIG --trace PATH\n"
               "       switchlab-sim trace-summary PATH\n"
               "       switchlab-sim report|units RESULT.json\n"
               "       switchlab-sim model NAME PARAMS.json|'{...}'\n"
               "       switchlab-sim models\n"
               "       switchlab-sim examples [--json]\n"
               "       switchlab-sim import booksim BOOKSIM_CONFIG\n"
               "       switchlab-sim schema [--results]\n"
               "       switchlab-sim version\n"
               "CONFIG: a config file, a catalogue entry (examples/NAME.json), - for stdin, or --example NAME\n");
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

// The table of a run of a config (`run --table`) or of a saved result (`report`); `label` names
// the input in an error.
int print_table(std::string text, const std::string& label, bool run) {
  if (run) text = switchlab::run_json(text);
  if (text.compare(0, 9, "{\"error\":") == 0) return report_error(text);
  const auto result = nlohmann::json::parse(text, nullptr, false);
  if (result.is_discarded() || !(result.contains("cache") || result.contains("app"))) {
    std::fprintf(stderr, "error: %s is not a result JSON\n", label.c_str());
    return 2;
  }
  std::printf("%s", switchlab::result_table(result).c_str());
  return 0;
}

// Reads the file (or - for stdin) into `text`; 0, or 1 after saying it cannot.
int read_file(const std::string& path, std::string& text) {
  if (read_input(path.c_str(), text)) return 0;
  std::fprintf(stderr, "error: cannot read %s\n", path.c_str());
  return 1;
}

// The CONFIG of a command at args[at]: "--example NAME" (two words) or a file / - (one), a
// catalogue entry taken as its config. 0 with `config` set, else the exit code.
int read_config(const std::vector<std::string>& args, size_t at, std::string& config) {
  std::string text;
  if (args[at] == "--example") {  // the caller checked that NAME follows
    const char* entry = switchlab::cli::example_text(args[at + 1]);
    if (entry == nullptr) {
      std::fprintf(stderr, "error: --example: no example named '%s' (allowed: %s; switchlab-sim examples lists them)\n",
                   args[at + 1].c_str(), switchlab::cli::example_names().c_str());
      return 2;
    }
    text = entry;
  } else if (int rc = read_file(args[at], text)) {
    return rc;
  }
  std::string note;
  config = switchlab::cli::config_of(text, note);
  if (!note.empty()) std::fprintf(stderr, "note: %s\n", note.c_str());
  return 0;
}

// The files of the MPI trace at `path` as trace_load's {"<name>": "<text>"}: a directory's
// regular files; an index file and the rank files it names (each looked up as written, relative
// to the index's folder, then by its name in that folder); or one file. 0, or the exit code.
int read_trace(const std::string& path, nlohmann::json& files) {
  namespace fs = std::filesystem;
  std::error_code ec;
  files = nlohmann::json::object();
  std::string text;
  auto add = [&](const fs::path& p, const std::string& name) {
    if (int rc = read_file(p.string(), text)) return rc;
    files[name] = std::move(text);
    return 0;
  };
  if (fs::is_directory(path, ec)) {
    std::vector<fs::path> entries;
    for (const auto& e : fs::directory_iterator(path, ec))
      if (e.is_regular_file()) entries.push_back(e.path());
    std::sort(entries.begin(), entries.end());
    for (const auto& p : entries)
      if (int rc = add(p, p.filename().string())) return rc;
    return 0;
  }
  if (int rc = add(path, fs::path(path).filename().string())) return rc;
  const std::string& first = files.begin().value().get_ref<const std::string&>();
  const size_t start = first.find_first_not_of(" \t\r\n");
  if (start == std::string::npos || (first[start] >= '0' && first[start] <= '9')) return 0;  // a rank file
  // An index: one rank file path per line.
  const fs::path dir = fs::path(path).parent_path();
  std::istringstream lines(first);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    const fs::path listed(line);
    const fs::path where = fs::exists(dir / listed, ec) ? dir / listed : dir / listed.filename();
    if (files.contains(listed.filename().string())) continue;
    if (int rc = add(where, listed.filename().string())) return rc;
  }
  return 0;
}

// Loads the trace at `path` into the core's store; 0 with its id, or the exit code.
int load_trace(const std::string& path, std::string& id) {
  nlohmann::json files;
  if (int rc = read_trace(path, files)) return rc;
  const std::string out = switchlab::trace_load_json(files.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  if (out.compare(0, 9, "{\"error\":") == 0) return report_error(out);
  id = nlohmann::json::parse(out)["id"].get<std::string>();
  return 0;
}

int run_command(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage();
  const std::string& cmd = args[0];
  const size_t n = args.size();
  if (cmd == "version" && n == 1) {
    std::printf("%s\n", switchlab::engine_version());
    return 0;
  }
  if (cmd == "schema" && n == 2 && args[1] == "--results") {
    std::printf("%s\n", switchlab::results_schema_json().c_str());
    return 0;
  }
  if ((cmd == "schema" || cmd == "models") && n == 1) {
    std::printf("%s\n", (cmd == "schema" ? switchlab::schema_json() : switchlab::models_json()).c_str());
    return 0;
  }
  if (cmd == "examples" && (n == 1 || (n == 2 && args[1] == "--json"))) {
    std::printf("%s", n == 1 ? switchlab::cli::examples_table().c_str() : (switchlab::cli::examples_json() + "\n").c_str());
    return 0;
  }
  if (cmd == "model") {
    if (n != 3) return usage();
    std::string params = args[2];
    if (params.empty() || params[0] != '{') {
      if (int rc = read_file(args[2], params)) return rc;
    }
    return print_or_error(switchlab::model_json(args[1], params));
  }
  if (cmd == "import" && n == 3 && args[1] == "booksim") {
    std::string text;
    if (int rc = read_file(args[2], text)) return rc;
    return print_or_error(switchlab::import_booksim_json(text));
  }
  if (cmd == "trace-summary" && n == 2) {
    std::string id;
    if (int rc = load_trace(args[1], id)) return rc;
    return print_or_error(switchlab::trace_summary_json(id));
  }
  if ((cmd == "report" || cmd == "units") && n == 2) {
    std::string result;
    if (int rc = read_file(args[1], result)) return rc;
    return cmd == "report" ? print_table(result, args[1], false) : print_or_error(switchlab::units_json(result));
  }
  static const char* const kConfigCommands[] = {"run", "prepare", "drawing", "validate", "hash", "normalize", "cost", "smpi-export"};
  if (n < 2 || std::find(std::begin(kConfigCommands), std::end(kConfigCommands), cmd) == std::end(kConfigCommands))
    return usage();
  std::string config;
  // A malformed command line is a usage error before any file is read.
  const size_t words = args[1] == "--example" ? 2 : 1;
  const bool table = cmd == "run" && n >= 2 + words && args[1 + words] == "--table";
  const size_t trace_at = 1 + words + (table ? 1 : 0);
  const bool trace = cmd != "cost" && n == trace_at + 2 && args[trace_at] == "--trace";
  if (n != trace_at + (trace ? 2 : 0)) return usage();
  if (int rc = read_config(args, 1, config)) return rc;
  if (trace) {
    std::string id;
    if (int rc = load_trace(args[trace_at + 1], id)) return rc;
    auto cfg = nlohmann::json::parse(config, nullptr, false);
    if (!cfg.is_object()) return report_error(switchlab::prepare_json(config));
    nlohmann::json& traffic = cfg["traffic"];
    if (traffic.is_object() && traffic.contains("trace_id") && traffic["trace_id"] != id) {
      std::fprintf(stderr, "error: traffic.trace_id: the config names trace %s, --trace %s is %s\n",
                   traffic["trace_id"].dump().c_str(), args[trace_at + 1].c_str(), id.c_str());
      return 2;
    }
    if (!traffic.is_object()) traffic = {{"pattern", "mpi_trace"}};
    traffic["trace_id"] = id;
    config = cfg.dump();
  }
  if (table) return print_table(config, args[1], true);
  if (cmd == "run") return print_or_error(switchlab::run_json(config));
  if (cmd == "prepare") return print_or_error(switchlab::prepare_json(config));
  if (cmd == "drawing") return print_or_error(switchlab::topology_drawing_json(config));
  if (cmd == "normalize") return print_or_error(switchlab::normalize_json(config));
  if (cmd == "cost") return print_or_error(switchlab::cost_json(config));
  if (cmd == "smpi-export") return print_or_error(switchlab::smpi_export_json(config));
  const std::string prepared = switchlab::prepare_json(config);  // validate, hash
  const auto p = nlohmann::json::parse(prepared, nullptr, false);
  if (p.contains("error")) return report_error(prepared);
  std::printf("%s\n", cmd == "hash" ? p["id"].get<std::string>().c_str() : "ok");
  return 0;
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
