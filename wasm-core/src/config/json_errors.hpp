#pragma once
// Where a text stops being JSON: the dotted config path being read at that point (a lone UTF-16
// surrogate in a name, a number beyond a double in traffic.packets), so a malformed config gets
// an error naming the field like any other bad value, not just "invalid JSON".
#include <string>

#include <nlohmann/json.hpp>

#include "common/error.hpp"

namespace switchlab {

// Arrays/objects nested deeper than this are refused before any value is built (configs need
// fewer than 10 levels; every consumer of a parsed value may then recurse safely).
constexpr int kMaxJsonDepth = 256;

// Parses untrusted text (a config, model parameters, a result) into `out`: nesting deeper than
// kMaxJsonDepth is rejected by a scan of the bytes before parsing; malformed text, and a key
// given twice in one object, get an error whose field is the path being read (`root` at the top,
// e.g. "config") and whose message says what is wrong (and at which byte). Returns false and
// fills `error` on failure.
bool parse_untrusted_json(const std::string& text, const std::string& root, nlohmann::json& out, Error& error);

}  // namespace switchlab
