// The exact odds the doctrine AI weighs for a squad-skirmish charge (shared/rules/003.md §7,
// §9): the charge is assessed as it will be fought, so an undefended fence on the way costs
// the roll its 2" (L46, SK-11) and the melee its charging +1 (L95).
#include <string>

#include <gtest/gtest.h>

#include "sim/squad_skirmish_scenario.h"

namespace smoothbore::sim_test {
namespace {

using squad_skirmish::BattleSK;

ActionAssessment charge_odds(bool fence) {
  BattleHarness g(sk(unit_toml("b1", "infantry", "open", 8, 24, 8),
                     unit_toml("r1", "infantry", "open", 3, 24, 15), "",
                     fence ? "[[terrain]]\nid = \"fence\"\nclass = \"obstacle\"\n"
                             "path = [[10, 11], [38, 11]]\nwidth = 0.5\n\n"
                           : ""),
                  1);
  const BattleSK& b = sk_of(g);
  Action a;
  a.kind = ActionKind::kCharge;
  a.unit = g.idx("b1");
  a.target = g.idx("r1");
  EXPECT_EQ(b.charge_path(a.unit, a.target).crossed, fence);
  return g.battle().assess(a);
}

TEST(SquadSkirmishAi, ChargeOddsCountTheFenceCrossed_L46_L95) {
  const ActionAssessment open = charge_odds(false);
  const ActionAssessment fenced = charge_odds(true);
  EXPECT_GT(open.win_probability, 0.5);  // 8 on 3 at 5": the charge is worth it
  EXPECT_LT(fenced.win_probability, open.win_probability - 0.05);
  EXPECT_LT(fenced.expected_kills, open.expected_kills);
}

}  // namespace
}  // namespace smoothbore::sim_test
