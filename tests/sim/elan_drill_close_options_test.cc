// elan-drill close-action options in the battle (shared/rules/001.md §9): the number of
// rounds (D12-17, d12_17_rounds), a broken unit's to-hit in a pursuer's new close action
// (D12-18, d12_18_broken_to_hit), whether a charger that fails to close fires (D12-15), the
// figures lost more of the end-of-round test (D12-30), who is outnumbered (D12-31), who is
// below half strength (D12-29). Invariants are checked after every step.
#include <algorithm>
#include <regex>
#include <string>
#include <tuple>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "rules/elan_drill/battle_impl.h"
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
    EXPECT_EQ(rest_of_phase(g, *closes.front(), "fires small-arms at", "b1").size(),
              fires ? 1u : 0u)
        << fires;
    EXPECT_TRUE(g.events(EventKind::kMelee, "b1", 1).empty());
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// The dice an end-of-round Élan test added for figures lost more (L50): its record's
// "+ND Each figure lost more than opponent" (0 when none).
int lost_more_dice(const Event& e) {
  static const std::regex kDice(R"(\+(\d+)D Each figure lost more than opponent)");
  std::smatch m;
  for (const RollRecord& r : e.rolls) {
    if (std::regex_search(r.result, m, kDice)) return std::stoi(m[1]);
  }
  return 0;
}

// D12-30 (d12_30_lost_more): the end-of-round Élan test's extra dice are the figures lost
// more than the opponent in the round just fought (default), or in the whole close action so
// far (`whole-action`). Each round's casualties come from its melee event; every test's extra
// dice must be the option's count, and over the seeds the two counts differ in some test.
TEST(ElanDrillCloseOptions, LostMoreOption_D12_30) {
  static const std::regex kRound(
      R"(Close action round (\d+): \S+ inflict (\d+), \S+ inflict (\d+))");
  int differing = 0, checked = 0;
  for (const bool whole : {false, true}) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      const Scenario sc =
          ed(unit_toml("b1", "infantry", "column", 20, 24, 4, "elan = 12\nmusketry = 4\n"),
             unit_toml("r1", "infantry", "line", 20, 24, 12,
                       "facing = 180\nelan = 12\nmusketry = 4\nweapon = \"none\"\n"),
             fmt::format("d12_30_lost_more = \"{}\"", whole ? "whole-action" : "round"));
      BattleHarness g(sc, seed);
      ScriptedCommander blue, red;
      blue.charge(g.idx("b1"), g.idx("r1"));
      g.play(blue, red);
      int total_b = 0, total_r = 0;  // casualties caused so far by b1, by r1
      for (const Event* round : g.events(EventKind::kMelee, "b1", 1)) {
        std::smatch m;
        ASSERT_TRUE(std::regex_search(round->text, m, kRound)) << round->text;
        const int n = std::stoi(m[1]), by_b = std::stoi(m[2]), by_r = std::stoi(m[3]);
        total_b += by_b;
        total_r += by_r;
        for (const auto& [id, in_round, so_far] :
             {std::tuple{"r1", by_b - by_r, total_b - total_r},
              std::tuple{"b1", by_r - by_b, total_r - total_b}}) {
          const auto tests =
              g.events_with(fmt::format("tests Elan at the end of round {}", n), id, 1);
          if (tests.empty()) continue;  // broke or left
          const int expect = std::max(0, whole ? so_far : in_round);
          EXPECT_EQ(lost_more_dice(*tests.front()), expect)
              << id << " round " << n << " seed " << seed << " whole " << whole;
          ++checked;
          if (std::max(0, so_far) != std::max(0, in_round)) ++differing;
        }
      }
      EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    }
  }
  EXPECT_GT(checked, 20);
  EXPECT_GT(differing, 0);  // the two readings disagree somewhere in these battles
}

// D12-31 (d12_31_outnumbered): a 10-figure line against a 20-figure march column. By total
// figures (default) the line is outnumbered 2:1 (20 against 10) and the column is not; by
// the figures in contact (`contact-figures`, the close action's count, contact_figures: the
// column's front 2 against the line's front ranks its narrow frontage touches) the line is
// not, and the column is.
TEST(ElanDrillCloseOptions, OutnumberedOption_D12_31) {
  for (const bool contact : {false, true}) {
    const Scenario sc = ed(
        unit_toml("b1", "infantry", "line", 10, 24, 10),
        unit_toml("r1", "infantry", "march-column", 20, 24, 14, "facing = 180\n"),
        fmt::format("d12_31_outnumbered = \"{}\"", contact ? "contact-figures" : "total-figures"));
    const elan_drill::BattleED b(sc, 1, 0);
    const int line = b.force().unit_index("b1"), column = b.force().unit_index("r1");
    ASSERT_EQ(b.contact_figures(column, line), 2) << "a march column's front (D12-11)";
    ASSERT_GE(b.contact_figures(line, column), 2);
    EXPECT_EQ(b.elan_factors(line, column).outnumbered, !contact) << contact;
    EXPECT_EQ(b.elan_factors(column, line).outnumbered, contact) << contact;
  }
}

// D12-29 in close action: a 20-figure line down to 10 figures (exactly half) is not below
// ½ strength by default (fewer than half) and is with `half-or-fewer`, in the Élan factors
// of its close-to-melee and end-of-round tests (elan_factors) as in its fire tests. Until
// this change the close-action tests and the friends-broken test always took "fewer than
// half".
TEST(ElanDrillCloseOptions, BelowHalfInCloseAction_D12_29) {
  for (const bool half : {false, true}) {
    Scenario sc =
        ed(unit_toml("b1", "infantry", "line", 20, 24, 10),
           unit_toml("r1", "infantry", "line", 20, 24, 14, "facing = 180\n"),
           fmt::format("d12_29_below_half = \"{}\"", half ? "half-or-fewer" : "fewer-than-half"));
    const int line = sc.force.unit_index("b1");
    sc.force.units[static_cast<std::size_t>(line)].stands.front().figures = 10;  // of 20
    const elan_drill::BattleED b(sc, 1, 0);
    ASSERT_EQ(b.force().units[static_cast<std::size_t>(line)].start_figures, 20);
    EXPECT_EQ(b.below_half(line), half);
    EXPECT_EQ(b.elan_factors(line, b.force().unit_index("r1")).below_half, half) << half;
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
