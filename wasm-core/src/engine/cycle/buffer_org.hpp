#pragma once
// Switch buffer organisations of the cycle engine (seed 003; docs/engines.md, "Cycle engine"),
// registered by name (`switch.buffer.organisation`): one file per organisation under buffer/,
// each with one BufferOrgRegistrar line. An organisation is described by data, not code: which
// queue a flit joins, which space the queue draws from, and how many queues an input may read
// at once. The engine implements the mechanics once for all of them, per queue layout: the
// organisation's Key picks one in queue_layout.hpp, the hook a new kind of organisation adds to.
#include <cstdint>
#include <string>
#include <vector>

namespace switchlab {

struct BufferSizes {
  uint32_t ports;           // input (= output) ports per switch
  uint32_t vcs;             // switch.buffer.vcs
  uint32_t flits_per_vc;    // switch.buffer.flits_per_vc
  uint32_t flits_per_port;  // switch.buffer.flits_per_port
  uint32_t chunk_flits = 1; // chunked organisations: space is allocated in chunks of this many flits
};

struct BufferOrgInfo {
  std::string name;
  std::string doc;
  // Which queue of the switch a flit arriving on input port i, leaving on output port o, joins.
  enum class Key {
    Input,        // one queue per input port
    InputVc,      // one queue per (input port, virtual channel): VC allocation picks it
    InputOutput,  // one queue per (input port, output port): virtual output queues
    Output,       // one queue per output port, written on arrival (speed-up N)
  } key;
  // Which space a queue's flits are counted against (credits): its own, a pool shared by the
  // queues of one input port, or one pool shared by the whole switch.
  enum class Pool { Queue, Input, Switch } pool;
  // Flits one queue may hold (Pool::Queue), or the pool's flits (Pool::Input / Pool::Switch).
  uint32_t (*capacity)(const BufferSizes&);
  // Several output ports may read one input's buffer in the same cycle (pipelined banks,
  // seed 003's HIPIQS); otherwise an input port sends at most one flit per cycle.
  bool multi_read = false;
  // Buffer space per input port, for the equal-space comparison (flits).
  uint32_t (*flits_per_port)(const BufferSizes&);
  // The pool is allocated in chunks of chunk_flits (one flit per bank, seed 003 Sec. 3.2): a queue
  // holds the chunks its flits span, its last chunk filled by its next packets, its first freed
  // once read out.
  bool chunked = false;
};

const std::vector<BufferOrgInfo>& buffer_organisations();
std::vector<std::string> buffer_organisation_names();
const BufferOrgInfo* find_buffer_organisation(const std::string& name);
std::string describe_buffer_organisations(const std::string& lead);
uint32_t plain_flits_per_port(const BufferSizes& s);  // switch.buffer.flits_per_port as is

struct BufferOrgRegistrar {
  explicit BufferOrgRegistrar(BufferOrgInfo info);
};

}  // namespace switchlab
