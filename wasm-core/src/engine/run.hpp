#pragma once
// One engine run, advanced in steps so callers can show progress and cancel between them (the
// browser's worker). The outcome does not depend on the step sizes.
#include <cstdint>

#include <nlohmann/json.hpp>

namespace switchlab {

class EngineRun {
 public:
  virtual ~EngineRun() = default;
  // Work units of the whole run (packets, cycles): the denominator of progress.
  virtual uint64_t total() const = 0;
  // What total() counts, plural ("packets", "cycles"): the unit a progress report names.
  virtual const char* work_unit() const = 0;
  // Does up to `units` more work; returns the units left (0 when done).
  virtual uint64_t advance(uint64_t units) = 0;
  // The engine's sections of the result.
  virtual nlohmann::json report() const = 0;

};

}  // namespace switchlab
