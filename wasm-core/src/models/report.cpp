#include "models/report.hpp"

namespace switchlab::models {

void Report::input(const std::string& key, json value, bool given, const std::string& default_label) {
  j_["inputs"][key] = std::move(value);
  j_["provenance"]["inputs." + key] = given ? std::string(kInput) : default_label;
}

void Report::output(const std::string& path, json value, const std::string& provenance) {
  std::string pointer = "/";
  for (char c : path) pointer += (c == '.') ? '/' : c;
  j_["outputs"][json::json_pointer(pointer)] = std::move(value);
  j_["provenance"]["outputs." + path] = provenance;
}

void Report::published(const std::string& key, double value, const std::string& source) {
  j_["published"][key] = {{"value", value}, {"source", source}};
}

void Report::assume(const std::string& text) { j_["assumptions"].push_back(text); }

double read_number(Params& p, Report* r, const char* key, const NumSpec& spec, const std::string& default_label) {
  const bool given = p.present(key) && !p.is_null(key);
  const double v = p.number(key, spec);
  if (r) r->input(key, v, given, default_label);
  return v;
}

int64_t read_integer(Params& p, Report* r, const char* key, const IntSpec& spec, const std::string& default_label) {
  const bool given = p.present(key) && !p.is_null(key);
  const int64_t v = p.integer(key, spec);
  if (r) r->input(key, v, given, default_label);
  return v;
}

}  // namespace switchlab::models
