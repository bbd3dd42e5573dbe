#pragma once
// Cache index functions, registered by name (`switch.cache.index`): which set a look-up goes to.
// One file per function under cache/index/, each with one IndexRegistrar line; the config enum,
// its description and docs/engines.md's list come from this table. The destination-keyed
// functions hash the destination id as the switch sees it, `switch.cam.key_bits` bits wide
// (docs/engines.md, "Destination ids and the index functions"). For non-power-of-two set counts
// every function reduces its value modulo the set count.
#include <cstdint>
#include <string>
#include <vector>

namespace switchlab {

// Set of a look-up keyed `key` in a cache of `sets` sets. `key` is a destination id of `key_bits`
// (1..64) bits, or the output port for a function keyed by the output port.
using SetFn = uint32_t (*)(uint64_t key, uint32_t key_bits, uint32_t sets);

struct IndexInfo {
  std::string name;
  std::string doc;
  SetFn set_of;
  // The tag is the output port routing picks at this switch, not the destination (seed 000
  // Sec. IV, the switchable hash); needs deterministic routing.
  bool keyed_by_output_port = false;
};

constexpr const char* kDefaultIndex = "crc32";

const std::vector<IndexInfo>& index_functions();
std::vector<std::string> index_function_names();
const IndexInfo* find_index_function(const std::string& name);
// "LEAD. name: doc; name: doc; ..." for the config field's description.
std::string describe_index_functions(const std::string& lead);

struct IndexRegistrar {
  explicit IndexRegistrar(IndexInfo info);
};

}  // namespace switchlab
