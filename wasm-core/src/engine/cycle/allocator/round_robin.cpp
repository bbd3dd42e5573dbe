// Round-robin matching (RRM, McKeown 1999's baseline): output arbiters grant round robin and move
// their pointer past every grant, accepted or not; inputs accept round robin. One pass. Unlike
// iSLIP its output pointers can synchronise, which caps throughput below 1 under uniform load.
#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {

template <uint32_t Words>
void round_robin(const Requests& req, uint32_t, AllocState& st, Rng&, int32_t* out_to_in) {
  const uint32_t ports = req.ports, words = Words ? Words : req.words;
  Requests& grants = st.picks;  // by input: the outputs that granted it
  for (uint32_t o = 0; o < ports; ++o) {
    out_to_in[o] = -1;
    const uint64_t* col = req.column(o);
    const int32_t i = first_bit_from(st.out_ptr[o], words, [&](uint32_t k) { return col[k]; });
    if (i < 0) continue;
    grants.add(static_cast<uint32_t>(i), o);
    st.out_ptr[o] = after(i, ports);
  }
  for_each_bit(grants.inputs.data(), words, [&](uint32_t i) {
    const uint64_t* row = grants.row(i);
    const int32_t o = first_bit_from(st.in_ptr[i], words, [&](uint32_t k) { return row[k]; });
    out_to_in[o] = static_cast<int32_t>(i);
    st.in_ptr[i] = after(o, ports);
  });
  grants.clear();
}

const AllocatorRegistrar reg{{"round_robin", "round-robin matching (RRM): one pass, pointers move past every grant",
                              by_width<round_robin<1>, round_robin<0>>, false}};
}  // namespace
}  // namespace switchlab
