#pragma once
// Message replays of the cycle engine (docs/engines.md, "Injection"): instead of drawing
// injections at an offered load, a replay releases whole messages into the source queues — by
// their timestamps (a trace) or step by step as an application skeleton runs. One file per
// replay under replay/, each with one ReplayRegistrar line naming its traffic.injection.process.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/experiment.hpp"
#include "engine/cycle/config.hpp"

namespace switchlab {

// `packets` packets from src to dst: all of traffic.packet_flits flits but the last, of last_flits.
struct ReplayMessage {
  uint32_t src, dst;  // compute nodes
  uint64_t packets;
  uint16_t last_flits;

  // A message of `bytes` in packets of `packet_bytes` (> 0), each of `packet_flits` flits but the
  // last, which has as many as its bytes fill, at least one (a header-only packet).
  static ReplayMessage of(uint32_t src, uint32_t dst, uint64_t bytes, uint64_t packet_bytes, uint32_t packet_flits) {
    const uint64_t packets = packets_of_message(bytes, packet_bytes);
    const uint64_t last_bytes = bytes - (packets - 1) * packet_bytes;
    const uint64_t last = (last_bytes * packet_flits + packet_bytes - 1) / packet_bytes;
    return {src, dst, packets, static_cast<uint16_t>(last == 0 ? 1 : last)};
  }
  double flits(uint32_t packet_flits) const { return static_cast<double>(packets - 1) * packet_flits + last_flits; }
};

class Replay {
 public:
  virtual ~Replay() = default;
  // Appends the messages due at cycle `now` (called once per cycle, in order).
  virtual void release(uint64_t now, std::vector<ReplayMessage>& out) = 0;
  // One packet this replay released was delivered at cycle `now`.
  virtual void delivered(uint64_t now) = 0;
  // Nothing more will be released, and any work after the last message (compute) is over.
  virtual bool finished(uint64_t now) const = 0;
  // Cycle at which the replay's own work ended (0 when it ends with its last delivery).
  virtual uint64_t end_cycle() const { return 0; }
  virtual uint64_t messages_total() const = 0;
  // Flits of all its packets (the run's work and source-queue volume, for the estimate).
  virtual double flits_total() const = 0;
  virtual uint64_t messages_released() const = 0;
  // Replay-specific fields of the result's `replay` section.
  virtual nlohmann::json describe() const { return nlohmann::json::object(); }
};

// Why the experiment's traffic cannot be replayed this way: the field to name, the message and
// what is allowed; an empty field when it can.
struct ReplayCheck {
  std::string field, message, allowed;
};

struct ReplayInfo {
  std::string process;  // its traffic.injection.process
  std::string doc;
  ReplayCheck (*check)(const Experiment& ex);
  std::unique_ptr<Replay> (*make)(const Experiment& ex);  // after check() passed
};

std::vector<std::string> replay_names();
const ReplayInfo* find_replay(const std::string& process);
std::string describe_replays();
struct ReplayRegistrar {
  explicit ReplayRegistrar(ReplayInfo info);
};

}  // namespace switchlab
