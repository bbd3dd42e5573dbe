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

// A word with its bits [0, n) set (n <= 64).
inline uint64_t low_bits(uint32_t n) { return n == 64 ? ~uint64_t{0} : ~(~uint64_t{0} << n); }

// The bits [lo, lo + n) of the set whose k-th word is word(k), as one word, bit 0 = bit lo
// (0 < n <= 64).
template <class Word>
uint64_t window_of(Word word, uint32_t lo, uint32_t n) {
  const uint32_t k = lo >> 6, shift = lo & 63;
  uint64_t m = word(k) >> shift;
  if (shift + n > 64) m |= word(k + 1) << (64 - shift);  // shift > 0 here
  return m & low_bits(n);
}
inline uint64_t window(const uint64_t* w, uint32_t lo, uint32_t n) {
  return window_of([&](uint32_t k) { return w[k]; }, lo, n);
}

// Calls f(b) for every set bit b in [lo, hi) of the set whose k-th word is word(k), ascending (a
// switch's range of a set over all queues). A range of up to 64 bits is read as one window (no
// per-word masking). Each word is read before its bits are visited, as in for_each_bit. (This and
// for_each_bit_in always inlined: out of line, each switch step paid a call with its captures for
// every bit set it scans.)
template <class Word, class F>
[[gnu::always_inline]] inline void for_each_bit_of(Word word, uint32_t lo, uint32_t hi, F f) {
  if (lo >= hi) return;
  if (hi - lo <= 64) {
    for (uint64_t m = window_of(word, lo, hi - lo); m; m &= m - 1) f(lo + lowest_bit(m));
    return;
  }
  const uint32_t last = (hi - 1) >> 6;
  for (uint32_t k = lo >> 6; k <= last; ++k) {
    uint64_t m = word(k);
    if (k == lo >> 6) m &= ~uint64_t{0} << (lo & 63);
    if (k == last && (hi & 63)) m &= low_bits(hi & 63);
    for (; m; m &= m - 1) f(k * 64 + lowest_bit(m));
  }
}
template <class F>
[[gnu::always_inline]] inline void for_each_bit_in(const uint64_t* w, uint32_t lo, uint32_t hi, F f) {
  for_each_bit_of([&](uint32_t k) { return w[k]; }, lo, hi, f);
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
