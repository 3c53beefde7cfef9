// elan-drill abandoned guns (§6 L123 "Gunners must leave guns", D12-16; the engine's reading
// in abandoned_guns.cc): an enemy ending a move on them captures them, the crew going back
// mans them again (d12_16_recover_guns = return), or never.
#include <string>

#include <gtest/gtest.h>

#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

// An unlimbered battery whose crew always passes its Drill test (L123 needs 2D).
std::string battery(double y) {
  return unit_toml("r1", "foot-artillery", "unlimbered", 4, 24, y,
                   "facing = 180\ndrill = 12\ngun = \"light\"\n");
}

// L123: cavalry charges a battery from 10"; the crew fires and evades ½ a move on foot,
// leaving the guns; the charge goes on over the guns' place and takes them: the battery is
// lost and counts in the army break (D12-32, artillery ½).
TEST(ElanDrillGuns, ChargerEndingOnAbandonedGunsCapturesThem_L123) {
  const Scenario sc =
      ed(unit_toml("b1", "cavalry", "line", 10, 24, 8, "elan = 12\nweapon = \"carbine\"\n"),
         battery(18) + unit_toml("r2", "infantry", "line", 20, 8, 30, "facing = 180\n"));
  BattleHarness g(sc, 2);
  ScriptedCommander blue, red;
  blue.charge(g.idx("b1"), g.idx("r1"));
  red.set(g.idx("r1"), with_rate(ActionKind::kMove, "fire-and-evade"));
  EXPECT_DOUBLE_EQ(g.battle().broken_fraction(1), 0.0);
  g.battle().play_turn({&blue, &red}, g.log());
  ASSERT_EQ(g.events_with("the gunners leave their guns", "r1", 1).size(), 1u);
  const auto taken = g.events_with("captures the abandoned guns of", "b1", 1);
  ASSERT_EQ(taken.size(), 1u);
  EXPECT_EQ(taken.front()->target, "r1");
  EXPECT_EQ(g.unit("r1").status, UnitStatus::kRemoved);
  EXPECT_GT(g.battle().broken_fraction(1), 0.0);
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// L123, d12_16_recover_guns: the charge never comes in (the line fails its 3D test to form
// column, L82), so the guns lie with no enemy near; in red's player turn the crew goes back
// to them ("seize", the doctrine's move too) and mans them again: unlimbered in their
// place, able to fire (at b2). With `never` the move is not offered and the guns stay abandoned.
TEST(ElanDrillGuns, CrewReturningToItsGunsMansThem_L123) {
  for (const bool recover : {true, false}) {
    const Scenario sc = ed(unit_toml("b1", "infantry", "line", 20, 24, 6, "drill = 1\ndms = 1\n") +
                               unit_toml("b2", "infantry", "line", 12, 26, 2),
                           battery(15), recover ? "" : "d12_16_recover_guns = \"never\"");
    BattleHarness g(sc, 3);
    ScriptedCommander blue, red;
    blue.set(g.idx("b1"), {ActionKind::kCharge, g.idx("r1"), "column", {}, nullptr});
    red.set(g.idx("r1"), {ActionKind::kMove, -1, "", {}, [](const Action& a) {
                            return a.rate == "fire-and-evade" || a.rate == "seize";
                          }});
    const Rect guns = g.unit("r1").footprint();
    g.battle().play_turn({&blue, &red}, g.log());
    ASSERT_EQ(g.events_with("the gunners leave their guns", "r1", 1).size(), 1u);
    EXPECT_FALSE(g.events_with("fails to form", "b1", 1).empty());
    const auto manned = g.events_with("the gunners man their guns again", "r1", 1);
    EXPECT_EQ(manned.size(), recover ? 1u : 0u);
    EXPECT_EQ(g.unit("r1").status, UnitStatus::kActive);
    bool can_fire = false;
    for (const Action& a : g.battle().legal_actions(g.idx("r1"))) {
      can_fire = can_fire || a.kind == ActionKind::kFire;
      EXPECT_NE(a.rate, "seize");  // manned again, or (never) not offered
    }
    EXPECT_EQ(can_fire, recover);
    if (recover) {
      EXPECT_NEAR(g.unit("r1").footprint().centre.y, guns.centre.y, 1e-6);
      EXPECT_EQ(g.unit("r1").formation, "unlimbered");
    } else {
      EXPECT_GT(g.unit("r1").footprint().centre.y, guns.centre.y + 2.0 * kMmPerInch);
    }
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
