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

TEST(Crc, IdIsHashedAsFourLittleEndianBytes) {
  const uint8_t id[4] = {0x78, 0x56, 0x34, 0x12};
  EXPECT_EQ(crc32_of_id(0x12345678u), crc32(id, 4));
  EXPECT_EQ(crc16_of_id(0x12345678u), crc16_ccitt(id, 4));
}

TEST(Sha256, KnownDigests) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  // Two-block message (56 bytes forces a second padding block).
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}
