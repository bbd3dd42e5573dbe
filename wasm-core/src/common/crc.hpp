#pragma once
// CRC hash functions used as cache index functions (seed 001 Sec. 3: the RC pipeline's first
// stage is a CRC of the destination) and for LAG link selection (seed 000 Sec. II).
#include <cstddef>
#include <cstdint>

namespace switchlab {

// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320, init and final xor 0xFFFFFFFF).
// Check value for "123456789": 0xCBF43926.
uint32_t crc32(const uint8_t* data, size_t len);

// CRC-16-CCITT "FALSE" variant (polynomial 0x1021, init 0xFFFF, not reflected, no final xor).
// Check value for "123456789": 0x29B1.
uint16_t crc16_ccitt(const uint8_t* data, size_t len);

// The CRC of a `key_bits`-bit destination id as the switch hashes it: its ceil(key_bits / 8)
// bytes, least significant first (seed 000 Sec. IV-B: a 24-bit address is 3 bytes). `key` must
// fit in key_bits (1..64) bits.
uint32_t crc32_of_key(uint64_t key, uint32_t key_bits);
uint16_t crc16_of_key(uint64_t key, uint32_t key_bits);

}  // namespace switchlab
