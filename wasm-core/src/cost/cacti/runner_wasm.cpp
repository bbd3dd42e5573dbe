// CACTI 7 in the WebAssembly core (runner.hpp). CACTI is a second WebAssembly module, not part of
// the core (build/wasm/cacti.mjs, or cacti_mt.mjs with threads; wasm-core/CMakeLists.txt), so the
// core stays small and a page downloads CACTI only when a run needs exact cost figures. The host
// (the browser's core worker, frontend/src/core/cacti.ts; node, bindings/wasm/load_node.mjs) loads it
// and registers its runner (bindings/wasm/cacti_runner.js) as globalThis.switchlabCacti; run()
// calls that synchronously on the calling thread, so it is available on the thread that loaded it.
// Where nothing is registered, available() is false and cost.method "cacti" is refused by name.
#include <emscripten.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "cost/cacti/runner.hpp"

namespace switchlab::cost::cacti {
namespace {

EM_JS(int, cacti_js_available, (), {
  const r = globalThis.switchlabCacti;
  return typeof r === "object" && r !== null && typeof r.run === "function" ? 1 : 0;
});

// The runner's answer as JSON text in memory the caller frees; a runner that throws (it catches
// CACTI's exits and aborts itself, so only a broken host would) answers exit code -1 and why.
// (Its strings are in double quotes: single ones would be character constants to the preprocessor.)
EM_JS(char*, cacti_js_run, (const char* cfg, double time_limit_s), {
  let answer;
  try {
    answer = globalThis.switchlabCacti.run(UTF8ToString(cfg), time_limit_s);
  } catch (e) {
    answer = { exit_code: -1, timed_out: false, out: "", err: "CACTI runner failed: " + e };
  }
  const text = JSON.stringify(answer);
  const size = lengthBytesUTF8(text) + 1;
  const ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});

}  // namespace

bool available() { return cacti_js_available() != 0; }

RunOutput run(const std::string& cfg_text, double time_limit_s) {
  RunOutput r;
  if (!available()) {
    r.exit_code = -1;
    r.err = "CACTI's WebAssembly module is not loaded on this thread";
    return r;
  }
  char* raw = cacti_js_run(cfg_text.c_str(), time_limit_s);
  const nlohmann::json answer = nlohmann::json::parse(raw, nullptr, false);
  std::free(raw);
  r.exit_code = answer.value("exit_code", -1);
  r.timed_out = answer.value("timed_out", false);
  r.out = answer.value("out", std::string());
  r.err = answer.value("err", std::string());
  return r;
}

}  // namespace switchlab::cost::cacti
