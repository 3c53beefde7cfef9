// SK-11 split actions in a squad-skirmish battle (shared/rules/003.md): with sk_11_split =
// per-figure (the digest's default) the loaded figures advance with the squad leader while
// the figures whose muskets are empty stay where they are and load ("figures that Fire or
// Load instead stay where they are"), and the leader stops where they are still within 6"
// of him (L48); with per-squad the squad takes one action. Invariants after every step.
#include <string>

#include <gtest/gtest.h>

#include "sim/squad_skirmish_scenario.h"

namespace smoothbore::sim_test {
namespace {

using squad_skirmish::BattleSK;
using squad_skirmish::kMm;

// Blue's 10 figures stand in two open rows 2" apart; red's row is 23.5" from the front row
// and 25.5" from the back one, so only the front row is within the musket's 24" (L62) and
// fires in turn 1: then half the squad is empty.
Scenario two_rows(std::string_view split) {
  return sk(unit_toml("b1", "infantry", "open", 10, 24, 8),
            unit_toml("r1", "infantry", "open", 5, 24, 32.5),
            fmt::format("sk_11_split = \"{}\"", split));
}

TEST(SquadSkirmishSplit, LoadedAdvanceEmptyStayAndLoad_SK11) {
  for (const std::string split : {"per-figure", "per-squad"}) {
    BattleHarness g(two_rows(split), 3);
    ScriptedCommander blue, red;
    const int b1 = g.idx("b1");
    blue.fire(b1, g.idx("r1"));
    g.play(blue, red);
    const auto shots = g.events(EventKind::kFire, "b1", 1);
    ASSERT_EQ(shots.size(), 1u);
    ASSERT_EQ(sk_int_field(*shots[0], "shots"), 5);  // the front row only
    const BattleSK& b = sk_of(g);
    std::vector<Vec2> before;
    for (int k = 0; k < 10; ++k) before.push_back(b.pos(b1, k));
    const ScriptStep advance{ActionKind::kMove, -1, "", true,
                             [](const Action& a) { return a.rate == "split"; }};
    EXPECT_EQ(blue.was_offered(b1, advance), false);  // nothing empty before turn 1
    blue.forget();
    blue.set(b1, advance);
    g.play(blue, red);
    if (split == "per-squad") {
      EXPECT_FALSE(blue.was_offered(b1, advance));
      EXPECT_EQ(blue.unmatched(), 1);
      continue;
    }
    ASSERT_TRUE(blue.was_offered(b1, advance));
    ASSERT_EQ(g.events_with("splits its actions", "b1", 2).size(), 1u);
    const int lead = b.squad(b1).leader;
    ASSERT_GE(lead, 0);
    int stayed = 0;
    for (int k : b.living(b1)) {
      const bool moved = distance(b.pos(b1, k), before[static_cast<std::size_t>(k)]) > 0.1 * kMm;
      const bool fired_in_turn_1 = before[static_cast<std::size_t>(k)].y > 8 * kMm;  // front row
      // The leader always moves (L48); of the others, the empty front row stays and loads.
      EXPECT_EQ(moved, k == lead || !fired_in_turn_1) << k;
      if (!moved) {
        ++stayed;
        EXPECT_TRUE(b.figure(b1, k).loaded) << k;  // its Load action (SK-07)
      }
      EXPECT_LE(distance(b.pos(b1, k), b.pos(b1, lead)), 6 * kMm + 1e-3) << k;
    }
    EXPECT_EQ(stayed, lead < 5 ? 4 : 5);  // a front-row leader moves with the loaded figures
    EXPECT_GT(distance(b.pos(b1, lead), before[static_cast<std::size_t>(lead)]), 0.5 * kMm);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
