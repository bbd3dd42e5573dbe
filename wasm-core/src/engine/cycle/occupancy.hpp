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
      : from_(from), to_(to), area_(switches, 0), peak_(switches, 0) {}

  // The cycle of the enters and leaves that follow (once per cycle rather than per flit).
  void at(uint64_t now) {
    now_ = clamp(now);
    in_window_ = now >= from_ && now < to_;
  }
  // A flit enters switch `s`; the switch then holds `after` flits.
  void enter(size_t s, uint32_t after) {
    area_[s] -= now_;
    if (in_window_) peak_[s] = std::max(peak_[s], after);
  }
  // A flit leaves switch `s` (a fall never makes a peak).
  void leave(size_t s) { area_[s] += now_; }
  // At the window's start: the `held` flits already in switch `s` count toward its peak.
  void start(size_t s, uint32_t held) { peak_[s] = std::max(peak_[s], held); }
  // Flit-cycles of switch `s` in the window, holding `current` flits now (cycle `now`).
  uint64_t area(size_t s, uint64_t now, uint32_t current) const { return area_[s] + uint64_t{current} * clamp(now); }
  // Most flits switch `s` held at once in the window (flits already there at its start included).
  uint32_t peak(size_t s) const { return peak_[s]; }

 private:
  // Cycle t clamped into the window: a flit held over [a, b) spends clamp(b) - clamp(a) cycles
  // in it, so each switch's sum is kept as its leaves minus its entries (modulo 2^64 until the
  // flits still held are added; the total is exact).
  uint64_t clamp(uint64_t t) const { return std::min(std::max(t, from_), to_); }
  uint64_t from_, to_;
  uint64_t now_ = 0;  // the cycle of at(), clamped into the window
  bool in_window_ = false;
  std::vector<uint64_t> area_;
  std::vector<uint32_t> peak_;
};

}  // namespace switchlab
