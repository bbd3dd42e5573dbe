#pragma once
// The project's own RNG and distributions. std:: distributions are implementation-defined and
// differ between libstdc++ (native) and libc++ (Emscripten); everything here is integer or
// exactly-specified IEEE arithmetic, so native and WASM builds draw identical streams.
#include <cstdint>

namespace switchlab {

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
    unsigned __int128 m = static_cast<unsigned __int128>(x) * n;
    uint64_t low = static_cast<uint64_t>(m);
    if (low < n) {
      const uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        x = next_u64();
        m = static_cast<unsigned __int128>(x) * n;
        low = static_cast<uint64_t>(m);
      }
    }
    return static_cast<uint64_t>(m >> 64);
  }

  // Uniform double in [0, 1) with 53 random bits (exact, toolchain independent).
  double uniform01() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

  bool bernoulli(double p) { return uniform01() < p; }

  // Independent stream for a sub-component, derived deterministically from this one's seed.
  static uint64_t derive(uint64_t seed, uint64_t stream) {
    uint64_t x = seed ^ (0x9E3779B97F4A7C15ULL * (stream + 1));
    return splitmix64(x);
  }

 private:
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
