// Fire and Discipline movement (000.md §6, §3, FD-05..FD-09, FD-40..FD-42, FD-62).
// Positions: a 1000 × 1000 yd table at 1" = 10 yd (2.54 mm per yd), centre (500, 500) yd;
// a stand is 15 × 12.5 yd, a half-stand 7.5 × 10, a limber 12.5 × 15. North = facing 0.
#include "rules/fire_and_discipline/movement.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/options.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::from_mid;
using fd_test::kMid;
using fd_test::kYd;
using fd_test::number;
using fd_test::stand;

using fd_test::kTolYd;

double east_yd(Vec2 p) { return (p.x - kMid.x) / kYd; }
double north_yd(Vec2 p) { return (p.y - kMid.y) / kYd; }

std::vector<Vec2> box(double w, double s, double e, double n) {
  return {from_mid(w, s), from_mid(e, s), from_mid(e, n), from_mid(w, n)};
}

struct Spec {
  Arm arm = Arm::kFoot;
  std::string type = "infantry";
  std::string formation = "line";
  int stands = 1;
  int rating = 2;
  double facing = 0;
  int pdr = 0;
  int half = 0;
};

// Units of sides blue and red at turn 3, under no orders; blue's in a brigade.
class MoveBattle : public fd_test::ScenarioBuilder {
 public:
  MoveBattle() : ScenarioBuilder(fd_test::kBlueRed) { command("b1", "Blue brigade", 0, -1); }
  int unit(int side, Vec2 centre, Spec sp = {}) {
    fd_test::UnitSpec u = fd_test::spec(sp.type, sp.formation,
                                        {{"castings", number(6)},
                                         {"morale-rating", number(sp.rating)},
                                         {"pdr", number(sp.pdr)},
                                         {"half-stands", number(sp.half)}},
                                        sp.arm == Arm::kArtillery ? 4 : sp.stands);
    u.command = side == 0 ? 0 : -1;
    u.facing = sp.facing;
    return add_at(side, u, centre);
  }
  Spec cavalry(const std::string& formation = "line") {
    Spec sp;
    sp.arm = Arm::kCavalry;
    sp.type = "cavalry";
    sp.formation = formation;
    return sp;
  }
  Spec guns(int pdr, const std::string& formation = "limbered") {
    Spec sp;
    sp.arm = Arm::kArtillery;
    sp.type = "artillery";
    sp.formation = formation;
    sp.pdr = pdr;
    return sp;
  }
};

TEST(FireAndDisciplineMovement, ChartRatesPerType) {  // §6 chart, R-000-3..5
  MoveBattle b;
  int inf = b.unit(0, from_mid(0, 0));
  int cav = b.unit(0, from_mid(100, 0), b.cavalry());
  int light = b.unit(0, from_mid(-100, 0), b.guns(6));
  int heavy = b.unit(0, from_mid(-200, 0), b.guns(12));
  Spec drag = b.cavalry("open-order");
  drag.type = "dragoons";
  int dismounted = b.unit(0, from_mid(200, 0), drag);
  FdState s = b.state();
  EXPECT_EQ(rate_yd(s, inf, Rate::kField), 60);
  EXPECT_EQ(rate_yd(s, inf, Rate::kCharge), 80);
  EXPECT_EQ(rate_yd(s, inf, Rate::kSkirmish), std::nullopt);  // open order only (§4.2d)
  EXPECT_EQ(rate_yd(s, inf, Rate::kRoad), 120);
  EXPECT_EQ(rate_yd(s, inf, Rate::kTactical), 30);
  EXPECT_EQ(rate_yd(s, cav, Rate::kField), 90);
  EXPECT_EQ(rate_yd(s, cav, Rate::kCharge), 120);
  EXPECT_EQ(rate_yd(s, cav, Rate::kRoad), 180);  // FD-06
  EXPECT_EQ(rate_yd(s, cav, Rate::kTactical), 50);
  EXPECT_EQ(rate_yd(s, light, Rate::kField), 60);
  EXPECT_EQ(rate_yd(s, light, Rate::kCharge), std::nullopt);
  EXPECT_EQ(rate_yd(s, light, Rate::kRoad), 100);
  EXPECT_EQ(rate_yd(s, light, Rate::kTactical), 20);
  EXPECT_EQ(rate_yd(s, heavy, Rate::kField), 30);
  EXPECT_EQ(rate_yd(s, heavy, Rate::kRoad), 60);
  EXPECT_EQ(rate_yd(s, heavy, Rate::kTactical), std::nullopt);
  EXPECT_EQ(rate_yd(s, dismounted, Rate::kField), 60);  // as skirmish infantry (§4.3)
  EXPECT_EQ(rate_yd(s, dismounted, Rate::kSkirmish), 80);
  s.force.units[static_cast<std::size_t>(light)].status = UnitStatus::kRouted;
  EXPECT_EQ(rate_yd(s, light, Rate::kField), 80);  // crews flee at 80 (§4.4)
}

TEST(FireAndDisciplineMovement, RateOptions) {  // FD-06, FD-07
  MoveBattle b;
  b.option("fd_06_cavalry_road_yd", Value(std::int64_t{120}));
  b.option("fd_07_tactical_shift", Value(std::string("flat20")));
  int inf = b.unit(0, from_mid(0, 0));
  int cav = b.unit(0, from_mid(100, 0), b.cavalry());
  FdState s = b.state();
  EXPECT_EQ(rate_yd(s, cav, Rate::kRoad), 120);
  EXPECT_EQ(rate_yd(s, cav, Rate::kTactical), 20);
  EXPECT_EQ(rate_yd(s, inf, Rate::kTactical), 20);
}

TEST(FireAndDisciplineMovement, LimberHitsCutRateAQuarterEach) {  // §6.8
  MoveBattle b;
  int g = b.unit(0, from_mid(0, 0), b.guns(6));
  FdState s = b.state();
  s.units[0].limber_hits = 1;
  EXPECT_DOUBLE_EQ(*rate_yd(s, g, Rate::kField), 45);
  s.units[0].limber_hits = 4;
  EventLog log;
  MoveResult r = move_unit(s, g, from_mid(0, 100), 0, Rate::kField, log);
  EXPECT_FALSE(r.moved);
  EXPECT_EQ(r.stopped_by, "immobile");
}

TEST(FireAndDisciplineMovement, RoadNeedsColumnThreeHundredYardsAndRoad) {  // FD-06, FD-08
  MoveBattle b;
  b.table().add(
      LinearFeature{"pike", TerrainClass::kRoad, {from_mid(0, -400), from_mid(0, 400)}, 10 * kYd});
  Spec col;
  col.formation = "column";
  col.stands = 3;  // 37.5 yd deep: front edge 18.75 yd ahead of the centre
  int u = b.unit(0, from_mid(0, 0), col);
  int line = b.unit(0, from_mid(-100, 0), Spec{});
  b.unit(1, from_mid(0, 420), Spec{Arm::kFoot, "infantry", "line", 1, 2, 180});  // edge at 413.75
  FdState s = b.state();
  Rect start = s.force.units[0].footprint();
  Rect end = start;
  end.centre = from_mid(0, 120);
  // Start gap 413.75 − 18.75 = 395 > 300; end gap 275 ≤ 300: refused at the end.
  EXPECT_FALSE(road_allowed(s, u, start, end));
  Rect near_end = start;
  near_end.centre = from_mid(0, 90);  // end gap 305
  EXPECT_TRUE(road_allowed(s, u, start, near_end));
  Rect off = start;
  off.centre = from_mid(30, 90);  // leaves the 10-yd road
  EXPECT_FALSE(road_allowed(s, u, start, off));
  EXPECT_FALSE(road_allowed(s, line, s.force.units[1].footprint(),
                            s.force.units[1].footprint()));  // a line never uses the road
  s.options.road_test = "start";
  EXPECT_TRUE(road_allowed(s, u, start, end));
  EventLog log;
  MoveResult r = move_unit(s, u, from_mid(0, 300), 0, Rate::kRoad, log);
  EXPECT_NEAR(r.distance_yd, 120, kTolYd);
  EXPECT_NEAR(north_yd(stand(s, u, 0).rect.centre), 12.5 + 120, kTolYd);
}

TEST(FireAndDisciplineMovement, WheelHalvesTheMove) {  // §4.5, FD-42
  MoveBattle b;
  int u = b.unit(0, from_mid(0, 0));
  FdState s = b.state();
  EventLog log;
  // A 90° right wheel about the front-right corner (7.5, 6.25): the centre goes to
  // (1.25, 13.75); then half of 60 = 30 yd east.
  MoveResult r = move_unit(s, u, from_mid(500, 13.75), 90, Rate::kField, log);
  EXPECT_TRUE(r.wheeled);
  EXPECT_NEAR(r.distance_yd, 30, kTolYd);
  EXPECT_EQ(r.stopped_by, "allowance");
  EXPECT_NEAR(east_yd(stand(s, u, 0).rect.centre), 31.25, kTolYd);
  EXPECT_NEAR(north_yd(stand(s, u, 0).rect.centre), 13.75, kTolYd);
  EXPECT_NEAR(stand(s, u, 0).rect.facing, 90, 1e-9);
  ASSERT_FALSE(log.events().empty());
  EXPECT_EQ(log.events().back().kind, EventKind::kMove);
}

TEST(FireAndDisciplineMovement, BlockedWheelStopsShortThenGoesStraightAhead) {  // §4.5
  // The 90° right wheel above swings the stand's front-left corner to 6.25 + 15 sin θ yd
  // north; a friend whose rear edge is at 20.75 leaves 1 yd (§3.14) up to θ = 64.2°, so
  // the wheel stops at the last clear twelfth, 60° (67.5° would come within 0.64 yd), and
  // the unit goes on straight ahead on that facing, at the wheel's halved rate (engine
  // reading, README "Movement").
  MoveBattle b;
  int u = b.unit(0, from_mid(0, 0));
  int f = b.unit(0, from_mid(0, 27), Spec{Arm::kFoot, "infantry", "line", 1, 2, 180});
  FdState s = b.state();
  EventLog log;
  MoveResult r = move_unit(s, u, from_mid(500, 13.75), 90, Rate::kField, log);
  EXPECT_TRUE(r.wheeled);
  EXPECT_EQ(r.stopped_by, "wheel blocked, unit");
  EXPECT_NEAR(stand(s, u, 0).rect.facing, 60, 1e-9);
  EXPECT_GT(r.distance_yd, 0);
  EXPECT_LE(r.distance_yd, 30 + kTolYd);  // half of 60 yd
  EXPECT_GE(distance(stand(s, u, 0).rect, stand(s, f, 0).rect) / kYd, 1 - kTolYd);
  ASSERT_FALSE(log.events().empty());
  EXPECT_NE(log.events().back().text.find("blocked"), std::string::npos);
}

TEST(FireAndDisciplineMovement, WheelWithNoRoomMovesStraightAheadAtFullRate) {  // §4.5
  // A friend 1.5 yd ahead leaves no room for even 7.5° of wheel: no wheel (so no halving),
  // and straight ahead the unit closes to 1 yd of it (§3.14).
  MoveBattle b;
  int u = b.unit(0, from_mid(0, 0));
  b.unit(0, from_mid(0, 14), Spec{Arm::kFoot, "infantry", "line", 1, 2, 180});
  FdState s = b.state();
  EventLog log;
  MoveResult r = move_unit(s, u, from_mid(500, 13.75), 90, Rate::kField, log);
  EXPECT_FALSE(r.wheeled);
  EXPECT_EQ(r.stopped_by, "wheel blocked, unit");
  EXPECT_NEAR(stand(s, u, 0).rect.facing, 0, 1e-9);
  EXPECT_NEAR(r.distance_yd, 0.5, kTolYd);
  EXPECT_NEAR(north_yd(stand(s, u, 0).rect.centre), 0.5, kTolYd);
}

TEST(FireAndDisciplineMovement, LightWoodsHalveFormedFoot) {  // FD-40
  MoveBattle b;
  b.table().add(AreaFeature{"copse", TerrainClass::kLightWoods, {box(-200, 10, 200, 30)}, 0, true});
  Spec line;
  line.stands = 2;
  int u = b.unit(0, from_mid(0, 0), line);
  Spec open;
  open.formation = "open-order";
  open.stands = 2;
  open.half = 2;
  int sk = b.unit(0, from_mid(-120, 0), open);
  FdState s = b.state();
  EventLog log;
  // 10 yd open (10) + 20 yd woods ×½ (40) + 10 yd open (10) = 60: 40 yd moved.
  EXPECT_NEAR(move_unit(s, u, from_mid(0, 500), 0, Rate::kField, log).distance_yd, 40, kTolYd);
  // Open-order foot ignore light woods: the full 60 (skirmish rate 80 here).
  EXPECT_NEAR(move_unit(s, sk, from_mid(-120, 500), 0, Rate::kField, log).distance_yd, 60, kTolYd);
}

TEST(FireAndDisciplineMovement, StreamCrossingCostsTwentyYards) {  // FD-40
  MoveBattle b;
  b.table().add(LinearFeature{
      "brook", TerrainClass::kStream, {from_mid(-300, 20), from_mid(300, 20)}, 4 * kYd});
  int u = b.unit(0, from_mid(0, 0));
  FdState s = b.state();
  EventLog log;
  EXPECT_NEAR(move_unit(s, u, from_mid(0, 500), 0, Rate::kField, log).distance_yd, 40, kTolYd);
  s.options.terrain_movement = "none";
  EXPECT_NEAR(move_unit(s, u, from_mid(0, 500), 0, Rate::kField, log).distance_yd, 60, kTolYd);
}

TEST(FireAndDisciplineMovement, CavalryInLineCannotEnterHeavyWoods) {  // FD-40
  MoveBattle b;
  b.table().add(
      AreaFeature{"forest", TerrainClass::kHeavyWoods, {box(-300, 30, 300, 200)}, 0, true});
  int line = b.unit(0, from_mid(0, 0), b.cavalry());
  int col = b.unit(0, from_mid(100, 0), b.cavalry("column"));
  FdState s = b.state();
  EventLog log;
  MoveResult r = move_unit(s, line, from_mid(0, 500), 0, Rate::kField, log);
  EXPECT_NEAR(r.distance_yd, 30, kTolYd);  // stops at the wood's edge
  EXPECT_EQ(r.stopped_by, "terrain");
  // Column (close order) ×¼: 30 open + 60 / 4 = 45.
  EXPECT_NEAR(move_unit(s, col, from_mid(100, 500), 0, Rate::kField, log).distance_yd, 45, kTolYd);
}

TEST(FireAndDisciplineMovement, LimberedGunsStopOutsideTwoHundredYards) {  // FD-09
  MoveBattle b;
  int g = b.unit(0, from_mid(0, 0), b.guns(6));  // limber front edge at +13.75
  b.unit(1, from_mid(0, 250), Spec{Arm::kFoot, "infantry", "line", 1, 2, 180});  // edge 243.75
  FdState s = b.state();
  EventLog log;
  MoveResult r = move_unit(s, g, from_mid(0, 500), 0, Rate::kField, log);
  EXPECT_NEAR(r.distance_yd, 30, kTolYd);  // gap 230 → 200
  EXPECT_EQ(r.stopped_by, "enemy-200");
  r = move_unit(s, g, from_mid(0, 500), 0, Rate::kField, log);  // now at 200: may not close
  EXPECT_FALSE(r.moved);
}

TEST(FireAndDisciplineMovement, HaltedAndDisorderedUnits) {  // FD-25, FD-26
  MoveBattle b;
  int u = b.unit(0, from_mid(0, 0));
  int d = b.unit(0, from_mid(100, 0));
  FdState s = b.state();
  s.units[0].halted_until = s.turn;
  s.units[1].disordered_until = s.turn;
  EventLog log;
  MoveResult r = move_unit(s, u, from_mid(0, 100), 0, Rate::kField, log);
  EXPECT_FALSE(r.moved);
  EXPECT_EQ(r.stopped_by, "halted");
  EXPECT_NEAR(north_yd(stand(s, u, 0).rect.centre), 0, 1e-9);
  r = move_unit(s, d, from_mid(100, 100), 180, Rate::kField, log);  // re-faces in place only
  EXPECT_TRUE(r.moved);
  EXPECT_NEAR(east_yd(stand(s, d, 0).rect.centre), 100, kTolYd);
  EXPECT_NEAR(north_yd(stand(s, d, 0).rect.centre), 0, kTolYd);
  EXPECT_NEAR(stand(s, d, 0).rect.facing, 180, 1e-9);
}

TEST(FireAndDisciplineMovement, TacticalShiftLimits) {  // §4.6, FD-07, R-000-4
  MoveBattle b;
  int inf = b.unit(0, from_mid(0, 0));
  int cav = b.unit(0, from_mid(200, 0), b.cavalry());
  Spec raw;
  raw.rating = 1;
  int green = b.unit(0, from_mid(-200, 0), raw);
  FdState s = b.state();
  EventLog log;
  EXPECT_FALSE(tactical_shift(s, inf, {31 * kYd, 0}, log));  // over 30
  EXPECT_FALSE(tactical_shift(s, inf, {0, 10 * kYd}, log));  // forward
  EXPECT_TRUE(tactical_shift(s, inf, {30 * kYd, 0}, log));   // lateral 30
  EXPECT_NEAR(east_yd(stand(s, inf, 0).rect.centre), 30, kTolYd);
  EXPECT_TRUE(tactical_shift(s, inf, {0, -30 * kYd}, log));  // backward 30
  EXPECT_NEAR(north_yd(stand(s, inf, 0).rect.centre), -30, kTolYd);
  EXPECT_FALSE(tactical_shift(s, cav, {51 * kYd, 0}, log));
  EXPECT_TRUE(tactical_shift(s, cav, {50 * kYd, 0}, log));
  EXPECT_FALSE(tactical_shift(s, green, {10 * kYd, 0}, log));  // rating 1 < 2: untrained
}

// The dry run of a shift: the distance tactical_shift would go, the state untouched; a
// friendly unit 20 yd to the east stops a 30 yd shift 1 yd short of it (19 yd).
TEST(FireAndDisciplineMovement, TacticalShiftDryRunMatchesTheShift) {  // §4.6, FD-07
  MoveBattle b;
  const int inf = b.unit(0, from_mid(0, 0));
  b.unit(0, from_mid(35, 0));  // its west edge 27.5 yd east: 20 yd clear of inf's east edge
  FdState s = b.state();
  EXPECT_FALSE(tactical_shift_mm(s, inf, {31 * kYd, 0}));  // over 30
  EXPECT_FALSE(tactical_shift_mm(s, inf, {0, 10 * kYd}));  // forward
  const std::optional<double> west = tactical_shift_mm(s, inf, {-30 * kYd, 0});
  ASSERT_TRUE(west);
  EXPECT_NEAR(*west / kYd, 30, kTolYd);
  const std::optional<double> east_mm = tactical_shift_mm(s, inf, {30 * kYd, 0});
  ASSERT_TRUE(east_mm);
  EXPECT_NEAR(*east_mm / kYd, 19, kTolYd);
  EXPECT_NEAR(east_yd(stand(s, inf, 0).rect.centre), 0, 1e-9);  // not moved
  EventLog log;
  EXPECT_TRUE(tactical_shift(s, inf, {30 * kYd, 0}, log));
  EXPECT_NEAR(east_yd(stand(s, inf, 0).rect.centre), *east_mm / kYd, 1e-9);
}

TEST(FireAndDisciplineMovement, LineToColumnKeepsCastingsPerStand) {  // FD-41
  MoveBattle b;
  Spec line;
  line.stands = 3;
  int u = b.unit(0, from_mid(0, 0), line);
  FdState s = b.state();
  stand(s, u, 1).castings = 5;
  stand(s, u, 2).castings = 4;
  const Vec2 pivot = stand(s, u, 0).rect.centre;  // (−15, 0)
  EventLog log;
  ASSERT_TRUE(change_formation(s, u, "column", log));
  const Unit& unit = s.force.units[0];
  EXPECT_EQ(unit.formation, "column");
  ASSERT_EQ(unit.stands.size(), 3U);
  EXPECT_EQ(unit.stands[0].castings, 6);
  EXPECT_EQ(unit.stands[1].castings, 5);
  EXPECT_EQ(unit.stands[2].castings, 4);
  EXPECT_NEAR(distance(unit.stands[0].rect.centre, pivot), 0, 1e-6);
  EXPECT_NEAR(east_yd(unit.stands[2].rect.centre), -15, kTolYd);
  EXPECT_NEAR(north_yd(unit.stands[2].rect.centre), -25, kTolYd);  // two 12.5-yd ranks behind
  EXPECT_EQ(log.events().back().kind, EventKind::kFormation);
}

TEST(FireAndDisciplineMovement, UnlimberIsForGood) {  // §3.4
  MoveBattle b;
  int g = b.unit(0, from_mid(0, 0), b.guns(6));
  FdState s = b.state();
  const Vec2 gun = stand(s, g, 0).rect.centre;
  EventLog log;
  ASSERT_TRUE(change_formation(s, g, "unlimbered", log));
  ASSERT_EQ(s.force.units[0].stands.size(), 1U);
  EXPECT_NEAR(distance(stand(s, g, 0).rect.centre, gun), 0, 1e-6);
  EXPECT_EQ(stand(s, g, 0).castings, 4);
  EXPECT_FALSE(change_formation(s, g, "limbered", log));
  EXPECT_EQ(move_unit(s, g, from_mid(0, 100), 0, Rate::kField, log).stopped_by, "unlimbered");
}

TEST(FireAndDisciplineMovement, ProlongeTwentyYardsNotWithinSixty) {  // R-000-5, §6.66
  MoveBattle b;
  int g = b.unit(0, from_mid(0, 0), b.guns(6, "unlimbered"));
  int heavy = b.unit(0, from_mid(-200, 0), b.guns(12, "unlimbered"));
  int near = b.unit(0, from_mid(200, 0), b.guns(6, "unlimbered"));
  b.unit(1, from_mid(200, 90), Spec{Arm::kFoot, "infantry", "line", 1, 2, 180});  // gap 77.5
  FdState s = b.state();
  EventLog log;
  EXPECT_FALSE(prolonge(s, g, 21, log));
  EXPECT_TRUE(prolonge(s, g, 20, log));
  EXPECT_NEAR(north_yd(stand(s, g, 0).rect.centre), 20, kTolYd);
  EXPECT_TRUE(prolonge(s, g, -20, log));
  EXPECT_NEAR(north_yd(stand(s, g, 0).rect.centre), 0, kTolYd);
  EXPECT_FALSE(prolonge(s, heavy, 5, log));  // 8 pdr+: no prolonge
  EXPECT_FALSE(prolonge(s, near, 20, log));  // would end 57.5 yd away
  EXPECT_TRUE(prolonge(s, near, 15, log));   // ends 62.5 yd away
}

TEST(FireAndDisciplineMovement, StopsOneYardShortOfAnotherUnit) {  // §3.14, FD-27
  MoveBattle b;
  int u = b.unit(0, from_mid(0, 0));  // front edge at 6.25
  int f = b.unit(0, from_mid(0, 40), Spec{Arm::kFoot, "infantry", "line", 1, 2, 180});  // 33.75
  FdState s = b.state();
  EventLog log;
  MoveResult r = move_unit(s, u, from_mid(0, 500), 0, Rate::kField, log);
  EXPECT_NEAR(r.distance_yd, 26.5, kTolYd);  // 27.5 gap − 1 yd
  EXPECT_EQ(r.stopped_by, "unit");
  EXPECT_NEAR(distance(stand(s, u, 0).rect, stand(s, f, 0).rect) / kYd, 1, kTolYd);
}

TEST(FireAndDisciplineMovement, StaysOnTheTable) {
  MoveBattle b;
  int u = b.unit(0, from_mid(0, 480));  // front edge at 486.25; the table ends at 500
  FdState s = b.state();
  EventLog log;
  MoveResult r = move_unit(s, u, from_mid(0, 900), 0, Rate::kField, log);
  EXPECT_NEAR(r.distance_yd, 13.75, kTolYd);
  EXPECT_EQ(r.stopped_by, "table");
}

TEST(FireAndDisciplineMovement, LeashPullsStrayStandBack) {  // FD-62, §3.12
  MoveBattle b;
  Spec open;
  open.formation = "open-order";
  open.stands = 2;
  open.half = 2;
  int u = b.unit(0, from_mid(0, 0), open);
  FdState s = b.state();
  stand(s, u, 1).rect.centre = stand(s, u, 0).rect.centre + Vec2{100 * kYd, 0};  // gap 92.5
  EventLog log;
  leash(s, u, log);
  EXPECT_NEAR(distance(stand(s, u, 0).rect, stand(s, u, 1).rect) / kYd, 50, kTolYd);
  EXPECT_NEAR(s.yd(distance(stand(s, u, 0).rect.centre, stand(s, u, 1).rect.centre)), 57.5, kTolYd);
  s.options.leash_recovery = "none";
  stand(s, u, 1).rect.centre = stand(s, u, 0).rect.centre + Vec2{100 * kYd, 0};
  leash(s, u, log);
  EXPECT_NEAR(s.yd(distance(stand(s, u, 0).rect.centre, stand(s, u, 1).rect.centre)), 100, kTolYd);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
