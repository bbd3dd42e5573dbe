#pragma once
// Random regular switch graph (docs/topologies.md; e.g. Jellyfish-style networks), built by a seeded,
// deterministic stub pairing and routed by the shared graph base (topology/graph.hpp).
#include <vector>

#include "common/rng.hpp"
#include "topology/graph.hpp"

namespace switchlab {

// Pairs `degree` stubs per switch at random, refusing self-loops and duplicate links (the
// Steger-Wormald refinement of the configuration model: a bad pair is redrawn instead of throwing
// the whole pairing away, which is what makes degree > 4 feasible), and restarts when the pairing
// gets stuck or the result is disconnected. Returns the number of attempts used (>= 1), or 0 when
// `max_attempts` were not enough. Uses only `rng` (project RNG), so results are identical in every
// build. Requires switches * degree even and degree < switches.
uint32_t random_regular_edges(uint32_t switches, uint32_t degree, Rng& rng, uint32_t max_attempts,
                              std::vector<Edge>& edges);

}  // namespace switchlab
