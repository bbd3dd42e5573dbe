// iSLIP (McKeown 1999): round-robin request-grant-accept, pointers updated on accepted grants of
// the first iteration only; switch.allocator.iterations rounds.
#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {
const AllocatorRegistrar reg{{"islip", "iSLIP, round-robin request-grant-accept with `iterations` rounds",
                              [](const uint8_t* req, uint32_t ports, uint32_t iterations, AllocState& st, Rng& rng,
                                 int32_t* out_to_in) { GrantAccept{true}.run(req, ports, iterations, st, rng, out_to_in); },
                              true}};
}
}  // namespace switchlab
