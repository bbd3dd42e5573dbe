#pragma once
// Per-input-port routing-table cache (SRAM) cost: a CACTI-7 fit (see fit_model.hpp,
// docs/cost-model.md). Entry layout of seed 001 Sec. 3.2.1: 8 B destination id (tag),
// 2 B output port, 2 B reserved = 12 B, stored whole as the cache block.
#include <string>

#include <nlohmann/json.hpp>

#include "common/error.hpp"

namespace switchlab::cost {

// Already-parsed cache shape (the config layer reads switch.cache.*; see cost.hpp).
struct CacheSpec {
  int entries = 2048;     // 16..65,536
  int ways = 4;           // 1..16, or 0 = fully associative
  int entry_bytes = 12;   // 4..64 B (fitted on 12 and 16 B)
};

inline constexpr int kFullyAssociative = 0;
inline constexpr int kCacheEntriesMin = 16, kCacheEntriesMax = 65536;
inline constexpr int kCacheWaysMax = 16;
inline constexpr int kEntryBytesMin = 4, kEntryBytesMax = 64;

struct CacheCost {
  double access_ns = 0;        // CACTI access time
  double cycle_ns = 0;         // CACTI random cycle time
  double area_mm2 = 0;         // total area incl. tag array and peripherals
  double read_energy_nJ = 0;   // per look-up (fully associative: CACTI search/lookup energy)
  double leak_mW = 0;          // subthreshold leakage
  double total_leak_mW = 0;    // subthreshold + gate leakage (CACTI total)
  // CACTI cannot organise a set-associative array with fewer than `min_sets` (32) sets: then
  // `organisable` is false and every figure above is the fully associative one of equal size.
  bool organisable = true;
  bool fully_associative_figures = false;  // figures are those of a fully associative array
  bool extrapolated = false;  // entries or entry_bytes outside the fitted span
  std::string note;           // human-readable explanation of the two flags above
  std::string method = "fit";  // "fit" (this file) or "cacti" (CACTI 7 itself, cost/exact.hpp)
  nlohmann::json cacti;        // method cacti: organisation, time breakdown, area split, versions
  // Method cacti, figures of the fallback array: CACTI's refusal of the asked array (field, message
  // naming what it builds instead, allowed); null otherwise.
  nlohmann::json refusal;
};

// Validates `spec` (errors name switch.cache.<field>) and evaluates the fit at `tech_nm`
// (must be one of kTechNodesNm; read it with read_tech_nm()).
CacheCost estimate_cache(const CacheSpec& spec, int tech_nm, ErrorSink& errors);

// Checks only; true if valid. Used by estimate_cache and usable by the config layer.
bool validate_cache_spec(const CacheSpec& spec, ErrorSink& errors);

}  // namespace switchlab::cost
