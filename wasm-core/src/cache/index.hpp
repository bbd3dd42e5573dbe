#pragma once
// Cache index functions: which set a look-up goes to and which tag it carries.
//  - crc32 / crc16: CRC of the destination id (seed 001 Sec. 3: CRC hash stage of the RC pipeline)
//  - xor_fold: XOR of the id's log2(sets)-bit chunks;  low_bits: the id's low bits
//  - switchable: seed 000 Sec. IV — the tag is the output port DOR / up*-down* / minimal routing
//    picks at this switch (Algorithms 1 and 2), so all destinations leaving by one port share one
//    entry; set = tag mod sets (the paper's "obvious" conflict-free allocation).
// For non-power-of-two set counts every function reduces its value modulo the set count.
#include <cstdint>
#include <string>
#include <vector>

namespace switchlab {

enum class IndexKind : uint8_t { Crc32, Crc16, XorFold, LowBits, Switchable };

const std::vector<std::string>& index_kind_names();
IndexKind index_kind_from_name(const std::string& name);  // name must be valid

// Set of destination `id` for the destination-keyed functions (not Switchable).
uint32_t index_of(IndexKind kind, uint32_t id, uint32_t sets);

}  // namespace switchlab
