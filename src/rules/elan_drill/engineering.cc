// Engineering tasks (§3 L10, D12-24): the sheet names the step ("Roll for Engineering
// tasks") and nothing else; the digest proposes a task per scenario, a 2D Drill test per turn
// by the engineer unit, 0 failures completes it (option d12_24_engineering = drill-2d), or
// the scenario's script (= scripted: the task completes in the command phase of game turn
// `engineering_turn`). A unit's `engineering` attribute names its task:
//   fortify: it digs in where it stands; finished, its place is hard cover (as earthworks,
//            L256) while it stays within 1" of it;
//   clear:   it clears the linear obstacle or earthworks `engineering_feature`, which is then
//            gone from the table (no obstacle test, L189-L191; no cover).
// A unit works only when it did not move in its own last player turn (as the stationary
// rally, L32) and is not in contact with an enemy; it still takes orders (a unit that moves
// off its fortified place loses the cover). The test is no movement or formation change, so
// its failures add no DMs (L101-L103). These readings are the battle's (README).
#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

namespace {
constexpr double kFortifiedRadiusIn = 1.0;
}  // namespace

bool BattleED::at_work(int unit) const { return active(unit) && !state_[unit].engineering.empty(); }

bool BattleED::fortified(int unit) const {
  const UnitState& s = state_[unit];
  return s.fortified && distance(force_.units[unit].footprint().centre, s.fortified_at) <=
                            kFortifiedRadiusIn * kMm;
}

void BattleED::engineering_step(int side, EventLog& log) {
  for (int u : force_.units_of(side)) {
    if (!at_work(u) || state_[u].moved_last || in_contact(u) >= 0) continue;
    UnitState& s = state_[u];
    const std::string task = s.engineering;
    bool done = false;
    const bool scripted = opts_.engineering_scripted;
    std::vector<RollRecord> rolls;
    if (scripted) {
      const Value* turn = force_.units[u].attribute("engineering_turn");
      done = turn_ >= (turn != nullptr ? static_cast<int>(as_number(*turn)) : 1);
    } else {
      const Outcome o = drill_test(u, "engineering", record_for(log, rolls), false);
      done = outcome_int(o, "failures") == 0;  // D12-24: 0 failures completes it
    }
    log.append(event(log, EventKind::kStatus, u, [&](Event& e) {
      e.text = scripted
                   ? fmt::format("{} works at its task ({}, D12-24 scripted){}", name(u), task,
                                 done ? ": done" : "")
                   : fmt::format("{} Drill test for its engineering task ({}, L10, D12-24): {}",
                                 name(u), task, rolls.empty() ? "" : rolls.back().result);
      e.rolls = std::move(rolls);
      e.data = {{"step", Value(std::string("engineering"))},
                {"task", Value(task)},
                {"done", Value(done)}};
    }));
    if (!done) continue;
    s.engineering.clear();
    if (task == "fortify") {
      s.fortified = true;
      s.fortified_at = force_.units[u].footprint().centre;
      log.append(event(log, EventKind::kStatus, u, [&] {
        return fmt::format("{} has fortified its position: hard cover (D12-24, L256)", name(u));
      }));
    } else if (task == "clear") {
      const std::string feature = force_.units[u].attribute_string("engineering_feature", "");
      smoothbore::Table cleared(scenario_.table.width(), scenario_.table.height());
      for (const AreaFeature& a : scenario_.table.areas()) cleared.add(a);
      for (const LinearFeature& l : scenario_.table.linears()) {
        if (l.id != feature) cleared.add(l);
      }
      scenario_.table = std::move(cleared);
      obstacles_.clear();  // its features changed
      log.append(event(log, EventKind::kStatus, u, [&] {
        return fmt::format("{} has cleared {} (D12-24): no obstacle there now", name(u), feature);
      }));
    }
  }
}

}  // namespace smoothbore::elan_drill
