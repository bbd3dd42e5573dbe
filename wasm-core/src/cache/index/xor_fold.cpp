// XOR of the destination id's log2(sets)-bit chunks: a hash with no CRC circuit.
#include "cache/index.hpp"

namespace switchlab {
namespace {

uint32_t xor_fold(uint64_t key, uint32_t key_bits, uint32_t sets) {
  uint32_t bits = 0;  // ceil(log2(sets))
  while ((uint64_t{1} << bits) < sets) ++bits;
  if (bits == 0) return 0;
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  uint64_t folded = 0;
  for (uint32_t shift = 0; shift < key_bits; shift += bits) folded ^= (key >> shift) & mask;
  return static_cast<uint32_t>(folded % sets);
}

const IndexRegistrar reg{{"xor_fold", "XOR of the key_bits-bit destination id's log2(sets)-bit chunks, mod sets", xor_fold}};

}  // namespace
}  // namespace switchlab
