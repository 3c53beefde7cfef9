// What the doctrine does with the actions elan-drill marks for it (doctrine_actions.cc,
// sim/commander.cc 6a): light foot forms a skirmish screen and keeps 4" ahead of its
// battalion while the enemy is far (beyond 24"); formed foot holding an objective with nothing
// to shoot at sets to fortify it when the scenario allows (d12_24_fortify_objectives, L10,
// D12-24).
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "sim/commander.h"
#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

// The doctrine for one unit; every other unit holds (the first action).
class DoctrineFor final : public OrderSource {
 public:
  explicit DoctrineFor(int unit) : unit_(unit), doctrine_(make_commander("doctrine", Rng(1, 1))) {}
  Action choose(const Battle& b, int unit, const std::vector<Action>& legal) override {
    return unit == unit_ ? doctrine_->choose(b, unit, legal) : legal.front();
  }
  Action react(const Battle& b, int unit, const std::vector<Action>& legal) override {
    return doctrine_->react(b, unit, legal);
  }

 private:
  int unit_;
  std::unique_ptr<OrderSource> doctrine_;
};

// b2, light infantry in line behind and beside the battalion b1, with the enemy 28" away:
// turn 1 it takes skirmish order (no test on the spot, D12-08), turn 2 it moves out in front
// of b1.
TEST(ElanDrillDoctrine, LightInfantryScreensAheadOfTheLine) {
  const Scenario sc = ed(unit_toml("b1", "infantry", "line", 20, 24, 4) +
                             unit_toml("b2", "light-infantry", "line", 4, 10, 2),
                         unit_toml("r1", "infantry", "line", 20, 24, 34, "facing = 180\n"));
  BattleHarness g(sc, 1);
  DoctrineFor blue(g.idx("b2"));
  ScriptedCommander red;
  g.battle().play_turn({&blue, &red}, g.log());
  EXPECT_EQ(g.unit("b2").formation, "skirmish");
  ASSERT_FALSE(g.events_with("rate=screen", "b2", 1).empty());
  g.battle().play_turn({&blue, &red}, g.log());
  ASSERT_FALSE(g.events_with("rate=screen", "b2", 2).empty());
  const Rect b1 = g.unit("b1").footprint();
  EXPECT_LT(2 * kMmPerInch, b1.centre.y);                                // it started behind
  EXPECT_GT(g.unit("b2").footprint().centre.y, b1.centre.y + b1.depth);  // now in front
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// b1 stands on the crossroads objective with the enemy out of musket range: with the option
// the doctrine sets it to fortify; without, it is not offered and b1 advances instead.
TEST(ElanDrillDoctrine, FortifiesAnObjectiveWithNothingToShootAt_D12_24) {
  for (const bool allowed : {true, false}) {
    const Scenario sc = ed(unit_toml("b1", "infantry", "line", 20, 24, 4),
                           unit_toml("r1", "infantry", "line", 20, 24, 34, "facing = 180\n"),
                           allowed ? "d12_24_fortify_objectives = true" : "", "",
                           "[[objectives]]\nid = \"x\"\nname = \"Crossroads\"\nx = 24\ny = 4\n"
                           "radius = 3\npoints = 5\n");
    BattleHarness g(sc, 1);
    DoctrineFor blue(g.idx("b1"));
    ScriptedCommander red;
    g.battle().play_turn({&blue, &red}, g.log());
    EXPECT_EQ(g.events_with("sets to fortify its place", "b1", 1).size(), allowed ? 1u : 0u);
    EXPECT_EQ(g.events_with("moves", "b1", 1).empty(), allowed);
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
