// Line of sight past figures in a squad-skirmish battle (shared/rules/003.md SK-06): fire
// needs sight of at least one target figure; with sk_06_figures_block other-squads the
// figures of a third squad standing across every sight line hide the target (the core's
// line_of_sight), with none only terrain does.
#include <string>

#include <gtest/gtest.h>

#include "sim/squad_skirmish_scenario.h"

namespace smoothbore::sim_test {
namespace {

using squad_skirmish::BattleSK;

TEST(SquadSkirmishSight, FiguresOfOtherSquadsBlockSight_SK06) {
  for (const bool block : {true, false}) {
    BattleHarness g(
        sk(unit_toml("b1", "infantry", "open", 1, 24, 8) +
               unit_toml("b2", "infantry", "formed", 6, 24.25, 14, "weapon = \"pistol\""),
           unit_toml("r1", "infantry", "open", 1, 24, 20),
           block ? "" : "sk_06_figures_block = \"none\""),
        1);
    const BattleSK& b = sk_of(g);
    const int b1 = g.idx("b1");
    const int r1 = g.idx("r1");
    // 12" is within a musket's 24" (L63): only the formed squad between can hide r1.
    EXPECT_EQ(b.in_range(b1, 0, r1), !block);
    EXPECT_EQ(b.range_in(b1, 0, r1) < 0, block);
    bool offered = false;
    for (const Action& a : g.battle().legal_actions(b1)) {
      offered |= a.kind == ActionKind::kFire && a.target == r1;
    }
    EXPECT_EQ(offered, !block);
    // The squad in front is not hidden from r1 by anyone.
    EXPECT_TRUE(b.in_range(r1, 0, g.idx("b2")));
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
