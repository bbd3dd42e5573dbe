// libFuzzer target over prepare(), the one entry point every layer hands untrusted config text to
// (docs/contract.md). Built with ASan and UBSan by scripts/fuzz.sh (make test-fuzz, make fuzz):
// any crash, sanitizer report, leak, time-out or out-of-memory is a finding. Beyond not
// crashing, every answer must be JSON with either an error naming a field or a prepared config.
#include <cstdint>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string out = switchlab::prepare_json(std::string(reinterpret_cast<const char*>(data), size));
  const nlohmann::json answer = nlohmann::json::parse(out, nullptr, /*allow_exceptions=*/false);
  const bool error = answer.is_object() && answer.contains("error") && answer["error"].is_object() &&
                     answer["error"].contains("field") && answer["error"]["field"].is_string() &&
                     !answer["error"]["field"].get_ref<const std::string&>().empty();
  const bool prepared = answer.is_object() && answer.contains("config") && answer.contains("summary");
  if (!error && !prepared) std::abort();  // malformed answer: report it as a crash
  return 0;
}
