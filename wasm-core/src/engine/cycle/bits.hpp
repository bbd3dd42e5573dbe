#pragma once
// Bit sets as rows of 64-bit words, for the cycle engine's hot loops: which queues have a head,
// which ports request which, which nodes have flits to send. Scanning a word with count-trailing-
// zeros replaces a loop over every queue or port; ports <= 64 take one word per row, larger
// radices several (same code).
#include <cstdint>

namespace switchlab {

inline uint32_t words_for(uint32_t bits) { return (bits + 63) / 64; }
inline bool test_bit(const uint64_t* w, uint32_t b) { return (w[b >> 6] >> (b & 63)) & 1; }
inline void set_bit(uint64_t* w, uint32_t b) { w[b >> 6] |= uint64_t{1} << (b & 63); }
inline void clear_bit(uint64_t* w, uint32_t b) { w[b >> 6] &= ~(uint64_t{1} << (b & 63)); }
inline uint32_t lowest_bit(uint64_t m) { return static_cast<uint32_t>(__builtin_ctzll(m)); }

// Sets the bits [0, n) of a set of `words` = words_for(n) words (every port free).
inline void set_all(uint64_t* w, uint32_t words, uint32_t n) {
  for (uint32_t k = 0; k + 1 < words; ++k) w[k] = ~uint64_t{0};
  w[words - 1] = n & 63 ? ~(~uint64_t{0} << (n & 63)) : ~uint64_t{0};
}

// Calls f(b) for every set bit b of a set of `words` words, ascending. Each word is read once
// before its bits are visited, so f may clear bits it has been given.
template <class F>
void for_each_bit(const uint64_t* w, uint32_t words, F f) {
  for (uint32_t k = 0; k < words; ++k)
    for (uint64_t m = w[k]; m; m &= m - 1) f(k * 64 + lowest_bit(m));
}

// The bits [lo, lo + n) of a set as one word, bit 0 = bit lo (0 < n <= 64).
inline uint64_t window(const uint64_t* w, uint32_t lo, uint32_t n) {
  const uint32_t k = lo >> 6, shift = lo & 63;
  uint64_t m = w[k] >> shift;
  if (shift + n > 64) m |= w[k + 1] << (64 - shift);  // shift > 0 here
  return n == 64 ? m : m & ~(~uint64_t{0} << n);
}

// The same over the bits in [lo, hi) only (a switch's range of a set over all queues). A range
// of up to 64 bits is read as one window (no per-word masking).
template <class F>
void for_each_bit_in(const uint64_t* w, uint32_t lo, uint32_t hi, F f) {
  if (lo >= hi) return;
  if (hi - lo <= 64) {
    for (uint64_t m = window(w, lo, hi - lo); m; m &= m - 1) f(lo + lowest_bit(m));
    return;
  }
  const uint32_t last = (hi - 1) >> 6;
  for (uint32_t k = lo >> 6; k <= last; ++k) {
    uint64_t m = w[k];
    if (k == lo >> 6) m &= ~uint64_t{0} << (lo & 63);
    if (k == last && (hi & 63)) m &= ~(~uint64_t{0} << (hi & 63));
    for (; m; m &= m - 1) f(k * 64 + lowest_bit(m));
  }
}

// First set bit at or after `from`, cyclically, of the set of `words` words whose k-th word is
// word(k), or -1: a round-robin arbiter over a request set.
template <class Word>
int32_t first_bit_from(uint32_t from, uint32_t words, Word word) {
  for (uint32_t k = from >> 6; k < words; ++k) {
    uint64_t m = word(k);
    if (k == from >> 6) m &= ~uint64_t{0} << (from & 63);
    if (m) return static_cast<int32_t>(k * 64 + lowest_bit(m));
  }
  // Nothing at or after `from`: the lowest set bit overall (it is below `from`).
  for (uint32_t k = 0; k <= (from >> 6) && k < words; ++k)
    if (const uint64_t m = word(k)) return static_cast<int32_t>(k * 64 + lowest_bit(m));
  return -1;
}

}  // namespace switchlab
