// CRC-32 of the destination id (seed 001 Sec. 3: the CRC hash stage of the RC pipeline; seed 000
// Sec. IV-B: the CRC datapath for arbitrary topologies over the 24-bit address).
#include "cache/index.hpp"
#include "common/crc.hpp"

namespace switchlab {
namespace {
const IndexRegistrar reg{{"crc32", "CRC-32 of the destination id's ceil(key_bits/8) bytes, mod sets",
                          [](uint64_t key, uint32_t key_bits, uint32_t sets) { return crc32_of_key(key, key_bits) % sets; }}};
}  // namespace
}  // namespace switchlab
