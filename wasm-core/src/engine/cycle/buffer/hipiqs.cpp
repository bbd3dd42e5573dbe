// HIPIQS (seed 003): a DAMQ-like multi-queue input buffer read through pipelined banks, so
// several outputs may read one input's buffer in the same cycle; each output arbitrates on its
// own among the inputs (distributed arbitration). Interpretations: docs/engines.md.
#include "engine/cycle/buffer_org.hpp"

namespace switchlab {
namespace {
const BufferOrgRegistrar reg{{"hipiqs", "per-output queues sharing each input buffer, read by several outputs at once "
                                        "(pipelined banks) with per-output arbitration (seed 003)",
                              BufferOrgInfo::Key::InputOutput, BufferOrgInfo::Pool::Input, plain_flits_per_port, true,
                              plain_flits_per_port, true}};
}
}  // namespace switchlab
