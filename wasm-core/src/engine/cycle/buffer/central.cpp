// Central shared buffer: per-output queues in one memory of ports x flits_per_port flits.
#include "engine/cycle/buffer_org.hpp"

namespace switchlab {
namespace {
const BufferOrgRegistrar reg{{"central", "one shared memory of ports x flits_per_port flits holding a queue per output port",
                              BufferOrgInfo::Key::Output, BufferOrgInfo::Pool::Switch,
                              [](const BufferSizes& s) { return s.ports * s.flits_per_port; }, false,
                              plain_flits_per_port}};
}
}  // namespace switchlab
