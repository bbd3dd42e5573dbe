#pragma once
// Small text helpers for error messages and documentation strings.
#include <string>
#include <string_view>

namespace switchlab {

// Appends `item` to a comma-separated list ("a, b, c"), the form every "one of: ..." text uses.
inline void append_listed(std::string& list, std::string_view item) {
  if (!list.empty()) list += ", ";
  list += item;
}

}  // namespace switchlab
