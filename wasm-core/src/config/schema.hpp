#pragma once
// JSON Schema of the experiment config, generated from the parameter declarations the parser
// makes (common/params.hpp), so the schema and the validator cannot disagree.
#include <nlohmann/json.hpp>

namespace switchlab {

nlohmann::json experiment_schema();

}  // namespace switchlab
