// Objective zones and captured guns joined to the rest of Fire and Discipline: crews that
// flee a charge (§8.2c) or surrender by any road (FD-26 blocked flee, FD-58 retire) lose
// their guns (§5.5 L320, FD-19, FD-64); the extended kill zone (§6.35) meets objective
// zones as the first-target kill zone does (§6.36 L382, FD-49, FD-57); step VII.1 fights the
// melees sharing a unit with an objective combat (§8.31, FD-49); the brigade doctrine's
// garrison (FD-49, FD-52). Worked by hand on hand-placed stands.
#include <gtest/gtest.h>

#include "rules/fire_and_discipline/brigade_orders.h"
#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/objective_zones.h"
#include "rules/fire_and_discipline/retire.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::box_yd;
using fd_test::count_events;
using fd_test::kYd;
using fd_test::north;
using fd_test::R;
using fd_test::ScenarioBuilder;
using fd_test::Scripted;
using fd_test::south;
using fd_test::z;

TEST(FireAndDisciplineObjectivesWiring, ACrewFleeingAChargeLeavesItsGunsToTheCharger) {
  // §8.2c L586: the crew flees the charge instead of fighting; §5.5 L320: without the guns;
  // FD-19: the charger in contact takes them at the end of Phase VII.
  ScenarioBuilder b;
  const int gun = b.gun(1, south(500, 540));      // front edge y 540, facing south
  const int foot = b.line(0, {north(500, 500)});  // 40 yd short, facing it
  FdState s = b.state();
  s.options.evade_charge = "always";
  const Rect guns_were = s.force.units[z(gun)].stands[0].rect;
  // The guns do not hold fire (§6.4d) and crews give no FPF (§7.7, formed foot only): the
  // charge needs no die, nor does the flight.
  Scripted dice({});
  EventLog log;
  MeleeBook book = charge_moves(s, {{foot, gun, false}}, dice, log);
  EXPECT_TRUE(dice.done());
  EXPECT_TRUE(book.melees.empty());  // no melee: the crew fled
  const UnitState& st = s.units[z(gun)];
  EXPECT_TRUE(st.guns_abandoned);
  EXPECT_TRUE(st.fled_this_turn);
  EXPECT_NEAR(st.guns_at.centre.y, guns_were.centre.y, 1e-9);
  // The crew fled 80 yd north (away from the charger, toward its home edge).
  EXPECT_NEAR(s.force.units[z(gun)].stands[0].rect.centre.y / kYd, 546.25 + 80, 1e-6);
  EXPECT_EQ(count_events(log, EventKind::kStatus, "flees without the guns"), 1);
  // The charger stands at the point of contact, on the guns: it captures them.
  capture_guns(s, log);
  EXPECT_TRUE(st.captured);
  EXPECT_EQ(st.captured_by, 0);
  EXPECT_EQ(captured_sections(s, 0), 1);
}

TEST(FireAndDisciplineObjectivesWiring, ACrewWhoseFleeIsBlockedSurrendersItsGuns) {
  // FD-26 (blocked_flee surrender) then FD-64: the surrendered section is captured.
  for (const bool captured_option : {true, false}) {
    ScenarioBuilder b;
    const int gun = b.gun(1, south(500, 540));
    b.line(0, {south(500, 570)});  // an enemy stand 17.5 yd behind the guns, in the way
    FdState s = b.state();
    s.options.surrendered_guns_captured = captured_option;
    EventLog log;
    apply_morale_result(s, gun, MoraleResult::kFlee, R(500, 400, 0).centre, false, log);
    const UnitState& st = s.units[z(gun)];
    EXPECT_TRUE(st.surrendered);
    EXPECT_EQ(st.captured, captured_option);
    EXPECT_EQ(st.captured_by, captured_option ? 0 : -1);
    EXPECT_EQ(count_events(log, EventKind::kRemoved, "cannot flee past the enemy and surrenders"),
              1);
  }
}

TEST(FireAndDisciplineObjectivesWiring, AShatteredSectionContactedWhileRetiringIsCaptured) {
  // FD-58: a shattered unit retiring that is contacted surrenders; FD-64: its guns are taken
  // by the side that contacted it.
  ScenarioBuilder b;
  const int gun = b.gun(1, south(500, 540));
  const int foot = b.line(0, {north(500, 540)});  // front edge on the guns' front edge
  FdState s = b.state();
  s.options.shattered_retire = true;
  EventLog log;
  // Its last box marked by a hit (§5.11): it stays, marked shattered, and retires.
  s.units[z(gun)].boxes_marked = s.units[z(gun)].shatter_boxes - 1;
  apply_hits(s, gun, 0, 1, log, "test fire");
  ASSERT_TRUE(retiring(s, gun));
  EXPECT_EQ(surrender_contacted(s, log), std::vector<int>{gun});
  EXPECT_TRUE(s.units[z(gun)].captured);
  EXPECT_EQ(s.units[z(gun)].captured_by, s.force.units[z(foot)].side);
}

TEST(FireAndDisciplineObjectivesWiring, TheExtendedKillZoneMeetsObjectiveZones) {
  // §6.35 with §6.36 and FD-49: a zone hides the stands behind it; FD-57: the stands in a
  // zone the corridor reaches are each rolled against, at the range where it enters the
  // zone, through the building they stand in.
  {
    ScenarioBuilder b;
    b.objective(700, 540, 20, 4);  // empty, between the guns and the target
    const int g = b.gun(0, north(700, 500));
    b.line(1, {south(700, 575)});
    FdState s = b.state();
    s.options.extended_kill_zone = true;
    EXPECT_TRUE(gun_shot_targets(s, g).empty());
    s.options.objective_protective = false;  // zones only count for points
    EXPECT_EQ(gun_shot_targets(s, g).size(), 1u);
  }
  for (const bool allowed : {true, false}) {
    ScenarioBuilder b;
    b.objective(500, 560, 20, 4);
    b.area(TerrainClass::kBuilding, box_yd(480, 540, 520, 580));
    const int occ = b.line(1, {R(500, 566, 180), R(500, 553.5, 180)});
    const int gun = b.gun(0, north(500, 500));
    FdState s = b.state();
    s.options.extended_kill_zone = true;
    s.options.artillery_vs_objectives = allowed;
    const std::vector<GunTarget> t = gun_shot_targets(s, gun);
    if (!allowed) {
      EXPECT_TRUE(t.empty());
      continue;
    }
    // Both occupants, nearest first; the corridor's centre line meets the circle at y 540,
    // 40 yd from the guns' front edge.
    ASSERT_EQ(t.size(), 2u);
    EXPECT_EQ(t[0].target, (StandRef{occ, 1}));
    EXPECT_EQ(t[1].target, (StandRef{occ, 0}));
    EXPECT_NEAR(t[0].range_yd, 40, 1e-6);
    EXPECT_NEAR(t[1].range_yd, 40, 1e-6);
  }
}

TEST(FireAndDisciplineObjectivesWiring, AMeleeSharingAUnitWithAnObjectiveCombatJoinsVii1) {
  // §8.31: a unit's totals cover every enemy it touches, so the unit A attacking the
  // garrison D, itself charged in the rear by W this turn, fights both in step VII.1, one
  // die a round (FD-46).
  ScenarioBuilder b;
  b.objective(500, 500, 20, 2);
  const int d = b.line(1, {R(500, 500, 180)});
  const int a = b.line(0, {R(500, 487.5, 0)});  // its front edge on D's front edge
  const int w = b.line(1, {R(500, 475, 0)});    // its front edge on A's rear edge
  FdState s = b.state();
  MeleeBook book;
  book.melees.push_back({w, a, false, false, false, stand_contacts(s, w, a)});
  book.melees.push_back({a, d, false, false, false, stand_contacts(s, a, d)});
  book.charged = {w, a};
  ASSERT_FALSE(book.melees[0].contacts.empty());
  ASSERT_FALSE(book.melees[1].contacts.empty());
  // Dice in force order: D, A, W (FD-46). A's stand touches D and W, both centres 12.5 yd
  // away: the tie goes to the first of VII.1's melees, the objective combat, so it strikes
  // D. Every die 5 misses: level, Engaged, nobody tests.
  Scripted dice({5, 5, 5});
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  int vii1 = 0, other = 0;
  for (const Event& e : log.events()) {
    if (e.kind != EventKind::kMelee || e.text.find("strikes") == std::string::npos) continue;
    (e.phase == "VII.1 objective combat" ? vii1 : other) += 1;
  }
  EXPECT_EQ(vii1, 3);
  EXPECT_EQ(other, 0);
  EXPECT_EQ(count_events(log, EventKind::kMelee, "strikes", "u1"), 1);
  EXPECT_EQ(s.units[z(a)].engaged_with, (std::vector<int>{d, w}));
}

TEST(FireAndDisciplineObjectivesWiring, ARegimentThatOccupiesAZoneGarrisonsIt) {
  // FD-49, FD-52: the brigade doctrine turns a General Advance that has come into a zone
  // into a Hold of the zone; a Hold the scenario gave stays as it is.
  ScenarioBuilder b;
  const int zone = b.objective(500, 500, 20, 2);
  const int in = b.line(0, {R(500, 500, 0)});
  const int out = b.line(0, {R(300, 300, 0)});
  FdState s = b.state();
  BrigadeOrders brigades(s);  // no scenario orders: General Advance
  ASSERT_EQ(brigades.intent(in).kind, OrderKind::kGeneralAdvance);
  EventLog log;
  brigades.give(s, log);
  EXPECT_EQ(brigades.intent(in).kind, OrderKind::kHold);
  EXPECT_EQ(brigades.intent(in).feature, "o" + std::to_string(zone));
  EXPECT_EQ(brigades.intent(out).kind, OrderKind::kGeneralAdvance);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
