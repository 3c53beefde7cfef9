// Scenario text and log helpers shared by the squad-skirmish battle tests (tests/sim/
// squad_skirmish_*_test.cc): the scripted-commander scenario as a squad-skirmish one, the
// battle behind a harness, event data.
#pragma once

#include <string>
#include <string_view>

#include "rules/squad_skirmish/battle_impl.h"
#include "sim/scripted_commander.h"

namespace smoothbore::sim_test {

inline Scenario sk(std::string_view blue, std::string_view red, std::string_view options = "",
                   std::string_view terrain = "") {
  std::string text = scenario_toml(blue, red, options, terrain);
  text.replace(text.find("fast-1805"), 9, "squad-skirmish");
  return load_scenario(text);
}

inline const squad_skirmish::BattleSK& sk_of(BattleHarness& g) {
  return dynamic_cast<const squad_skirmish::BattleSK&>(g.battle());
}

inline int sk_int_field(const Event& e, std::string_view key) {
  const Value* v = field(e, key);
  return v != nullptr ? static_cast<int>(as_number(*v)) : -1;
}

}  // namespace smoothbore::sim_test
