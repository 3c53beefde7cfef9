// Scenario text and log helpers shared by the elan-drill battle tests (tests/sim/
// elan_drill_*_test.cc): the scripted-commander scenario as an elan-drill one, event data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/scripted_commander.h"

namespace smoothbore::sim_test {

// `tail`: further top-level tables (e.g. [[leaders]]) appended to the text.
inline Scenario ed(std::string_view blue, std::string_view red, std::string_view options = "",
                   std::string_view terrain = "", std::string_view tail = "") {
  std::string text = scenario_toml(blue, red, options, terrain);
  text.replace(text.find("fast-1805"), 9, "elan-drill");
  text += tail;
  return load_scenario(text);
}

inline int int_field(const Event& e, std::string_view key) {
  const Value* v = field(e, key);
  return v != nullptr ? static_cast<int>(as_number(*v)) : -1;
}

// Whether any roll record of `e` cites `ref`: a factor modifier, or dice added (which the
// record's result lists).
inline bool cites(const Event& e, std::string_view ref) {
  for (const RollRecord& r : e.rolls) {
    if (r.result.find(ref) != std::string::npos) return true;
    for (const Modifier& m : r.modifiers) {
      if (m.ref.find(ref) != std::string::npos) return true;
    }
  }
  return false;
}

// Events of `unit` whose text holds `text`, after `from` and before the next phase event
// (the rest of `from`'s phase).
inline std::vector<const Event*> rest_of_phase(const BattleHarness& g, const Event& from,
                                               std::string_view text, std::string_view unit) {
  const std::ptrdiff_t at = g.position(&from);
  std::ptrdiff_t end = PTRDIFF_MAX;
  for (const Event* e : g.events(EventKind::kPhase)) {
    if (g.position(e) > at) {
      end = g.position(e);
      break;
    }
  }
  std::vector<const Event*> out;
  for (const Event* e : g.events_with(text, unit)) {
    if (g.position(e) > at && g.position(e) < end) out.push_back(e);
  }
  return out;
}

// b1, a 20-figure line of Musketry 9 at 4" up the table, and r1, a 20-figure line of Élan
// 12 without a weapon at `r1_y`, facing it; `options` in force.
inline Scenario volley_scenario(double r1_y, std::string_view options) {
  return ed(unit_toml("b1", "infantry", "line", 20, 24, 4, "musketry = 9\n"),
            unit_toml("r1", "infantry", "line", 20, 24, r1_y,
                      "facing = 180\nelan = 12\nweapon = \"none\"\n"),
            options);
}
// Orders b1 to fire at r1, plays the first bound and gives b1's first fire (its battalion
// volley), or nullptr.
inline const Event* volley_at_r1(BattleHarness& g) {
  ScriptedCommander blue, red;
  blue.fire(g.idx("b1"), g.idx("r1"));
  g.play(blue, red);
  const auto fires = g.events_with("fires small-arms at", "b1", 1);
  return fires.empty() ? nullptr : fires.front();
}

// A script step taking the action whose `rate` names a response or move variant
// ("fire-and-evade", "limber-and-evade", "full").
inline ScriptStep with_rate(ActionKind kind, std::string rate, std::string formation = "") {
  return {kind, -1, std::move(formation), {}, [rate](const Action& a) { return a.rate == rate; }};
}

}  // namespace smoothbore::sim_test
