// Virtual output queues with a static partition: flits_per_port split evenly over the outputs.
#include "engine/cycle/buffer_org.hpp"

namespace switchlab {
namespace {
const BufferOrgRegistrar reg{{"voq", "one queue per output port in each input buffer, flits_per_port split evenly (static)",
                              BufferOrgInfo::Key::InputOutput, BufferOrgInfo::Pool::Queue,
                              [](const BufferSizes& s) { return s.flits_per_port / s.ports; }, false,
                              plain_flits_per_port}};
}
}  // namespace switchlab
