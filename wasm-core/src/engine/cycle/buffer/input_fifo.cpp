// One FIFO per input port: head-of-line blocking (Karol, Hluchyj, Morgan 1987).
#include "engine/cycle/buffer_org.hpp"

namespace switchlab {
namespace {
const BufferOrgRegistrar reg{{"input_fifo", "one FIFO of flits_per_port flits per input port (head-of-line blocking)",
                              BufferOrgInfo::Key::Input, BufferOrgInfo::Pool::Queue, plain_flits_per_port, false,
                              plain_flits_per_port}};
}
}  // namespace switchlab
