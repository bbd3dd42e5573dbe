// iSLIP (McKeown 1999): round-robin request-grant-accept, pointers updated on accepted grants of
// the first iteration only; switch.allocator.iterations rounds.
#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {
const AllocatorRegistrar reg{{"islip", "iSLIP, round-robin request-grant-accept with `iterations` rounds",
                              by_width<grant_accept<true, 1>, grant_accept<true, 0>>, true}};
}
}  // namespace switchlab
