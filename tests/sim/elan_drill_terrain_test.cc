// elan-drill terrain in the battle (shared/rules/001.md §11): obstacle crossing with its
// Drill test (L189-L193), the road bonus of columns (D12-07), the uphill position (L64).
#include <string>

#include <gtest/gtest.h>

#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

std::string far_red() { return unit_toml("r1", "infantry", "line", 20, 24, 34, "facing = 180\n"); }

std::string hedge(std::string_view cls) {
  return fmt::format(
      "[[terrain]]\nid = \"hedge\"\nclass = \"{}\"\npath = [[0, 8], [48, 8]]\nwidth = 0.2\n\n",
      cls);
}

// The first move order that goes north, as far as offered.
ScriptStep advance() {
  return {ActionKind::kMove, -1, "", true, [](const Action& a) { return a.rate.empty(); }};
}

double moved_in(BattleHarness& g, ScriptedCommander& blue, std::string_view id) {
  const double y0 = g.unit(id).footprint().centre.y;
  ScriptedCommander red;
  g.play(blue, red);
  return (g.unit(id).footprint().centre.y - y0) / kMmPerInch;
}

int drill_dice(const std::vector<const Event*>& es) {
  return es.empty() ? -1 : static_cast<int>(es.front()->rolls.front().faces.size());
}

// L189: a column (8") crossing a hedge takes a 1D Drill test and loses 1": 7"; with Drill 1
// and a DM (factor 0) the die fails: Sloppy, +1 DM, and it crosses all the same (L100).
TEST(ElanDrillTerrain, MinorObstacle_L189) {
  for (const int drill : {12, 1}) {
    BattleHarness g(
        ed(unit_toml("b1", "infantry", "column", 20, 24, 3,
                     fmt::format("drill = {}\n{}", drill, drill == 1 ? "dms = 1\n" : "")),
           far_red(), "", hedge("obstacle")),
        1);
    ScriptedCommander blue;
    blue.set(g.idx("b1"), advance());
    const double moved = moved_in(g, blue, "b1");
    const auto test = g.events_with("cross a minor obstacle", "b1", 1);
    ASSERT_EQ(drill_dice(test), 1);
    EXPECT_NEAR(moved, 7.0, 0.25);
    // One die can fail once at most: Sloppy, 1 DM, and it still crosses (L100).
    EXPECT_EQ(g.events_with("DM (obstacle)", "b1", 1).size(), drill == 12 ? 0u : 1u);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// L193: skirmishers lose the 1" but take no test.
TEST(ElanDrillTerrain, SkirmishersCrossWithoutTest_L193) {
  BattleHarness g(
      ed(unit_toml("b1", "light-infantry", "skirmish", 6, 24, 4), far_red(), "", hedge("obstacle")),
      1);
  ScriptedCommander blue;
  blue.set(g.idx("b1"), advance());
  EXPECT_NEAR(moved_in(g, blue, "b1"), 8.0, 0.25);  // 9" skirmish move - 1"
  EXPECT_TRUE(g.events_with("cross a minor obstacle", "b1", 1).empty());
}

// L191: a major obstacle takes infantry the whole move (to just beyond it) on a 1D test, and
// is impassable for cavalry.
TEST(ElanDrillTerrain, MajorObstacle_L191) {
  BattleHarness foot(ed(unit_toml("b1", "infantry", "column", 20, 24, 3, "drill = 12\n"), far_red(),
                        "", hedge("earthworks")),
                     1);
  ScriptedCommander blue;
  blue.set(foot.idx("b1"), advance());
  moved_in(foot, blue, "b1");
  EXPECT_EQ(drill_dice(foot.events_with("cross a major obstacle", "b1", 1)), 1);
  const Rect r = foot.unit("b1").footprint();
  EXPECT_GT((r.centre.y - r.depth / 2) / kMmPerInch, 8.0);        // wholly beyond
  EXPECT_LT((r.centre.y - r.depth / 2) / kMmPerInch, 8.0 + 0.5);  // and no further
  BattleHarness horse(ed(unit_toml("b1", "cavalry", "line", 10, 24, 3, "weapon = \"carbine\"\n"),
                         far_red(), "", hedge("earthworks")),
                      1);
  ScriptedCommander blue2;
  blue2.set(horse.idx("b1"), advance());
  moved_in(horse, blue2, "b1");
  EXPECT_FALSE(horse.events_with("halts at a major obstacle", "b1", 1).empty());
  const Rect h = horse.unit("b1").footprint();
  EXPECT_LT((h.centre.y + h.depth / 2) / kMmPerInch, 8.0);
}

// D12-07: a march column on a road marches 12" × 1.5 = 18"; with d12_07_road_bonus = 0 no
// road march is offered and it moves its 12".
TEST(ElanDrillTerrain, RoadBonusForColumns_D12_07) {
  for (const bool bonus : {true, false}) {
    BattleHarness g(ed(unit_toml("b1", "infantry", "march-column", 20, 24, 4), far_red(),
                       bonus ? "" : "d12_07_road_bonus = 0",
                       "[[terrain]]\nid = \"road\"\nclass = \"road\"\npath = [[24, 0], [24, 36]]\n"
                       "width = 3\n\n"),
                    1);
    ScriptedCommander blue;
    blue.set(g.idx("b1"), {ActionKind::kMove, -1, "", true,
                           [bonus](const Action& a) { return a.rate == (bonus ? "road" : ""); }});
    EXPECT_NEAR(moved_in(g, blue, "b1"), bonus ? 18.0 : 12.0, 0.25);
    EXPECT_EQ(blue.unmatched(), 0);
  }
}

// L64: a line on a hill receives a column's charge from below: its close-to-melee test
// takes +1 Élan (uphill position); the charger's does not.
TEST(ElanDrillTerrain, UphillPosition_L64) {
  BattleHarness g(
      ed(unit_toml("b1", "infantry", "column", 20, 24, 4, "elan = 12\n"),
         unit_toml("r1", "infantry", "line", 20, 24, 13, "facing = 180\nelan = 12\n"), "",
         "[[terrain]]\nid = \"knoll\"\nclass = \"hill\"\nelevation = 1\n"
         "rect = { x = 24, y = 13.5, width = 10, depth = 4 }\n\n"),
      1);
  ScriptedCommander blue, red;
  blue.charge(g.idx("b1"), g.idx("r1"));
  g.play(blue, red);
  const auto closes = g.events_with("closes to melee", "b1", 1);
  ASSERT_EQ(closes.size(), 1u);
  EXPECT_FALSE(cites(*closes.front(), "L64"));
  const auto stands = g.events_with("stands to receive", "r1", 1);
  ASSERT_EQ(stands.size(), 1u);
  EXPECT_TRUE(cites(*stands.front(), "L64"));
}

// L94, D12-09: a line in a forest (difficult) is in restricted formation: its Drill test to
// form column and move takes -2; with d12_09_restricted = formations-only it does not.
TEST(ElanDrillTerrain, DifficultGroundRestricts_L94_D12_09) {
  for (const bool proposed : {true, false}) {
    BattleHarness g(ed(unit_toml("b1", "infantry", "line", 20, 24, 4), far_red(),
                       proposed ? "" : "d12_09_restricted = \"formations-only\"",
                       "[[terrain]]\nid = \"forest\"\nclass = \"heavy-woods\"\n"
                       "rect = { x = 24, y = 5, width = 14, depth = 8 }\n\n"),
                    1);
    ScriptedCommander blue;
    ScriptStep step = with_rate(ActionKind::kFormation, "", "column");
    step.moves = true;
    blue.set(g.idx("b1"), step);
    moved_in(g, blue, "b1");
    const auto test = g.events_with("Drill test to form column", "b1", 1);
    ASSERT_EQ(test.size(), 1u);
    EXPECT_EQ(cites(*test.front(), "L94"), proposed);
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
