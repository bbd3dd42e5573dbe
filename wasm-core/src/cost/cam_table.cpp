#include "cost/cam_table.hpp"

#include <cmath>

#include "common/det_math.hpp"
#include "cost/fit_model.hpp"
#include "cost/tech.hpp"

namespace switchlab::cost {

CamSpec cam_preset_infiniband_48k() {
  CamSpec s;
  s.entries = 49152;
  s.key_bits = 24;
  s.preset = "infiniband_48k";
  return s;
}

CamSpec cam_preset_ethernet_512k() {
  CamSpec s;
  s.entries = 524288;
  s.key_bits = 64;
  s.preset = "ethernet_512k";
  return s;
}

CamSpec read_cam_spec(Params& cam) {
  CamSpec s;
  const std::string preset = cam.choice(
      "preset", "none", {"none", "infiniband_48k", "ethernet_512k"},
      "Forwarding-table preset from seed 001 Sec. 1: infiniband_48k (49,152 x 24-bit) or "
      "ethernet_512k (524,288 x 64-bit); sets entries and key_bits");
  if (preset != "none") {
    if (cam.present("entries") || cam.present("key_bits")) {
      cam.errors().fail(cam.field("preset"),
                        "sets entries and key_bits itself; remove switch.cam.entries / key_bits or the preset",
                        "a preset without switch.cam.entries and key_bits, or none");
      return s;
    }
    s = preset == "infiniband_48k" ? cam_preset_infiniband_48k() : cam_preset_ethernet_512k();
  }
  s.entries = static_cast<int>(cam.integer(
      "entries", {s.entries, kCamEntriesMin, kCamEntriesMax, "entries",
                  "Forwarding-table (CAM) entries; default 49,152 (48K, InfiniBand, seed 001)"}));
  // Any width the nodes fit in is simulated (config/experiment.cpp checks that); the CACTI CAM
  // runs cover 24 and 64 bits, so other widths get no CAM cost (estimate_cam says so).
  s.key_bits = static_cast<int>(cam.integer(
      "key_bits", {s.key_bits, 1, 64, "bit",
                   "Destination id (CAM key) width: the cache index functions hash this many bits; "
                   "the CAM cost covers 24 and 64"}));
  s.kind = cam.choice("kind", "cam", {"cam", "tcam"},
                      "cam: binary CAM (CACTI-7 fit); tcam: ternary CAM = CAM figures scaled by the "
                      "labelled TCAM assumption") == "tcam"
               ? CamKind::Tcam
               : CamKind::Cam;
  s.with_result = cam.boolean("with_result", false,
                              "true: CAM tag + 4-byte result read out (CACTI fully associative "
                              "organisation); false: pure CAM returning the match address");
  s.shared = cam.boolean("shared", true,
                         "true: one CAM searched by all input ports; false: one CAM per input port");
  s.offchip_rtt_ns = cam.number(
      "offchip_rtt_ns", {0.0, 0.0, 1000.0, "ns",
                         "Round trip to an off-chip CAM added to each search (seed 001 Sec. 2.1: "
                         "about 20 ns on top of a 4-5 ns CAM)"});
  s.tcam_factor = cam.number(
      "tcam_factor", {2.0, 1.5, 2.0, "",
                      "TCAM assumption: area, leakage and search-line energy = factor x CAM "
                      "(wasm-core/data/cacti/README.md: about 1.5-2x)"});
  if (preset != "none") s.preset = preset;
  return s;
}

bool validate_cam_spec(const CamSpec& s, ErrorSink& errors) {
  if (s.entries < kCamEntriesMin || s.entries > kCamEntriesMax) {
    errors.fail("switch.cam.entries", "must be an integer in [1024, 524288] (entries), got " +
                                          std::to_string(s.entries),
                                          "an integer in [1024, 524288]");
    return false;
  }
  if (s.key_bits != 24 && s.key_bits != 64) {
    errors.fail("switch.cam.key_bits", "must be 24 or 64 (bits; the widths the CACTI CAM runs cover) for a CAM cost, got " +
                                           std::to_string(s.key_bits),
                                           "24 or 64");
    return false;
  }
  return true;
}

void apply_tcam_assumption(const CamSpec& s, CamCost& c) {
  if (s.kind != CamKind::Tcam) return;
  // ASSUMPTION (wasm-core/data/cacti/README.md): a TCAM cell stores two bits per key bit; CACTI has no
  // TCAM model. Scale area, leakage and the search-line share of the search energy; keep time.
  const double k = s.tcam_factor;
  c.tcam_assumption = true;
  c.area_mm2 *= k;
  c.leak_mW *= k;
  c.total_leak_mW *= k;
  c.search_energy_nJ += (k - 1.0) * c.searchline_energy_nJ;
  c.searchline_energy_nJ *= k;
  c.assumption = "TCAM = binary-CAM figures with area, leakage and search-line energy x " +
                 format_number(k) + ", search time unchanged (assumption: CACTI has no TCAM model; "
                 "a TCAM cell stores two bits per key bit, about 1.5-2x)";
}

CamCost estimate_cam(const CamSpec& s, int tech_nm, ErrorSink& errors) {
  CamCost c;
  if (!validate_cam_spec(s, errors)) return c;
  const CactiFit* fitp = fit_for_node(tech_nm, errors);
  if (!fitp) return c;
  const CactiFit& fit = *fitp;
  FitInputs in;
  in.tech_nm = tech_nm;
  in.L = det_log(s.entries / fit.cam_ref_entries);
  in.K = det_log(s.key_bits / 24.0);
  in.S = det_log2(double(s.entries));  // tools/fit_cacti.py cam_vars()
  const LogLinearFit* f = (s.with_result ? fit.fa_cache : fit.cam).segments.front().out;
  c.search_ns = f[0].eval(in) + s.offchip_rtt_ns;
  c.area_mm2 = f[1].eval(in);
  c.search_energy_nJ = f[2].eval(in);
  c.searchline_energy_nJ = f[3].eval(in);
  c.leak_mW = f[4].eval(in);
  c.total_leak_mW = f[5].eval(in);
  // The two energies are fitted separately; keep the part below the whole.
  if (c.searchline_energy_nJ > c.search_energy_nJ) c.searchline_energy_nJ = c.search_energy_nJ;
  apply_tcam_assumption(s, c);
  return c;
}

}  // namespace switchlab::cost
