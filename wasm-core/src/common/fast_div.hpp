#pragma once
// Division of node and switch ids by a run-time constant (a torus dimension, a concentration) with
// one 64-bit multiply and a shift instead of a hardware divide, which costs ~25 cycles and was a
// third of the route walk's routing time. Exact for n, d < 2^21 (ids are below 2^20,
// topology/limits.hpp): with m = ceil(2^42 / d) and e = m d - 2^42 < d, floor(n m / 2^42) = floor(n / d)
// whenever n e < 2^42 (Granlund & Montgomery 1994, "Division by invariant integers using
// multiplication", Sec. 4), and n m < 2^63 + 2^21 fits in 64 bits.
#include <cstdint>

namespace switchlab {

class FastDiv {
 public:
  static constexpr uint32_t kMaxOperand = 1u << 21;

  FastDiv() = default;
  explicit FastDiv(uint32_t d) : d_(d), m_(((uint64_t{1} << kShift) + d - 1) / d) {}

  uint32_t div(uint32_t n) const { return static_cast<uint32_t>((n * m_) >> kShift); }
  uint32_t mod(uint32_t n) const { return n - div(n) * d_; }
  uint32_t divisor() const { return d_; }

 private:
  static constexpr unsigned kShift = 42;
  uint32_t d_ = 1;
  uint64_t m_ = uint64_t{1} << kShift;
};

}  // namespace switchlab
