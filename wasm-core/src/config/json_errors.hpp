#pragma once
// Where a text stops being JSON: the dotted config path being read at that point (a lone UTF-16
// surrogate in a name, a number beyond a double in traffic.packets), so a malformed config gets
// an error naming the field like any other bad value, not just "invalid JSON".
#include <string>

#include "common/error.hpp"

namespace switchlab {

// The error for a text nlohmann's parser rejects: field = the path being read ("config" at the
// top), message = what is wrong and at which byte.
Error locate_json_error(const std::string& text);

}  // namespace switchlab
