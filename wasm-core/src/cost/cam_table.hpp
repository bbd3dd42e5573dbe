#pragma once
// CAM forwarding-table cost: a CACTI-7 fit on wasm-core/data/cacti/cam.csv (1K..512K entries, 24- or
// 64-bit keys), plus a TCAM variant that is an ASSUMPTION (CACTI has no TCAM model): a TCAM cell
// stores two bits per key bit, so area, leakage and search-line energy are scaled by
// `tcam_factor` (1.5..2, default 2) and the search time is kept.
#include <string>

#include <nlohmann/json.hpp>

#include "common/error.hpp"
#include "common/params.hpp"

namespace switchlab::cost {

enum class CamKind { Cam, Tcam };

struct CamSpec {
  int entries = 49152;       // 1,024..524,288
  int key_bits = 24;         // 1..64; the CAM cost covers 24 and 64
  CamKind kind = CamKind::Cam;
  bool with_result = false;  // true: CAM tag + 4-byte result read (CACTI fully-assoc. "fa_cache")
  bool shared = true;        // one CAM for the whole switch (false: one per input port)
  double offchip_rtt_ns = 0; // added to every search: round trip to an off-chip CAM
  double tcam_factor = 2.0;  // TCAM assumption, see above
  std::string preset;        // "" or the preset name it came from
};

inline constexpr int kCamEntriesMin = 1024, kCamEntriesMax = 524288;

// Forwarding-table sizes quoted in seed 001 Sec. 1: Mellanox MTS3600 InfiniBand switch (48K
// entries; 24-bit key = the routing information width of seed 000 Sec. V-B) and the SN3000
// Ethernet series (512K entries; 64-bit key holds a 48-bit MAC plus 12-bit VLAN id: assumption).
CamSpec cam_preset_infiniband_48k();
CamSpec cam_preset_ethernet_512k();

// Reads switch.cam.{preset, entries, key_bits, kind, with_result, shared, offchip_rtt_ns,
// tcam_factor}. `preset` supplies entries and key_bits; giving them too is an error.
CamSpec read_cam_spec(Params& cam);

struct CamCost {
  double search_ns = 0;            // CACTI search latency (+ offchip_rtt_ns)
  double area_mm2 = 0;
  double search_energy_nJ = 0;     // per search
  double searchline_energy_nJ = 0; // the search-line part of search_energy_nJ
  double leak_mW = 0;              // subthreshold
  double total_leak_mW = 0;        // subthreshold + gate
  bool tcam_assumption = false;    // figures scaled by the TCAM assumption
  std::string assumption;          // text of the assumption, when applied
  std::string method = "fit";      // "fit" (this file) or "cacti" (CACTI 7 itself, cost/exact.hpp)
  nlohmann::json cacti;            // method cacti: organisation, time breakdown, area split, versions
};

// The CAM cost's limits (absurd sizes are rejected before any model or CACTI runs).
bool validate_cam_spec(const CamSpec& spec, ErrorSink& errors);

// The fit (kind cam); the TCAM assumption on top for kind tcam.
CamCost estimate_cam(const CamSpec& spec, int tech_nm, ErrorSink& errors);

// Scales binary-CAM figures by the labelled TCAM assumption when spec.kind is tcam.
void apply_tcam_assumption(const CamSpec& spec, CamCost& c);

}  // namespace switchlab::cost
