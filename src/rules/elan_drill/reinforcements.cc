// Reinforcements (§3 L8, D12-23): a unit with `arrival = N` waits off the table; in each of
// its side's command phases it rolls 1D12 and enters at its scenario position if the roll
// is <= N, the number rising by d12_23_reinforcement_step (+2) after each failed roll. A
// unit whose place is taken waits for the next command phase (interpretation, README).
#include <algorithm>

#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

void BattleED::reinforcement_step(int side, EventLog& log) {
  for (int u : force_.units_of(side)) {
    UnitState& s = state_[u];
    if (s.arrival <= 0) continue;
    const int need = std::min(12, s.arrival + s.arrival_failures * opts_.reinforcement_step);
    const int face = dice_.roll(12);
    const bool arrives = face <= need && place_ok(u, force_.units[u].footprint(), -1);
    log.append(event(log, EventKind::kStatus, u, [&](Event& e) {
      e.text = fmt::format("{} {} (reinforcements, D12-23)", name(u),
                           arrives ? "arrives" : "does not arrive yet");
      RollRecord& r = e.rolls.emplace_back();
      start_record(&r, "reinforcements", s.arrival, "D12-23");
      if (s.arrival_failures > 0) {
        r.modifiers.push_back({fmt::format("{} failed roll{}", s.arrival_failures,
                                           s.arrival_failures == 1 ? "" : "s"),
                               static_cast<double>(need - s.arrival), "D12-23"});
      }
      r.target = need;
      r.dice = "1d12";
      r.faces = {face};
      r.result = face > need ? fmt::format("{} > {}: not yet", face, need)
                 : arrives   ? fmt::format("{} <= {}: arrives", face, need)
                             : fmt::format("{} <= {}, but its place is taken", face, need);
      e.data = {{"step", Value(std::string("reinforcements"))}, {"arrives", Value(arrives)}};
    }));
    if (face > need) ++s.arrival_failures;
    if (!arrives) continue;
    s.arrival = 0;
    force_.units[u].status = UnitStatus::kActive;
    touch(u);
  }
}

}  // namespace smoothbore::elan_drill
