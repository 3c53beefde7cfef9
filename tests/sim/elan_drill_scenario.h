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

// A script step taking the action whose `rate` names a response or move variant
// ("fire-and-evade", "limber-and-evade", "full").
inline ScriptStep with_rate(ActionKind kind, std::string rate, std::string formation = "") {
  return {kind, -1, std::move(formation), {}, [rate](const Action& a) { return a.rate == rate; }};
}

}  // namespace smoothbore::sim_test
