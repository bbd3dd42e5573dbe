// Bit-permutation patterns on node ids (or a job's ranks) of b = log2(n) bits. Definitions of
// Dally & Towles, "Principles and Practices of Interconnection Networks" (2004), Sec. 3.2, Table
// 3.2, as implemented in BookSim2 (src/traffic.cpp: bitcomp, bitrev, shuffle, transpose); s_i
// is bit i of the source, d_i of the destination:
//   bit_complement  d_i = not s_i
//   bit_reverse     d_i = s_{b-1-i}
//   shuffle         d_i = s_{(i-1) mod b}      (rotate left by one bit)
//   transpose       d_i = s_{(i+b/2) mod b}    (swap the two halves; b must be even, as in BookSim)
// They need a power-of-two node count. Sources the permutation maps to themselves (bit_reverse
// palindromes, transpose's "diagonal", shuffle's all-zeros and all-ones) are redrawn
// (MapPattern), so those nodes send nothing but still receive.
#include "common/pow2.hpp"
#include "traffic/pattern_util.hpp"

namespace switchlab {
namespace {

using traffic_detail::log2_exact;
using traffic_detail::MapPattern;

enum class Bits { Complement, Reverse, Shuffle, Transpose };

struct BitMap {
  Bits kind;
  uint32_t b;  // bits per id
  uint32_t operator()(uint32_t s) const {
    const uint32_t mask = b >= 32 ? ~0u : (1u << b) - 1;
    switch (kind) {
      case Bits::Complement:
        return ~s & mask;
      case Bits::Reverse: {
        uint32_t d = 0;
        for (uint32_t i = 0; i < b; ++i) d |= ((s >> i) & 1u) << (b - 1 - i);
        return d;
      }
      case Bits::Shuffle:
        return ((s << 1) & mask) | (s >> (b - 1));
      case Bits::Transpose: {
        const uint32_t h = b / 2, lo = (1u << h) - 1;
        return ((s >> h) & lo) | ((s & lo) << h);
      }
    }
    return s;
  }
};

class BitSpec final : public RankSpec {
 public:
  explicit BitSpec(Bits k) : kind_(k) {}
  std::string check(uint32_t n) const override {
    if (!is_pow2(n) || n < 2) return "needs a power-of-two number of nodes (2, 4, 8, ...)";
    const uint32_t b = log2_exact(n);
    if (kind_ == Bits::Transpose && b % 2 != 0)
      return "needs an even power of two number of nodes (4, 16, 64, 256, ...) to swap the two halves of the id";
    // With one bit, reverse and shuffle are the identity: nobody would send.
    if (b < 2 && (kind_ == Bits::Reverse || kind_ == Bits::Shuffle))
      return "maps every node to itself on 2 nodes; needs at least 4 nodes";
    return "";
  }
  std::unique_ptr<RankPattern> make(uint32_t n, uint64_t) const override {
    return std::make_unique<MapPattern<BitMap>>(n, BitMap{kind_, log2_exact(n)});
  }

 private:
  Bits kind_;
};

template <Bits K>
std::unique_ptr<RankSpec> make_spec(Params&, uint32_t) {
  return std::make_unique<BitSpec>(K);
}

const TrafficRegistrar complement{{"bit_complement", "Destination = bitwise complement of the source id (power-of-two nodes)",
                                   nullptr, make_spec<Bits::Complement>}};
const TrafficRegistrar reverse{{"bit_reverse", "Destination = source id with its bits reversed (power-of-two nodes)",
                                nullptr, make_spec<Bits::Reverse>}};
const TrafficRegistrar shuffle{{"shuffle", "Destination = source id rotated left by one bit (power-of-two nodes)",
                                nullptr, make_spec<Bits::Shuffle>}};
const TrafficRegistrar transpose{{"transpose", "Destination = source id with its two halves swapped (even power-of-two nodes)",
                                  nullptr, make_spec<Bits::Transpose>}};

}  // namespace
}  // namespace switchlab
