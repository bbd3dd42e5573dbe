#include "cost/hash_unit.hpp"

namespace switchlab::cost {

namespace {
static const char* kHashUnitData =
#include "switchlab_data/hash_unit.inc"
    ;

std::string str_at(const nlohmann::json& j, const char* k) {
  auto it = j.find(k);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool num_at(const nlohmann::json& j, const char* k, double& out) {
  auto it = j.find(k);
  if (it == j.end() || !it->is_number()) return false;
  out = it->get<double>();
  return true;
}

std::vector<HashUnit> load_units() {
  std::vector<HashUnit> out;
  const nlohmann::json& j = hash_unit_data();
  auto vs = j.find("variants");
  if (vs == j.end() || !vs->is_array()) return out;
  for (const auto& v : *vs) {
    HashUnit h;
    h.id = str_at(v, "id");
    h.label = str_at(v, "label");
    h.latency_source = str_at(v, "latency_source");
    h.stage_source = str_at(v, "stage_source");
    h.area_source = str_at(v, "area_source");
    if (h.id.empty() || !num_at(v, "latency_ns", h.latency_ns) || !num_at(v, "stage_ns", h.stage_ns) ||
        !num_at(v, "area_um2", h.area_um2))
      return {};
    out.push_back(h);
  }
  return out;
}
}  // namespace

const nlohmann::json& hash_unit_data() {
  static const nlohmann::json j = [] {
    nlohmann::json p = nlohmann::json::parse(kHashUnitData, nullptr, /*allow_exceptions=*/false);
    return p.is_object() ? p : nlohmann::json::object();
  }();
  return j;
}

const std::vector<HashUnit>& hash_units() {
  static const std::vector<HashUnit> units = load_units();
  return units;
}

const HashUnit* find_hash_unit(const std::string& id) {
  for (const HashUnit& h : hash_units())
    if (h.id == id) return &h;
  return nullptr;
}

std::string read_hash_unit_id(Params& hw) {
  // Keep this list in step with wasm-core/data/hash_unit.json (a test checks both ways).
  return hw.choice("hash_unit", kDefaultHashUnit,
                   {"switchable_pipelined", "switchable_combinational", "cube6_combinational",
                    "cube6_pipelined", "fattree5_combinational", "fattree5_pipelined"},
                   "Switchable-hash unit per input port, as published in seed 000 Sec. V-B");
}

}  // namespace switchlab::cost
