// elan-drill DM removal in the battle (D12-06, d12_06_dm_removal): by rally successes only
// (the digest's proposal, R-001-2), or also one DM a game turn for a unit out of action.
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "rules/elan_drill/battle_impl.h"
#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

// b1 (2 DMs) stands far from every enemy and does nothing; b2 (2 DMs) fires at r2 every
// turn. Both rally at factor -1 (Élan 1, 2 DMs): no rally die can succeed. By default
// neither loses a DM; with `rally-and-idle` b1 sheds one a game turn (2 -> 1 -> 0), and b2
// only in the first (nothing done before it), not after it has fired.
TEST(ElanDrillDmOptions, IdleUnitsShedDms_D12_06) {
  for (const bool idle : {false, true}) {
    const Scenario sc =
        ed(unit_toml("b1", "infantry", "line", 20, 6, 4, "elan = 1\ndms = 2\nweapon = \"none\"\n") +
               unit_toml("b2", "infantry", "line", 20, 38, 14, "elan = 1\ndms = 2\n"),
           unit_toml("r2", "infantry", "line", 20, 38, 19,
                     "facing = 180\nelan = 12\nweapon = \"none\"\n"),
           fmt::format("d12_06_dm_removal = \"{}\"", idle ? "rally-and-idle" : "rally-only"));
    BattleHarness g(sc, 1);
    const auto& b = dynamic_cast<const elan_drill::BattleED&>(g.battle());
    ScriptedCommander blue, red;
    blue.fire(g.idx("b2"), g.idx("r2"));
    g.play(blue, red);
    ASSERT_FALSE(g.events_with("fires small-arms at", "b2", 1).empty());
    EXPECT_EQ(b.state(g.idx("b1")).dms, idle ? 1 : 2);
    EXPECT_EQ(b.state(g.idx("b2")).dms, idle ? 1 : 2);
    g.play(blue, red);
    EXPECT_EQ(b.state(g.idx("b1")).dms, idle ? 0 : 2);
    EXPECT_EQ(b.state(g.idx("b2")).dms, idle ? 1 : 2);  // it fired in turn 1
    EXPECT_EQ(g.events_with("is out of action: -1 DM (D12-06)", "b1").size(), idle ? 2u : 0u);
    EXPECT_EQ(g.events_with("is out of action", "b2", 2).size(), 0u);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
