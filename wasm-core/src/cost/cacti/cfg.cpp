#include "cost/cacti/cfg.hpp"

#include <cstdio>

#include "common/params.hpp"

namespace switchlab::cost::cacti {

std::string cfg_text(const ArraySpec& a) {
  const bool cam = a.kind == ArrayKind::Cam;
  const bool search = a.assoc == 0;  // fully associative arrays and CAMs are searched
  char tech[16];
  std::snprintf(tech, sizeof tech, "%.3f", a.tech_nm / 1000.0);
  const std::string tag = a.tag_bits > 0 ? std::to_string(a.tag_bits) : "\"default\"";
  std::string t;
  auto line = [&t](const std::string& s) { t += s + "\n"; };
  line("-size (bytes) " + std::to_string(a.entries * a.block_bytes));
  // Power gating off, as in CACTI's defaults.
  line("-Array Power Gating - \"false\"");
  line("-WL Power Gating - \"false\"");
  line("-CL Power Gating - \"false\"");
  line("-Bitline floating - \"false\"");
  line("-Interconnect Power Gating - \"false\"");
  line("-Power Gating Performance Loss 0.01");
  line("-block size (bytes) " + std::to_string(a.block_bytes));
  line("-associativity " + std::to_string(a.assoc));
  line("-read-write port 1");
  line("-exclusive read port 0");
  line("-exclusive write port 0");
  line("-single ended read ports 0");
  line("-UCA bank count 1");
  line(std::string("-technology (u) ") + tech);
  line("-page size (bits) 8192");
  line("-burst length 8");
  line("-internal prefetch width 8");
  line("-Data array cell type - \"itrs-hp\"");
  line("-Data array peripheral type - \"itrs-hp\"");
  line("-Tag array cell type - \"itrs-hp\"");
  line("-Tag array peripheral type - \"itrs-hp\"");
  line("-output/input bus width " + std::to_string(a.block_bytes * 8));
  line("-operating temperature (K) 360");
  line(std::string("-cache type \"") + (cam ? "cam" : "cache") + "\"");
  line("-tag size (b) " + tag);
  line("-access mode (normal, sequential, fast) - \"normal\"");
  line("-design objective (weight delay, dynamic power, leakage power, cycle time, area) 0:0:0:100:0");
  line("-deviate (delay, dynamic power, leakage power, cycle time, area) 20:100000:100000:100000:100000");
  line("-NUCAdesign objective (weight delay, dynamic power, leakage power, cycle time, area) 100:100:0:0:100");
  line("-NUCAdeviate (delay, dynamic power, leakage power, cycle time, area) 10:10000:10000:10000:10000");
  line("-Optimize ED or ED^2 (ED, ED^2, NONE): \"ED^2\"");
  line("-Cache model (NUCA, UCA)  - \"UCA\"");
  line("-NUCA bank count 0");
  line("-Wire signaling (fullswing, lowswing, default) - \"Global_30\"");
  line("-Wire inside mat - \"semi-global\"");
  line("-Wire outside mat - \"semi-global\"");
  line("-Interconnect projection - \"conservative\"");
  line("-Core count 8");
  line("-Cache level (L2/L3) - \"L3\"");
  line("-Add ECC - \"true\"");
  line("-Print level (DETAILED, CONCISE) - \"DETAILED\"");
  line("-Print input parameters - \"true\"");
  line("-Force cache config - \"false\"");
  line("-Ndwl 1");
  line("-Ndbl 1");
  line("-Nspd 0");
  line("-Ndcm 1");
  line("-Ndsam1 0");
  line("-Ndsam2 0");
  // CACTI also evaluates an off-chip DRAM interface on every run (its report's "IO" lines, not
  // used here); these are its default inputs, given so that nothing is left uninitialised.
  line("-dram_type \"DDR3\"");
  line("-io state \"WRITE\"");
  line("-addr_timing 1.0");
  line("-mem_density 4 Gb");
  line("-bus_freq 800 MHz");
  line("-duty_cycle 1.0");
  line("-activity_dq 1.0");
  line("-activity_ca 0.5");
  line("-num_dq 72");
  line("-num_dqs 18");
  line("-num_ca 25");
  line("-num_clk  2");
  line("-num_mem_dq 2");
  line("-mem_data_width 8");
  line("-rtt_value 10000");
  line("-ron_value 34");
  line("-tflight_value");
  line("-num_bobs 1");
  line("-capacity 80");
  line("-num_channels_per_bob 1");
  line("-first metric \"Cost\"");
  line("-second metric \"Bandwidth\"");
  line("-third metric \"Energy\"");
  line("-DIMM model \"ALL\"");
  line("-mirror_in_bob \"F\"");
  line(std::string("-search port ") + (search ? "1" : "0"));
  return t;
}

std::string describe(const ArraySpec& a) {
  const std::string size = format_number(double(a.entries)) + " x " + std::to_string(a.block_bytes) + " B";
  const std::string node = std::to_string(a.tech_nm) + " nm";
  switch (a.kind) {
    case ArrayKind::Cam:
      return "binary CAM of " + format_number(double(a.entries)) + " x " + std::to_string(a.tag_bits) + "-bit keys, " + node;
    case ArrayKind::FaCache:
      return "CAM of " + format_number(double(a.entries)) + " x " + std::to_string(a.tag_bits) +
             "-bit keys with 4-byte results, " + node;
    case ArrayKind::Cache:
      break;
  }
  return size + ", " + (a.assoc == 0 ? std::string("fully associative") : a.assoc == 1 ? std::string("direct-mapped") : std::to_string(a.assoc) + "-way") + ", " + node;
}

}  // namespace switchlab::cost::cacti
