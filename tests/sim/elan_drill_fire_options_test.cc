// elan-drill fire options in the battle (shared/rules/001.md §7): when a firer counts as
// moving (D12-28, d12_28_moving), which fire is its first (D12-26, d12_26_first_fire), what
// range is "close" for the casualty triggers (D12-04, d12_04_close), who fires
// reactively (D12-27, d12_27_reactive_fire).
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "rules/elan_drill/battle_impl.h"
#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

using elan_drill::BattleED;
using elan_drill::kMm;

// Two lines 12" apart: b1 (a 6" move, D12-07) fires at r1.
Scenario two_lines(std::string_view options) {
  return ed(unit_toml("b1", "infantry", "line", 20, 24, 4),
            unit_toml("r1", "infantry", "line", 20, 24, 16, "facing = 180\n"), options);
}

// D12-28: by default a firer that moved at all in this player turn fires "moving" (-1, L200);
// with `moved-over-half` only one that moved more than half its move (3" of 6").
TEST(ElanDrillFireOptions, MovingOption_D12_28) {
  for (const bool over_half : {false, true}) {
    const Scenario sc = two_lines(
        fmt::format("d12_28_moving = \"{}\"", over_half ? "moved-over-half" : "moved-this-turn"));
    for (const double moved_in : {0.0, 2.0, 3.0, 4.0}) {
      BattleED b(sc, 1, 0);
      const int u = b.force().unit_index("b1"), t = b.force().unit_index("r1");
      ASSERT_EQ(b.move_rate_in(u), 6.0);
      if (moved_in > 0) b.mark_moved(u, moved_in * kMm);
      const bool expect = over_half ? moved_in > 3.0 : moved_in > 0;
      EXPECT_EQ(b.fire_situation(u, t, false).general.moving, expect)
          << over_half << " " << moved_in;
    }
  }
}

// D12-26: b1 fires at r1 in its player turn (and reactively at r1, the nearer, in red's).
// Its first fire (+1, a battalion volley) is then spent at r1 either way; at r2 it is spent
// by default (the first fire of the game) and still to come with `target`.
TEST(ElanDrillFireOptions, FirstFireOption_D12_26) {
  for (const bool per_target : {false, true}) {
    const Scenario sc =
        ed(unit_toml("b1", "infantry", "line", 20, 24, 4),
           unit_toml("r1", "infantry", "line", 20, 24, 12,
                     "facing = 180\nelan = 12\nweapon = \"none\"\n") +
               unit_toml("r2", "infantry", "line", 20, 32, 14,
                         "facing = 180\nelan = 12\nweapon = \"none\"\n"),
           fmt::format("d12_26_first_fire = \"{}\"", per_target ? "target" : "game"));
    BattleHarness g(sc, 1);
    const auto& b = dynamic_cast<const BattleED&>(g.battle());
    const int u = g.idx("b1"), r1 = g.idx("r1"), r2 = g.idx("r2");
    ASSERT_TRUE(b.can_fire_at(u, r2));
    for (const int t : {r1, r2}) {  // nothing fired yet: first fire at both
      EXPECT_TRUE(b.fire_situation(u, t, false).first_fire);
      EXPECT_EQ(b.fire_situation(u, t, false).fire->key, "volley");
    }
    ScriptedCommander blue, red;
    blue.fire(u, r1);
    g.play(blue, red);
    for (const Event* e : g.events_with("fires small-arms at", "b1", 1)) EXPECT_EQ(e->target, "r1");
    ASSERT_FALSE(g.events_with("fires small-arms at", "b1", 1).empty());
    EXPECT_FALSE(b.fire_situation(u, r1, false).first_fire);
    EXPECT_EQ(b.fire_situation(u, r1, false).fire->key, "platoon");
    EXPECT_EQ(b.fire_situation(u, r2, false).first_fire, per_target) << per_target;
    EXPECT_EQ(b.fire_situation(u, r2, false).fire->key, per_target ? "volley" : "platoon");
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// D12-04: b1's first fire, a battalion volley, strikes r1 beyond the musket's Close range
// (6", L138). By default r1's Élan test (if any: 2 casualties, L34) takes no volley trigger
// (L36); with `any-range` every such test does, and one casualty alone tests.
TEST(ElanDrillFireOptions, CloseOption_D12_04) {
  int struck = 0;
  for (const bool any : {false, true}) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      BattleHarness g(volley_scenario(14, fmt::format("d12_04_close = \"{}\"",
                                                      any ? "any-range" : "weapon-close")),
                      seed);
      const Event* fired = volley_at_r1(g);
      ASSERT_NE(fired, nullptr);
      const Event& volley = *fired;
      const double range = as_number(*field(volley, "range_in"));
      ASSERT_GT(range, 6.0);
      ASSERT_LE(range, 12.0);
      const int casualties = int_field(volley, "casualties");
      // r1's test after the acting side's fire step (before the next phase).
      const auto tests = rest_of_phase(g, volley, "tests Elan after", "r1");
      if (casualties == 0) continue;
      ++struck;
      if (any) {
        ASSERT_FALSE(tests.empty()) << seed;
        EXPECT_TRUE(cites(*tests.front(), "Casualty by Battalion Volley or Canister (close)"))
            << seed;
      } else {
        EXPECT_EQ(tests.empty(), casualties < 2) << seed;
        for (const Event* t : tests) EXPECT_FALSE(cites(*t, "Battalion Volley")) << seed;
      }
      EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    }
  }
  EXPECT_GT(struck, 4);
}

// D12-27: b1's cavalry charges r1, which stands and fires (L109); r2, not charged, has b2
// in musket range. In blue's fire phase r1 fires reactively at b1 either way; r2 fires
// reactively at b2 by default (every defending unit with a target) and not with
// `responders-only`.
TEST(ElanDrillFireOptions, ReactiveFireOption_D12_27) {
  for (const bool responders : {false, true}) {
    const Scenario sc =
        ed(unit_toml("b1", "cavalry", "line", 10, 12, 4, "elan = 12\nweapon = \"carbine\"\n") +
               unit_toml("b2", "infantry", "line", 20, 36, 6, "elan = 12\n"),
           unit_toml("r1", "infantry", "line", 20, 12, 14, "facing = 180\nelan = 12\n") +
               unit_toml("r2", "infantry", "line", 20, 36, 14, "facing = 180\nelan = 12\n"),
           fmt::format("d12_27_reactive_fire = \"{}\"",
                       responders ? "responders-only" : "once-per-enemy-turn"));
    BattleHarness g(sc, 1);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    ASSERT_EQ(g.events_with("declares a charge on", "b1", 1).size(), 1u);
    const auto r1_fire = g.events_with("reactively fires", "r1", 1);
    ASSERT_FALSE(r1_fire.empty()) << responders;
    EXPECT_EQ(r1_fire.front()->target, "b1");
    EXPECT_EQ(g.events_with("reactively fires", "r2", 1).empty(), responders) << responders;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
