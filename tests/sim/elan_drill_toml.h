// Elan-drill scenarios for the sim tests: the open 48" x 36" table of scripted_commander.h
// (blue home south, red home north) under the elan-drill rule set, and an event's number.
#pragma once

#include <string>
#include <string_view>

#include "sim/scripted_commander.h"

namespace smoothbore::sim_test {

inline Scenario ed(std::string_view blue, std::string_view red, std::string_view options = "",
                   std::string_view terrain = "") {
  std::string text = scenario_toml(blue, red, options, terrain);
  text.replace(text.find("fast-1805"), 9, "elan-drill");
  return load_scenario(text);
}

inline int int_field(const Event& e, std::string_view key) {
  const Value* v = field(e, key);
  return v != nullptr ? static_cast<int>(as_number(*v)) : -1;
}

}  // namespace smoothbore::sim_test
