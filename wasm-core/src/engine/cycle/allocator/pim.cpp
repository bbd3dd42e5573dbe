// Parallel iterative matching (Anderson et al. 1993): random grants and accepts.
#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {
const AllocatorRegistrar reg{{"pim", "parallel iterative matching, random request-grant-accept with `iterations` rounds",
                              grant_accept<false>, true}};
}
}  // namespace switchlab
