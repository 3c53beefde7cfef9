// Group-orders contact between units (shared/rules/004.md §3, §5): an overlap counts against
// only one enemy unit per combat phase (L150, H4-11), and routers file through gaps between
// other units (L29) but never through them (H4-14: no interpenetration).
#include <string>

#include <gtest/gtest.h>

#include "sim/group_orders_toml.h"

namespace smoothbore::sim_test {
namespace {

// L150: b2 stands between b1 and b3, touching both sides and fighting no one; b1 and b3 each
// fight a red battalion to their front. b2 is an overlap of both, but counts for only one
// enemy unit per combat phase: in each melee step exactly one of b1, b3 has the +1 (L149).
TEST(GroupOrdersContact, AnOverlapCountsAgainstOneEnemyPerPhase_L150) {
  const Scenario sc =
      go_scenario(group("b", go_unit("b1", "medium-infantry", 4, 44, 30, "orders = \"stand\"") +
                                 go_unit("b2", "medium-infantry", 4, 60, 30) +
                                 go_unit("b3", "medium-infantry", 4, 76, 30)),
                  group("r", go_unit("r1", "medium-infantry", 3, 44, 32, "orders = \"stand\"") +
                                 go_unit("r3", "medium-infantry", 3, 76, 32)));
  BattleHarness g(sc, 6);
  ScriptedCommander blue, red;
  g.play(blue, red);
  int steps = 0;
  for (const char* side : {"blue", "red"}) {
    const auto from = g.events_with(std::string(side) + ": melee", "", 1);
    const auto to = g.events_with(std::string(side) + ": morale", "", 1);
    ASSERT_EQ(from.size(), 1u);
    ASSERT_EQ(to.size(), 1u);
    int with = 0, fights = 0;
    for (const Event* e : g.events(EventKind::kMelee, "", 1)) {
      if (g.position(e) < g.position(from.front()) || g.position(e) > g.position(to.front())) {
        continue;
      }
      if (e->unit != "b1" && e->unit != "b3") continue;
      ++fights;
      with += has_modifier(e->rolls.front(), "overlap") ? 1 : 0;
    }
    if (fights < 2) continue;  // a unit lost: nothing to compare
    EXPECT_EQ(with, 1) << side;
    ++steps;
  }
  EXPECT_GT(steps, 0);
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// L29: a routing unit blocked by friends files through the gap between them (its stands one
// behind the other) and goes its whole rout move; with no gap it stops at them, never passing
// through (H4-14). The rout comes from the guns' fire and a failed test, so seeds are tried
// until one routs.
TEST(GroupOrdersContact, RoutersFileThroughGaps_L29) {
  for (double gap : {5.0, 0.0}) {
    int routed = 0;
    for (std::uint64_t seed = 1; seed <= 30 && routed == 0; ++seed) {
      const double half = 6.0 + gap / 2;  // the blockers' inner edges at 60 -/+ gap / 2
      const Scenario sc = go_scenario(
          group("b1", go_unit("b-guns", "heavy-artillery", 1, 60, 18, "orders = \"stand\"")),
          group("r1", go_unit("r-lights", "light-infantry", 3, 60, 30,
                              "orders = \"stand\"\nmorale = \"poor\"")) +
              group("r2",
                    go_unit("r-left", "light-infantry", 3, 60 - half, 40, "orders = \"stand\"") +
                        go_unit("r-right", "light-infantry", 3, 60 + half, 40)),
          general("bg", "blue", "b1", 60, 10));
      BattleHarness g(sc, seed);
      ScriptedCommander blue, red;
      blue.fire(g.idx("b-guns"), g.idx("r-lights"));
      g.play(blue, red);
      const auto routs = g.events(EventKind::kRout, "r-lights", 1);
      if (routs.empty()) continue;
      ++routed;
      const double moved = as_number(*field(*routs.front(), "distance_cm"));
      const bool filed =
          !g.events_with("files through a gap as it routs (L29)", "r-lights", 1).empty();
      if (gap > 0) {
        EXPECT_TRUE(filed) << "seed " << seed;
        EXPECT_NEAR(moved, 36.0, 0.01);  // the whole first move, 1.5 x 24 cm (H4-03)
      } else {
        EXPECT_FALSE(filed) << "seed " << seed;
        EXPECT_LT(moved, 10.0);  // stopped at the friends, not through them
      }
      EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    }
    EXPECT_EQ(routed, 1) << "gap " << gap;
  }
}

// H4-14: a unit falling back (a morale result, L222-L228) goes directly away from the enemy
// without interpenetrating; friends right behind it stop it where it is, and it is not
// destroyed (only enemy blocking destroys). Seeds are tried until the lights fall back.
TEST(GroupOrdersContact, FallBackDoesNotInterpenetrateFriends_H4_14) {
  int fell_back = 0;
  for (std::uint64_t seed = 1; seed <= 40 && fell_back == 0; ++seed) {
    const Scenario sc = go_scenario(
        group("b1", go_unit("b-guns", "heavy-artillery", 1, 60, 18, "orders = \"stand\"")),
        group("r1", go_unit("r-lights", "light-infantry", 3, 60, 30, "orders = \"stand\"")) +
            group("r2", go_unit("r-wall", "medium-infantry", 4, 60, 32.5, "orders = \"stand\"")),
        general("bg", "blue", "b1", 60, 10));
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b-guns"), g.idx("r-lights"));
    const Vec2 c0 = g.unit("r-lights").footprint().centre;
    const Battle& b = g.battle();
    Vec2 after_blue = c0;
    b.add_step_observer([&](std::string_view step) {
      if (step == "morale" && b.turn() == 1 && after_blue.y == c0.y) {
        after_blue = b.force()
                         .units[static_cast<std::size_t>(b.force().unit_index("r-lights"))]
                         .footprint()
                         .centre;
      }
    });
    g.play(blue, red);
    const auto back = g.events_with("falls back", "r-lights", 1);
    if (back.empty()) continue;
    ++fell_back;
    EXPECT_NEAR(as_number(*field(*back.front(), "distance_cm")), 0.0, 0.05) << seed;
    EXPECT_NE(back.front()->text.find("(H4-14)"), std::string::npos);
    EXPECT_LT(distance(after_blue, c0), 0.5);
    EXPECT_TRUE(g.events_with("blocked by the enemy", "r-lights", 1).empty());
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_EQ(fell_back, 1);
}

}  // namespace
}  // namespace smoothbore::sim_test
