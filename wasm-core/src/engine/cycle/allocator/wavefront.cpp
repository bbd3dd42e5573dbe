// Wavefront allocator (Tamir and Chi 1993): the request matrix is swept diagonal by diagonal,
// starting from a top-priority diagonal that rotates every cycle; cells of one diagonal never
// share a row or column, so each is granted if its row and column are still free.
#include <algorithm>

#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {

void wavefront(const uint8_t* req, uint32_t ports, uint32_t, AllocState& st, Rng&, int32_t* out_to_in) {
  std::vector<int32_t>& in_used = st.by_input;
  std::fill(in_used.begin(), in_used.end(), 0);
  for (uint32_t o = 0; o < ports; ++o) out_to_in[o] = -1;
  for (uint32_t k = 0; k < ports; ++k) {
    const uint32_t d = (st.diagonal + k) % ports;
    for (uint32_t i = 0; i < ports; ++i) {
      const uint32_t o = (i + d) % ports;
      if (req[i * ports + o] && !in_used[i] && out_to_in[o] < 0) {
        in_used[i] = 1;
        out_to_in[o] = static_cast<int32_t>(i);
      }
    }
  }
  st.diagonal = (st.diagonal + 1) % ports;
}

const AllocatorRegistrar reg{{"wavefront", "wavefront allocator with a rotating priority diagonal", wavefront, false}};
}  // namespace
}  // namespace switchlab
