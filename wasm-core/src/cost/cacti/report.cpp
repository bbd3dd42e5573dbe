#include "cost/cacti/report.hpp"

#include <cstdlib>
#include <sstream>

namespace switchlab::cost::cacti {
namespace {

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

bool starts(const std::string& s, const char* p) { return s.rfind(p, 0) == 0; }

// The number after the last ':' (or after " - " for CACTI's efficiency lines); false if none.
bool value_after(const std::string& s, char sep, double& v) {
  const auto at = s.rfind(sep);
  if (at == std::string::npos) return false;
  const std::string rest = trim(s.substr(at + 1));
  if (rest.empty()) return false;
  char* end = nullptr;
  v = std::strtod(rest.c_str(), &end);
  return end != rest.c_str();
}

// "Decoder + wordline delay (ns)" -> "decoder + wordline".
std::string part_name(const std::string& label) {
  std::string n = label.substr(0, label.find(" (ns)"));
  if (n.size() > 6 && n.compare(n.size() - 6, 6, " delay") == 0) n.resize(n.size() - 6);
  for (char& c : n) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return n;
}

}  // namespace

ParseStatus parse_report(const std::string& out, Report& r, std::string& why) {
  r = Report{};
  std::istringstream in(out);
  std::string raw, section, power_block;
  bool have_access = false, have_hw = false;
  while (std::getline(in, raw)) {
    const std::string s = trim(raw);
    if (starts(s, "ERROR")) {
      why = s;
      return s.find("no valid") != std::string::npos ? ParseStatus::NoOrganisation : ParseStatus::Incomplete;
    }
    if (const auto v = s.find("CACTI (version "); v != std::string::npos) {
      const auto e = s.find(')', v);
      r.version = s.substr(v + 15, e == std::string::npos ? std::string::npos : e - v - 15);
      continue;
    }
    if (s == "Time Components:" || s == "Power Components:" || s == "Area Components:") {
      section = s.substr(0, s.find(' '));
      continue;
    }
    if (starts(s, "Wire Properties")) break;
    double v = 0;
    if (section.empty()) {
      if (starts(s, "Access time (ns):") && value_after(s, ':', v)) r.access_ns = v, have_access = true;
      else if (starts(s, "Cycle time (ns):") && value_after(s, ':', v)) r.cycle_ns = v;
      else if (starts(s, "Total dynamic read energy per access (nJ):") && value_after(s, ':', v)) r.read_energy_nJ = v;
      else if (starts(s, "Total dynamic write energy per access (nJ):") && value_after(s, ':', v)) r.write_energy_nJ = v;
      else if (starts(s, "Total dynamic associative search energy per access (nJ):") && value_after(s, ':', v)) r.search_energy_nJ = v;
      else if (starts(s, "Total leakage power of a bank (mW):") && value_after(s, ':', v)) r.leakage_mW = v;
      else if (starts(s, "Total gate leakage power of a bank (mW):") && value_after(s, ':', v)) r.gate_leakage_mW = v;
      else if (starts(s, "Cache height x width (mm):")) {
        const std::string hw = trim(s.substr(s.find(':') + 1));
        const auto x = hw.find(" x ");
        if (x != std::string::npos) {
          r.height_mm = std::strtod(hw.c_str(), nullptr);
          r.width_mm = std::strtod(hw.c_str() + x + 3, nullptr);
          have_hw = true;
        }
      } else if (starts(s, "Best ") && value_after(s, ':', v)) {
        r.organisation.push_back({trim(s.substr(5, s.find(':') - 5)), v});
      }
    } else if (section == "Time") {
      if (starts(s, "Data side") || starts(s, "Tag side")) {
        Report::Side side;
        side.side = starts(s, "Data") ? "data" : "tag";
        value_after(s, ':', side.total_ns);
        r.time.push_back(side);
      } else if (!r.time.empty() && s.find("(ns):") != std::string::npos && value_after(s, ':', v)) {
        r.time.back().parts.push_back({part_name(s), v});
      }
    } else if (section == "Power") {
      if (starts(s, "CAM array") || starts(s, "Fully associative array")) power_block = "search";
      else if (starts(s, "Total dynamic read energy") || starts(s, "Data array") || starts(s, "Tag array")) power_block = "";
      if (power_block == "search" && starts(s, "Searchlines (nJ):") && value_after(s, ':', v)) r.searchline_energy_nJ = v;
    } else if (section == "Area") {
      if (s.find("Area (mm2):") != std::string::npos && value_after(s, ':', v)) {
        Report::ArrayArea a;
        a.array = starts(s, "Data array") ? "data" : starts(s, "Tag array") ? "tag"
                  : starts(s, "CAM array") ? "cam" : "fully associative";
        a.area_mm2 = v;
        r.areas.push_back(a);
      } else if (!r.areas.empty()) {
        Report::ArrayArea& a = r.areas.back();
        if (starts(s, "Height (mm):") && value_after(s, ':', v)) a.height_mm = v;
        else if (starts(s, "Width (mm):") && value_after(s, ':', v)) a.width_mm = v;
        else if (starts(s, "Area efficiency") && value_after(s, '-', v)) a.cell_efficiency_pct = v;
      }
    }
  }
  if (!have_access || !have_hw) {
    why = "CACTI printed no report";
    return ParseStatus::Incomplete;
  }
  return ParseStatus::Ok;
}

}  // namespace switchlab::cost::cacti
