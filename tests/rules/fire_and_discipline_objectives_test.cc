// Objective zones and objective combat of Fire and Discipline (FD-49, FD-57; §5.2b L276,
// §6.36 L382, §7.4 L534, §8.12 L564, §8.5 L654, Phase VII.1 L82), on hand-placed stands.
// Every number below is worked by hand from the rule cited.
#include <gtest/gtest.h>

#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/objective_combat.h"
#include "rules/fire_and_discipline/objective_zones.h"
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
using fd_test::yd;
using fd_test::z;

bool has_modifier(const RollRecord& r, const std::string& name, double value) {
  for (const Modifier& m : r.modifiers) {
    if (m.name.find(name) != std::string::npos && m.value == value) return true;
  }
  return false;
}

TEST(FireAndDisciplineObjectives, OccupantsAreNearestTheCentreUpToTheCapacity) {  // FD-49
  ScenarioBuilder b;
  const int zone = b.objective(500, 500, 30, 2);
  // Three stands side by side, centres 15, 0 and 15 yd from the centre: all in the circle.
  const int a = b.line(0, {R(485, 500, 0), R(500, 500, 0), R(515, 500, 0)});
  const int e = b.line(1, {R(500, 520, 180)});  // an enemy stand 20 yd in, at the rim
  FdState s = b.state();
  // Capacity 2: the centre stand, then the first of the two at 15 yd; the enemy stand is
  // pressing in at the rim, not an occupant.
  EXPECT_EQ(occupants(s, zone), (std::vector<StandRef>{{a, 1}, {a, 0}}));
  EXPECT_EQ(occupied_zone(s, {a, 2}), -1);
  EXPECT_EQ(occupied_zone(s, {e, 0}), -1);
  EXPECT_EQ(zone_at(s, {e, 0}), zone);
  EXPECT_EQ(objective_holder(s, zone), 0);
  // With the garrison gone the enemy stand holds the zone.
  s.force.units[z(a)].status = UnitStatus::kRemoved;
  EXPECT_EQ(occupants(s, zone), (std::vector<StandRef>{{e, 0}}));
  EXPECT_EQ(objective_holder(s, zone), 1);
}

// Issue 9 round 14: zone_at finds its zone without listing the zones, in_zone rules out a
// point far along either axis before measuring, and occupies_zone / zone_hit_stand list a
// zone's occupants once: each against the direct computation.
TEST(FireAndDisciplineObjectives, ZoneLookupsMatchTheDirectComputation) {  // FD-49
  ScenarioBuilder b;
  const int near_zone = b.objective(500, 500, 30, 2);
  const int far_zone = b.objective(700, 500, 20, 3);
  const int a = b.line(0, {R(485, 500, 0), R(500, 500, 0), R(515, 500, 0), R(560, 500, 0)});
  const int c = b.line(0, {R(690, 500, 0), R(705, 500, 0)});
  const int e = b.line(1, {R(500, 520, 180), R(700, 519, 180)});
  FdState s = b.state();
  const std::vector<Objective>& objectives = s.scenario->objectives;
  auto direct_in = [&](int o, Vec2 p) {
    return distance(p, objectives[z(o)].position) <= objectives[z(o)].radius + 1e-6;
  };
  for (const int o : {near_zone, far_zone}) {
    const Vec2 at = objectives[z(o)].position;
    const double r = objectives[z(o)].radius;
    for (int i = -40; i <= 40; ++i) {
      for (int j = -40; j <= 40; ++j) {
        // Points on a grid, and along the axes at the rim to within rounding.
        const Vec2 p = at + Vec2{r * i / 30.0, r * j / 30.0};
        EXPECT_EQ(in_zone(s, o, p), direct_in(o, p));
        const Vec2 rim = at + Vec2{r + 1e-6 * i / 20.0, 0.0};
        EXPECT_EQ(in_zone(s, o, rim), direct_in(o, rim));
      }
    }
  }
  for (const int u : {a, c, e}) {
    bool any = false;
    int first = -1;
    const Unit& unit = s.force.units[z(u)];
    for (std::size_t k = 0; k < unit.stands.size(); ++k) {
      const StandRef r{u, static_cast<int>(k)};
      int want = -1;
      for (const int o : zones(s)) {
        if (want < 0 && direct_in(o, unit.stands[k].rect.centre)) want = o;
      }
      EXPECT_EQ(zone_at(s, r), want);
      const int o = occupied_zone(s, r);
      if (!any && o >= 0) first = o;
      any = any || o >= 0;
      // zone_hit_stand: the target itself unless it occupies a zone, else the nearest of
      // its side's occupants.
      const Vec2 from = yd(600, 300);
      StandRef best = r;
      if (o >= 0) {
        double best_d = distance(unit.stands[k].rect, from);
        for (const StandRef q : occupants(s, o)) {
          const double d = distance(s.force.units[z(q.unit)].stands[z(q.stand)].rect, from);
          if (s.force.units[z(q.unit)].side == unit.side && d < best_d - 1e-6) {
            best_d = d;
            best = q;
          }
        }
      }
      EXPECT_EQ(zone_hit_stand(s, r, from), best);
    }
    int got = -1;
    EXPECT_EQ(occupies_zone(s, u, &got), any);
    EXPECT_EQ(got, first);
  }
}

TEST(FireAndDisciplineObjectives, OccupantsGetPlusFourMorale) {  // §5.2b L276, FD-49
  ScenarioBuilder b;
  b.objective(500, 500, 30, 2);
  const int a = b.line(0, {R(485, 500, 0), R(500, 500, 0), R(515, 500, 0)});
  FdState s = b.state();
  // Centre stand: 6 castings + rating 2 + protective 4 + adjacent 1 (FD-23) = 13.
  EXPECT_TRUE(morale_situation(s, a, 1).protective);
  EXPECT_EQ(morale_total(morale_situation(s, a, 1)), 13);
  // The third stand is beyond the capacity: 6 + 2 + 1 = 9.
  EXPECT_FALSE(morale_situation(s, a, 2).protective);
  EXPECT_EQ(morale_total(morale_situation(s, a, 2)), 9);
  // fd_49_objective_protective off: zones are only places to hold.
  s.options.objective_protective = false;
  EXPECT_EQ(morale_total(morale_situation(s, a, 1)), 9);
}

TEST(FireAndDisciplineObjectives, MusketryAtAGarrisonTakesCoverAndHitsTheNearestOccupant) {
  // FD-49, §7.4 L534: "target in protective cover" −2 dice; hits go to the nearest occupant.
  for (const bool fortified : {false, true}) {
    ScenarioBuilder b;
    b.objective(500, 500, 30, 6, fortified);
    // Two garrison stands one behind the other, facing south: G1 (front) and G0 behind it
    // (no firearms: they do not fire back in the same step).
    const int g = b.add(1, "infantry", "line", {R(500, 507.5, 180), R(500, 495, 180)},
                        {{"firearm", Value(std::string("none"))}});
    // Four firing stands facing north, front edge at y 455: 33.75 yd to G1 (31-60: 0-1).
    const int f =
        b.line(0, {north(477.5, 455), north(492.5, 455), north(507.5, 455), north(522.5, 455)});
    FdState s = b.state();
    EXPECT_EQ(zone_hit_stand(s, {g, 0}, yd(500, 455)), (StandRef{g, 1}));
    for (const MusketTarget& t : musketry_targets(s, f, 100)) {
      EXPECT_EQ(t.target, (StandRef{g, 1}));
    }
    // 4 dice −2 (protective) = 2, or −4 (earthworks, fortified) = 0 → the minimum 1 (§7.3).
    // Faces 1 and 5: one hit. G1 then tests: 5 castings + 2 + 4 + adjacent 1 = 12, no roll.
    Scripted dice(fortified ? std::vector<int>{1} : std::vector<int>{1, 5});
    EventLog log;
    musketry_phase(s, /*platoon_phase=*/false, dice, log);
    EXPECT_TRUE(dice.done()) << fortified;
    EXPECT_EQ(s.force.units[z(g)].stands[1].castings, 5);
    EXPECT_EQ(s.force.units[z(g)].stands[0].castings, 6);
    const Event* fire = nullptr;
    for (const Event& e : log.events()) {
      if (e.kind == EventKind::kFire && e.unit == "u1") fire = &e;
    }
    ASSERT_NE(fire, nullptr);
    ASSERT_EQ(fire->rolls.size(), 1u);
    EXPECT_EQ(fire->rolls[0].faces.size(), fortified ? 1u : 2u);
    EXPECT_TRUE(fortified ? has_modifier(fire->rolls[0], "earthworks", -4)
                          : has_modifier(fire->rolls[0], "protective cover", -2));
  }
}

TEST(FireAndDisciplineObjectives, ZonesBlockFireThroughThem) {  // §6.36 L382, FD-49
  for (const bool protective : {true, false}) {
    ScenarioBuilder b;
    b.objective(500, 540, 20, 4);  // empty, between the firers and the target
    const int f = b.line(0, {north(500, 500)});
    const int g = b.gun(0, north(700, 500));
    b.line(1, {south(500, 575)});  // 75 yd ahead of the foot, behind the zone
    b.objective(700, 540, 20, 4);
    b.line(1, {south(700, 575)});  // the same for the guns
    FdState s = b.state();
    s.options.objective_protective = protective;
    // Every sight line from the front edge to the target passes within 7.5 yd of the
    // zone's centre (radius 20): hidden. Off: the zone is no obstacle.
    EXPECT_EQ(musketry_targets(s, f, 100).size(), protective ? 0u : 1u);
    EXPECT_EQ(artillery_target(s, g).has_value(), !protective);
  }
}

TEST(FireAndDisciplineObjectives, GunsFireIntoAZoneTheyReach) {  // FD-57
  for (const bool allowed : {true, false}) {
    ScenarioBuilder b;
    const int zone = b.objective(500, 560, 20, 4);
    b.area(TerrainClass::kBuilding, box_yd(480, 540, 520, 580));  // the village's houses
    const int g = b.line(1, {R(500, 566, 180), R(500, 553.5, 180)});
    const int gun = b.gun(0, north(500, 500));
    FdState s = b.state();
    s.options.artillery_vs_objectives = allowed;
    const std::optional<GunTarget> t = artillery_target(s, gun);
    ASSERT_EQ(t.has_value(), allowed);
    if (!allowed) continue;
    // The nearest occupant, at the range where the corridor enters the zone: its centre
    // line meets the circle at y 540, 40 yd from the gun's front edge. The building the
    // occupants stand in does not block the guns.
    EXPECT_EQ(t->target, (StandRef{g, 1}));
    EXPECT_NEAR(t->range_yd, 40, 1e-6);
    EXPECT_EQ(zone_cover(s, t->target), ZoneCover::kProtective);
    EXPECT_EQ(occupied_zone(s, t->target), zone);
  }
}

TEST(FireAndDisciplineObjectives, FortifiedZonesAreEarthworks) {  // FD-57
  ScenarioBuilder b;
  b.objective(500, 500, 20, 4, /*fortified=*/true);
  const int g = b.line(1, {R(500, 500, 180)});
  FdState s = b.state();
  EXPECT_EQ(zone_cover(s, {g, 0}), ZoneCover::kEarthworks);
  EXPECT_TRUE(protective_position(s, {g, 0}));
}

TEST(FireAndDisciplineObjectives, SkirmishersMayChargeAZoneButNotCloseOrderInTheField) {
  // §8.12 L564: "Skirmish units can charge objective zones and skirmishers but not close
  // order units"; FD-49: skirmishers, cavalry and close-order infantry may charge one.
  ScenarioBuilder b;
  b.objective(500, 540, 20, 4);
  const int garrison = b.line(1, {south(500, 540)});  // centre 6.25 yd from the zone's
  const int sk = b.add(0, "infantry", "open-order", {R(500, 500, 0, 7.5, 10)},
                       {{"half-stands", Value(std::int64_t{1})}});
  const int gun = b.gun(0, north(800, 100));
  const int horse = b.add(0, "cavalry", "line", {north(300, 100)});
  FdState s = b.state();
  EXPECT_EQ(charge_invalid(s, sk, garrison), std::nullopt);  // 35 yd, within 80
  EXPECT_TRUE(may_charge_objective(s, sk));
  EXPECT_TRUE(may_charge_objective(s, horse));
  EXPECT_FALSE(may_charge_objective(s, gun));
  // The same close-order stand outside the zone may not be charged by skirmishers.
  for (Stand& st : s.force.units[z(garrison)].stands) st.rect.centre.x += 200 * kYd;
  for (Stand& st : s.force.units[z(sk)].stands) st.rect.centre.x += 200 * kYd;
  const std::optional<std::string> why = charge_invalid(s, sk, garrison);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("§8.12"), std::string::npos);
}

// A garrison stand D in a zone at (500, 500) and a charger A in contact with its front.
struct Assault {
  ScenarioBuilder b;
  int zone, a, d;
  Assault(int d_castings, int d_rating) {
    zone = b.objective(500, 500, 20, 2);
    d = b.line(1, {R(500, 500, 180)}, d_rating, d_castings);
    a = b.line(0, {R(500, 487.5, 0)});
  }
};

TEST(FireAndDisciplineObjectives, ObjectiveCombatIsFoughtFirstInPhaseVII) {  // L82, FD-49
  Assault as(6, 2);
  const int f1 = as.b.line(0, {north(200, 200)});
  const int f2 = as.b.line(1, {south(200, 200)});
  FdState s = as.b.state();
  MeleeBook book;
  book.melees.push_back({f1, f2, false, false, false, stand_contacts(s, f1, f2)});
  book.melees.push_back({as.a, as.d, false, false, false, stand_contacts(s, as.a, as.d)});
  book.charged = {f1, as.a};
  EXPECT_FALSE(is_objective_combat(s, book.melees[0]));
  EXPECT_TRUE(is_objective_combat(s, book.melees[1]));
  // The attacker hits the garrison only on 0 (§8.5 L654, FD-33); the garrison hits it on
  // 0-1-2 as usual.
  EXPECT_TRUE(melee_situation(s, book.melees[1], book, {as.a, 0}, {as.d, 0}).target_holding_cover);
  EXPECT_FALSE(melee_situation(s, book.melees[1], book, {as.d, 0}, {as.a, 0}).target_holding_cover);
  // Every die misses: both melees end level and engaged (§8.18), nobody tests.
  Scripted dice({5, 5, 5, 5});
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  // Level: both pairs are engaged (§8.18), VII.1's as well as VII.2's.
  EXPECT_EQ(s.units[z(as.a)].engaged_with, std::vector<int>{as.d});
  EXPECT_EQ(s.units[z(as.d)].engaged_with, std::vector<int>{as.a});
  EXPECT_EQ(s.units[z(f1)].engaged_with, std::vector<int>{f2});
  // The objective combat is struck in step VII.1, the field melee in VII.2, after it.
  auto phase_of_strikes = [](const EventLog& l, bool objective) {
    std::vector<std::string> phases;
    for (const Event& e : l.events()) {
      if (e.kind != EventKind::kMelee || e.text.find("strikes") == std::string::npos) continue;
      if ((e.unit == "u0" || e.unit == "u1") == objective) phases.push_back(e.phase);
    }
    return phases;
  };
  EXPECT_EQ(phase_of_strikes(log, true),
            (std::vector<std::string>{"VII.1 objective combat", "VII.1 objective combat"}));
  EXPECT_EQ(phase_of_strikes(log, false),
            (std::vector<std::string>{"VII.2 new melees", "VII.2 new melees"}));
  int first_objective = -1, first_field = -1;
  for (std::size_t i = 0; i < log.events().size(); ++i) {
    const Event& e = log.events()[i];
    if (e.kind != EventKind::kMelee || e.text.find("strikes") == std::string::npos) continue;
    int& slot = e.unit == "u0" || e.unit == "u1" ? first_objective : first_field;
    if (slot < 0) slot = static_cast<int>(i);
  }
  ASSERT_GE(first_objective, 0);
  ASSERT_GE(first_field, 0);
  EXPECT_LT(first_objective, first_field);
  EXPECT_EQ(count_events(log, EventKind::kMelee, "Objective combat at Objective 0"), 1);
  // Next turn both are engaged melees; each is fought once, the objective one in VII.1.
  ++s.turn;
  MeleeBook next;
  Scripted dice2({5, 5, 5, 5});
  EventLog log2;
  resolve_melees(s, next, dice2, log2);
  EXPECT_TRUE(dice2.done());
  EXPECT_EQ(phase_of_strikes(log2, true),
            (std::vector<std::string>{"VII.1 objective combat", "VII.1 objective combat"}));
  EXPECT_EQ(phase_of_strikes(log2, false),
            (std::vector<std::string>{"VII.4 engaged melees", "VII.4 engaged melees"}));
  EXPECT_EQ(count_events(log2, EventKind::kMelee, "strikes", "u1"), 1);
  EXPECT_EQ(count_events(log2, EventKind::kMelee, "strikes", "u2"), 1);
}

TEST(FireAndDisciplineObjectives, LosersThatFailMoraleLeaveAndTheWinnerOccupies) {  // FD-49
  Assault as(3, 2);
  FdState s = as.b.state();
  MeleeBook book;
  book.melees.push_back({as.a, as.d, false, false, false, stand_contacts(s, as.a, as.d)});
  book.charged = {as.a};
  // Dice unit by unit in force order (FD-46): D (unit 0) first. D rolls 5: a miss on
  // 0-1-2. A rolls 0: the one face that hits a garrison (FD-33), 1 casualty (equal ratings,
  // no MMG doubling). D lost and tests: 2 castings + rating 2 + protective 4 = 8; a 9
  // fails, and the effects d10 2 halts it (§5.5 L318).
  Scripted dice({5, 10, 9, 2});
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  const UnitState& ds = s.units[z(as.d)];
  EXPECT_TRUE(ds.halted(s.turn + 1));
  // It leaves: flee north (away from A, toward its home edge, FD-26) by the least whole
  // 10 yd that takes its centre out of the circle of 20 yd: 30 yd (20 is on the rim).
  EXPECT_NEAR(s.force.units[z(as.d)].stands[0].rect.centre.y / kYd, 530, 1e-6);
  EXPECT_EQ(count_events(log, EventKind::kMove, "leaves Objective 0"), 1);
  EXPECT_TRUE(ds.engaged_with.empty());
  EXPECT_TRUE(s.units[z(as.a)].engaged_with.empty());
  // The winner occupies: 12.5 yd straight to the centre.
  EXPECT_NEAR(s.force.units[z(as.a)].stands[0].rect.centre.y / kYd, 500, 1e-6);
  EXPECT_EQ(occupied_zone(s, {as.a, 0}), as.zone);
  EXPECT_EQ(objective_holder(s, as.zone), 0);
  EXPECT_EQ(count_events(log, EventKind::kMove, "occupies Objective 0"), 1);
}

TEST(FireAndDisciplineObjectives, AGarrisonThatPassesHoldsItsZone) {  // FD-49, §8.18
  Assault as(6, 2);
  FdState s = as.b.state();
  MeleeBook book;
  book.melees.push_back({as.a, as.d, false, false, false, stand_contacts(s, as.a, as.d)});
  book.charged = {as.a};
  // D (unit 0, rolling first) misses; A hits on its 0 (1 casualty). D: 5 + 2 + 4 = 11 ≥ 10
  // passes with no roll.
  Scripted dice({5, 10});
  EventLog log;
  resolve_melees(s, book, dice, log);
  EXPECT_TRUE(dice.done());
  EXPECT_NEAR(s.force.units[z(as.d)].stands[0].rect.centre.y / kYd, 500, 1e-6);
  EXPECT_NEAR(s.force.units[z(as.a)].stands[0].rect.centre.y / kYd, 487.5, 1e-6);
  EXPECT_EQ(objective_holder(s, as.zone), 1);
  EXPECT_EQ(s.units[z(as.d)].engaged_with, std::vector<int>{as.a});  // locked (§8.18)
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
