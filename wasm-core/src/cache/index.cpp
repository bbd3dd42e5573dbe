#include "cache/index.hpp"

#include "common/crc.hpp"

namespace switchlab {

const std::vector<std::string>& index_kind_names() {
  static const std::vector<std::string> names = {"crc32", "crc16", "xor_fold", "low_bits", "switchable"};
  return names;
}

IndexKind index_kind_from_name(const std::string& name) {
  const auto& n = index_kind_names();
  for (size_t i = 0; i < n.size(); ++i)
    if (n[i] == name) return static_cast<IndexKind>(i);
  return IndexKind::Crc32;
}

namespace {
uint32_t xor_fold(uint32_t id, uint32_t sets) {
  uint32_t bits = 0;
  while ((uint64_t{1} << bits) < sets) ++bits;
  if (bits == 0) return 0;
  uint32_t folded = 0;
  for (uint32_t v = id; v != 0; v = bits >= 32 ? 0 : v >> bits) folded ^= v & ((uint64_t{1} << bits) - 1);
  return folded;
}
}  // namespace

uint32_t index_of(IndexKind kind, uint32_t id, uint32_t sets) {
  switch (kind) {
    case IndexKind::Crc32: return crc32_of_id(id) % sets;
    case IndexKind::Crc16: return crc16_of_id(id) % sets;
    case IndexKind::XorFold: return xor_fold(id, sets) % sets;
    case IndexKind::LowBits: return id % sets;
    case IndexKind::Switchable: return id % sets;  // id is the output-port tag here
  }
  return 0;
}

}  // namespace switchlab
