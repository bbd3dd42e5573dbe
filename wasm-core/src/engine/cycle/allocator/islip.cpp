// iSLIP (McKeown 1999): round-robin request-grant-accept, pointers updated on accepted grants of
// the first iteration only; switch.allocator.iterations rounds.
#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {
const AllocatorRegistrar reg{{"islip", "iSLIP, round-robin request-grant-accept with `iterations` rounds",
                              grant_accept<true>, true}};
}
}  // namespace switchlab
