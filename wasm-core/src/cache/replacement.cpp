#include "cache/replacement.hpp"

namespace switchlab {

bool parse_policy(const std::string& name, Policy& out) {
  for (Policy p : {Policy::Lru, Policy::Plru, Policy::Fifo, Policy::Random, Policy::Lfu}) {
    if (name == policy_name(p)) {
      out = p;
      return true;
    }
  }
  return false;
}

}  // namespace switchlab
