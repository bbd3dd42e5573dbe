#pragma once
// The results contract: a JSON Schema of the result document (and of prepare()'s summary) in
// which every number has a unit. Fixed keys are declared with their unit and meaning; the
// open-ended sections (cost, models, topology descriptions) follow the key-suffix convention of
// models/report.hpp (_ns, _Gbps, _mm2, ...), which the schema states as data (x-unit-suffixes)
// so that every reader resolves units with the same rule as unit_of() below.
#include <string>

#include <nlohmann/json.hpp>

namespace switchlab {

nlohmann::json results_schema();

// The unit of the number at a dotted result path (array indices left out, map keys as they are):
// a declared key's unit, else the unit of the key's suffix, else of the nearest ancestor key
// with a unit suffix; "" for dimensionless counts without a declared unit.
std::string unit_of(const std::string& path);

// {dotted path: unit} for every numeric leaf of a result (or summary) document.
nlohmann::json units_of(const nlohmann::json& result);

}  // namespace switchlab
