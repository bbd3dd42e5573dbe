#pragma once
// CACTI 7 input files for the arrays the cost model prices (docs/cost-model.md, "Exact method").
// Pure text generation, shared by the native and WebAssembly builds. The setup is that of every
// row in wasm-core/data/cacti/ (its README): one UCA bank, one read/write port, itrs-hp cells and
// peripherals, 360 K, ECC, normal access, ED^2 objective, semi-global wires, conservative
// projection, output bus = block width; so the exact path reproduces those rows.
#include <string>

namespace switchlab::cost::cacti {

enum class ArrayKind {
  Cache,    // routing-table cache: "cache", entry = block, CACTI's default tag width
  Cam,      // forwarding table, pure binary CAM: "cam", the key is the line, tag = key width
  FaCache,  // forwarding table with a 4-byte result: fully associative "cache", tag = key width
};

struct ArraySpec {
  ArrayKind kind = ArrayKind::Cache;
  long long entries = 0;
  int block_bytes = 0;
  int assoc = 0;     // 0 = fully associative
  int tag_bits = 0;  // 0 = CACTI's default
  int tech_nm = 45;
};

// The whole .cfg text. Equal specs give equal bytes: it is the memo key (normalized input).
std::string cfg_text(const ArraySpec& a);

// "2,048 x 12 B, 4-way, 45 nm"-style description for messages.
std::string describe(const ArraySpec& a);

}  // namespace switchlab::cost::cacti
