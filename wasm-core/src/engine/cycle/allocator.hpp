#pragma once
// Switch allocators of the cycle engine, registered by name (`switch.allocator.kind`): one file per
// allocator under allocator/, each with one AllocatorRegistrar line. An allocator matches input
// ports to output ports from a ports x ports request matrix (bit rows); which queue of an input
// is served on a granted pair is the engine's choice (round robin over that input's queues).
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/rng.hpp"
#include "engine/cycle/bits.hpp"

namespace switchlab {

// One switch allocation's requests as bit rows (bits.hpp): input i has a flit for output o.
// Kept by rows, and by columns from the first time an arbiter reads one (built then from the
// rows: the common uncontested iSLIP allocation reads none), so each arbiter reads its own
// candidates as words, with the sets of inputs and outputs that have any, so that loops and
// clearing skip the idle ports.
struct Requests {
  uint32_t ports = 0, words = 0;  // words per row (and per port set)
  bool contested = false;         // some output is requested by two inputs
  std::vector<uint64_t> by_input, inputs, outputs;
  explicit Requests(uint32_t p = 0)
      : ports(p), words(words_for(p)), by_input(size_t{p} * words), inputs(words), outputs(words),
        by_output_(size_t{p} * words) {}
  const uint64_t* row(uint32_t i) const { return &by_input[size_t{i} * words]; }
  const uint64_t* column(uint32_t o) const {
    if (!columns_built_) build_columns();
    return &by_output_[size_t{o} * words];
  }
  bool has(uint32_t i, uint32_t o) const { return test_bit(row(i), o); }
  bool empty() const {
    for (const uint64_t w : inputs)
      if (w) return false;
    return true;
  }
  // (add and clear always inlined: the engine calls them per request and per allocation, and GCC
  // otherwise keeps them out of line, for about 15 instructions a call.)
  [[gnu::always_inline]] void add(uint32_t i, uint32_t o) {
    contested |= test_bit(outputs.data(), o) && !has(i, o);
    set_bit(&by_input[size_t{i} * words], o);
    if (columns_built_) set_bit(&by_output_[size_t{o} * words], i);
    set_bit(inputs.data(), i);
    set_bit(outputs.data(), o);
  }
  // Input i requests the outputs first + b for every set bit b of `run`: a VC request for each
  // free VC of one port, added in one go when the outputs share a word of the row.
  void add_run(uint32_t i, uint32_t first, uint64_t run) {
    const uint32_t w = first >> 6, shift = first & 63;
    if (run == 0) return;
    if (columns_built_ || shift + 64 - static_cast<uint32_t>(__builtin_clzll(run)) > 64) {
      for (; run; run &= run - 1) add(i, first + lowest_bit(run));
      return;
    }
    const uint64_t m = run << shift;
    uint64_t& r = by_input[size_t{i} * words + w];
    contested |= (outputs[w] & m & ~r) != 0;  // as add: taken by another input
    r |= m;
    outputs[w] |= m;
    set_bit(inputs.data(), i);
  }
  // Only the rows (and columns, if built) of ports that have requests (a request set is sparse).
  [[gnu::always_inline]] void clear() {
    if (words == 1) {  // up to 64 ports: a row is one word (no loop that becomes a memset call)
      for (uint64_t m = inputs[0]; m; m &= m - 1) by_input[lowest_bit(m)] = 0;
      if (columns_built_)
        for (uint64_t m = outputs[0]; m; m &= m - 1) by_output_[lowest_bit(m)] = 0;
      inputs[0] = outputs[0] = 0;
    } else {
      for_each_bit(inputs.data(), words, [&](uint32_t i) { std::fill_n(&by_input[size_t{i} * words], words, 0); });
      if (columns_built_)
        for_each_bit(outputs.data(), words, [&](uint32_t o) { std::fill_n(&by_output_[size_t{o} * words], words, 0); });
      std::fill(inputs.begin(), inputs.end(), 0);
      std::fill(outputs.begin(), outputs.end(), 0);
    }
    contested = false;
    columns_built_ = false;
  }

 private:
  void build_columns() const {
    for_each_bit(inputs.data(), words, [&](uint32_t i) {
      for_each_bit(row(i), words, [&](uint32_t o) { set_bit(&by_output_[size_t{o} * words], i); });
    });
    columns_built_ = true;
  }
  mutable std::vector<uint64_t> by_output_;  // columns, valid while columns_built_
  mutable bool columns_built_ = false;
};

// Per-switch arbiter state: round-robin pointers, kept between cycles.
struct AllocState {
  std::vector<uint16_t> in_ptr, out_ptr;
  uint32_t diagonal = 0;  // wavefront's top-priority diagonal
  // Scratch space of one allocation (kept here so that allocating never touches the heap):
  // per-port bit rows (e.g. the outputs that granted each input), and port sets.
  Requests picks;
  std::vector<uint64_t> free_in, free_out;
  explicit AllocState(uint32_t ports = 0)
      : in_ptr(ports, 0), out_ptr(ports, 0), picks(ports), free_in(words_for(ports)), free_out(words_for(ports)) {}
};

// Fills out_to_in[o] with the input granted output o or -1; each input and each output appears
// in at most one grant.
using AllocFn = void (*)(const Requests& req, uint32_t iterations, AllocState& st, Rng& rng, int32_t* out_to_in);

struct AllocatorInfo {
  std::string name;
  std::string doc;
  AllocFn allocate;
  bool iterative = false;  // reads switch.allocator.iterations
};

const std::vector<AllocatorInfo>& allocators();
std::vector<std::string> allocator_names();
const AllocatorInfo* find_allocator(const std::string& name);
std::string describe_allocators(const std::string& lead);

// The index after i in [0, n), cyclically (a round-robin pointer moving past i; no division).
inline uint32_t after(uint32_t i, uint32_t n) { return i + 1 == n ? 0 : i + 1; }

// First index >= from (cyclically) in [0, n) with pick(index) true, or -1.
// (`from` < n; no division in the loop.)
template <class F>
int32_t round_robin_pick(uint32_t from, uint32_t n, F pick) {
  for (uint32_t i = from; i < n; ++i)
    if (pick(i)) return static_cast<int32_t>(i);
  for (uint32_t i = 0; i < from; ++i)
    if (pick(i)) return static_cast<int32_t>(i);
  return -1;
}

// Adds each input of `ins` to the columns (col[o]: inputs requesting output o) of the outputs its
// one-word request row rows[i] names.
inline void add_columns(const uint64_t* rows, uint64_t ins, uint64_t* col) {
  for (uint64_t m = ins; m; m &= m - 1)
    for (uint64_t r = rows[lowest_bit(m)]; r; r &= r - 1) col[lowest_bit(r)] |= m & -m;
}

// iSLIP's first iteration on up to 64 inputs and outputs when no output is requested twice (every
// request is a grant): each input of `ins` accepts its first request of rows[i] from its pointer,
// the pointers move one past the pair (n: the pointer modulus), and accepted(i, o) is called, in
// input order. (Always inlined: the engine runs it per switch allocation.)
template <class F>
[[gnu::always_inline]] inline void islip_accept_uncontested(const uint64_t* rows, uint64_t ins, uint32_t n, AllocState& st,
                                                            F accepted) {
  for (uint64_t m = ins; m; m &= m - 1) {
    const uint32_t i = lowest_bit(m);
    const uint64_t row = rows[i];
    const uint32_t o = static_cast<uint32_t>(first_bit_from(st.in_ptr[i], 1, [&](uint32_t) { return row; }));
    st.out_ptr[o] = static_cast<uint16_t>(after(i, n));
    st.in_ptr[i] = static_cast<uint16_t>(after(o, n));
    accepted(i, o);
  }
}

// iSLIP's contested rounds on up to 64 inputs and outputs: col[o] is the set of inputs requesting
// output o, for every o of `outs`; ins holds every requesting input; n is the pointer modulus.
// Calls matched(i, o) for each accepted pair; grants and pointers are grant_accept<true, 1>'s.
template <class F>
void islip_rounds(const uint64_t* col, uint64_t ins, uint64_t outs, uint32_t iterations, uint32_t n, AllocState& st,
                  F matched) {
  uint64_t got[64];  // per granted input: the outputs that granted it
  for (uint32_t it = 0; it < iterations; ++it) {
    uint64_t granted = 0;
    for (uint64_t m = outs; m; m &= m - 1) {
      const uint32_t o = lowest_bit(m);
      const uint64_t wants = col[o] & ins;
      if (!wants) continue;
      const uint32_t i = static_cast<uint32_t>(first_bit_from(st.out_ptr[o], 1, [&](uint32_t) { return wants; }));
      got[i] = (granted >> i) & 1 ? got[i] | uint64_t{1} << o : uint64_t{1} << o;
      granted |= uint64_t{1} << i;
    }
    if (!granted) return;
    for (uint64_t m = granted; m; m &= m - 1) {
      const uint32_t i = lowest_bit(m);
      const uint32_t o = static_cast<uint32_t>(first_bit_from(st.in_ptr[i], 1, [&](uint32_t) { return got[i]; }));
      if (it == 0) {  // iSLIP: pointers move one past the pair accepted in the first iteration
        st.out_ptr[o] = static_cast<uint16_t>(after(i, n));
        st.in_ptr[i] = static_cast<uint16_t>(after(o, n));
      }
      ins &= ~(uint64_t{1} << i);
      outs &= ~(uint64_t{1} << o);
      matched(i, o);
    }
  }
}

// Request-grant-accept matching: round robin with iSLIP's pointer rule (pointers move one past
// an accepted pair, in the first iteration only), or uniformly random choices (PIM).
template <bool RoundRobin, uint32_t Words>
void grant_accept(const Requests& req, uint32_t iterations, AllocState& st, Rng& rng, int32_t* out_to_in);

// Allocators are compiled twice, for rows of one word (up to 64 ports: the loops over a row's
// words vanish) and for rows of any width (Words = 0: req.words); by_width picks per call.
template <AllocFn One, AllocFn Any>
void by_width(const Requests& req, uint32_t iterations, AllocState& st, Rng& rng, int32_t* out_to_in) {
  (req.words == 1 ? One : Any)(req, iterations, st, rng, out_to_in);
}

struct AllocatorRegistrar {
  explicit AllocatorRegistrar(AllocatorInfo info);
};

}  // namespace switchlab
