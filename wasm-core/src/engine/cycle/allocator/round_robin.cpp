// Round-robin matching (RRM, McKeown 1999's baseline): output arbiters grant round robin and move
// their pointer past every grant, accepted or not; inputs accept round robin. One pass. Unlike
// iSLIP its output pointers can synchronise, which caps throughput below 1 under uniform load.
#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {

void round_robin(const uint8_t* req, uint32_t ports, uint32_t, AllocState& st, Rng&, int32_t* out_to_in) {
  std::vector<int32_t>& grant = st.by_output;
  for (uint32_t o = 0; o < ports; ++o) {
    out_to_in[o] = -1;
    grant[o] = round_robin_pick(st.out_ptr[o], ports, [&](uint32_t i) { return req[i * ports + o] != 0; });
    if (grant[o] >= 0) st.out_ptr[o] = static_cast<uint16_t>((grant[o] + 1) % ports);
  }
  for (uint32_t i = 0; i < ports; ++i) {
    const int32_t o = round_robin_pick(st.in_ptr[i], ports, [&](uint32_t c) { return grant[c] == static_cast<int32_t>(i); });
    if (o < 0) continue;
    out_to_in[o] = static_cast<int32_t>(i);
    st.in_ptr[i] = static_cast<uint16_t>((o + 1) % ports);
  }
}

const AllocatorRegistrar reg{{"round_robin", "round-robin matching (RRM): one pass, pointers move past every grant",
                              round_robin, false}};
}  // namespace
}  // namespace switchlab
