#pragma once
// The links of a layered network (fat tree levels, BMIN stages) too big to list one by one
// (`links`: null above kMaxListedLinks) counted between groups of switches, so that drawings still
// show every link: a row of n switches is cut into groups of ceil(n / kBundleGroups) consecutive
// switches (by id), and `link_bundles` lists [row, group, row + 1, group, links] for every pair of
// groups with links between them. Links only join neighbouring rows in these networks.
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "topology/topology.hpp"

namespace switchlab {

class LinkBundles {
 public:
  static constexpr uint32_t kBundleGroups = 16;

  LinkBundles(uint32_t rows, uint32_t per_row)
      : size_((per_row + kBundleGroups - 1) / kBundleGroups),
        counts_(static_cast<size_t>(rows > 0 ? rows - 1 : 0) * kBundleGroups * kBundleGroups, 0) {}

  // A link between switch `lower` of row `row` and switch `upper` of row + 1 (indices within rows).
  void add(uint32_t row, uint32_t lower, uint32_t upper) {
    ++counts_[(static_cast<size_t>(row) * kBundleGroups + lower / size_) * kBundleGroups + upper / size_];
  }

  nlohmann::json to_json() const {
    nlohmann::json out = nlohmann::json::array();
    for (size_t i = 0; i < counts_.size(); ++i)
      if (counts_[i]) {
        const auto row = static_cast<uint32_t>(i / (kBundleGroups * kBundleGroups));
        out.push_back({row, (i / kBundleGroups) % kBundleGroups, row + 1, i % kBundleGroups, counts_[i]});
      }
    return out;
  }

  static std::string format() {
    return "[row, group, row + 1, group, links] for links too many to list: rows are levels (stages), a row of n "
           "switches is cut into groups of ceil(n / 16) consecutive switches by id; null when links are listed";
  }

 private:
  uint32_t size_;                 // switches per group
  std::vector<uint64_t> counts_;  // (row, lower group, upper group)
};

// Every link of `t` as [a, a's port, b, b's port] (Topology::for_each_link), or null above
// kMaxListedLinks: describe()'s and the drawing's `links`.
inline nlohmann::json listed_links(const Topology& t) {
  if (t.num_links() > kMaxListedLinks) return nullptr;
  nlohmann::json out = nlohmann::json::array();
  t.for_each_link([&](uint32_t a, uint16_t pa, uint32_t b, uint16_t pb) { out.push_back({a, pa, b, pb}); });
  return out;
}

// The links of a layered network of `rows` rows of `per_row` switches (switch id = row * per_row +
// index) counted between groups, or null when listed_links() lists them.
inline nlohmann::json link_bundles(const Topology& t, uint32_t rows, uint32_t per_row) {
  if (t.num_links() <= kMaxListedLinks) return nullptr;
  LinkBundles bundles(rows, per_row);
  t.for_each_link([&](uint32_t a, uint16_t, uint32_t b, uint16_t) { bundles.add(a / per_row, a % per_row, b % per_row); });
  return bundles.to_json();
}

}  // namespace switchlab
