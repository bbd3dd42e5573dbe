#pragma once
// Parser of CACTI 7's printed report (its "DETAILED" print level) into figures with units. Pure
// text processing, shared by the native and WebAssembly builds. CACTI prints six significant
// digits; the figures keep exactly what it printed (area = height x width, as CACTI's own
// "Cache height x width" line gives it).
#include <string>
#include <utility>
#include <vector>

namespace switchlab::cost::cacti {

struct Report {
  std::string version;                 // e.g. "7.0.3DD Prerelease of Aug, 2012"
  double access_ns = 0;                // CAM: search latency
  double cycle_ns = 0;
  double read_energy_nJ = 0;
  double write_energy_nJ = 0;
  double search_energy_nJ = 0;         // fully associative arrays and CAMs; 0 otherwise
  double searchline_energy_nJ = 0;     // the search-line part of search_energy_nJ
  double leakage_mW = 0;               // subthreshold ("Total leakage power of a bank")
  double gate_leakage_mW = 0;
  double height_mm = 0, width_mm = 0;  // the bank
  double area_mm2() const { return height_mm * width_mm; }
  // The organisation CACTI chose, in its order: Ndwl, Ndbl, Nspd, Ndcm, Ndsam L1, Ndsam L2 (data
  // array), then Ntwl, Ntbl, Ntspd, Ntcm, Ntsam L1, Ntsam L2 (tag array, set-associative only).
  std::vector<std::pair<std::string, double>> organisation;
  // Access-time breakdown, per side ("data", "tag"): total then its parts (H-tree input,
  // decoder + wordline, bitline, sense amplifier, comparator, CAM search, H-tree output), ns.
  struct Part {
    std::string name;
    double ns;
  };
  struct Side {
    std::string side;
    double total_ns = 0;
    std::vector<Part> parts;
  };
  std::vector<Side> time;
  // Area split per array ("data", "tag", "cam", "fully associative"): mm^2, its height and width
  // in mm and the share of memory cells in it (%).
  struct ArrayArea {
    std::string array;
    double area_mm2 = 0, height_mm = 0, width_mm = 0, cell_efficiency_pct = 0;
  };
  std::vector<ArrayArea> areas;
};

enum class ParseStatus {
  Ok,
  NoOrganisation,  // "ERROR: no valid data array organizations found" (or tag array)
  Incomplete,      // no report: CACTI stopped early (assertion, bad input) or printed nothing
};

// Parses `out` (CACTI's stdout). On anything but Ok, `why` quotes CACTI's own message.
ParseStatus parse_report(const std::string& out, Report& r, std::string& why);

}  // namespace switchlab::cost::cacti
