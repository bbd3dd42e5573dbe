#include "common/params.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/text.hpp"

namespace switchlab {

// The same field can be declared by several parsers (routing.algorithm by every topology): keep
// the first declaration and take the union of the allowed values.
void ParamRegistry::add(ParamDecl d) {
  if (seen_.insert(d.path).second) {
    decls_.push_back(std::move(d));
    return;
  }
  for (auto& existing : decls_) {
    if (existing.path != d.path) continue;
    for (auto& c : d.choices)
      if (std::find(existing.choices.begin(), existing.choices.end(), c) == existing.choices.end())
        existing.choices.push_back(c);
    return;
  }
}

std::string format_number(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) {
    return std::to_string(static_cast<long long>(v));
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

namespace {
constexpr size_t kPreviewChars = 60;
constexpr int kPreviewDepth = 4;

void append_preview(const json& v, int depth, std::string& out) {
  if (out.size() > kPreviewChars) return;
  if (!v.is_structured()) {
    out += v.dump(-1, ' ', false, json::error_handler_t::replace);
    return;
  }
  const bool array = v.is_array();
  if (depth >= kPreviewDepth) {
    out += array ? "[...]" : "{...}";
    return;
  }
  out += array ? '[' : '{';
  bool first = true;
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (!first) out += ", ";
    first = false;
    if (out.size() > kPreviewChars) {
      out += "...";
      break;
    }
    if (!array) out += json(it.key()).dump(-1, ' ', false, json::error_handler_t::replace) + ": ";
    append_preview(*it, depth + 1, out);
  }
  out += array ? ']' : '}';
}
}  // namespace

std::string preview(const json& v) {
  std::string out;
  append_preview(v, 0, out);
  if (out.size() > kPreviewChars + 20) out = out.substr(0, kPreviewChars) + "...";
  return out;
}

std::string printable(const std::string& key) {
  if (key.empty()) return "\"\"";  // an empty key must still name something
  std::string out;
  for (const unsigned char ch : key) {
    if (ch < 0x20 || ch == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", ch);
      out += buf;
    } else {
      out += static_cast<char>(ch);
    }
  }
  return out;
}

Params::Params(const json* obj, std::string path, ErrorSink& errors, ParamRegistry* registry,
               json* normalized)
    : obj_(obj), path_(std::move(path)), errors_(errors), registry_(registry), out_(normalized) {
  if (out_ && !out_->is_object()) *out_ = json::object();
  if (obj_ && obj_->is_null()) obj_ = nullptr;
  if (obj_ && !obj_->is_object()) {
    errors_.fail(path_.empty() ? "config" : path_, "must be a JSON object", "a JSON object");
    obj_ = nullptr;
  }
}

Params& Params::when(const char* on, std::vector<std::string> in) {
  const std::string path = std::string(on).find('.') == std::string::npos ? field(on) : on;
  when_ = {{"path", path}, {"in", std::move(in)}};
  return *this;
}

Params& Params::hi_depends(const char* what) {
  hi_depends_ = what;
  return *this;
}

void Params::declare(ParamDecl d) {
  d.applies_when = std::move(when_);
  when_ = nullptr;
  d.hi_depends = std::move(hi_depends_);
  hi_depends_.clear();
  if (registry_) registry_->add(std::move(d));
}

const json* Params::get(const char* key) {
  used_.insert(key);
  if (!obj_) return nullptr;
  auto it = obj_->find(key);
  if (it == obj_->end() || it->is_null()) return nullptr;
  return &*it;
}

bool Params::present(const char* key) const {
  return obj_ && obj_->find(key) != obj_->end();
}

bool Params::is_null(const char* key) const {
  if (!obj_) return false;
  auto it = obj_->find(key);
  return it != obj_->end() && it->is_null();
}

int64_t Params::integer(const char* key, const IntSpec& s) {
  declare({field(key), "integer", s.def, s.lo, s.hi, {}, s.unit, s.doc});
  const json* v = get(key);
  if (!v) return record(key, s.def);
  const std::string range = "an integer in [" + std::to_string(s.lo) + ", " + std::to_string(s.hi) + "]";
  int64_t x = 0;
  // Unsigned first: nlohmann's is_number_integer() is true for unsigned values too, and 2^63 read
  // as int64 would be echoed as a negative number.
  if (v->is_number_unsigned()) {
    if (v->get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)) {
      errors_.fail(field(key), "must be " + range + ", got " + std::to_string(v->get<uint64_t>()), range);
      return s.def;
    }
    x = static_cast<int64_t>(v->get<uint64_t>());
  } else if (v->is_number_integer()) {
    x = v->get<int64_t>();
  } else if (v->is_number_float() && v->get<double>() == std::floor(v->get<double>()) &&
             std::fabs(v->get<double>()) < 9e15) {
    x = static_cast<int64_t>(v->get<double>());
  } else {
    errors_.fail(field(key), "must be " + range + ", got " + preview(*v), range);
    return s.def;
  }
  if (x < s.lo || x > s.hi) {
    errors_.fail(field(key), "must be " + range + ", got " + std::to_string(x), range);
    return s.def;
  }
  return record(key, x);
}

double Params::number(const char* key, const NumSpec& s) {
  declare({field(key), "number", s.def, s.lo, s.hi, {}, s.unit, s.doc});
  const json* v = get(key);
  if (!v) return record(key, s.def);
  const std::string range = "a number in [" + format_number(s.lo) + ", " + format_number(s.hi) + "]" +
                            (s.unit[0] ? std::string(" ") + s.unit : "");
  if (!v->is_number()) {
    errors_.fail(field(key), "must be " + range + ", got " + preview(*v), range);
    return s.def;
  }
  double x = v->get<double>();
  if (!(x >= s.lo && x <= s.hi)) {
    errors_.fail(field(key), "must be " + range + ", got " + format_number(x), range);
    return s.def;
  }
  return record(key, x);
}

std::optional<double> Params::optional_number(const char* key, const NumSpec& s) {
  declare({field(key), "number", nullptr, s.lo, s.hi, {}, s.unit, s.doc});  // (no default; the first declaration counts)
  const json* v = get(key);
  if (!v || v->is_null()) return std::nullopt;
  return number(key, s);
}

bool Params::boolean(const char* key, bool def, const char* doc) {
  declare({field(key), "boolean", def, nullptr, nullptr, {}, "", doc});
  const json* v = get(key);
  if (!v) return record(key, def);
  if (!v->is_boolean()) {
    errors_.fail(field(key), "must be true or false, got " + preview(*v), "true or false");
    return def;
  }
  return record(key, v->get<bool>());
}

std::string Params::choice(const char* key, const char* def, std::initializer_list<const char*> allowed,
                           const char* doc) {
  return choice(key, std::string(def), std::vector<std::string>(allowed.begin(), allowed.end()), doc);
}

std::string Params::choice(const char* key, const std::string& def, const std::vector<std::string>& names,
                           const char* doc) {
  declare({field(key), "string", def, nullptr, nullptr, names, "", doc});
  const json* v = get(key);
  if (!v) return record(key, def);
  std::string list;
  for (const auto& n : names) append_listed(list, n);
  if (v->is_string()) {
    for (const auto& n : names)
      if (v->get<std::string>() == n) return record(key, n);
  }
  errors_.fail(field(key), "must be one of: " + list + "; got " + preview(*v), "one of: " + list);
  return def;
}

std::string Params::string(const char* key, const char* def, const char* doc) {
  declare({field(key), "string", def, nullptr, nullptr, {}, "", doc});
  const json* v = get(key);
  if (!v) return record(key, std::string(def));
  if (!v->is_string()) {
    errors_.fail(field(key), "must be a string, got " + preview(*v), "a string");
    return def;
  }
  return record(key, v->get<std::string>());
}

std::vector<int64_t> Params::int_list(const char* key, const std::vector<int64_t>& def, size_t min_len,
                                      size_t max_len, int64_t lo, int64_t hi, const char* unit,
                                      const char* doc) {
  declare({field(key), "array", def, lo, hi, {}, unit, doc, min_len, max_len});
  const json* v = get(key);
  if (!v) return record(key, def);
  const std::string what = "a list of " + std::to_string(min_len) + ".." + std::to_string(max_len) +
                           " integers, each in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  if (!v->is_array() || v->size() < min_len || v->size() > max_len) {
    errors_.fail(field(key), "must be " + what + ", got " + preview(*v), what);
    return def;
  }
  std::vector<int64_t> out;
  for (size_t i = 0; i < v->size(); ++i) {
    const json& e = (*v)[i];
    if (!e.is_number_integer() || e.get<int64_t>() < lo || e.get<int64_t>() > hi) {
      errors_.fail(field(key) + "[" + std::to_string(i) + "]", "must be " + what + ", got " + preview(e), what);
      return def;
    }
    out.push_back(e.get<int64_t>());
  }
  return record(key, out);
}

std::vector<bool> Params::bool_list(const char* key, const std::vector<bool>& def, const char* doc) {
  declare({field(key), "array", json(def), nullptr, nullptr, {}, "", doc});
  const json* v = get(key);
  if (!v) return record(key, def);
  std::vector<bool> out;
  if (v->is_array()) {
    for (const auto& e : *v) {
      if (!e.is_boolean()) break;
      out.push_back(e.get<bool>());
    }
    if (out.size() == v->size()) return record(key, out);
  }
  errors_.fail(field(key), "must be a list of true/false values, got " + preview(*v), "a list of true/false values");
  return def;
}

Params Params::child(const char* key, const char* doc) {
  declare({field(key), "object", nullptr, nullptr, nullptr, {}, "", doc});
  const json* v = get(key);
  return Params(v, field(key), errors_, registry_, out_ ? &(*out_)[key] : nullptr);
}

const json* Params::raw(const char* key, const char* type, const char* doc, const char* unit) {
  declare({field(key), type, nullptr, nullptr, nullptr, {}, unit, doc});
  const json* v = get(key);
  if (v && out_) (*out_)[key] = *v;  // callers that interpret the value re-record it via set()
  return v;
}

void Params::reject_unknown(std::initializer_list<const char*> also_allowed) {
  if (!obj_) return;
  for (auto it = obj_->begin(); it != obj_->end(); ++it) {
    if (used_.count(it.key())) continue;
    bool ok = false;
    for (const char* a : also_allowed) ok = ok || it.key() == a;
    if (ok) continue;
    std::string known;
    for (const auto& k : used_) append_listed(known, k);
    // (The list is the allowed text alone: every edge prints it after the message, once.)
    errors_.fail(field(printable(it.key()).c_str()), "unknown field", "one of: " + known);
    return;
  }
}

}  // namespace switchlab

namespace switchlab {
void Params::set(const char* key, const json& value) {
  if (out_) (*out_)[key] = value;
}
}  // namespace switchlab
