#pragma once
// A run through the public string API that is expected to succeed (the test fails otherwise).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "switchlab/api.hpp"

inline nlohmann::json run_ok(const nlohmann::json& config) {
  nlohmann::json r = nlohmann::json::parse(switchlab::run_json(config.dump()));
  EXPECT_FALSE(r.contains("error")) << r.dump();
  return r;
}
