#pragma once
// The example catalogue (examples/*.json, format in examples/README.md) as the CLI sees it: the
// entries compiled into the binary (`--example NAME`, `switchlab-sim examples`), and the rule that
// turns a catalogue entry given as a file into the experiment config it holds.
#include <string>

namespace switchlab::cli {

// The embedded entry's text, or nullptr when the catalogue has no entry of that name (the file
// name without .json, e.g. "quickstart-torus-4x4").
const char* example_text(const std::string& name);

// The names of the entries, comma-separated (for an error that lists what is allowed).
std::string example_names();

// One line per entry: name, engine and title, in columns.
std::string examples_table();
// [{"name", "title", "engine", "source", "browser", "compare"}] of every entry, as JSON.
std::string examples_json();

// A document that is a catalogue entry (an object whose "config" is an object; an experiment
// config has no such key) becomes its "config" as JSON text, and `note` says which variant of a
// compare entry runs; any other text is returned as it is, for the core to accept or reject.
std::string config_of(const std::string& text, std::string& note);

}  // namespace switchlab::cli
