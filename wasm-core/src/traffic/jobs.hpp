#pragma once
// Job mixes (traffic.jobs): jobs on contiguous node blocks, traffic confined to each job.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "traffic/traffic.hpp"

namespace switchlab {

inline constexpr const char* kJobsDoc =
    "Job mix: jobs on contiguous node blocks (node-id order, from node 0), sizes from `sizes`, "
    "`size_table` or `preset`; every packet stays inside one job; nodes outside jobs are idle";

// Builds the job mix of `spec` (the pattern run inside each job) from traffic.jobs.
std::unique_ptr<Traffic> make_job_mix(Params& traffic, const RankSpec& spec, const std::string& pattern,
                                      uint32_t nodes);

// The preset job-size distributions: (size in compute nodes, probability) rows.
const std::vector<std::pair<uint32_t, double>>& job_size_preset(const std::string& name);
const std::vector<std::string>& job_size_preset_names();

}  // namespace switchlab
