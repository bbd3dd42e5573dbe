#pragma once
// Technology nodes the cost model covers: exactly CACTI 7's technology files that the fit was made
// on (wasm-core/data/cacti/README.md). Other nodes are rejected, not interpolated.
#include <array>

#include "common/params.hpp"

namespace switchlab::cost {

inline constexpr std::array<int, 5> kTechNodesNm = {22, 32, 45, 65, 90};

// Index of `tech_nm` in kTechNodesNm, or -1.
int tech_index(int tech_nm);

// true if `tech_nm` is a covered node, else reports hardware.tech_nm (for callers given a node
// directly rather than through read_tech_nm).
bool check_tech_nm(int tech_nm, ErrorSink& errors);

// Reads hardware.tech_nm (default 45). Reports an error naming the allowed nodes otherwise.
int read_tech_nm(Params& hardware);

}  // namespace switchlab::cost
