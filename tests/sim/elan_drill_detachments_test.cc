// elan-drill detachments (§2.1, L83 Reform Detachments 2D12, D12-21; detachments.cc): a
// battalion's light company in skirmish order rejoins it in contact on a 2D Drill test, and
// the battalion sends it out again.
#include <string>

#include <gtest/gtest.h>

#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

// b1: a line of 20 (1.2" deep) at y = 10; b2: its light company of 4 in skirmish order
// (0.6" deep) touching its front.
Scenario detached(int drill, std::string_view extra = "") {
  return ed(unit_toml("b1", "infantry", "line", 20, 24, 10) +
                unit_toml("b2", "light-infantry", "skirmish", 4, 24, 11,
                          fmt::format("parent = \"b1\"\ndrill = {}\n{}", drill, extra)),
            unit_toml("r1", "infantry", "line", 20, 24, 34, "facing = 180\n"));
}

ScriptStep order(std::string rate) { return with_rate(ActionKind::kMove, std::move(rate)); }

// L83, D12-21: Drill 12 never fails the 2D test: b2's 4 figures join b1 (24 of 24), b2 leaves
// the table not lost (no break, no loss); next turn b1 detaches it again, 4 figures in
// skirmish order in front, and b1 is back to 20.
TEST(ElanDrillDetachments, RejoinOnTwoDiceThenDetachAgain_L83_D12_21) {
  BattleHarness g(detached(12), 3);
  ScriptedCommander blue, red;
  blue.set(g.idx("b2"), order("rejoin"));
  g.play(blue, red);
  const auto test = g.events_with("Drill test to rejoin", "b2", 1);
  ASSERT_EQ(test.size(), 1u);
  EXPECT_EQ(test.front()->rolls.front().faces.size(), 2u);  // L83: 2D12
  ASSERT_EQ(g.events_with("rejoins", "b1", 1).size(), 1u);
  EXPECT_EQ(g.unit("b2").status, UnitStatus::kOffTable);
  EXPECT_EQ(g.unit("b1").figures(), 24);
  EXPECT_EQ(g.unit("b1").start_figures, 24);
  EXPECT_DOUBLE_EQ(g.battle().broken_fraction(0), 0.0);
  EXPECT_DOUBLE_EQ(g.battle().loss_fraction(0), 0.0);
  ScriptedCommander blue2, red2;
  blue2.set(g.idx("b1"), order("detach"));
  g.play(blue2, red2);
  ASSERT_EQ(g.events_with("detaches", "b2", 2).size(), 1u);
  EXPECT_EQ(g.unit("b2").status, UnitStatus::kActive);
  EXPECT_EQ(g.unit("b2").formation, "skirmish");
  EXPECT_EQ(g.unit("b2").figures(), 4);
  EXPECT_EQ(g.unit("b1").figures(), 20);
  EXPECT_EQ(g.unit("b1").start_figures, 20);
  EXPECT_GT(g.unit("b2").footprint().centre.y, g.unit("b1").footprint().centre.y);
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// L102: Drill 1 with a DM (factor 0) fails both dice: "Failure", no rejoining, 1 DM per
// failure (3 in all).
TEST(ElanDrillDetachments, FailedReformStaysDetachedWithDMs_L83) {
  BattleHarness g(detached(1, "dms = 1\n"), 3);
  ScriptedCommander blue, red;
  blue.set(g.idx("b2"), order("rejoin"));
  g.play(blue, red);
  ASSERT_EQ(g.events_with("Drill test to rejoin", "b2", 1).size(), 1u);
  EXPECT_TRUE(g.events_with("rejoins", "b1", 1).empty());
  EXPECT_EQ(g.unit("b2").status, UnitStatus::kActive);
  EXPECT_EQ(g.unit("b1").figures(), 20);
  EXPECT_GE(g.battle().unit_report(g.idx("b2")).books.size(), 1u);
  EXPECT_NE(g.battle().unit_report(g.idx("b2")).books.front().second.find("3 "), std::string::npos);
}

// D12-21: a detachment that starts `joined` is inside its battalion; a parent that is no
// foot unit of its side is refused by the scenario check.
TEST(ElanDrillDetachments, StartsJoinedAndParentIsChecked_D12_21) {
  BattleHarness g(detached(7, "joined = true\n"), 3);
  EXPECT_EQ(g.unit("b2").status, UnitStatus::kOffTable);
  EXPECT_EQ(g.unit("b1").figures(), 24);
  const std::string bad = scenario_toml(
      unit_toml("b1", "infantry", "line", 20, 24, 10) +
          unit_toml("b2", "light-infantry", "skirmish", 4, 24, 11, "parent = \"r1\"\n"),
      unit_toml("r1", "infantry", "line", 20, 24, 34, "facing = 180\n"));
  std::string text = bad;
  text.replace(text.find("fast-1805"), 9, "elan-drill");
  const auto s = load_scenario_text(text, "bad.toml");
  ASSERT_FALSE(s.has_value());
  EXPECT_NE(format(s.error().front()).find("D12-21"), std::string::npos);
}

}  // namespace
}  // namespace smoothbore::sim_test
