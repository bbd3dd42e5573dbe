#include "common/crc.hpp"

#include <array>

namespace switchlab {
namespace {

constexpr std::array<uint32_t, 256> make_crc32_table() {
  std::array<uint32_t, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
  return t;
}

constexpr std::array<uint16_t, 256> make_crc16_table() {
  std::array<uint16_t, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint16_t c = static_cast<uint16_t>(i << 8);
    for (int k = 0; k < 8; ++k) c = (c & 0x8000) ? static_cast<uint16_t>((c << 1) ^ 0x1021) : static_cast<uint16_t>(c << 1);
    t[i] = c;
  }
  return t;
}

constexpr auto kCrc32Table = make_crc32_table();
constexpr auto kCrc16Table = make_crc16_table();

// Little-endian bytes of a key_bits-bit key; returns their number.
size_t key_bytes(uint64_t key, uint32_t key_bits, uint8_t out[8]) {
  const size_t n = (key_bits + 7) / 8;
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<uint8_t>(key >> (8 * i));
  return n;
}

}  // namespace

uint32_t crc32(const uint8_t* data, size_t len) {
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < len; ++i) c = kCrc32Table[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

uint16_t crc16_ccitt(const uint8_t* data, size_t len) {
  uint16_t c = 0xFFFF;
  for (size_t i = 0; i < len; ++i) c = static_cast<uint16_t>((c << 8) ^ kCrc16Table[((c >> 8) ^ data[i]) & 0xFF]);
  return c;
}

uint32_t crc32_of_key(uint64_t key, uint32_t key_bits) {
  uint8_t b[8];
  return crc32(b, key_bytes(key, key_bits, b));
}

uint16_t crc16_of_key(uint64_t key, uint32_t key_bits) {
  uint8_t b[8];
  return crc16_ccitt(b, key_bytes(key, key_bits, b));
}

}  // namespace switchlab
