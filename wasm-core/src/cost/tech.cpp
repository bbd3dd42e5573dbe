#include "cost/tech.hpp"

namespace switchlab::cost {

int tech_index(int tech_nm) {
  for (size_t i = 0; i < kTechNodesNm.size(); ++i)
    if (kTechNodesNm[i] == tech_nm) return static_cast<int>(i);
  return -1;
}

bool check_tech_nm(int tech_nm, ErrorSink& errors) {
  if (tech_index(tech_nm) >= 0) return true;
  errors.fail("hardware.tech_nm", "must be one of 22, 32, 45, 65, 90 (nm), got " + std::to_string(tech_nm),
              "one of: 22, 32, 45, 65, 90");
  return false;
}

int read_tech_nm(Params& hw) {
  const int64_t nm = hw.integer(
      "tech_nm", {45, 22, 90, "nm",
                  "Technology node of the cost model; one of 22, 32, 45, 65, 90 nm (CACTI 7's nodes)"});
  if (!hw.errors().ok()) return 45;
  if (tech_index(static_cast<int>(nm)) < 0) {
    hw.errors().fail(hw.field("tech_nm"),
                     "must be one of 22, 32, 45, 65, 90 (nm, the CACTI 7 nodes the cost model is fitted "
                     "on), got " + std::to_string(nm),
                     "one of: 22, 32, 45, 65, 90");
    return 45;
  }
  return static_cast<int>(nm);
}

}  // namespace switchlab::cost
