#include "engine/cycle/allocator.hpp"

#include <algorithm>

#include "common/registry.hpp"

namespace switchlab {
namespace {
using Table = Registry<AllocatorInfo, &AllocatorInfo::name>;

// A random member of {i in [0, n) : pick(i)}, or -1 (uniform: draws among the candidates).
template <class F>
int32_t random_pick(uint32_t n, Rng& rng, F pick) {
  uint32_t count = 0;
  for (uint32_t i = 0; i < n; ++i) count += pick(i);
  if (count == 0) return -1;
  uint64_t k = rng.uniform_u64(count);
  for (uint32_t i = 0; i < n; ++i)
    if (pick(i) && k-- == 0) return static_cast<int32_t>(i);
  return -1;
}
}  // namespace

const std::vector<AllocatorInfo>& allocators() { return Table::all(); }
std::vector<std::string> allocator_names() { return Table::names(); }
const AllocatorInfo* find_allocator(const std::string& name) { return Table::find(name); }
std::string describe_allocators(const std::string& lead) { return Table::describe(lead, &AllocatorInfo::doc); }
AllocatorRegistrar::AllocatorRegistrar(AllocatorInfo info) { Table::add(std::move(info)); }

template <bool RoundRobin>
void grant_accept(const uint8_t* req, uint32_t ports, uint32_t iterations, AllocState& st, Rng& rng, int32_t* out_to_in) {
  std::vector<int32_t>& in_to_out = st.by_input;
  std::vector<int32_t>& grant = st.by_output;
  std::fill(in_to_out.begin(), in_to_out.end(), -1);
  for (uint32_t o = 0; o < ports; ++o) out_to_in[o] = -1;
  for (uint32_t it = 0; it < iterations; ++it) {
    // Grant: every free output picks one free input that requests it.
    for (uint32_t o = 0; o < ports; ++o) {
      grant[o] = -1;
      if (out_to_in[o] >= 0) continue;
      auto wants = [&](uint32_t i) { return in_to_out[i] < 0 && req[i * ports + o]; };
      grant[o] = RoundRobin ? round_robin_pick(st.out_ptr[o], ports, wants) : random_pick(ports, rng, wants);
    }
    // Accept: every free input picks one of the outputs that granted it.
    bool matched = false;
    for (uint32_t i = 0; i < ports; ++i) {
      if (in_to_out[i] >= 0) continue;
      auto granted = [&](uint32_t o) { return grant[o] == static_cast<int32_t>(i); };
      const int32_t o = RoundRobin ? round_robin_pick(st.in_ptr[i], ports, granted) : random_pick(ports, rng, granted);
      if (o < 0) continue;
      in_to_out[i] = o;
      out_to_in[o] = static_cast<int32_t>(i);
      matched = true;
      // iSLIP: pointers move one past the accepted pair, in the first iteration only, which
      // desynchronises the output arbiters (McKeown 1999).
      if (RoundRobin && it == 0) {
        st.out_ptr[o] = static_cast<uint16_t>((i + 1) % ports);
        st.in_ptr[i] = static_cast<uint16_t>((o + 1) % ports);
      }
    }
    if (!matched) break;
  }
}

template void grant_accept<true>(const uint8_t*, uint32_t, uint32_t, AllocState&, Rng&, int32_t*);
template void grant_accept<false>(const uint8_t*, uint32_t, uint32_t, AllocState&, Rng&, int32_t*);

}  // namespace switchlab
