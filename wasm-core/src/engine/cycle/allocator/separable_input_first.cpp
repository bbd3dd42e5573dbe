// Separable input-first allocator: each free input picks one requested output (round robin),
// then each output picks one of the inputs that picked it (round robin); `iterations` rounds
// over the still unmatched ports. Pointers move past every grant.
#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {

template <uint32_t Words>
void separable_input_first(const Requests& req, uint32_t iterations, AllocState& st, Rng&, int32_t* out_to_in) {
  const uint32_t ports = req.ports, words = Words ? Words : req.words;
  Requests& picks = st.picks;  // by output: the inputs that picked it
  set_all(st.free_in.data(), words, ports);
  set_all(st.free_out.data(), words, ports);
  for (uint32_t o = 0; o < ports; ++o) out_to_in[o] = -1;
  for (uint32_t it = 0; it < iterations; ++it) {
    for_each_bit(st.free_in.data(), words, [&](uint32_t i) {
      const uint64_t* row = req.row(i);
      const int32_t o = first_bit_from(st.in_ptr[i], words, [&](uint32_t k) { return row[k] & st.free_out[k]; });
      if (o >= 0) picks.add(i, static_cast<uint32_t>(o));
    });
    if (picks.empty()) break;
    for_each_bit(picks.outputs.data(), words, [&](uint32_t o) {
      const uint64_t* col = picks.column(o);
      const int32_t i = first_bit_from(st.out_ptr[o], words, [&](uint32_t k) { return col[k]; });
      out_to_in[o] = i;
      clear_bit(st.free_in.data(), static_cast<uint32_t>(i));
      clear_bit(st.free_out.data(), o);
      st.out_ptr[o] = after(i, ports);
      st.in_ptr[i] = after(o, ports);
    });
    picks.clear();
  }
}

const AllocatorRegistrar reg{{"separable_input_first",
                              "separable input-first: input arbiters, then output arbiters, round robin, `iterations` rounds",
                              by_width<separable_input_first<1>, separable_input_first<0>>, true}};
}  // namespace
}  // namespace switchlab
