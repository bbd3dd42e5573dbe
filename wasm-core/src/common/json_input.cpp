#include "common/json_input.hpp"

#include <vector>

#include "common/params.hpp"

namespace switchlab {
namespace {

using Dom = nlohmann::detail::json_sax_dom_parser<json>;

// Forwards every event to nlohmann's DOM builder, keeping the path of the value being read and
// refusing nesting deeper than kMaxJsonDepth (nlohmann's event parser itself is iterative, but
// recursive consumers of a deep value are not).
class BoundedSax {
 public:
  explicit BoundedSax(json& out) : dom_(out, /*allow_exceptions=*/false) {}

  bool null() { return scalar(dom_.null()); }
  bool boolean(bool v) { return scalar(dom_.boolean(v)); }
  bool number_integer(json::number_integer_t v) { return scalar(dom_.number_integer(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return scalar(dom_.number_unsigned(v)); }
  bool number_float(json::number_float_t v, const json::string_t& s) { return scalar(dom_.number_float(v, s)); }
  bool string(json::string_t& v) { return scalar(dom_.string(v)); }
  bool binary(json::binary_t& v) { return scalar(dom_.binary(v)); }
  bool start_object(std::size_t n) { return open(true) && dom_.start_object(n); }
  bool start_array(std::size_t n) { return open(false) && dom_.start_array(n); }
  bool end_object() { return close() && dom_.end_object(); }
  bool end_array() { return close() && dom_.end_array(); }
  bool key(json::string_t& k) {
    frames_.back().key = k;
    frames_.back().in_value = true;
    return dom_.key(k);
  }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
    position_ = position;
    error_id_ = ex.id;
    detail_ = ex.what();
    const auto cut = detail_.find("] ");  // drop nlohmann's "[json.exception.parse_error.101] " tag
    if (cut != std::string::npos) detail_ = detail_.substr(cut + 2);
    // A failure between an object's values (a bad key, a missing comma) belongs to the object.
    field_ = !frames_.empty() && frames_.back().object && !frames_.back().in_value ? path(frames_.size() - 1) : path(frames_.size());
    return false;
  }

  bool too_deep() const { return too_deep_; }
  int error_id() const { return error_id_; }
  std::size_t position() const { return position_; }
  const std::string& detail() const { return detail_; }
  const std::string& field() const { return field_; }

 private:
  struct Frame {
    bool object;
    bool in_value = false;  // object: after a key, until its value ends
    size_t done = 0;        // array: elements read, i.e. the index of the one being read
    std::string key;
  };

  // A scalar arrives whole (a bad one fails before its event, with the path still on it).
  bool scalar(bool ok) {
    if (!frames_.empty()) {
      Frame& f = frames_.back();
      if (f.object) f.in_value = false; else ++f.done;
    }
    return ok;
  }
  bool open(bool object) {
    if (frames_.size() >= static_cast<size_t>(kMaxJsonDepth)) {
      too_deep_ = true;
      return false;
    }
    frames_.push_back(Frame{object, false, 0, std::string()});
    return true;
  }
  bool close() {
    frames_.pop_back();
    if (!frames_.empty()) scalar(true);  // the closed container is its parent's value
    return true;
  }
  std::string path(size_t levels) const {
    std::string p;
    for (size_t i = 0; i < levels; ++i) {
      const Frame& f = frames_[i];
      if (f.object && (f.in_value || i + 1 < levels)) {
        p += (p.empty() ? "" : ".") + display_key(f.key);
      } else if (!f.object) {
        p += "[" + std::to_string(f.done) + "]";
      }
    }
    return p;
  }

  Dom dom_;
  std::vector<Frame> frames_;
  bool too_deep_ = false;
  int error_id_ = 0;
  std::size_t position_ = 0;
  std::string detail_, field_;
};

// nlohmann's message, shortened and ASCII only: it quotes the last token read, which may be long
// and hold bytes that are not UTF-8 (the reason parsing stopped).
std::string short_detail(const std::string& detail) {
  constexpr size_t kMax = 160;
  std::string out = detail.substr(0, kMax);
  for (char& c : out)
    if (static_cast<unsigned char>(c) >= 0x80) c = '?';
  return detail.size() <= kMax ? out : out + "...";
}

}  // namespace

bool parse_json_input(const std::string& text, const std::string& what, const std::string& allowed, json& out,
                      Error& error) {
  out = json();
  BoundedSax sax(out);
  if (json::sax_parse(text, &sax, json::input_format_t::json, /*strict=*/true)) return true;
  out = json();
  if (sax.too_deep()) {
    error = {what, "nests arrays/objects more than " + std::to_string(kMaxJsonDepth) + " levels deep; at most " +
                       std::to_string(kMaxJsonDepth) + " are allowed",
             allowed + " nested at most " + std::to_string(kMaxJsonDepth) + " levels deep"};
    return false;
  }
  const std::string at = " at byte " + std::to_string(sax.position());
  const std::string field = sax.field().empty() ? what : sax.field();
  std::string message;
  if (sax.error_id() == 406) {  // out_of_range.406: a number beyond the double range
    message = "has a number out of range (larger than a double can hold, about 1.8e308)" + at;
  } else if (sax.detail().find("surrogate") != std::string::npos || sax.detail().find("'\\u'") != std::string::npos) {
    message = "has an invalid \\u escape (a lone or malformed UTF-16 surrogate)" + at;
  } else {
    message = "is not valid JSON" + at + ": " + short_detail(sax.detail());
  }
  error = {field, message, field == what ? allowed : "valid JSON (RFC 8259)"};
  return false;
}

}  // namespace switchlab
