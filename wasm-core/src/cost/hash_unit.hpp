#pragma once
// Switchable-hash unit (one per input port): published synthesis figures of seed 000 Sec. V-B
// (Nangate 45 nm, Synopsys DC), shipped as data in wasm-core/data/hash_unit.json. Not a fit and
// not scaled to other nodes; every figure carries its source sentence.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "common/params.hpp"

namespace switchlab::cost {

struct HashUnit {
  std::string id, label;
  double latency_ns = 0;  // routing-computation delay of the unit
  double stage_ns = 0;    // its slowest pipeline stage (bounds the forwarding rate)
  double area_um2 = 0;
  std::string latency_source, stage_source, area_source;
};

inline constexpr const char* kDefaultHashUnit = "switchable_pipelined";

// All published variants, in data order; empty if the shipped data is broken.
const std::vector<HashUnit>& hash_units();
const HashUnit* find_hash_unit(const std::string& id);
// The whole published table (supported shapes, synthesis setup, variants) as JSON.
const nlohmann::json& hash_unit_data();

// Reads hardware.hash_unit (one of the variant ids; default switchable_pipelined).
std::string read_hash_unit_id(Params& hardware);

}  // namespace switchlab::cost
