// elan-drill flank and rear (shared/rules/001.md): a charge into a line's flank gives +1D
// per figure in close action (L229), the target saves at -2 (L254), tests with +1D (L48-L49)
// while the charger gets +2 Élan (L63), and the target's charge response is at -2 Drill
// (L95). The same charge from the front has none of them.
#include <string>

#include <gtest/gtest.h>

#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

// Red line r1 (20 figures: 6" wide, facing south) with Drill 1: its response to a charge
// from the flank is at factor -1, so both Drill dice fail (L95, L101).
std::string red_drill_1_line() {
  return unit_toml("r1", "infantry", "line", 20, 24, 12.5, "facing = 180\ndrill = 1\nelan = 12\n");
}
// Blue cavalry b1 (10 figures, Élan 12: it always closes) 3.4" off r1's east end and a
// little behind its front edge, facing west (the flank: r1 cannot fire at it, D12-12), or
// 5" in front of it facing north.
std::string blue_cavalry(bool flank) {
  return flank ? unit_toml("b1", "cavalry", "line", 10, 32, 13.5,
                           "facing = 270\nelan = 12\nweapon = \"carbine\"\n")
               : unit_toml("b1", "cavalry", "line", 10, 24, 5, "elan = 12\nweapon = \"carbine\"\n");
}

struct Charge {
  bool response_flank = false, response_failed = false, melee_flank_dice = false;
  bool save_flank = false, target_test_flank = false, charger_test_flank = false;
  bool target_fired = false;
};

Charge charge(bool flank, std::uint64_t seed) {
  BattleHarness g(ed(blue_cavalry(flank), red_drill_1_line()), seed);
  ScriptedCommander blue, red;
  blue.charge(g.idx("b1"), g.idx("r1"));
  red.form(g.idx("r1"), "square");
  g.play(blue, red);
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  Charge c;
  const auto resp = g.events_with("responds to the charge", "r1", 1);
  EXPECT_EQ(resp.size(), 1u);
  if (!resp.empty()) {
    c.response_flank = cites(*resp.front(), "L95");
    c.response_failed = resp.front()->text.find("(fails)") != std::string::npos;
  }
  c.target_fired = !g.events(EventKind::kFire, "r1", 1).empty();
  for (const Event* e : g.events(EventKind::kMelee, "b1", 1)) {
    c.melee_flank_dice = c.melee_flank_dice || cites(*e, "L229");
    c.save_flank = c.save_flank || cites(*e, "L254");
  }
  for (const Event* e : g.events(EventKind::kMorale, "r1", 1)) {  // to receive, rounds
    c.target_test_flank = c.target_test_flank || cites(*e, "L49");
  }
  for (const Event* e : g.events_with("closes to melee", "b1", 1)) {
    c.charger_test_flank = c.charger_test_flank || cites(*e, "L63");
  }
  return c;
}

TEST(ElanDrillFlank, ChargeIntoTheFlank_L48_L63_L95_L229_L254) {
  int fought = 0, tested = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Charge c = charge(true, seed);
    EXPECT_TRUE(c.response_flank);
    EXPECT_TRUE(c.response_failed);  // Drill 1 - 2 = -1: every die fails (L95, L101)
    EXPECT_TRUE(c.charger_test_flank);
    EXPECT_FALSE(c.target_fired);  // the charger is outside r1's arc (D12-12)
    if (c.melee_flank_dice) ++fought;
    EXPECT_EQ(c.melee_flank_dice, c.save_flank);
    if (c.target_test_flank) ++tested;
  }
  EXPECT_GT(fought, 0);
  EXPECT_GT(tested, 0);
}

TEST(ElanDrillFlank, FrontalChargeHasNoFlankModifiers) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const Charge c = charge(false, seed);
    EXPECT_FALSE(c.response_flank);
    EXPECT_FALSE(c.charger_test_flank);
    EXPECT_FALSE(c.melee_flank_dice);
    EXPECT_FALSE(c.save_flank);
    EXPECT_FALSE(c.target_test_flank);
  }
}

// L254, L48-L49: a line's volley into r1's flank at close range (4.4", musket close 6"):
// r1 saves at -2 and its Élan test from fire takes +1D; the same volley from the front not.
TEST(ElanDrillFlank, CloseFireFromTheFlank_L254_L49) {
  for (const bool flank : {true, false}) {
    const std::string b1 = flank
                               ? unit_toml("b1", "infantry", "line", 20, 32, 13.5, "facing = 270\n")
                               : unit_toml("b1", "infantry", "line", 20, 24, 7.5, "");
    int saves = 0, tests = 0;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      BattleHarness g(ed(b1, red_drill_1_line()), seed);
      ScriptedCommander blue, red;
      blue.fire(g.idx("b1"), g.idx("r1"));
      g.play(blue, red);
      for (const Event* e : g.events(EventKind::kFire, "b1", 1)) {
        if (int_field(*e, "hits") <= 0) continue;
        ++saves;
        EXPECT_EQ(cites(*e, "L254"), flank) << e->text;
      }
      for (const Event* e : g.events_with("tests Elan after", "r1", 1)) {
        ++tests;
        EXPECT_EQ(cites(*e, "L49"), flank) << e->text;
      }
      EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    }
    EXPECT_GT(saves, 0);
    EXPECT_GT(tests, 0);
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
