// Virtual-channel router (BookSim's iq router): vcs queues of flits_per_vc flits per input port,
// each owned by one packet at a time from VC allocation until its tail leaves.
#include "engine/cycle/buffer_org.hpp"

namespace switchlab {
namespace {
const BufferOrgRegistrar reg{{"vc", "vcs virtual channels of flits_per_vc flits per input port (BookSim's iq router)",
                              BufferOrgInfo::Key::InputVc, BufferOrgInfo::Pool::Queue,
                              [](const BufferSizes& s) { return s.flits_per_vc; }, false,
                              [](const BufferSizes& s) { return s.vcs * s.flits_per_vc; }}};
}
}  // namespace switchlab
