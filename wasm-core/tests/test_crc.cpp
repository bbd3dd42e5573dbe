#include <gtest/gtest.h>

#include <cstring>

#include "common/crc.hpp"
#include "common/sha256.hpp"

using namespace switchlab;

namespace {
const uint8_t* bytes(const char* s) { return reinterpret_cast<const uint8_t*>(s); }
}  // namespace

TEST(Crc, Crc32CheckValue) { EXPECT_EQ(crc32(bytes("123456789"), 9), 0xCBF43926u); }

TEST(Crc, Crc16CcittCheckValue) { EXPECT_EQ(crc16_ccitt(bytes("123456789"), 9), 0x29B1u); }

// Seed 000 Sec. IV-B hashes the 24-bit address: 3 bytes, here least significant first.
TEST(Crc, KeyIsHashedAsItsLittleEndianBytes) {
  const uint8_t id[8] = {0x78, 0x56, 0x34, 0x12, 0, 0, 0, 0};
  EXPECT_EQ(crc32_of_key(0x345678u, 24), crc32(id, 3));
  EXPECT_EQ(crc16_of_key(0x345678u, 24), crc16_ccitt(id, 3));
  EXPECT_EQ(crc32_of_key(0x12345678u, 32), crc32(id, 4));
  EXPECT_EQ(crc32_of_key(0x12345678u, 64), crc32(id, 8));
  const uint8_t nine_bits[2] = {0x78, 0x01};  // 9 bits round up to 2 bytes
  EXPECT_EQ(crc32_of_key(0x178u, 9), crc32(nine_bits, 2));
  // A 3-byte and a 4-byte hash of the same id differ (the trailing zero byte changes the CRC).
  EXPECT_NE(crc32_of_key(5, 24), crc32_of_key(5, 32));
}

TEST(Sha256, KnownDigests) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // Two-block message (56 bytes forces a second padding block).
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}
