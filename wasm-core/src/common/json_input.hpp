#pragma once
// Parsing of untrusted JSON text (configs, model parameters, results): nesting depth is bounded
// before any value is built, and a failure says what is wrong, where (byte offset) and, when it
// can be known, in which field.
#include <string>

#include <nlohmann/json.hpp>

#include "common/error.hpp"

namespace switchlab {

constexpr int kMaxJsonDepth = 256;  // nested arrays/objects; configs need fewer than 10

// Parses `text` into `out`. On failure fills `error` (field: the dotted path at which parsing
// stopped, or `what` itself, e.g. "config"; `allowed`: what the input should be) and returns
// false. Never throws.
bool parse_json_input(const std::string& text, const std::string& what, const std::string& allowed,
                      nlohmann::json& out, Error& error);

}  // namespace switchlab
