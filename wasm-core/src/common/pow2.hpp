#pragma once
// Power-of-two test shared by config checks (cache sampling, PLRU ways), the bit-permutation
// traffic patterns and the application skeletons.
#include <cstdint>

namespace switchlab {

inline bool is_pow2(uint64_t n) { return n != 0 && (n & (n - 1)) == 0; }

}  // namespace switchlab
