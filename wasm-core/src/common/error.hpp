#pragma once
// Errors are values: the WASM build runs with exception catching off, so every bad input must
// come back as an Error naming the field and what is allowed, never as a throw or an abort.
#include <string>

namespace switchlab {

struct Error {
  std::string field;    // dotted path into the config, e.g. "switch.cache.ways"
  std::string message;  // what is wrong and what is allowed
  std::string allowed;  // the allowed values in short ("an integer in [1, 64]"); "" if not expressible
};

// Keeps the first error reported; later ones are usually consequences of it.
class ErrorSink {
 public:
  void fail(std::string field, std::string message, std::string allowed = {}) {
    if (!failed_) {
      failed_ = true;
      error_ = Error{std::move(field), std::move(message), std::move(allowed)};
    }
  }
  // Names what is allowed for the error kept, where its reporter could not (it has no view of
  // the alternatives): describe() is called only when that error has no allowed text yet.
  template <class Describe>
  void allow(Describe describe) {
    if (failed_ && error_.allowed.empty()) error_.allowed = describe();
  }
  bool ok() const { return !failed_; }
  const Error& error() const { return error_; }

 private:
  bool failed_ = false;
  Error error_;
};

}  // namespace switchlab
