#pragma once
// The project's own RNG and distributions. std:: distributions are implementation-defined and
// differ between libstdc++ (native) and libc++ (Emscripten); everything here is integer or
// exactly-specified IEEE arithmetic, so native and WASM builds draw identical streams.
#include <cmath>
#include <cstdint>

namespace switchlab {

// The high 64 bits of a * b from 32-bit halves (exact; tests check it against a 128-bit multiply).
inline uint64_t mul_high_by_halves(uint64_t a, uint64_t b) {
  const uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32, b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
  const uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
  const uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
  return hi_hi + (hi_lo >> 32) + (cross >> 32);
}

// xoshiro256** (Blackman & Vigna), seeded through splitmix64 as its authors recommend.
class Rng {
 public:
  explicit Rng(uint64_t seed) {
    uint64_t x = seed;
    for (auto& s : s_) s = splitmix64(x);
  }

  uint64_t next_u64() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n), n > 0, without modulo bias (Lemire's multiply-and-reject).
  uint64_t uniform_u64(uint64_t n) {
    uint64_t x = next_u64();
    uint64_t low = x * n;
    if (low < n) {
      const uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        x = next_u64();
        low = x * n;
      }
    }
    return mul_high(x, n);
  }

  // Uniform double in [0, 1) with 53 random bits (exact, toolchain independent).
  double uniform01() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

  bool bernoulli(double p) { return uniform01() < p; }

  // bernoulli(p) for a p drawn against many times, as an integer compare: the same draw and
  // outcome, since uniform01() < p <=> (53-bit draw) < ceil(p * 2^53), every step exact.
  static uint64_t bernoulli_threshold(double p) {
    if (!(p > 0)) return 0;
    return p >= 1 ? uint64_t{1} << 53 : static_cast<uint64_t>(std::ceil(p * 0x1.0p53));
  }
  bool bernoulli_below(uint64_t threshold) { return (next_u64() >> 11) < threshold; }

  // Independent stream for a sub-component, derived deterministically from this one's seed.
  static uint64_t derive(uint64_t seed, uint64_t stream) {
    uint64_t x = seed ^ (0x9E3779B97F4A7C15ULL * (stream + 1));
    return splitmix64(x);
  }

 private:
  // The high 64 bits of the 128-bit product. WebAssembly has no 128-bit multiply (clang calls a
  // library routine for unsigned __int128), so there it is built from 32-bit halves; same result.
  static uint64_t mul_high(uint64_t a, uint64_t b) {
#if defined(__SIZEOF_INT128__) && !defined(__EMSCRIPTEN__)
    return static_cast<uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
#else
    return mul_high_by_halves(a, b);
#endif
  }
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  uint64_t s_[4];
};

}  // namespace switchlab
