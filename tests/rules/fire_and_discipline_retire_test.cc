// Fire and Discipline's advanced-game retire of shattered units (§5.11 L268, FD-58;
// retire.h): a shattered unit stays on the table, cannot fire or charge, moves at Field
// (Road where allowed) toward its home edge each turn and leaves the table on reaching it;
// contacted, it surrenders. Positions in yards (fire_and_discipline_scenario.h); blue's
// home edge is the south edge (y = 0).
#include "rules/fire_and_discipline/retire.h"

#include <cmath>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::events_with;
using fd_test::kYd;
using fd_test::ScenarioBuilder;
using fd_test::yd;

// Marks every box but one and then hits the unit once: it shatters (§5.11).
void shatter(FdState& s, int u, EventLog& log) {
  s.units[u].boxes_marked = s.units[u].shatter_boxes - 1;
  apply_hits(s, u, 0, 1, log, "test volley");
}

Vec2 centre(const FdState& s, int u) { return s.force.units[u].footprint().centre; }

// §5.11: removed in the basic game; in the advanced game (FD-58) it stays, retiring.
TEST(FireAndDisciplineRetire, ShatteredUnitsStayInTheAdvancedGame) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  const int u = b.foot(0, 4, 500, 300, 0);
  FdState basic = b.state();
  EventLog log;
  shatter(basic, u, log);
  EXPECT_EQ(basic.force.units[u].status, UnitStatus::kRemoved);
  EXPECT_FALSE(retiring(basic, u));
  b.option("fd_58_shattered_retire", Value(true));
  FdState advanced = b.state();
  shatter(advanced, u, log);
  EXPECT_EQ(advanced.force.units[u].status, UnitStatus::kActive);
  EXPECT_TRUE(retiring(advanced, u));
  EXPECT_EQ(events_with(log, "is shattered and retires (§5.11, FD-58)").size(), 1u);
}

// Field rate, no wheel: foot 60 yd, horse 90 yd straight toward the south edge.
TEST(FireAndDisciplineRetire, RetiresAtFieldRateTowardItsEdge) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  b.option("fd_58_shattered_retire", Value(true));
  const int foot = b.foot(0, 4, 500, 300, 0);
  const int horse = b.horse(0, 2, 200, 300, 0);
  b.foot(1, 4, 500, 900, 180);
  FdState s = b.state();
  EventLog log;
  shatter(s, foot, log);
  shatter(s, horse, log);
  retire_move(s, foot, log);
  retire_move(s, horse, log);
  EXPECT_NEAR(centre(s, foot).x / kYd, 500, 1e-6);
  EXPECT_NEAR(centre(s, foot).y / kYd, 240, 1e-6);
  EXPECT_NEAR(s.force.units[foot].footprint().facing, 0, 1e-9);  // still facing the enemy
  EXPECT_NEAR(centre(s, horse).y / kYd, 210, 1e-6);
  ASSERT_EQ(events_with(log, "retires toward the south edge (§5.11, FD-58)").size(), 2u);
  EXPECT_EQ(events_with(log, "b0 moves 60.0 yd at field rate").size(), 1u);
}

// FD-06/FD-08: in column on a road, > 300 yd from every enemy: the Road rate, 120 yd.
TEST(FireAndDisciplineRetire, RoadRateWhereAllowed) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  b.option("fd_58_shattered_retire", Value(true));
  LinearFeature road;
  road.id = "road";
  road.cls = TerrainClass::kRoad;
  road.path = {yd(500, 0), yd(500, 1000)};
  road.width = 10 * kYd;
  b.table().add(road);
  const int u = b.add_at(0, "infantry", "column", 2, 500, 400, 0);
  b.foot(1, 4, 100, 950, 180);  // far away
  FdState s = b.state();
  EventLog log;
  shatter(s, u, log);
  retire_move(s, u, log);
  EXPECT_NEAR(centre(s, u).y / kYd, 280, 1e-6);
  EXPECT_EQ(events_with(log, "marches by road 120.0 yd at road rate").size(), 1u);
}

// Removed on reaching the edge: the rear edge 33.75 yd from it.
TEST(FireAndDisciplineRetire, LeavesTheTableAtItsEdge) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  b.option("fd_58_shattered_retire", Value(true));
  const int u = b.foot(0, 4, 500, 40, 0);
  b.foot(1, 4, 500, 900, 180);
  FdState s = b.state();
  EventLog log;
  shatter(s, u, log);
  retire_move(s, u, log);
  EXPECT_EQ(s.force.units[u].status, UnitStatus::kOffTable);
  EXPECT_FALSE(retiring(s, u));
  EXPECT_EQ(events_with(log,
                        "b0, shattered, retires off the table at the south edge (§5.11, "
                        "FD-58)")
                .size(),
            1u);
}

// A friend right behind stops the straight retire after 16.5 yd; 60° to the west it goes
// the full 60 yd, 30 yd nearer the edge (30° west still meets the friend).
TEST(FireAndDisciplineRetire, DeflectsAroundAFriendBehind) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  b.option("fd_58_shattered_retire", Value(true));
  const int u = b.foot(0, 1, 500, 300, 0);  // one stand, 15 yd wide, rear edge y 293.75
  b.foot(0, 1, 500, 270, 0);                // front edge y 276.25: 17.5 yd behind
  b.foot(1, 4, 500, 900, 180);
  FdState s = b.state();
  EventLog log;
  shatter(s, u, log);
  retire_move(s, u, log);
  EXPECT_NEAR(centre(s, u).x / kYd, 500 - 60 * std::sin(kPi / 3), 1e-3);
  EXPECT_NEAR(centre(s, u).y / kYd, 270, 1e-3);
}

// FD-58: no charge, no fire.
TEST(FireAndDisciplineRetire, CannotChargeOrFire) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  b.option("fd_58_shattered_retire", Value(true));
  const int u = b.foot(0, 4, 500, 300, 0);
  const int enemy = b.foot(1, 4, 500, 350, 180);  // 37.5 yd in front: charge and musket range
  FdState s = b.state();
  s.units[u].order.kind = OrderKind::kGeneralAdvance;
  EXPECT_FALSE(charge_invalid(s, u, enemy).has_value());  // before it shatters
  EventLog log;
  shatter(s, u, log);
  ASSERT_TRUE(charge_invalid(s, u, enemy).has_value());
  EXPECT_EQ(*charge_invalid(s, u, enemy), "shattered units retiring do not charge (FD-58)");
  EXPECT_FALSE(may_charge(s, u, enemy));
  EXPECT_FALSE(may_counter_charge(s, u, enemy));
  // The enemy may still charge it (contact makes it surrender).
  s.units[enemy].order.kind = OrderKind::kGeneralAdvance;
  EXPECT_FALSE(charge_invalid(s, enemy, u).has_value());
  // Volley step: only the enemy fires.
  Rng rng(7, 0);
  SampledChance dice(rng);
  musketry_phase(s, false, dice, log);
  int by_u = 0, by_enemy = 0;
  for (const Event& e : log.events()) {
    if (e.kind != EventKind::kFire) continue;
    by_u += e.unit == s.force.units[u].id;
    by_enemy += e.unit == s.force.units[enemy].id;
  }
  EXPECT_EQ(by_u, 0);
  EXPECT_GE(by_enemy, 1);
}

// FD-58: "If contacted they surrender"; 2 yd away is no contact.
TEST(FireAndDisciplineRetire, ContactedItSurrenders) {
  ScenarioBuilder b(fd_test::kBlueRedSideIds);
  b.option("fd_58_shattered_retire", Value(true));
  const int u = b.foot(0, 4, 500, 300, 0);          // front edge y 306.25
  const int enemy = b.foot(1, 4, 500, 314.5, 180);  // front edge y 308.25: 2 yd
  FdState s = b.state();
  EventLog log;
  shatter(s, u, log);
  s.units[enemy].engaged_with = {u};
  EXPECT_TRUE(surrender_contacted(s, log).empty());
  EXPECT_TRUE(retiring(s, u));
  for (Stand& st : s.force.units[enemy].stands) st.rect.centre = st.rect.centre - yd(0, 2);
  EXPECT_EQ(surrender_contacted(s, log), std::vector<int>{u});
  EXPECT_TRUE(s.units[u].surrendered);
  EXPECT_EQ(s.force.units[u].status, UnitStatus::kRemoved);
  EXPECT_TRUE(s.units[enemy].engaged_with.empty());
  EXPECT_EQ(events_with(log,
                        "b0, shattered and retiring, is contacted by r1 and surrenders "
                        "(FD-58)")
                .size(),
            1u);
  // A unit in good order in contact does not surrender.
  EXPECT_TRUE(surrender_contacted(s, log).empty());
  EXPECT_EQ(s.force.units[enemy].status, UnitStatus::kActive);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
