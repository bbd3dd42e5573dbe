// Wavefront allocator (Tamir and Chi 1993): the request matrix is swept diagonal by diagonal,
// starting from a top-priority diagonal that rotates every cycle; cells of one diagonal never
// share a row or column, so each is granted if its row and column are still free.
#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {

void wavefront(const Requests& req, uint32_t, AllocState& st, Rng&, int32_t* out_to_in) {
  const uint32_t ports = req.ports;
  set_all(st.free_in.data(), req.words, ports);
  for (uint32_t o = 0; o < ports; ++o) out_to_in[o] = -1;
  for (uint32_t k = 0; k < ports; ++k) {
    const uint32_t d = (st.diagonal + k) % ports;
    for (uint32_t i = 0; i < ports; ++i) {
      const uint32_t o = (i + d) % ports;
      if (req.has(i, o) && test_bit(st.free_in.data(), i) && out_to_in[o] < 0) {
        clear_bit(st.free_in.data(), i);
        out_to_in[o] = static_cast<int32_t>(i);
      }
    }
  }
  st.diagonal = (st.diagonal + 1) % ports;
}

const AllocatorRegistrar reg{{"wavefront", "wavefront allocator with a rotating priority diagonal", wavefront, false}};
}  // namespace
}  // namespace switchlab
