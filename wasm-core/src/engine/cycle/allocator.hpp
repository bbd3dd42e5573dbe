#pragma once
// Switch allocators of the cycle engine, registered by name (`switch.allocator.kind`): one file per
// allocator under allocator/, each with one AllocatorRegistrar line. An allocator matches input
// ports to output ports from a ports x ports request matrix; which queue of an input is served
// on a granted pair is the engine's choice (round robin over that input's queues).
#include <cstdint>
#include <string>
#include <vector>

#include "common/rng.hpp"

namespace switchlab {

// Per-switch arbiter state: round-robin pointers, kept between cycles.
struct AllocState {
  std::vector<uint16_t> in_ptr, out_ptr;
  uint32_t diagonal = 0;  // wavefront's top-priority diagonal
  // Scratch space of one allocation (kept here so that allocating never touches the heap).
  std::vector<int32_t> by_input, by_output;
  explicit AllocState(uint32_t ports = 0)
      : in_ptr(ports, 0), out_ptr(ports, 0), by_input(ports), by_output(ports) {}
};

// req[i * ports + o] != 0: input i has a flit for output o. Fills out_to_in[o] with the granted
// input or -1; each input and each output appears in at most one grant.
using AllocFn = void (*)(const uint8_t* req, uint32_t ports, uint32_t iterations, AllocState& st, Rng& rng,
                         int32_t* out_to_in);

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

// First index >= from (cyclically) in [0, n) with pick(index) true, or -1.
// (`from` < n; no division in the loop: this is the allocators' inner loop.)
template <class F>
int32_t round_robin_pick(uint32_t from, uint32_t n, F pick) {
  for (uint32_t i = from; i < n; ++i)
    if (pick(i)) return static_cast<int32_t>(i);
  for (uint32_t i = 0; i < from; ++i)
    if (pick(i)) return static_cast<int32_t>(i);
  return -1;
}

// Request-grant-accept matching: round robin with iSLIP's pointer rule (pointers move one past
// an accepted pair, in the first iteration only), or uniformly random choices (PIM).
template <bool RoundRobin>
void grant_accept(const uint8_t* req, uint32_t ports, uint32_t iterations, AllocState& st, Rng& rng, int32_t* out_to_in);

struct AllocatorRegistrar {
  explicit AllocatorRegistrar(AllocatorInfo info);
};

}  // namespace switchlab
