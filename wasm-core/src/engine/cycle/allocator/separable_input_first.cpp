// Separable input-first allocator: each free input picks one requested output (round robin),
// then each output picks one of the inputs that picked it (round robin); `iterations` rounds
// over the still unmatched ports. Pointers move past every grant.
#include <algorithm>

#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {

void separable_input_first(const uint8_t* req, uint32_t ports, uint32_t iterations, AllocState& st, Rng&,
                           int32_t* out_to_in) {
  std::vector<int32_t>& in_to_out = st.by_input;
  std::vector<int32_t>& pick = st.by_output;  // indexed by input: the output it picked
  std::fill(in_to_out.begin(), in_to_out.end(), -1);
  for (uint32_t o = 0; o < ports; ++o) out_to_in[o] = -1;
  for (uint32_t it = 0; it < iterations; ++it) {
    for (uint32_t i = 0; i < ports; ++i)
      pick[i] = in_to_out[i] >= 0 ? -1 : round_robin_pick(st.in_ptr[i], ports, [&](uint32_t o) {
        return out_to_in[o] < 0 && req[i * ports + o];
      });
    bool matched = false;
    for (uint32_t o = 0; o < ports; ++o) {
      if (out_to_in[o] >= 0) continue;
      const int32_t i = round_robin_pick(st.out_ptr[o], ports, [&](uint32_t c) { return pick[c] == static_cast<int32_t>(o); });
      if (i < 0) continue;
      out_to_in[o] = i;
      in_to_out[i] = static_cast<int32_t>(o);
      st.out_ptr[o] = static_cast<uint16_t>((i + 1) % ports);
      st.in_ptr[i] = static_cast<uint16_t>((o + 1) % ports);
      matched = true;
    }
    if (!matched) break;
  }
}

const AllocatorRegistrar reg{{"separable_input_first",
                              "separable input-first: input arbiters, then output arbiters, round robin, `iterations` rounds",
                              separable_input_first, true}};
}  // namespace
}  // namespace switchlab
