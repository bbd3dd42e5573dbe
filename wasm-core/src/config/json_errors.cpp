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

  std::string field() const {
    std::string f;
    for (size_t i = 0; i < levels_.size(); ++i) {
      if (i == kMaxLevels) return f + "...";  // a hostile body may nest 10^5 levels
      const Level& l = levels_[i];
      if (l.index < 0 && !l.keyed) break;  // an object whose first key was not read yet
      f += l.index >= 0 ? "[" + std::to_string(l.index) + "]" : (f.empty() ? "" : ".") + printable(l.key);
    }
    return f.empty() ? "config" : f;
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

}  // namespace

Error locate_json_error(const std::string& text) {
  PathTracker tracker;
  json::sax_parse(text, &tracker);
  return {tracker.field(), "is not valid JSON at byte " + std::to_string(tracker.position()) + ": " + tracker.reason(),
          "a JSON document (RFC 8259)"};
}

}  // namespace switchlab
