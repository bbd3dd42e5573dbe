#pragma once
// Small text helpers for error messages, documentation strings and numbers in text inputs.
#include <cstdlib>
#include <string>
#include <string_view>

namespace switchlab {

// Appends `item` to a comma-separated list ("a, b, c"), the form every "one of: ..." text uses.
inline void append_listed(std::string& list, std::string_view item) {
  if (!list.empty()) list += ", ";
  list += item;
}

// A finite number >= 0 in plain or exponent notation, the whole text (trace times, MPI trace
// amounts). strtod is correctly rounded in glibc and musl alike, and the C locale (the only one
// the core runs in) uses '.'.
inline bool parse_nonnegative(const std::string& s, double& out) {
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-')) return false;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !(v >= 0) || v > 1e300) return false;
  out = v;
  return true;
}

}  // namespace switchlab
