#pragma once
// SHA-256 (FIPS 180-4), for content-addressed experiment ids. Our own so the id is computed by
// the same code in all three builds.
#include <string>

namespace switchlab {

// Lower-case hex digest of `data`.
std::string sha256_hex(const std::string& data);

}  // namespace switchlab
