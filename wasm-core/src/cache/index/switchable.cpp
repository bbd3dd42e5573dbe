// Seed 000 Sec. IV, the switchable hash: the tag is the output port DOR / up*-down* / minimal
// routing picks at this switch (Algorithms 1 and 2), so all destinations leaving by one port
// share one entry; set = tag mod sets (the paper's "obvious" conflict-free allocation). The
// destination id's width does not matter here.
#include "cache/index.hpp"

namespace switchlab {
namespace {
const IndexRegistrar reg{{"switchable",
                          "seed 000's switchable hash, the tag is the output port routing picks (deterministic "
                          "routing only), set = port mod sets",
                          [](uint64_t port, uint32_t, uint32_t sets) { return static_cast<uint32_t>(port % sets); },
                          /*keyed_by_output_port=*/true}};
}  // namespace
}  // namespace switchlab
