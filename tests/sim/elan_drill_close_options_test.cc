// elan-drill close-action options in the battle (shared/rules/001.md §9): the number of
// rounds (D12-17, d12_17_rounds), a broken unit's to-hit in a pursuer's new close action
// (D12-18, d12_18_broken_to_hit), whether a charger that fails to close fires (D12-15). Invariants
// are checked after every step.
#include <string>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

// D12-17: neither side can fail a test (Élan 12, so few hits at musketry 1 that nobody
// breaks): the close action lasts exactly `d12_17_rounds` rounds, then one side falls back.
TEST(ElanDrillCloseOptions, RoundsOption_D12_17) {
  for (const int rounds : {1, 5}) {
    const Scenario sc =
        ed(unit_toml("b1", "infantry", "column", 20, 24, 4, "elan = 12\nmusketry = 1\n"),
           unit_toml("r1", "infantry", "line", 20, 24, 12,
                     "facing = 180\nelan = 12\nmusketry = 1\nweapon = \"none\"\n"),
           fmt::format("d12_17_rounds = {}", rounds));
    BattleHarness g(sc, 1);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    ASSERT_EQ(g.unit("r1").status, UnitStatus::kActive);
    EXPECT_EQ(g.events(EventKind::kMelee, "b1", 1).size(), static_cast<std::size_t>(rounds));
    EXPECT_EQ(
        g.events_with(fmt::format("tests Elan at the end of round {}", rounds), "r1", 1).size(),
        1u);
    EXPECT_EQ(g.events_with(fmt::format("falls back ½ move after {} rounds", rounds), "", 1).size(),
              1u);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// D12-18: b1's cavalry charge breaks r1 (Élan 1, 1 DM: it fails its close-to-melee test),
// b1 always pursues into contact, and in the new close action r1's blows carry the option's
// to-hit modifier (-2 by default; -5 and 0 here).
TEST(ElanDrillCloseOptions, BrokenToHitOption_D12_18) {
  for (const int to_hit : {-2, -5, 0}) {
    const Scenario sc = ed(
        unit_toml("b1", "cavalry", "line", 10, 24, 3, "elan = 12\ndms = 1\nweapon = \"carbine\"\n"),
        unit_toml("r1", "infantry", "line", 20, 24, 12, "facing = 180\nelan = 1\ndms = 1\n"),
        fmt::format("d12_18_cavalry_pursuit = \"always\"\nd12_07_march_column_in = 4\n"
                    "d12_18_broken_to_hit = {}",
                    to_hit));
    BattleHarness g(sc, 1);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    blue.clear();
    g.play(blue, red);
    const auto round = g.events_with("Pursuit close action", "b1", 2);
    ASSERT_EQ(round.size(), 1u) << to_hit;
    ASSERT_EQ(round.front()->rolls.size(), 4u);  // b1's blows, r1's saves, r1's blows, b1's
    const RollRecord& r1_blows = round.front()->rolls[2];
    double found = 99;
    for (const Modifier& m : r1_blows.modifiers) {
      if (m.ref == "D12-18") found = m.value;
    }
    EXPECT_EQ(found, to_hit);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// D12-15 (d12_15_failed_chargers_fire): a charger with factor 0 (Elan 1, 1 DM) fails its 1D
// close-to-melee test and halts. By default it fires its carbines in the close action phase
// (L24); with the option false it does not fire until the phase is over.
TEST(ElanDrillCloseOptions, FailedChargersFireOption_D12_15) {
  for (const bool fires : {true, false}) {
    const Scenario sc = ed(
        unit_toml("b1", "cavalry", "line", 10, 24, 4, "weapon = \"carbine\"\nelan = 1\ndms = 1\n"),
        unit_toml("r1", "infantry", "line", 20, 24, 12, "facing = 180\nweapon = \"none\"\n"),
        fmt::format("d12_15_failed_chargers_fire = {}", fires));
    BattleHarness g(sc, 1);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    const auto closes = g.events_with("closes to melee", "b1", 1);
    ASSERT_EQ(closes.size(), 1u);
    ASSERT_FALSE(std::get<bool>(*field(*closes.front(), "contact")));
    // b1's fire between its failed close and the next phase (red's command phase).
    const std::ptrdiff_t from = g.position(closes.front());
    std::ptrdiff_t to = -1;
    for (const Event* e : g.events(EventKind::kPhase, "", 1)) {
      if (g.position(e) > from) {
        to = g.position(e);
        break;
      }
    }
    ASSERT_GT(to, from);
    int fired = 0;
    for (const Event* e : g.events_with("fires small-arms at", "b1", 1)) {
      if (g.position(e) > from && g.position(e) < to) ++fired;
    }
    EXPECT_EQ(fired, fires ? 1 : 0) << fires;
    EXPECT_TRUE(g.events(EventKind::kMelee, "b1", 1).empty());
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
