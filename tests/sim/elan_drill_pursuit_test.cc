// elan-drill pursuit after close action (shared/rules/001.md §3 L26, D12-18: cavalry and
// infantry) and break-off (L85, D12-19).
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "sim/commander.h"
#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

// Blue cavalry b1 charges red line r1 (Élan 1, 1 DM: it fails every die of its 3D
// close-to-melee test and breaks, L74) and flees 4" (d12_07_march_column_in = 4, so that
// it stays on the table). b1 (Drill `drill`, 1 DM) then pursues per `mode`.
std::unique_ptr<BattleHarness> pursuit(const std::string& mode, int drill, std::uint64_t seed) {
  const Scenario sc =
      ed(unit_toml("b1", "cavalry", "line", 10, 24, 3,
                   fmt::format("elan = 12\ndrill = {}\ndms = 1\nweapon = \"carbine\"\n", drill)),
         unit_toml("r1", "infantry", "line", 20, 24, 12, "facing = 180\nelan = 1\ndms = 1\n"),
         fmt::format("d12_18_cavalry_pursuit = \"{}\"\nd12_07_march_column_in = 4", mode));
  auto g = std::make_unique<BattleHarness>(sc, seed);
  ScriptedCommander blue, red;
  blue.charge(g->idx("b1"), g->idx("r1"));
  g->play(blue, red);
  blue.clear();
  g->play(blue, red);
  return g;
}

// D12-18: with Drill 12 (factor 11) the test not to pursue never fails: no pursuit; with
// Drill 1 (factor 0) it always fails: b1 pursues into contact, charges the broken r1 in its
// next player turn and fights one round with +1D per figure (D12-05), r1 at -2 (D12-18).
TEST(ElanDrillPursuit, CavalryTestNotToPursue_D12_18) {
  for (const int drill : {12, 1}) {
    const auto g = pursuit("test-not-to", drill, 1);
    ASSERT_FALSE(g->events(EventKind::kRout, "r1", 1).empty());
    const auto test = g->events_with("Drill test not to pursue", "b1", 1);
    ASSERT_EQ(test.size(), 1u);
    EXPECT_EQ(test.front()->rolls.front().faces.size(), 1u);
    const auto pursues = g->events_with("pursues", "b1", 1);
    EXPECT_EQ(pursues.size(), drill == 12 ? 0u : 1u);
    const auto round = g->events_with("Pursuit close action", "b1", 2);
    if (drill == 12) {
      EXPECT_TRUE(round.empty());
      continue;
    }
    ASSERT_NE(pursues.front()->text.find("contact"), std::string::npos);
    ASSERT_EQ(round.size(), 1u);
    EXPECT_TRUE(cites(*round.front(), "D12-18"));  // r1's blows at -2
    EXPECT_NE(round.front()->rolls.front().result.find("L229"), std::string::npos);  // +1D
    EXPECT_TRUE(g->violations().empty()) << g->violations().front();
  }
}

// D12-18 alternatives: always pursue (no test), never pursue.
TEST(ElanDrillPursuit, AlwaysOrNever_D12_18) {
  const auto always = pursuit("always", 12, 1);
  EXPECT_TRUE(always->events_with("Drill test not to pursue", "b1", 1).empty());
  EXPECT_EQ(always->events_with("pursues", "b1", 1).size(), 1u);
  const auto never = pursuit("never", 1, 1);
  EXPECT_TRUE(never->events_with("Drill test not to pursue", "b1", 1).empty());
  EXPECT_TRUE(never->events_with("pursues", "b1", 1).empty());
}

// L85, D12-19: b1's charge fails to close (Élan 1 with 1 DM) and it halts touching r1 (which
// has no muskets, so b1 takes no fire and stays formed); in
// red's turn r1 withdraws: a 1D Drill test (Drill 12 passes) and it moves ½ its 6" away,
// or (d12_19_break_off_move = none) just out of contact.
TEST(ElanDrillPursuit, BreakOff_L85_D12_19) {
  int checked = 0;
  for (const bool half : {true, false}) {
    const Scenario sc = ed(
        unit_toml("b1", "cavalry", "line", 10, 24, 5, "elan = 1\ndms = 1\nweapon = \"carbine\"\n"),
        unit_toml("r1", "infantry", "line", 20, 24, 12,
                  "facing = 180\ndrill = 12\nweapon = \"none\"\n"),
        half ? "" : "d12_19_break_off_move = \"none\"");
    BattleHarness g(sc, 2);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b1"), g.idx("r1"));
    red.set(g.idx("r1"), {ActionKind::kMove, -1, "", true, nullptr});
    g.play(blue, red);
    if (!g.unit("b1").on_table() || g.unit("b1").status != UnitStatus::kActive) continue;
    const auto tries = g.events_with("tries to break off", "r1", 1);
    ASSERT_EQ(tries.size(), 1u);
    EXPECT_EQ(tries.front()->rolls.front().faces.size(), 1u);
    const double gap = distance(g.unit("r1").footprint(), g.unit("b1").footprint()) / kMmPerInch;
    EXPECT_NEAR(gap, half ? 3.0 : 0.8, 0.35);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    ++checked;
  }
  EXPECT_EQ(checked, 2);
}

// Orders from a script; mid-turn reactions (the pursuit choice) from `react_with`, or the
// rules' default (the first: stay) when null.
class ScriptThenReact final : public OrderSource {
 public:
  ScriptThenReact(ScriptedCommander& script, OrderSource* react_with)
      : script_(script), react_with_(react_with) {}
  Action choose(const Battle& b, int unit, const std::vector<Action>& legal) override {
    return script_.choose(b, unit, legal);
  }
  Action react(const Battle& b, int unit, const std::vector<Action>& legal) override {
    return react_with_ != nullptr ? react_with_->react(b, unit, legal) : legal.front();
  }

 private:
  ScriptedCommander& script_;
  OrderSource* react_with_;
};

// D12-18: infantry b1 (a column, Élan 12) charges r1 (Élan 1, 1 DM), which breaks on its
// close-to-melee test (L74); whether b1 pursues follows d12_18_infantry_pursuit: never,
// always, or (default) its commander's choice: declined, or the doctrine's (the exact odds
// of the one-round pursuit close action favour it).
TEST(ElanDrillPursuit, InfantryMayPursue_D12_18) {
  auto doctrine = make_commander("doctrine", Rng(1, 1));
  struct Case {
    std::string mode;
    OrderSource* react;
    bool asked, pursues;
  };
  for (const Case& c :
       {Case{"never", nullptr, false, false}, Case{"always", nullptr, false, true},
        Case{"commander", nullptr, true, false}, Case{"commander", doctrine.get(), true, true}}) {
    const Scenario sc =
        ed(unit_toml("b1", "infantry", "column", 20, 24, 3, "elan = 12\n"),
           unit_toml("r1", "infantry", "line", 20, 24, 12, "facing = 180\nelan = 1\ndms = 1\n"),
           fmt::format("d12_18_infantry_pursuit = \"{}\"\nd12_07_march_column_in = 4", c.mode));
    BattleHarness g(sc, 1);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b1"), g.idx("r1"));
    ScriptThenReact src(blue, c.react);
    g.battle().play_turn({&src, &red}, g.log());
    ASSERT_FALSE(g.events(EventKind::kRout, "r1", 1).empty()) << c.mode;
    EXPECT_EQ(g.events_with("infantry may pursue", "b1", 1).size(), c.asked ? 1u : 0u) << c.mode;
    EXPECT_EQ(g.events_with("pursues r1", "b1", 1).size(), c.pursues ? 1u : 0u) << c.mode;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
