#include "cache/miss_classifier.hpp"

namespace switchlab {

MissClassifier::MissClassifier(size_t caches, uint32_t entries, uint32_t keys) {
  if (keys <= entries) {
    words_per_cache_ = (size_t{keys} + 63) / 64;
    seen_.assign(caches * words_per_cache_, 0);
  } else {
    shadow_.assign(caches, LruList(entries, /*remember_evicted=*/true));
  }
}

}  // namespace switchlab
