// Moving a cannon in a squad-skirmish battle (shared/rules/003.md SK-08 gives no rate; the
// proposed option sk_08_gun_move): a crew of sk_08_gun_move_crew or more haul the loaded gun
// 1d6" as its action, so never when it fires; `fixed` keeps it where the scenario puts it.
#include <string>

#include <gtest/gtest.h>

#include "sim/squad_skirmish_scenario.h"

namespace smoothbore::sim_test {
namespace {

using squad_skirmish::kMm;

Scenario gun_scenario(std::string_view options) {
  return sk(unit_toml("gun", "cannon", "unlimbered", 4, 24, 4, "weapon = \"cannon\""),
            unit_toml("r1", "infantry", "open", 4, 24, 34), options);
}

const ScriptStep kMoveStep{ActionKind::kMove, -1, "", true, nullptr};

TEST(SquadSkirmishCannon, CrewHaulTheLoadedGun1d6_SK08) {
  BattleHarness g(gun_scenario(""), 5);
  ScriptedCommander blue, red;
  const int gun = g.idx("gun");
  const Vec2 before = sk_of(g).anchor(gun);
  blue.set(gun, {ActionKind::kMove, -1, "", true, [&](const Action& a) {
                   return a.destination.y > before.y;  // toward red
                 }});
  g.play(blue, red);
  const auto moves = g.events(EventKind::kMove, "gun", 1);
  ASSERT_EQ(moves.size(), 1u);
  ASSERT_EQ(moves[0]->rolls.size(), 1u);
  ASSERT_EQ(moves[0]->rolls[0].faces.size(), 1u);  // one d6
  const double moved = (sk_of(g).anchor(gun) - before).length() / kMm;
  EXPECT_GT(moved, 0.5);
  EXPECT_LE(moved, moves[0]->rolls[0].faces[0] + 1e-6);
  EXPECT_TRUE(sk_of(g).squad(gun).gun_loaded);
  // It fires in turn 2; empty, it is not offered a move in turn 3.
  blue.fire(gun, g.idx("r1"));
  g.play(blue, red);
  ASSERT_EQ(g.events(EventKind::kFire, "gun", 2).size(), 1u);
  blue.forget();
  blue.set(gun, kMoveStep);
  g.play(blue, red);
  EXPECT_FALSE(blue.was_offered(gun, kMoveStep));
  EXPECT_TRUE(g.events(EventKind::kMove, "gun", 3).empty());
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

TEST(SquadSkirmishCannon, FixedOrTooFewCrewStay_SK08) {
  for (const std::string options :
       {"sk_08_gun_move = \"fixed\"", "sk_08_crew = 2", "sk_08_gun_move_crew = 5"}) {
    BattleHarness g(gun_scenario(options), 5);
    ScriptedCommander blue, red;
    const int gun = g.idx("gun");
    blue.set(gun, kMoveStep);
    g.play(blue, red);
    EXPECT_FALSE(blue.was_offered(gun, kMoveStep)) << options;
    EXPECT_TRUE(g.events(EventKind::kMove, "gun", 1).empty()) << options;
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
