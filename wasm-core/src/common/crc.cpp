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

void id_bytes(uint32_t id, uint8_t out[4]) {
  for (int i = 0; i < 4; ++i) out[i] = static_cast<uint8_t>(id >> (8 * i));
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

uint32_t crc32_of_id(uint32_t id) {
  uint8_t b[4];
  id_bytes(id, b);
  return crc32(b, 4);
}

uint16_t crc16_of_id(uint32_t id) {
  uint8_t b[4];
  id_bytes(id, b);
  return crc16_ccitt(b, 4);
}

}  // namespace switchlab
