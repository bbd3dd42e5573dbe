#include "config/json_errors.hpp"

#include <set>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/params.hpp"

namespace switchlab {
namespace {

// Builds the value while following the parse with the path of the value being read: one level
// per open object (its current key) or array (its current index), so that an error names the
// field. A key given twice in one object stops the parse: a parser that kept the last (as
// nlohmann's does) would silently drop a value the user wrote.
class LocatingParser final : public nlohmann::json_sax<json> {
 public:
  explicit LocatingParser(json& out) : root_(out) {}
  bool null() override { return value() && put(nullptr); }
  bool boolean(bool v) override { return value() && put(v); }
  bool number_integer(number_integer_t v) override { return value() && put(v); }
  bool number_unsigned(number_unsigned_t v) override { return value() && put(v); }
  bool number_float(number_float_t v, const string_t&) override { return value() && put(v); }
  bool string(string_t& v) override { return value() && put(std::move(v)); }
  bool binary(binary_t& v) override { return value() && put(json::binary(std::move(v))); }
  bool start_object(std::size_t) override { return open(-1) && put(json::object()) && enter(); }
  bool key(string_t& k) override {
    Level& l = levels_.back();
    l.key = k;
    l.keyed = true;
    if (!l.keys.insert(k).second) {
      duplicate_ = true;
      return false;
    }
    slot_ = &(*open_.back())[k];
    return true;
  }
  bool end_object() override { return leave() && close(); }
  bool start_array(std::size_t) override { return open(0) && put(json::array()) && enter(); }
  bool end_array() override { return leave() && close(); }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override {
    position_ = position;
    reason_ = ex.what();
    overflow_ = ex.id == kNumberOverflow;
    return false;
  }
  bool duplicate() const { return duplicate_; }
  // Valid JSON (RFC 8259 sets no range) whose number no double holds: said as such, not as a syntax error.
  bool overflow() const { return overflow_; }

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
  static constexpr int kNumberOverflow = 406;  // nlohmann's out_of_range.406: "number overflow parsing ..."
  struct Level {
    std::string key;
    long index;          // -1 in an object
    bool keyed = false;  // an object: a key has been read
    std::set<std::string> keys;  // an object: its keys so far (ordered: no hash a crafted body could flood)
  };
  bool open(long index) {
    levels_.push_back({"", index, false, {}});
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

  // The value under construction (rather than nlohmann's own builder, which is not part of its
  // API): the open arrays and objects, and the slot the next value of an object goes to. Open
  // containers stay put: a container only grows once its open child has closed.
  template <class V>
  bool put(V&& v) {
    if (open_.empty()) last_ = &(root_ = json(std::forward<V>(v)));
    else if (open_.back()->is_array()) last_ = &open_.back()->emplace_back(std::forward<V>(v));
    else last_ = &(*slot_ = json(std::forward<V>(v)));
    return true;
  }
  bool enter() {
    open_.push_back(last_);
    return true;
  }
  bool leave() {
    open_.pop_back();
    return true;
  }

  json& root_;
  std::vector<json*> open_;
  json* slot_ = nullptr;
  json* last_ = nullptr;
  std::vector<Level> levels_;
  std::size_t position_ = 0;
  std::string reason_;
  bool duplicate_ = false;
  bool overflow_ = false;
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

bool parse_untrusted_json(const std::string& text, const std::string& root, json& out, Error& error) {
  const size_t deep = too_deep_at(text);
  if (deep != std::string::npos) {
    const std::string most = std::to_string(kMaxJsonDepth);
    error = {root, "nests arrays/objects more than " + most + " levels deep (at byte " + std::to_string(deep) +
                           "); this build allows at most " + most,
             "a JSON document nested at most " + most + " levels deep"};
    return false;
  }
  LocatingParser tracker(out);
  if (json::sax_parse(text, &tracker)) return true;
  out = json();
  if (tracker.duplicate())
    error = {tracker.field(root), "is given more than once in the same object", "each key at most once per object"};
  else if (tracker.overflow())
    error = {tracker.field(root), std::string(kNumberOverflowMessage) + " (at byte " + std::to_string(tracker.position()) + ")",
             kNumberOverflowAllowed};
  else
    error = {tracker.field(root), "is not valid JSON at byte " + std::to_string(tracker.position()) + ": " + tracker.reason(),
             "a JSON document (RFC 8259)"};
  return false;
}

}  // namespace switchlab
