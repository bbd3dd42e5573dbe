// seed 001 Sec. 7.1 eq. (5) with its published parameters (E_cache 0.039 nJ, P_cache 13 mW,
// E_cam 42 nJ, P_cam 36 mW, 7 ports, 1,400 Gb/s switching capacity) and caller-supplied ones.
#include <gtest/gtest.h>

#include "models/lookup_power.hpp"
#include "models/registry.hpp"

using namespace switchlab;
using namespace switchlab::models;

TEST(ModelsPower, Equation5AtHalfCapacity) {
  LookupPowerParams p;  // published defaults, 64 B packets, 50% of 1,400 Gb/s, 1% misses
  // n = 700 Gb/s / 512 bit = 1.3671875e9 packets/s (exact in binary).
  EXPECT_DOUBLE_EQ(packets_per_second(p, 0.5), 1.3671875e9);
  const LookupPower c = lookup_power_with_cache(p, 0.5, 0.01);
  EXPECT_NEAR(c.cache_dynamic_W, 1.3671875e9 * 0.039e-9, 1e-12);  // 0.0533 W
  EXPECT_NEAR(c.cam_dynamic_W, 1.3671875e9 * 42e-9 * 0.01, 1e-12);  // 0.574 W
  EXPECT_NEAR(c.cache_static_W, 7 * 0.013, 1e-15);                  // 0.091 W
  EXPECT_NEAR(c.cam_static_W, 0.036, 1e-15);
  EXPECT_NEAR(c.total_W, 0.7545390625, 1e-9);
  const LookupPower b = lookup_power_conventional(p, 0.5);
  EXPECT_NEAR(b.total_W, 57.421875 + 0.036, 1e-9);
  EXPECT_EQ(b.cache_static_W, 0);
  // Published: at 50% use the cached switch needs "about 1%" of the conventional one. Stated
  // tolerance: 0.5%..2% (the paper rounds and gives no packet size; 64 B gives 1.31%).
  EXPECT_GT(c.total_W / b.total_W, 0.005);
  EXPECT_LT(c.total_W / b.total_W, 0.02);
  // Idle switch: only static power; the caches add 91 mW to the CAM's 36 mW.
  EXPECT_NEAR(lookup_power_with_cache(p, 0, 0.01).total_W, 0.127, 1e-12);
  EXPECT_NEAR(lookup_power_conventional(p, 0).total_W, 0.036, 1e-12);
}

TEST(ModelsPower, ReportHasFig13CasesAndPublishedLabels) {
  json out;
  ErrorSink errors;
  ASSERT_TRUE(run_model("lookup_power", nullptr, out, errors)) << errors.error().message;
  EXPECT_EQ(out["outputs"]["fig13_cases"].size(), 9u);  // 3 utilisations x (conventional, 1%, 0%)
  EXPECT_DOUBLE_EQ(out["outputs"]["switching_capacity_Gbps"].get<double>(), 1400);
  EXPECT_EQ(out["provenance"]["inputs.cache_energy_nJ"], "as published in seed 001 Sec. 7.1 (CACTI 6.5)");
  EXPECT_EQ(out["provenance"]["inputs.cam_static_mW"], "as published in seed 001 Sec. 7.1 (from its refs. [25], [26])");
}

TEST(ModelsPower, CallerSuppliedCacheParametersKeepTheirLabel) {
  json out;
  ErrorSink errors;
  const json params = {{"cache_energy_nJ", 0.01},
                       {"cache_static_mW", 2.5},
                       {"cache_params_source", "CACTI-7 fit, 22 nm"},
                       {"utilization", 1.0},
                       {"miss_rate", 0.0}};
  ASSERT_TRUE(run_model("lookup_power", params, out, errors)) << errors.error().message;
  EXPECT_EQ(out["provenance"]["inputs.cache_energy_nJ"], "CACTI-7 fit, 22 nm");
  EXPECT_EQ(out["provenance"]["inputs.cam_energy_nJ"], "as published in seed 001 Sec. 7.1 (from its refs. [25], [26])");
  // n = 1,400 Gb/s / 512 bit = 2.734375e9/s; S = n 0.01 nJ + 7 x 2.5 mW + 36 mW.
  EXPECT_NEAR(out["outputs"]["with_cache"]["total_W"].get<double>(), 2.734375e9 * 0.01e-9 + 0.0175 + 0.036, 1e-9);
  // Numbers without a label are marked as plain inputs.
  json out2;
  ASSERT_TRUE(run_model("lookup_power", {{"cam_energy_nJ", 10}}, out2, errors));
  EXPECT_EQ(out2["provenance"]["inputs.cam_energy_nJ"], "input");
}

TEST(ModelsPower, BadParametersNameTheField) {
  const std::pair<json, const char*> cases[] = {
      {{{"ports", 0}}, "ports"},
      {{{"utilization", 2}}, "utilization"},
      {{{"cam_energy_nJ", -1}}, "cam_energy_nJ"},
      {{{"cache_params_source", 3}}, "cache_params_source"},
  };
  for (const auto& [params, field] : cases) {
    json out;
    ErrorSink errors;
    EXPECT_FALSE(run_model("lookup_power", params, out, errors));
    EXPECT_EQ(errors.error().field, field);
  }
}
