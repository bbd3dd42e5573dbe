// Parallel iterative matching (Anderson et al. 1993): random grants and accepts.
#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {
const AllocatorRegistrar reg{{"pim", "parallel iterative matching, random request-grant-accept with `iterations` rounds",
                              [](const uint8_t* req, uint32_t ports, uint32_t iterations, AllocState& st, Rng& rng,
                                 int32_t* out_to_in) { GrantAccept{false}.run(req, ports, iterations, st, rng, out_to_in); },
                              true}};
}
}  // namespace switchlab
