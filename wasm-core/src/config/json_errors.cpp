#include "config/json_errors.hpp"

#include <vector>

#include <nlohmann/json.hpp>

#include "common/params.hpp"

namespace switchlab {
namespace {

// Follows the parse with the path of the value being read: one level per open object (its
// current key) or array (its current index).
class PathTracker final : public nlohmann::json_sax<json> {
 public:
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(-1); }
  bool key(string_t& k) override {
    levels_.back().key = k;
    levels_.back().keyed = true;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(0); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override {
    position_ = position;
    reason_ = ex.what();
    return false;
  }

  std::string field(const std::string& root) const {
    std::string f;
    for (size_t i = 0; i < levels_.size(); ++i) {
      if (i == kMaxLevels) return f + "...";  // a hostile body may nest 10^5 levels
      const Level& l = levels_[i];
      if (l.index < 0 && !l.keyed) break;  // an object whose first key was not read yet
      f += l.index >= 0 ? "[" + std::to_string(l.index) + "]" : (f.empty() ? "" : ".") + printable(l.key);
    }
    return f.empty() ? root : f;
  }
  std::string reason() const {
    // "[json.exception.parse_error.101] parse error at line 1, column 17: syntax error while
    // parsing value - invalid string: ..." -> the part after the last " - " or ": ".
    size_t at = reason_.rfind(" - ");
    at = at != std::string::npos ? at + 3 : (reason_.find("] ") != std::string::npos ? reason_.find("] ") + 2 : 0);
    std::string r = printable(reason_.substr(at));
    return r.size() > 160 ? r.substr(0, 160) + "..." : r;
  }
  std::size_t position() const { return position_; }

 private:
  static constexpr size_t kMaxLevels = 16;
  struct Level {
    std::string key;
    long index;          // -1 in an object
    bool keyed = false;  // an object: a key has been read
  };
  bool open(long index) {
    levels_.push_back({"", index, false});
    return true;
  }
  bool close() {
    levels_.pop_back();
    return value();
  }
  bool value() {
    if (!levels_.empty() && levels_.back().index >= 0) ++levels_.back().index;
    return true;
  }

  std::vector<Level> levels_;
  std::size_t position_ = 0;
  std::string reason_;
};

// Byte offset of the bracket that opens level kMaxJsonDepth + 1, or npos. Brackets inside strings
// do not count; the scan does not validate (the parser does that next).
size_t too_deep_at(const std::string& text) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;  // skip the escaped character
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::string::npos;
}

}  // namespace

Error locate_json_error(const std::string& text, const std::string& root) {
  PathTracker tracker;
  json::sax_parse(text, &tracker);
  return {tracker.field(root), "is not valid JSON at byte " + std::to_string(tracker.position()) + ": " + tracker.reason(),
          "a JSON document (RFC 8259)"};
}

bool parse_untrusted_json(const std::string& text, const std::string& root, json& out, Error& error) {
  const size_t deep = too_deep_at(text);
  if (deep != std::string::npos) {
    const std::string most = std::to_string(kMaxJsonDepth);
    error = {root, "nests arrays/objects more than " + most + " levels deep (at byte " + std::to_string(deep) +
                           "); this build allows at most " + most,
             "a JSON document nested at most " + most + " levels deep"};
    return false;
  }
  out = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!out.is_discarded()) return true;
  error = locate_json_error(text, root);
  return false;
}

}  // namespace switchlab
