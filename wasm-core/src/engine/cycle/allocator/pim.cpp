// Parallel iterative matching (Anderson et al. 1993): random grants and accepts.
#include "engine/cycle/allocator.hpp"

namespace switchlab {
namespace {
const AllocatorRegistrar reg{{"pim", "parallel iterative matching, random request-grant-accept with `iterations` rounds",
                              by_width<grant_accept<false, 1>, grant_accept<false, 0>>, true}};
}
}  // namespace switchlab
