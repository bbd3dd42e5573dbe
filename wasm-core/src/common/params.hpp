#pragma once
// Typed, documented parameter reading (in the spirit of SST/Ramulator: each parameter is declared
// where it is read, with its default, allowed range and unit). A Params reads one JSON object,
// reports the first bad field to an ErrorSink with its full dotted path and allowed range, and
// records every declaration so the experiment JSON Schema can be generated from the same code.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/error.hpp"

namespace switchlab {

using json = nlohmann::json;

struct IntSpec {
  int64_t def;
  int64_t lo;
  int64_t hi;
  const char* unit;  // "" if dimensionless
  const char* doc;
};

struct NumSpec {
  double def;
  double lo;
  double hi;
  const char* unit;
  const char* doc;
};

// One declared parameter, for schema generation and documentation.
struct ParamDecl {
  std::string path;
  std::string type;  // integer | number | boolean | string | array | object
  json def;
  json lo, hi;                       // null when unbounded / not numeric
  std::vector<std::string> choices;  // for string enums
  std::string unit, doc;
  json min_items = nullptr, max_items = nullptr;  // lists: their length range (null when not a list)
  // When the field applies (null: always): another field's value is one of a set, as
  // {"path": "traffic.injection.process", "in": ["on_off"]}. The schema emits it as
  // x-applies-when; the parser still reads and normalizes the field either way.
  json applies_when = nullptr;
  // An upper bound that depends on the rest of the config (e.g. "nodes - 1" for a node id): the
  // schema then states it as text (x-maximum) instead of the number of the config it was
  // generated from. Empty: `hi` is the bound.
  std::string hi_depends{};  // {}: the declare({...}) calls leave it out without -Wmissing-field-initializers
};

class ParamRegistry {
 public:
  void add(ParamDecl d);
  const std::vector<ParamDecl>& decls() const { return decls_; }

 private:
  std::vector<ParamDecl> decls_;
  std::set<std::string> seen_;
};

class Params {
 public:
  // `obj` may be null (absent section: every field takes its default). When `normalized` is given,
  // every value read (given or defaulted) is written there, so the normalized config (the basis of
  // the content hash) comes from the same declarations and never drifts from the parser.
  Params(const json* obj, std::string path, ErrorSink& errors, ParamRegistry* registry = nullptr,
         json* normalized = nullptr);

  // Declares that the next field read applies only when field `on` has one of the values `in`
  // (e.g. p.when("process", {"on_off"}).integer("burst_flits", ...)). `on` is a key of this
  // section, or a whole dotted path when it contains a dot. Recorded in the field's declaration
  // (the schema's x-applies-when); reading is unchanged.
  Params& when(const char* on, std::vector<std::string> in);
  // Declares that the next field's upper bound depends on the rest of the config (`what`, e.g.
  // "the topology's nodes - 1"); reading still checks the bound given for this config.
  Params& hi_depends(const char* what);

  int64_t integer(const char* key, const IntSpec& spec);
  double number(const char* key, const NumSpec& spec);
  // A number with no default: absent or null reads as none and leaves no trace in the normalized
  // config (so adding such a field changes no existing id); declared in the schema all the same.
  std::optional<double> optional_number(const char* key, const NumSpec& spec);
  bool boolean(const char* key, bool def, const char* doc);
  std::string choice(const char* key, const char* def, std::initializer_list<const char*> allowed,
                     const char* doc);
  std::string choice(const char* key, const std::string& def, const std::vector<std::string>& allowed,
                     const char* doc);
  std::string string(const char* key, const char* def, const char* doc);
  // A list of integers, each within [lo, hi]; length within [min_len, max_len].
  std::vector<int64_t> int_list(const char* key, const std::vector<int64_t>& def, size_t min_len,
                                size_t max_len, int64_t lo, int64_t hi, const char* unit,
                                const char* doc);
  std::vector<bool> bool_list(const char* key, const std::vector<bool>& def, const char* doc);
  // Child section; absent -> all defaults.
  Params child(const char* key, const char* doc);
  // Raw access for values whose shape depends on other fields (e.g. "ways": 4 | "full"); `unit`
  // as the typed readers' (the schema's x-unit), "" for none.
  const json* raw(const char* key, const char* type, const char* doc, const char* unit = "");
  // Overrides the normalized value of `key` (for fields read through raw()).
  void set(const char* key, const json& value);
  bool present(const char* key) const;
  bool is_null(const char* key) const;

  // Reports keys present in the object that no reader asked for (catches typos like "entires").
  void reject_unknown(std::initializer_list<const char*> also_allowed = {});

  std::string field(const char* key) const { return path_.empty() ? key : path_ + "." + key; }
  ErrorSink& errors() { return errors_; }
  ParamRegistry* registry() const { return registry_; }

 private:
  const json* get(const char* key);
  void declare(ParamDecl d);
  template <class T>
  T record(const char* key, T value) {
    if (out_) (*out_)[key] = value;
    return value;
  }

  const json* obj_;
  std::string path_;
  ErrorSink& errors_;
  ParamRegistry* registry_;
  json* out_;
  std::set<std::string> used_;
  json when_ = nullptr;  // the condition when() set for the next declaration
  std::string hi_depends_;  // hi_depends()'s text for the next declaration
};

// Formats a number for messages without trailing zeros ("0.5", "128").
std::string format_number(double v);

// A short echo of a bad value for messages: at most about 60 characters and 4 levels of nesting,
// built without recursing into the value (a hostile body may nest 10^5 levels deep).
std::string preview(const json& v);

// A key as it can be printed: control characters (a NUL in a key) written as \uXXXX.
// The empty key is printed as "" (quotes included): an error must still name something.
std::string printable(const std::string& key);

}  // namespace switchlab
