#pragma once
// The route walk's measured packets by (switches on the path, look-ups that hit). A packet's
// zero-load latency depends on nothing else (per switch RC hit or miss + the rest of the pipeline,
// per link the link delay), so the latency distribution and every per-packet statistic follow from
// these counts, and the hot path does one increment per packet.
#include <cstdint>
#include <map>
#include <vector>

namespace switchlab {

class PathOutcomes {
 public:
  explicit PathOutcomes(uint32_t max_hops)
      : stride_(max_hops + 1), dense_(stride_ <= kDenseStride ? size_t{stride_} * stride_ : 0, 0) {}

  void add(uint32_t hops, uint32_t hits) {
    if (!dense_.empty()) ++dense_[size_t{hops} * stride_ + hits];
    else ++sparse_[uint64_t{hops} << 32 | hits];
  }

  // f(hops, hits, packets) for every outcome seen, by hops, then hits.
  template <class F>
  void for_each(F&& f) const {
    for (size_t i = 0; i < dense_.size(); ++i)
      if (dense_[i]) f(static_cast<uint32_t>(i / stride_), static_cast<uint32_t>(i % stride_), dense_[i]);
    for (const auto& [key, packets] : sparse_) f(static_cast<uint32_t>(key >> 32), static_cast<uint32_t>(key), packets);
  }

 private:
  // Paths of up to 255 switches in a flat table (512 KB); longer ones (big meshes) in a map.
  static constexpr uint32_t kDenseStride = 256;
  uint32_t stride_;
  std::vector<uint64_t> dense_;
  std::map<uint64_t, uint64_t> sparse_;
};

}  // namespace switchlab
