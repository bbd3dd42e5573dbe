#include "engine/cycle/allocator.hpp"

#include <algorithm>

#include "common/registry.hpp"

namespace switchlab {
namespace {
using Table = Registry<AllocatorInfo, &AllocatorInfo::name>;

// A uniformly random set bit of the set of `words` words whose k-th word is word(k), or -1 (one
// draw, only when the set is not empty).
template <class Word>
int32_t random_bit(uint32_t words, Rng& rng, Word word) {
  uint32_t count = 0;
  for (uint32_t k = 0; k < words; ++k) count += static_cast<uint32_t>(__builtin_popcountll(word(k)));
  if (count == 0) return -1;
  uint64_t rank = rng.uniform_u64(count);
  for (uint32_t k = 0;; ++k)
    for (uint64_t m = word(k); m; m &= m - 1)
      if (rank-- == 0) return static_cast<int32_t>(k * 64 + lowest_bit(m));
}

// Accept: every input granted picks one of the outputs that granted it (rows of `grants`).
template <bool RoundRobin, uint32_t Words>
void accept(const Requests& grants, bool first_iteration, AllocState& st, Rng& rng, int32_t* out_to_in) {
  const uint32_t ports = grants.ports, words = Words ? Words : grants.words;
  for_each_bit(grants.inputs.data(), words, [&](uint32_t i) {
    const uint64_t* row = grants.row(i);
    auto granted_by = [&](uint32_t k) { return row[k]; };
    const int32_t o = RoundRobin ? first_bit_from(st.in_ptr[i], words, granted_by) : random_bit(words, rng, granted_by);
    clear_bit(st.free_in.data(), i);
    out_to_in[o] = static_cast<int32_t>(i);
    // iSLIP: pointers move one past the accepted pair, in the first iteration only, which
    // desynchronises the output arbiters (McKeown 1999).
    if (RoundRobin && first_iteration) {
      st.out_ptr[o] = after(i, ports);
      st.in_ptr[i] = after(o, ports);
    }
  });
}
}  // namespace

const std::vector<AllocatorInfo>& allocators() { return Table::all(); }
std::vector<std::string> allocator_names() { return Table::names(); }
const AllocatorInfo* find_allocator(const std::string& name) { return Table::find(name); }
std::string describe_allocators(const std::string& lead) { return Table::describe(lead, &AllocatorInfo::doc); }
AllocatorRegistrar::AllocatorRegistrar(AllocatorInfo info) { Table::add(std::move(info)); }

template <bool RoundRobin, uint32_t Words>
void grant_accept(const Requests& req, uint32_t iterations, AllocState& st, Rng& rng, int32_t* out_to_in) {
  const uint32_t ports = req.ports, words = Words ? Words : req.words;
  Requests& grants = st.picks;  // by input: the outputs that granted it
  for (uint32_t o = 0; o < ports; ++o) out_to_in[o] = -1;
  // Round robin with every output requested by one input (common below saturation): each
  // output grants its requester whatever its pointer, so the requests are the grants, and later
  // iterations find no free input requesting a free output. Same matching and pointers, no
  // grant phase. (PIM draws even for one candidate, so it always runs the rounds.) One accept
  // for both cases, so that it is inlined.
  const bool requests_are_grants = RoundRobin && !req.contested;
  if constexpr (RoundRobin && Words == 1) {  // contested, one word: columns and grants on the stack
    if (!requests_are_grants) {
      uint64_t col[64];
      for (uint64_t m = req.outputs[0]; m; m &= m - 1) col[lowest_bit(m)] = 0;
      add_columns(req.by_input.data(), req.inputs[0], col);
      islip_rounds(col, req.inputs[0], req.outputs[0], iterations, ports, st,
                   [&](uint32_t i, uint32_t o) { out_to_in[o] = static_cast<int32_t>(i); });
      return;
    }
  }
  if (!requests_are_grants) set_all(st.free_in.data(), words, ports);
  for (uint32_t it = 0; it < iterations; ++it) {
    // Grant: every free output picks one free input that requests it.
    if (!requests_are_grants)
      for_each_bit(req.outputs.data(), words, [&](uint32_t o) {
        if (out_to_in[o] >= 0) return;
        const uint64_t* col = req.column(o);
        auto wants = [&](uint32_t k) { return col[k] & st.free_in[k]; };
        const int32_t i = RoundRobin ? first_bit_from(st.out_ptr[o], words, wants) : random_bit(words, rng, wants);
        if (i >= 0) grants.add(static_cast<uint32_t>(i), o);
      });
    const Requests& granted = requests_are_grants ? req : grants;
    if (granted.empty()) break;
    accept<RoundRobin, Words>(granted, it == 0, st, rng, out_to_in);
    if (requests_are_grants) return;
    grants.clear();
  }
}

template void grant_accept<true, 1>(const Requests&, uint32_t, AllocState&, Rng&, int32_t*);
template void grant_accept<true, 0>(const Requests&, uint32_t, AllocState&, Rng&, int32_t*);
template void grant_accept<false, 1>(const Requests&, uint32_t, AllocState&, Rng&, int32_t*);
template void grant_accept<false, 0>(const Requests&, uint32_t, AllocState&, Rng&, int32_t*);

}  // namespace switchlab
