// Fire and Discipline casualties and morale effects on the battle state (000.md §10,
// FD-20, FD-23..FD-29, FD-58). Positions: a 1000 × 1000 yd table at 1" = 10 yd (2.54 mm
// per yd); a stand is 15 × 12.5 yd (38.1 × 31.75 mm).
#include "rules/fire_and_discipline/casualties.h"

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/options.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::from_mid;
using fd_test::kYd;
using fd_test::number;
using fd_test::stand;

// Foot (and horse) of sides blue and red at turn 3, under no orders; a blue brigade.
class CasualtyBattle : public fd_test::ScenarioBuilder {
 public:
  CasualtyBattle() : ScenarioBuilder(fd_test::kBlueRed) { command("b1", "Blue brigade", 0, -1); }
  int unit(int side, Vec2 centre, int stands = 1, int castings = 6, int rating = 2,
           double facing = 0, const std::string& formation = "line") {
    fd_test::UnitSpec u =
        fd_test::spec("infantry", formation,
                      {{"castings", number(castings)}, {"morale-rating", number(rating)}}, stands);
    u.facing = facing;
    return add_at(side, u, centre);
  }
  // A horse unit in line (cavalry, 3 castings a stand), laid out as foot.
  int horse(int side, Vec2 centre, int stands = 2, double facing = 0) {
    const int i = unit(side, centre, stands, 3, 2, facing);
    scenario().force.units.back().arm = Arm::kCavalry;
    scenario().force.units.back().type = "cavalry";
    return i;
  }
  void leader(Vec2 p) { ScenarioBuilder::leader("brig", 0, 0, p); }
};

TEST(FireAndDisciplineCasualties, ShatterBoxesAreStandsTimesRating) {  // §5.11
  CasualtyBattle b;
  int a = b.unit(0, from_mid(0, 0), 3, 6, 2);
  int z = b.unit(0, from_mid(0, 100), 3, 6, 0);  // rating 0 counts as 1
  FdState s = b.state();
  EXPECT_EQ(s.units[static_cast<std::size_t>(a)].shatter_boxes, 6);
  EXPECT_EQ(s.units[static_cast<std::size_t>(z)].shatter_boxes, 3);
}

TEST(FireAndDisciplineCasualties, HitRemovesCastingAndMarksBox) {  // FD-20
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0), 3, 6, 4);
  FdState s = b.state();
  EventLog log;
  apply_hits(s, u, 1, 2, log, "musketry");
  EXPECT_EQ(stand(s, u, 1).castings, 4);
  EXPECT_EQ(stand(s, u, 0).castings, 6);
  EXPECT_EQ(s.units[0].boxes_marked, 2);
  EXPECT_FALSE(log.events().empty());
}

TEST(FireAndDisciplineCasualties, OverflowGoesToNearestStand) {  // FD-20
  CasualtyBattle b;
  // Line of three 2-casting stands: 0 (left), 1 (middle, touching 0), 2 (right, 15 yd away).
  int u = b.unit(0, from_mid(0, 0), 3, 2, 4);
  FdState s = b.state();
  EventLog log;
  apply_hits(s, u, 0, 3, log, "artillery");
  EXPECT_TRUE(stand(s, u, 0).removed);  // stand at 0 castings is removed
  EXPECT_EQ(stand(s, u, 1).castings, 1);
  EXPECT_EQ(stand(s, u, 2).castings, 2);
  EXPECT_EQ(s.units[0].boxes_marked, 3);
}

TEST(FireAndDisciplineCasualties, OverflowLostStillMarksBoxes) {  // FD-20 option
  CasualtyBattle b;
  b.option("fd_20_overflow_hits", Value(std::string("lost")));
  int u = b.unit(0, from_mid(0, 0), 3, 2, 4);
  FdState s = b.state();
  EventLog log;
  apply_hits(s, u, 0, 3, log, "artillery");
  EXPECT_TRUE(stand(s, u, 0).removed);
  EXPECT_EQ(stand(s, u, 1).castings, 2);
  EXPECT_EQ(s.units[0].boxes_marked, 3);
}

TEST(FireAndDisciplineCasualties, ShattersAtTheLastBox) {  // §5.11: 2 stands × rating 1
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0), 2, 6, 1);
  FdState s = b.state();
  EventLog log;
  apply_hits(s, u, 0, 1, log, "musketry");
  EXPECT_EQ(s.force.units[0].status, UnitStatus::kActive);
  apply_hits(s, u, 0, 1, log, "musketry");
  EXPECT_TRUE(s.units[0].shattered());
  EXPECT_EQ(s.force.units[0].status, UnitStatus::kRemoved);
}

TEST(FireAndDisciplineCasualties, ShatteredRetireKeepsTheUnit) {  // FD-58
  CasualtyBattle b;
  b.option("fd_58_shattered_retire", Value(true));
  int u = b.unit(0, from_mid(0, 0), 2, 6, 1);
  FdState s = b.state();
  EventLog log;
  apply_hits(s, u, 0, 2, log, "musketry");
  EXPECT_EQ(s.force.units[0].status, UnitStatus::kActive);
  EXPECT_TRUE(has_marker(s.force.units[0].markers, "shattered"));
}

TEST(FireAndDisciplineCasualties, TestingStandMostHitsThenFewestCastings) {  // FD-24
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0), 3, 6, 2);
  FdState s = b.state();
  s.force.units[0].stands[1].castings = 5;
  s.force.units[0].stands[2].castings = 4;
  EXPECT_EQ(testing_stand(s, u, {2, 3, 3}), 2);
  EXPECT_EQ(testing_stand(s, u, {4, 3, 3}), 0);
  EXPECT_EQ(testing_stand(s, u, {0, 1, 0}), 1);
}

TEST(FireAndDisciplineCasualties, BuildingCountsAsObjectiveZone) {  // §5.2b, FD-49: +4
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0));
  int v = b.unit(0, from_mid(0, 200));
  b.table().add(AreaFeature{
      "farm", TerrainClass::kBuilding,
      Polygon{{from_mid(-20, -20), from_mid(20, -20), from_mid(20, 20), from_mid(-20, 20)}}, 0,
      true});
  FdState s = b.state();
  const MoraleSituation in = morale_situation(s, u, 0);
  const MoraleSituation out = morale_situation(s, v, 0);
  EXPECT_TRUE(in.protective);
  EXPECT_FALSE(out.protective);
  EXPECT_EQ(morale_total(in) - morale_total(out), 4);
}

TEST(FireAndDisciplineCasualties, BrigadeCommanderWithin60YdNot61) {  // §5.2d: +2
  for (double yd : {60.0, 61.0}) {
    CasualtyBattle b;
    int u = b.unit(0, from_mid(0, 0));
    b.leader(from_mid(0, 6.25 + yd));  // front edge is 6.25 yd north of the centre
    FdState s = b.state();
    EXPECT_EQ(morale_situation(s, u, 0).brigade_commander, yd <= 60.0) << yd;
  }
}

TEST(FireAndDisciplineCasualties, OverHalfBoxes) {  // §5.2e: −1 over half of 12 boxes
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0), 3, 6, 4);
  FdState s = b.state();
  s.units[0].boxes_marked = 6;
  EXPECT_FALSE(morale_situation(s, u, 0).over_half);
  s.units[0].boxes_marked = 7;
  EXPECT_TRUE(morale_situation(s, u, 0).over_half);
}

TEST(FireAndDisciplineCasualties, AdjacentBonusForEdgeContact) {  // FD-23: +1
  CasualtyBattle b;
  int line = b.unit(0, from_mid(0, 0), 2);
  int single = b.unit(0, from_mid(0, 200), 1);
  FdState s = b.state();
  EXPECT_TRUE(morale_situation(s, line, 0).adjacent);
  EXPECT_FALSE(morale_situation(s, single, 0).adjacent);
  s.force.units[0].stands[1].removed = true;
  EXPECT_FALSE(morale_situation(s, line, 0).adjacent);
}

TEST(FireAndDisciplineCasualties, SurroundedInThreeQuadrantsNotTwo) {  // FD-28
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0));
  b.unit(1, from_mid(0, 50), 1, 6, 2, 180);  // front
  b.unit(1, from_mid(50, 0), 1, 6, 2, 270);  // right
  b.unit(1, from_mid(0, -200));              // rear, beyond 100 yd
  FdState s = b.state();
  EXPECT_EQ(enemy_quadrants(s, u), 2);
  EXPECT_FALSE(morale_situation(s, u, 0).surrounded);
  CasualtyBattle c;
  int w = c.unit(0, from_mid(0, 0));
  c.unit(1, from_mid(0, 50), 1, 6, 2, 180);
  c.unit(1, from_mid(50, 0), 1, 6, 2, 270);
  c.unit(1, from_mid(-50, 0), 1, 6, 2, 90);  // left
  FdState t = c.state();
  EXPECT_EQ(enemy_quadrants(t, w), 3);
  EXPECT_TRUE(morale_situation(t, w, 0).surrounded);
}

TEST(FireAndDisciplineCasualties, FleeAwayFromCauseTowardHome) {  // FD-26
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0));
  FdState s = b.state();
  EventLog log;
  apply_morale_result(s, u, MoraleResult::kFlee, from_mid(0, 100), true, log);
  // Cause due north, home edge south: straight south 100 yd = 254 mm, facing 180.
  const Rect& r = stand(s, u, 0).rect;
  EXPECT_NEAR(r.centre.x, 1270, 1e-6);
  EXPECT_NEAR(r.centre.y, 1270 - 254, 1e-6);
  EXPECT_NEAR(r.facing, 180, 1e-9);
  EXPECT_EQ(s.units[0].disordered_until, 3);  // before movement: this turn's phase VI
  EXPECT_TRUE(s.units[0].fled_this_turn);
}

TEST(FireAndDisciplineCasualties, FleeFromTheFlankIsBiasedHome) {  // FD-26
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0));
  FdState s = b.state();
  EventLog log;
  apply_morale_result(s, u, MoraleResult::kFlee, from_mid(100, 0), false, log);
  // away (-1, 0) + ½ home (0, -1) → (-1, -0.5)/√1.25 = (-0.894427, -0.447214).
  const Rect& r = stand(s, u, 0).rect;
  EXPECT_NEAR(r.centre.x, 1270 - 254 * 0.894427191, 1e-6);
  EXPECT_NEAR(r.centre.y, 1270 - 254 * 0.447213595, 1e-6);
  EXPECT_NEAR(r.facing, 243.434948823, 1e-6);  // 180 + atan(1/0.5)
  EXPECT_EQ(s.units[0].disordered_until, 4);   // phase VII: next turn's movement
}

TEST(FireAndDisciplineCasualties, FleeTwoStandLineTurnsRigidly) {  // FD-26
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0), 2);
  FdState s = b.state();
  EventLog log;
  flee(s, u, from_mid(0, 100), true, log);
  // About-face: the left stand (west) ends east of the centre, 100 yd south.
  EXPECT_NEAR(stand(s, u, 0).rect.centre.x, 1270 + 7.5 * kYd, 1e-6);
  EXPECT_NEAR(stand(s, u, 1).rect.centre.x, 1270 - 7.5 * kYd, 1e-6);
  EXPECT_NEAR(stand(s, u, 0).rect.centre.y, 1270 - 254, 1e-6);
  EXPECT_NEAR(distance(stand(s, u, 0).rect, stand(s, u, 1).rect), 0, 1e-6);
}

TEST(FireAndDisciplineCasualties, FlowThroughMarksABoxOnTheMover) {  // §3.14, FD-27
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0));
  int f = b.unit(0, from_mid(0, -50));
  FdState s = b.state();
  EventLog log;
  flee(s, u, from_mid(0, 100), true, log);
  EXPECT_EQ(s.units[static_cast<std::size_t>(u)].boxes_marked, 1);
  EXPECT_EQ(stand(s, u, 0).castings, 5);
  EXPECT_EQ(s.units[static_cast<std::size_t>(f)].boxes_marked, 0);
  EXPECT_NEAR(stand(s, u, 0).rect.centre.y, 1270 - 254, 1e-6);
}

TEST(FireAndDisciplineCasualties, FleeBlockedByEnemySurrenders) {  // FD-26
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0));
  b.unit(1, from_mid(0, -50));
  FdState s = b.state();
  EventLog log;
  apply_morale_result(s, u, MoraleResult::kFlee, from_mid(0, 100), true, log);
  EXPECT_TRUE(s.units[0].surrendered);
  EXPECT_EQ(s.force.units[0].status, UnitStatus::kRemoved);
}

TEST(FireAndDisciplineCasualties, FleeBlockedStopsWithOption) {  // FD-26 blocked_flee=stop
  CasualtyBattle b;
  b.option("fd_26_blocked_flee", Value(std::string("stop")));
  int u = b.unit(0, from_mid(0, 0));
  b.unit(1, from_mid(0, -50));
  FdState s = b.state();
  EventLog log;
  flee(s, u, from_mid(0, 100), true, log);
  EXPECT_FALSE(s.units[0].surrendered);
  EXPECT_EQ(s.force.units[0].status, UnitStatus::kActive);
  // The enemy's north edge is 43.75 yd south: the mover stops short of it.
  const double moved = (1270 - stand(s, u, 0).rect.centre.y) / kYd;
  EXPECT_GT(moved, 30.0);
  EXPECT_LE(moved, 37.5 + 1e-6);
}

// FD-26 with FD-40: heavy woods are impassable to horse in line. A wood whose north edge
// lies 41 yd south of the unit's stand centres: the flee, due south in 2 yd steps, is
// clear at 40 yd and blocked at 42.
void add_heavy_wood(CasualtyBattle& b) {
  AreaFeature wood;
  wood.id = "thicket";
  wood.cls = TerrainClass::kHeavyWoods;
  wood.blocks_sight = true;
  wood.shape.points = {from_mid(-100, -41), from_mid(100, -41), from_mid(100, -200),
                       from_mid(-100, -200)};
  b.table().add(wood);
}

TEST(FireAndDisciplineCasualties, FleeIntoImpassableGroundSurrenders) {  // FD-26, FD-40
  CasualtyBattle b;
  add_heavy_wood(b);
  int u = b.horse(0, from_mid(0, 0));
  FdState s = b.state();
  EventLog log;
  apply_morale_result(s, u, MoraleResult::kFlee, from_mid(0, 100), true, log);
  EXPECT_TRUE(s.units[0].surrendered);
  EXPECT_EQ(s.force.units[0].status, UnitStatus::kRemoved);
  EXPECT_EQ(log.events().back().text,
            "u0 cannot flee past impassable ground and surrenders (FD-26)");
}

TEST(FireAndDisciplineCasualties, FleeIntoImpassableGroundStopsWithOption) {  // FD-26
  CasualtyBattle b;
  b.option("fd_26_blocked_flee", Value(std::string("stop")));
  add_heavy_wood(b);
  int u = b.horse(0, from_mid(0, 0));
  FdState s = b.state();
  EventLog log;
  flee(s, u, from_mid(0, 100), true, log);
  EXPECT_FALSE(s.units[0].surrendered);
  EXPECT_EQ(s.force.units[0].status, UnitStatus::kActive);
  for (int i = 0; i < 2; ++i) {
    EXPECT_NEAR(stand(s, u, i).rect.centre.y, 1270 - 40 * kYd, 1e-6);
    EXPECT_NEAR(stand(s, u, i).rect.facing, 180, 1e-9);  // about-faced where it stopped
  }
  EXPECT_EQ(log.events().back().text, "u0 flees 40 yd, stopped by impassable ground (FD-26)");
}

// Control: close-order foot pay ×¼ in heavy woods but may enter them; the flee goes on.
TEST(FireAndDisciplineCasualties, FleeThroughPassableWoodsGoesOn) {  // FD-26, FD-40
  CasualtyBattle b;
  add_heavy_wood(b);
  int u = b.unit(0, from_mid(0, 0));
  FdState s = b.state();
  EventLog log;
  flee(s, u, from_mid(0, 100), true, log);
  EXPECT_NEAR(stand(s, u, 0).rect.centre.y, 1270 - 254, 1e-6);
  // With FD-40 off (option terrain_movement "none") nothing is impassable, horse included.
  CasualtyBattle c;
  c.option("fd_40_terrain_movement", Value(std::string("none")));
  add_heavy_wood(c);
  int h = c.horse(0, from_mid(0, 0));
  FdState t = c.state();
  flee(t, h, from_mid(0, 100), true, log);
  EXPECT_NEAR(stand(t, h, 0).rect.centre.y, 1270 - 254, 1e-6);
}

TEST(FireAndDisciplineCasualties, FleeOffTheTableRemovesAsShattered) {  // FD-26
  CasualtyBattle b;
  int u = b.unit(0, Vec2{1270, 100});
  FdState s = b.state();
  EventLog log;
  flee(s, u, Vec2{1270, 300}, true, log);
  EXPECT_EQ(s.force.units[0].status, UnitStatus::kRemoved);
  EXPECT_TRUE(s.units[0].shattered());
}

TEST(FireAndDisciplineCasualties, FleeHitMarksOneBox) {  // §5.5 7-9, §5.61
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0));
  FdState s = b.state();
  EventLog log;
  apply_morale_result(s, u, MoraleResult::kFleeHit, from_mid(0, 100), true, log);
  EXPECT_EQ(s.units[0].boxes_marked, 1);
  EXPECT_EQ(stand(s, u, 0).castings, 5);
}

TEST(FireAndDisciplineCasualties, HaltBeforeAndAfterMovement) {  // FD-25
  CasualtyBattle b;
  int u = b.unit(0, from_mid(0, 0));
  FdState s = b.state();
  EventLog log;
  apply_morale_result(s, u, MoraleResult::kHalt, from_mid(0, 100), true, log);
  EXPECT_EQ(s.units[0].halted_until, 3);
  FdState t = b.state();
  apply_morale_result(t, u, MoraleResult::kHalt, from_mid(0, 100), false, log);
  EXPECT_EQ(t.units[0].halted_until, 4);
  EXPECT_TRUE(t.units[0].halted(4));
  EXPECT_FALSE(t.units[0].halted(5));
}

TEST(FireAndDisciplineCasualties, CascadeOncePerStepEngagedExempt) {  // FD-29, §5.3e
  CasualtyBattle b;
  int a = b.unit(0, from_mid(0, 0));
  int edge = b.unit(0, from_mid(15, 0));         // edge contact to the east
  int corner = b.unit(0, from_mid(-15, -12.5));  // corner contact, south-west
  int engaged = b.unit(0, from_mid(0, 12.5));    // edge contact to the north, engaged
  b.unit(0, from_mid(0, -100));                  // far
  int enemy = b.unit(1, from_mid(-15, 0));       // touching, but the enemy
  FdState s = b.state();
  s.units[static_cast<std::size_t>(engaged)].engaged_with = {enemy};
  EXPECT_EQ(cascade_units(s, a, {}), (std::vector<int>{edge, corner}));
  EXPECT_EQ(cascade_units(s, a, {edge}), (std::vector<int>{corner}));
  s.options.cascade = "unlimited";
  EXPECT_EQ(cascade_units(s, a, {edge}), (std::vector<int>{edge, corner}));
  s.options.cascade = "none";
  EXPECT_TRUE(cascade_units(s, a, {}).empty());
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
