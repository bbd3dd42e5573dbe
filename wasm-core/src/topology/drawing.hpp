#pragma once
// The network as a drawing needs it (docs/topologies.md, "Drawing"): the switches and where they go
// (a layout hint), the links, and every port's name and class. Built from each topology's own hooks
// (Topology::layout, for_each_link, port_name), the same way for every kind, so that the frontend
// draws a new topology without knowing its kind.
#include <cstdint>

#include <nlohmann/json.hpp>

#include "topology/topology.hpp"

namespace switchlab {

// Switches drawn one by one at most (each is an SVG element: a 1024 x 1024 torus hung a browser
// tab for minutes), and at most this many for a force layout (its simulation runs in the page:
// O(switches^2) per tick).
constexpr uint32_t kMaxDrawnSwitches = 40000;
constexpr uint32_t kMaxForceSwitches = 2048;
// Ports named one by one at most (switches x ports per switch).
constexpr uint64_t kMaxDrawnPorts = uint64_t{1} << 21;

// {"kind", "switches", "nodes", "ports_per_switch", "layout", "drawn", "max_switches", "links",
//  "link_bundles", "port_classes", "port_sets", "switch_port_set"}. Above the limits ("drawn":
// false) only the counts, the layout hint (an aggregated drawing needs no more) and the port classes
// are given, so the size stays bounded for any network the core accepts.
nlohmann::json drawing_json(const Topology& t);

}  // namespace switchlab
