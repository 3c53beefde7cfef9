// The elan-drill battle driven through the Battle interface with scripted orders (shared/
// rules/001.md §3): fire applies the resolution's hits and the target's saves (L127-L175,
// L241-L261); a failed Élan test adds DMs (L70-L74); 4 DMs break (R-001-3); a charge closes
// to melee (L41-L44, D12-15) and fights (L225-L239, D12-17); infantry charged by cavalry
// form square (L117, D12-16) under the doctrine. Invariants are checked after every step.
#include <string>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "sim/commander.h"
#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

// Blue line b1 (20 figures) 5" from red line r1: close musket range (L138).
std::string red_line(std::string_view extra = "") {
  return unit_toml("r1", "infantry", "line", 20, 24, 12.5, "facing = 180\n" + std::string(extra));
}
std::string blue_line() { return unit_toml("b1", "infantry", "line", 20, 24, 6, ""); }

TEST(ElanDrillBattle, FireAppliesHitsAndSaves_L127_L241) {
  const Scenario sc = ed(blue_line(), red_line());
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    const auto fires = g.events(EventKind::kFire, "b1", 1);
    ASSERT_FALSE(fires.empty());
    const Event& f = *fires.front();  // b1's own fire (red fires reactively at it first)
    EXPECT_EQ(f.target, "r1");
    ASSERT_GE(f.rolls.size(), 1u);
    EXPECT_EQ(f.rolls[0].purpose, "small arms");
    const int hits = int_field(f, "hits");
    const int cas = int_field(f, "casualties");
    EXPECT_LE(cas, hits);
    if (hits > 0) {
      ASSERT_EQ(f.rolls.size(), 2u);
      EXPECT_EQ(f.rolls[1].purpose, "save");
    }
    // r1 lost exactly the casualties of b1's fire in blue's player turn (red does not fire
    // at itself; blue's reactive fire in red's turn comes later in the log).
    int lost = 0;
    for (const Event* e : g.events(EventKind::kFire, "b1", 1)) lost += int_field(*e, "casualties");
    EXPECT_EQ(g.unit("r1").figures(), 20 - lost) << "seed " << seed;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// L34, L70-L72: a unit with factor 0 (Élan 1, 1 DM) fails every die; 2+ casualties from fire
// give 1D per two: each failure is a DM.
TEST(ElanDrillBattle, FailedElanTestAddsDms_L72) {
  const Scenario sc = ed(blue_line(), red_line("elan = 1\ndms = 1\n"));
  int tested = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    const auto tests = g.events_with("tests Elan after", "r1", 1);
    if (tests.empty()) continue;
    ++tested;
    const std::string& result = tests.front()->rolls.front().result;
    EXPECT_EQ(result.find("0 failures"), std::string::npos) << result;
    const auto dms = g.events_with("DM (Elan test from fire)", "r1", 1);
    if (dms.empty()) {  // 4+ failures: Break (L74) rather than DMs
      EXPECT_FALSE(g.events(EventKind::kRout, "r1", 1).empty()) << result;
      continue;
    }
    EXPECT_GE(int_field(*dms.front(), "dms"), 2);
  }
  EXPECT_GT(tested, 3);
}

// R-001-3, L74: 3 DMs and a failed test (factor 0: every die fails): 4 DMs, or 4+
// failures, break the unit (and it flees, D12-05).
TEST(ElanDrillBattle, FourDmsBreak_R001_3) {
  const Scenario sc = ed(blue_line(), red_line("elan = 3\ndms = 3\n"));
  int broke = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    if (g.events_with("tests Elan after", "r1", 1).empty()) continue;
    ++broke;
    const auto routs = g.events(EventKind::kRout, "r1", 1);
    ASSERT_FALSE(routs.empty());
    EXPECT_NE(routs.front()->text.find("breaks"), std::string::npos);
    EXPECT_NE(g.unit("r1").status, UnitStatus::kActive);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_GT(broke, 3);
}

// L11, L15, L24-L25, D12-15, D12-17: a column charges a line 8" away: it moves into
// contact, tests to close (3D infantry in the clear; Elan 12 + 3 in column never fails, so
// it always makes contact), and fights up to three rounds.
TEST(ElanDrillBattle, ColumnChargeClosesToMelee_L41_D12_15) {
  const Scenario sc = ed(unit_toml("b1", "infantry", "column", 20, 24, 4, "elan = 12\n"),
                         red_line("experience = \"conscript\"\n"));
  int fought = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    EXPECT_EQ(blue.unmatched(), 0);
    ASSERT_FALSE(g.events_with("declares a charge", "b1", 1).empty());
    const auto closes = g.events_with("closes to melee", "b1", 1);
    if (!g.unit("b1").on_table() || g.unit("b1").status != UnitStatus::kActive) continue;
    ASSERT_EQ(closes.size(), 1u) << "seed " << seed;
    EXPECT_EQ(closes.front()->rolls.front().purpose, "close to melee");
    const Value* contact = field(*closes.front(), "contact");
    ASSERT_NE(contact, nullptr);
    EXPECT_TRUE(std::get<bool>(*contact)) << "seed " << seed;
    if (std::get<bool>(*contact)) {
      const auto rounds = g.events(EventKind::kMelee, "b1", 1);
      ASSERT_GE(rounds.size(), 1u);
      EXPECT_LE(rounds.size(), 3u);
      EXPECT_GE(rounds.front()->rolls.size(), 2u);  // both sides' close-action rolls
      ++fought;
    }
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_GT(fought, 0);
}

// L117, D12-16: infantry charged by cavalry may respond by forming square; the doctrine
// takes it (it makes cavalry close on 3D, L42).
TEST(ElanDrillBattle, DoctrineFormsSquareAgainstCavalry_L117) {
  const Scenario sc = ed(unit_toml("b1", "cavalry", "line", 10, 24, 4, "weapon = \"carbine\"\n"),
                         red_line("drill = 12\n"));
  BattleHarness g(sc, 1);
  ScriptedCommander blue;
  blue.charge(g.idx("b1"), g.idx("r1"));
  auto red = make_commander("doctrine", Rng(1, 1));
  g.battle().play_turn({&blue, red.get()}, g.log());
  const auto resp = g.events_with("responds to the charge", "r1", 1);
  ASSERT_EQ(resp.size(), 1u);
  EXPECT_NE(resp.front()->text.find("change-formation-and-fire"), std::string::npos);
  EXPECT_EQ(g.unit("r1").formation, "square");
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// R-001-2: rally removes one DM per success (Élan 12 with 2 DMs: factor 10, 3D stationary).
TEST(ElanDrillBattle, RallyBySuccesses_R001_2) {
  const Scenario sc = ed(unit_toml("b1", "infantry", "line", 20, 24, 4, "elan = 12\ndms = 2\n"),
                         unit_toml("r1", "infantry", "line", 20, 24, 32, "facing = 180\n"));
  BattleHarness g(sc, 3);
  ScriptedCommander blue, red;
  g.play(blue, red);
  const auto rally = g.events_with("rallies", "b1", 1);
  ASSERT_EQ(rally.size(), 1u);
  const RollRecord& r = rally.front()->rolls.front();
  int successes = 0;
  for (int face : r.faces) successes += face <= 10;
  EXPECT_EQ(int_field(*rally.front(), "dms"), std::max(0, 2 - successes));
}

}  // namespace
}  // namespace smoothbore::sim_test
