#include "cache/set_assoc.hpp"

#include <algorithm>

namespace switchlab {

SetAssocCache::SetAssocCache(const CacheGeometry& g, uint64_t seed)
    : access_(g.policy->access),
      state_(g.entries, g.ways, g.policy->meta_words_per_set ? g.policy->meta_words_per_set(g.ways) : 0, seed) {}

void SetAssocCache::clear() {
  state_.tags.clear();
  state_.meta.clear();
  state_.list.clear();
}

uint32_t SetAssocCache::occupancy() const {
  const auto& t = state_.tags;
  return state_.list.size() +
         static_cast<uint32_t>(std::count_if(t.begin(), t.end(), [](uint32_t x) { return x != CacheState::kEmpty; }));
}

}  // namespace switchlab
