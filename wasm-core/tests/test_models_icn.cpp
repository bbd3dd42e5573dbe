// seed 002 ICN router: bottleneck model (16 x 100 Gb/s ports, 12 forwarding + 4 to servers,
// 128 B Interest, 1,024 B Data, 36% hits; ideal 900 -> 1,176 Gb/s) and the content-store
// simulation (Zipf 0.9; cache admission -94% insertions, lazy response -30% reads).
// The deterministic math and the Zipf sampler it draws from are tested in test_common_det_math.cpp.
#include <gtest/gtest.h>

#include "models/content_store_sim.hpp"
#include "models/icn_router.hpp"
#include "models/registry.hpp"

using namespace switchlab;
using namespace switchlab::models;

TEST(ModelsIcn, NaiveIdealForwardingIs900Gbps) {
  IcnRouterParams p;
  const IcnBound b = icn_bound(p, icn_naive_traffic(0.36), IcnAccounting::DataDuplexPool);
  // 800 Gb/s of server link, one 1,024 B Data per request, 1,152 B forwarded per request.
  EXPECT_NEAR(b.forwarding_rate_Gbps, 900, 1e-9);
  EXPECT_EQ(b.bottleneck, "server_link");
}

TEST(ModelsIcn, ProposalIdealForwardingNear1176Gbps) {
  IcnRouterParams p;
  const IcnBound b = icn_bound(p, icn_proposal_traffic(p, 0.36), IcnAccounting::DataDuplexPool);
  // The model is capped by the 12 forwarding ports (1,200 Gb/s); published 1,176 Gb/s.
  // Stated tolerance: 3% (the slides do not give the derivation of 1,176).
  EXPECT_NEAR(b.forwarding_rate_Gbps, 1200, 1e-9);
  EXPECT_NEAR(b.forwarding_rate_Gbps / 1176, 1, 0.03);
  EXPECT_EQ(b.bottleneck, "external_ports");
}

TEST(ModelsIcn, PerDirectionBoundStaysAbovePrototypes) {
  IcnRouterParams p;
  const IcnBound n = icn_bound(p, icn_naive_traffic(0.36), IcnAccounting::PerDirection);
  const IcnBound q = icn_bound(p, icn_proposal_traffic(p, 0.36), IcnAccounting::PerDirection);
  // Switch->server carries 128 + 0.64 x 1,024 = 783.36 B per request over 400 Gb/s.
  EXPECT_NEAR(n.request_rate_Mreq_s, 400e3 / (8 * 783.36), 1e-9);
  EXPECT_GE(n.forwarding_rate_Gbps, 543);  // naive prototype
  EXPECT_GE(q.forwarding_rate_Gbps, 916);  // proposal prototype
  EXPECT_GT(q.forwarding_rate_Gbps, n.forwarding_rate_Gbps);
}

TEST(ModelsIcn, AsicAndCpuLimitsAtTheAnalysisSetup) {
  // seed 002 analysis: 128 x 100 Gb/s ASIC at 6e9 packet/s, 128-core servers at 5e6 packet/s
  // per core, 30% hits: the ports bind, not the ASIC or the CPU ("律速箇所: ポート"). 54 of 128
  // ports go to servers (5.4 of 12.8 Tb/s); assumption: one 128-core server per 2 server ports,
  // as in the evaluation (2 NICs per server).
  IcnRouterParams p;
  p.forwarding_ports = 74;
  p.server_ports = 54;
  p.asic_Mpps = 6000;
  p.cpu_cores = 128 * 27;
  const IcnBound b = icn_bound(p, icn_naive_traffic(0.30), IcnAccounting::PerDirection);
  EXPECT_TRUE(b.bottleneck == "external_ports" || b.bottleneck == "server_link") << b.bottleneck;
  EXPECT_GT(b.asic_Mreq_s, b.request_rate_Mreq_s);
  EXPECT_GT(b.cpu_Mreq_s, b.request_rate_Mreq_s);
  // ASIC: 6e9 / (1 + 2 x 0.7 + 0.3) pipeline passes per request.
  EXPECT_NEAR(b.asic_Mreq_s, 6000 / 2.7, 1e-9);
  // CPU: 3,456 cores x 5 Mpps / (1 + 0.7 + 0.7 + 0.3) packets per request.
  EXPECT_NEAR(b.cpu_Mreq_s, 128 * 27 * 5 / 2.7, 1e-9);
}

TEST(ModelsIcn, RouterModelThroughRegistry) {
  json out;
  ErrorSink errors;
  ASSERT_TRUE(run_model("icn_router", nullptr, out, errors)) << errors.error().message;
  EXPECT_NEAR(out["outputs"]["naive"]["data_duplex_pool"]["forwarding_rate_Gbps"].get<double>(), 900, 1e-9);
  EXPECT_NEAR(out["outputs"]["proposal"]["inserts_per_request"].get<double>(), 0.64 * 0.06, 1e-12);
  EXPECT_NEAR(out["outputs"]["proposal"]["reads_per_request"].get<double>(), 0.36 * 0.7, 1e-12);
  EXPECT_DOUBLE_EQ(out["published"]["proposal_forwarding_Gbps_model"]["value"].get<double>(), 1176);
  ErrorSink bad;
  EXPECT_FALSE(run_model("icn_router", {{"hit_rate", -0.1}}, out, bad));
  EXPECT_EQ(bad.error().field, "hit_rate");
}

// One run of the default simulation shared by the tests below (about a second).
const ContentStoreSimResult& default_sim() {
  static const ContentStoreSimResult r = simulate_content_store(ContentStoreSimParams{});
  return r;
}

TEST(ModelsIcn, SimulationReproducesSeedShape) {
  const auto& r = default_sim();
  // Stated tolerances: hit rate 36% +- 2 points; -94% insertions +- 1.5 points; -30% reads +- 2 points.
  EXPECT_NEAR(r.naive.hit_rate(), 0.36, 0.02);
  const double ins_red = 1 - double(r.proposal.inserts) / double(r.naive.inserts);
  const double lazy_red = 1 - double(r.proposal.reads) / double(r.proposal.hits);
  EXPECT_NEAR(ins_red, 0.94, 0.015);
  EXPECT_NEAR(lazy_red, 0.30, 0.02);
  // seed 002: about 90% of the naive store's inserted Data is evicted without a hit.
  EXPECT_NEAR(double(r.naive.evicted_unused) / double(r.naive.evictions), 0.90, 0.05);
  // Admission keeps popular Data: the hit rate does not drop.
  EXPECT_GE(r.proposal.hit_rate(), r.naive.hit_rate());
}

TEST(ModelsIcn, SimulationCountsAreExact) {
  // Integer counts are a pure function of the parameters: the same in native and WASM builds.
  const auto& r = default_sim();
  EXPECT_EQ(r.naive.requests, 4000000u);
  EXPECT_EQ(r.naive.hits + r.naive.inserts, 4000000u);
  EXPECT_EQ(r.naive.hits, r.naive.reads);
  EXPECT_EQ(r.naive.inserts, 2543478u);
  EXPECT_EQ(r.proposal.inserts, 153474u);
  EXPECT_EQ(r.proposal.reads, 1275700u);
  EXPECT_EQ(r.lazy_window_requests, 400u);
}

TEST(ModelsIcn, SimModelFeedsRouter) {
  json out;
  ErrorSink errors;
  const json params = {{"catalogue_size", 20000}, {"cache_entries", 500}, {"requests", 200000},
                       {"warmup_requests", 50000}, {"router", {{"server_ports", 8}}}};
  ASSERT_TRUE(run_model("icn_cache_sim", params, out, errors)) << errors.error().message;
  const json& o = out["outputs"];
  EXPECT_EQ(o["naive"]["requests"], 200000);
  EXPECT_GT(o["insert_reduction"].get<double>(), 0);
  EXPECT_EQ(out["inputs"]["router"]["server_ports"], 8);
  // With Data-only pooled accounting the naive server link carries one Data per request.
  EXPECT_NEAR(o["router"]["naive"]["data_duplex_pool"]["limits_Mreq_per_s"]["server_link"].get<double>(),
              1600e3 / (8.0 * 1024), 1e-6);
}

TEST(ModelsIcn, SimBadParametersNameTheField) {
  const std::pair<json, const char*> cases[] = {
      {{{"zipf_alpha", 5}}, "zipf_alpha"},
      {{{"catalogue_size", 100}, {"cache_entries", 200}}, "cache_entries"},
      {{{"requests", 10}}, "requests"},
      {{{"admission_threshold", 70000}}, "admission_threshold"},
      {{{"router", {{"server_ports", 0}}}}, "router.server_ports"},
      {{{"router", {{"hit_rate", 0.5}}}}, "router.hit_rate"},
  };
  for (const auto& [params, field] : cases) {
    json out;
    ErrorSink errors;
    EXPECT_FALSE(run_model("icn_cache_sim", params, out, errors)) << params.dump();
    EXPECT_EQ(errors.error().field, field) << errors.error().message;
  }
}
