// The destination id's low bits: the plain indexing of a conventional cache.
#include "cache/index.hpp"

namespace switchlab {
namespace {
const IndexRegistrar reg{{"low_bits", "the destination id mod sets (its low bits for a power-of-two set count)",
                          [](uint64_t key, uint32_t, uint32_t sets) { return static_cast<uint32_t>(key % sets); }}};
}  // namespace
}  // namespace switchlab
