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

// The words for a number literal beyond a double (1e400: valid JSON, as RFC 8259 sets no range).
// Exported in the config schema (x-json-errors) so that an edge which must refuse such a number
// before the core sees it (Python reads it as infinity) says the same.
constexpr const char* kNumberOverflowMessage = "is a number beyond a double's range";
constexpr const char* kNumberOverflowAllowed = "a number of magnitude at most 1.7976931348623157e308";

// Parses untrusted text (a config, model parameters, a result) into `out`: nesting deeper than
// kMaxJsonDepth is rejected by a scan of the bytes before parsing; malformed text, and a key
// given twice in one object, get an error whose field is the path being read (`root` at the top,
// e.g. "config") and whose message says what is wrong (and at which byte). Returns false and
// fills `error` on failure.
bool parse_untrusted_json(const std::string& text, const std::string& root, nlohmann::json& out, Error& error);

}  // namespace switchlab
