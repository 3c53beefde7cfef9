// Fire at an enemy in contact only with friends (L205 -1, D12-25): the target is touching a
// friend of the firer and not the firer itself. With `d12_25_friendly_hits = natural-12`
// each natural 12 among the to-hit dice strikes that friend instead (D12-25's proposal; the
// friend saves as against the same fire). Shell and shrapnel have no such dice: a missed
// shell already scatters onto the units within 4" of its target (R-001-5), the friend in
// contact among them.
#include <utility>

#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

void BattleED::friendly_hits(int unit, int target, const std::string& attack, int twelves,
                             std::map<int, FireTally>& tally, EventLog& log) {
  if (twelves == 0 || !opts_.friendly_hits_12) return;
  const int ally = contact_friend(unit, target);
  if (ally < 0) return;
  std::vector<RollRecord> rolls;
  const auto [casualties, special] = saves(ally, twelves, attack, false, record_for(log, rolls));
  log.append(event(log, EventKind::kFire, unit, [&](Event& e) {
    e.text = fmt::format(
        "{}'s fire at {} strikes {} in contact with it: {} natural 12{} (D12-25), {} casualt{}",
        name(unit), name(target), name(ally), twelves, twelves == 1 ? "" : "s", casualties,
        casualties == 1 ? "y" : "ies");
    e.target = force_.units[ally].id;
    e.rolls = std::move(rolls);
    e.data = {{"how", Value(std::string("friendly-hit"))},
              {"hits", Value(std::int64_t{twelves})},
              {"casualties", Value(std::int64_t{casualties})}};
  }));
  tally[ally].casualties += casualties;
  take_casualties(ally, casualties, special, log);
}

}  // namespace smoothbore::elan_drill
