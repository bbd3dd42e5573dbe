// Ideal output queueing (speed-up N): every arriving flit goes straight to its output's queue.
#include "engine/cycle/buffer_org.hpp"

namespace switchlab {
namespace {
const BufferOrgRegistrar reg{{"output_queued", "ideal output queueing (speed-up N): a queue of ports x flits_per_port flits per output",
                              BufferOrgInfo::Key::Output, BufferOrgInfo::Pool::Queue,
                              [](const BufferSizes& s) { return s.ports * s.flits_per_port; }, false,
                              plain_flits_per_port}};
}
}  // namespace switchlab
