#pragma once
// Replacement policies of the per-port routing-table cache (docs/engines.md, Caches).
#include <cstdint>
#include <string>

namespace switchlab {

enum class Policy : uint8_t { Lru, Plru, Fifo, Random, Lfu };

// Config names, in the order of the enum.
inline const char* policy_name(Policy p) {
  static const char* names[] = {"lru", "plru", "fifo", "random", "lfu"};
  return names[static_cast<int>(p)];
}

bool parse_policy(const std::string& name, Policy& out);

}  // namespace switchlab
