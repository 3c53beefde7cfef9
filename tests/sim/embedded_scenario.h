// Loads one of the scenarios compiled into the binary (scenarios/**/*.toml) for the sim
// tests; a scenario that is missing or does not load is a test failure.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "core/embedded.h"
#include "io/scenario_file.h"

namespace smoothbore {

inline Scenario load_embedded(const std::string& name) {
  auto text = embedded::find(embedded::scenario_files(), name);
  EXPECT_TRUE(text.has_value()) << name << " is not embedded";
  if (!text) return {};
  auto s = load_scenario_text(*text, name);
  EXPECT_TRUE(s.has_value()) << name << ": " << (s ? "" : format(s.error().front()));
  return s ? *s : Scenario{};
}

}  // namespace smoothbore
