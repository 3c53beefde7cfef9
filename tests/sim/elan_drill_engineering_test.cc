// elan-drill engineering tasks (shared/rules/001.md §3 L10, D12-24): a 2D Drill test per
// turn, 0 failures completes the task (or the scenario's script); fortify gives hard cover
// (L256), clear removes a linear obstacle (L189). Invariants are checked after every step.
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

std::string hedge() {
  return "[[terrain]]\nid = \"hedge\"\nclass = \"obstacle\"\npath = [[0, 8], [48, 8]]\n"
         "width = 0.2\n\n";
}
// Drill 12 (never fails) or Drill 1 with a DM (factor 0: every die fails).
std::string drill(bool sure) { return sure ? "drill = 12\n" : "drill = 1\ndms = 1\n"; }

// D12-24: b1 digs in (2D Drill test in its command phase, L10); done, its place is hard cover
// and r1's fire at it meets the +3 save of L256; while the test fails it has no cover.
TEST(ElanDrillEngineering, FortifyGivesHardCover_L10_D12_24) {
  for (const bool sure : {true, false}) {
    BattleHarness g(
        ed(unit_toml("b1", "infantry", "line", 20, 24, 4,
                     "engineering = \"fortify\"\n" + drill(sure)),
           unit_toml("r1", "infantry", "line", 20, 24, 12, "facing = 180\nmusketry = 8\n")),
        1);
    ScriptedCommander blue, red;
    red.fire(g.idx("r1"), g.idx("b1"));
    g.play(blue, red);
    const auto test = g.events_with("Drill test for its engineering task", "b1", 1);
    ASSERT_EQ(test.size(), 1u);
    EXPECT_EQ(test.front()->rolls.front().faces.size(), 2u);  // 2D (D12-24)
    EXPECT_EQ(g.events_with("has fortified", "b1", 1).size(), sure ? 1u : 0u);
    int covered = 0, fire = 0;
    for (const Event* e : g.events(EventKind::kFire, "r1", 1)) {
      ++fire;
      covered += cites(*e, "L256") ? 1 : 0;
    }
    ASSERT_GT(fire, 0);
    EXPECT_EQ(covered, sure ? fire : 0);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// D12-24: b1 clears the hedge in turn 1; in turn 2 it advances across where it was and takes
// no obstacle test (L189). With the test failing the hedge stays.
TEST(ElanDrillEngineering, ClearRemovesTheObstacle_D12_24) {
  for (const bool sure : {true, false}) {
    BattleHarness g(
        ed(unit_toml("b1", "infantry", "column", 20, 24, 3,
                     "engineering = \"clear\"\nengineering_feature = \"hedge\"\n" + drill(sure)),
           unit_toml("r1", "infantry", "line", 20, 24, 34, "facing = 180\n"), "", hedge()),
        1);
    ScriptedCommander blue, red;
    g.play(blue, red);
    EXPECT_EQ(g.events_with("has cleared hedge", "b1", 1).size(), sure ? 1u : 0u);
    EXPECT_EQ(g.battle().scenario().table.linears().size(), sure ? 0u : 1u);
    if (!sure) continue;
    blue.set(g.idx("b1"),
             {ActionKind::kMove, -1, "", true, [](const Action& a) { return a.rate.empty(); }});
    g.play(blue, red);
    EXPECT_GT(g.unit("b1").footprint().centre.y / kMmPerInch, 9.0);
    EXPECT_TRUE(g.events_with("obstacle", "b1", 2).empty());
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// D12-24 = scripted: no dice; the task completes in the command phase of engineering_turn,
// if the unit works then: one that moved in its last player turn does not (L32 reading).
TEST(ElanDrillEngineering, Scripted_D12_24) {
  for (const bool moves : {false, true}) {
    BattleHarness g(ed(unit_toml("b1", "infantry", "line", 20, 24, 4,
                                 "engineering = \"fortify\"\nengineering_turn = 2\n"),
                       unit_toml("r1", "infantry", "line", 20, 24, 34, "facing = 180\n"),
                       "d12_24_engineering = \"scripted\""),
                    1);
    ScriptedCommander blue, red;
    if (moves) {
      blue.set(g.idx("b1"),
               {ActionKind::kMove, -1, "", true, [](const Action& a) { return a.rate.empty(); }});
    }
    g.play(blue, red);
    const auto works = g.events_with("works at its task", "b1", 1);
    ASSERT_EQ(works.size(), 1u);
    EXPECT_TRUE(works.front()->rolls.empty());
    EXPECT_TRUE(g.events_with("has fortified", "b1", 1).empty());
    blue.clear();
    g.play(blue, red);
    EXPECT_EQ(g.events_with("works at its task", "b1", 2).size(), moves ? 0u : 1u);
    EXPECT_EQ(g.events_with("has fortified", "b1", 2).size(), moves ? 0u : 1u);
  }
}

// D12-24: a unit clearing needs a linear obstacle or earthworks of the table to clear.
TEST(ElanDrillEngineering, ClearNeedsAnObstacle_D12_24) {
  const std::string red = unit_toml("r1", "infantry", "line", 20, 24, 34, "facing = 180\n");
  for (const std::string extra :
       {"engineering = \"clear\"\n", "engineering = \"clear\"\nengineering_feature = \"x\"\n"}) {
    std::string text =
        scenario_toml(unit_toml("b1", "infantry", "line", 20, 24, 4, extra), red, "", hedge());
    text.replace(text.find("fast-1805"), 9, "elan-drill");
    EXPECT_FALSE(load_scenario_text(text, "t.toml").has_value()) << extra;
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
