// Dynamically allocated multi-queue (Tamir and Frazier): per-output queues in one input buffer
// whose flits_per_port slots any queue may take.
#include "engine/cycle/buffer_org.hpp"

namespace switchlab {
namespace {
const BufferOrgRegistrar reg{{"damq", "one queue per output port in each input buffer, sharing its flits_per_port slots dynamically",
                              BufferOrgInfo::Key::InputOutput, BufferOrgInfo::Pool::Input, plain_flits_per_port, false,
                              plain_flits_per_port}};
}
}  // namespace switchlab
