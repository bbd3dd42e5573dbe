#pragma once
// Buffer occupancy over the measured window: the time integral of each switch's buffered flits,
// kept up to date on every change (no per-cycle scan, so idle switches cost nothing).
#include <algorithm>
#include <cstdint>
#include <vector>

namespace switchlab {

class WindowOccupancy {
 public:
  WindowOccupancy(size_t switches, uint64_t from, uint64_t to)
      : from_(from), to_(to), area_(switches, 0), since_(switches, 0), peak_(switches, 0) {}

  // Switch `s` held `before` flits since its last change and holds `after` from cycle `now`.
  void change(size_t s, uint64_t now, uint32_t before, uint32_t after) {
    area_[s] += uint64_t{before} * overlap(since_[s], now);
    since_[s] = now;
    if (now >= from_ && now < to_) peak_[s] = std::max(peak_[s], after);
  }
  // Flit-cycles of switch `s` in the window, holding `current` flits now (cycle `now`).
  uint64_t area(size_t s, uint64_t now, uint32_t current) const {
    return area_[s] + uint64_t{current} * overlap(since_[s], now);
  }
  // Most flits switch `s` held at once in the window (flits already there at its start included).
  uint32_t peak(size_t s) const { return peak_[s]; }

 private:
  // Cycles of [a, b) inside the window.
  uint64_t overlap(uint64_t a, uint64_t b) const {
    const uint64_t lo = std::max(a, from_), hi = std::min(b, to_);
    return hi > lo ? hi - lo : 0;
  }
  uint64_t from_, to_;
  std::vector<uint64_t> area_, since_;
  std::vector<uint32_t> peak_;
};

}  // namespace switchlab
