// CRC-16-CCITT of the destination id: a cheaper CRC stage than CRC-32 (seed 001 Sec. 3).
#include "cache/index.hpp"
#include "common/crc.hpp"

namespace switchlab {
namespace {
const IndexRegistrar reg{{"crc16", "CRC-16-CCITT of the destination id's ceil(key_bits/8) bytes, mod sets",
                          [](uint64_t key, uint32_t key_bits, uint32_t sets) -> uint32_t {
                            return crc16_of_key(key, key_bits) % sets;
                          }}};
}  // namespace
}  // namespace switchlab
