// The main alternative of each Fire and Discipline movement and melee option that had no
// test in play (issue 3): FD-06, FD-07, FD-09, FD-33, FD-43 and FD-47, on FdStates of
// hand-placed stands under the digest's default and the alternative. Melee rounds are
// compared as exact distributions worked by hand (fd_test::exact). Coordinates in yards,
// facing 0 = north. The fire options are in fire_and_discipline_option_alternatives_test.cc.
#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::ConstantChance;
using fd_test::events;
using fd_test::expect_int_dist;
using fd_test::IntDist;
using fd_test::ScenarioBuilder;

using fd_test::kYd;
using fd_test::z;

using fd_test::kTolYd;

const Rect& stand_rect(const FdState& s, int unit, int i) {
  return fd_test::stand(s, unit, i).rect;
}

// FD-06: cavalry Road rate is 180 on the chart (§4.7 L244) but "the same as charge rates",
// 120, in the text (§4.3c L202). A one-stand cavalry column on a road, no enemy within
// 300 yd, moves 180 yd by default and 120 yd with fd_06_cavalry_road_yd = 120.
TEST(FireAndDisciplineOptionAlternatives, CavalryRoadRate180Or120) {
  for (const std::int64_t road : {180, 120}) {
    ScenarioBuilder b;
    b.option("fd_06_cavalry_road_yd", Value(road));
    b.scenario().table.add(
        LinearFeature{"pike", TerrainClass::kRoad, {b.at(500, 0), b.at(500, 1000)}, 10 * kYd});
    const int c = b.add(0, "cavalry", "column", {b.north(500, 100)});
    FdState s = b.state();
    EventLog log;
    const MoveResult r = move_unit(s, c, b.at(500, 900), 0, Rate::kRoad, log);
    EXPECT_NEAR(r.distance_yd, static_cast<double>(road), kTolYd);
    EXPECT_EQ(r.stopped_by, "allowance");
    EXPECT_NEAR(stand_rect(s, c, 0).centre.y / kYd, 93.75 + static_cast<double>(road), kTolYd);
  }
}

// FD-07: "trained units" may shift (§4.6 L236), read as Morale Rating ≥ 2 by default. A
// rating-1 company (veteran militia, §5.1 L260) may not make its 30 yd lateral shift (chart
// TACTICAL, L242) by default, and may with fd_07_shift_min_rating = 0; with 3 a rating-2
// company may not.
TEST(FireAndDisciplineOptionAlternatives, TacticalShiftMinimumRating) {
  for (const std::int64_t min_rating : {2, 0, 3}) {
    ScenarioBuilder b;
    b.option("fd_07_shift_min_rating", Value(min_rating));
    const int militia = b.line(0, {b.north(100, 100)}, 1);
    const int trained = b.line(0, {b.north(300, 100)}, 2);
    FdState s = b.state();
    EventLog log;
    EXPECT_EQ(tactical_shift(s, militia, {30 * kYd, 0}, log), min_rating <= 1);
    EXPECT_EQ(tactical_shift(s, trained, {30 * kYd, 0}, log), min_rating <= 2);
    EXPECT_NEAR(stand_rect(s, militia, 0).centre.x / kYd, min_rating <= 1 ? 130 : 100, kTolYd);
    EXPECT_NEAR(stand_rect(s, trained, 0).centre.x / kYd, min_rating <= 2 ? 330 : 300, kTolYd);
  }
}

// FD-07, R-000-4: the shift is the chart's TACTICAL column (infantry 30 yd, cavalry 50,
// L242-L244) by default, or the text's flat "maximum of twenty yards" (§4.6 L236) with
// fd_07_tactical_shift = flat20: a trained company's 30 yd shift is then refused, 20 yd not.
TEST(FireAndDisciplineOptionAlternatives, TacticalShiftChartOrFlat20) {
  for (const char* source : {"chart", "flat20"}) {
    const bool flat = std::string(source) == "flat20";
    ScenarioBuilder b;
    b.option("fd_07_tactical_shift", source);
    const int foot = b.line(0, {b.north(100, 100)});
    const int horse = b.add(0, "cavalry", "line", {b.north(300, 100)});
    FdState s = b.state();
    EventLog log;
    EXPECT_EQ(tactical_shift(s, foot, {30 * kYd, 0}, log), !flat);
    EXPECT_EQ(tactical_shift(s, horse, {50 * kYd, 0}, log), !flat);
    EXPECT_TRUE(tactical_shift(s, foot, {0, -20 * kYd}, log));  // 20 yd back: either way
    EXPECT_NEAR(stand_rect(s, foot, 0).centre.x / kYd, flat ? 100 : 130, kTolYd);
    EXPECT_NEAR(stand_rect(s, foot, 0).centre.y / kYd, 93.75 - 20, kTolYd);
    EXPECT_NEAR(stand_rect(s, horse, 0).centre.x / kYd, flat ? 300 : 350, kTolYd);
  }
}

// FD-09: "Limbered guns cannot move within 200 yards of the enemy" (§6.66 L430). A limbered
// 6 pdr section faces east along a road (Road rate 100, §4.41b L214, chart L246), its limber
// ahead of its gun stand; the gun stand (x 93.75-106.25, 15 yd wide) reaches y = 107.5, the
// narrower limber only 106.25. An enemy stand (x 150-165) has its edge at y = 306.5, 199 yd
// north of the gun stand: 203.8 yd away at the start (43.75 yd to the side), 201.1 yd after
// 100 yd (28.75 yd past it), within 200 yd in between (the limber never comes within 200).
// Default "end": the move only has to end 200 yd away, so the section drives the whole
// 100 yd. "path": it stops where the gap first closes to 200 yd, 43.75 − √(200² − 199²) =
// 23.78 yd on.
TEST(FireAndDisciplineOptionAlternatives, LimberedExclusionAtEndOrOnThePath) {
  for (const char* when : {"end", "path"}) {
    const bool path = std::string(when) == "path";
    ScenarioBuilder b;
    b.option("fd_09_limbered_exclusion", when);
    b.scenario().table.add(
        LinearFeature{"road", TerrainClass::kRoad, {b.at(0, 100), b.at(1000, 100)}, 10 * kYd});
    const int g =
        b.add(0, "artillery", "limbered", {b.rect(100, 100, 90), b.rect(113.75, 100, 90, 12.5, 15)},
              {{"pdr", Value(std::int64_t{6})}}, 4);
    b.line(1, {b.south(157.5, 306.5)});
    FdState s = b.state();
    EventLog log;
    const MoveResult r = move_unit(s, g, b.at(600, 100), 90, Rate::kRoad, log);
    const double stop = 43.75 - std::sqrt(200.0 * 200.0 - 199.0 * 199.0);
    EXPECT_NEAR(r.distance_yd, path ? stop : 100, kTolYd);
    EXPECT_EQ(r.stopped_by, path ? "enemy-200" : "allowance");
    EXPECT_NEAR(stand_rect(s, g, 1).centre.x / kYd, 113.75 + (path ? stop : 100), kTolYd);
  }
}

// The exact hits unit `u` inflicts in one round of the melee between u0 (the charger) and
// u1 over the first `dice` dice (later dice show 1, which passes any morale check here).
IntDist inflicted(const FdState& s, int u, int dice) {
  IntDist d;
  const auto paths = enumerate_outcomes<int>([&](Chance& c) {
    FdState t = s;
    EventLog log;
    fd_test::FirstDice first(c, dice, 1);
    MeleeBook book;
    book.melees.push_back({0, 1, false, false, false, stand_contacts(t, 0, 1)});
    book.charged = {0};  // u1 holds (§8.2a)
    EXPECT_EQ(book.melees[0].contacts.size(), 1u);
    const MeleeStep step = fight_melees(t, book.melees, book, first, log, "VII.2 new melees");
    const MeleeFighter* f = step.fighter(u);
    return f == nullptr ? -1 : f->first_round.inflicted;
  });
  for (const auto& [o, p] : paths) d[o] += p;
  return d;
}

// FD-33: "Only a 0 will hit Enemy holding in woods, rough, Protective Position or
// Earthworks" (§8.5 L654). A company charges a company holding in light woods, front to
// front: bayonet against infantry hits on 0-1-2 (L642), 30%; by default only the 0 hits,
// 10%; with fd_33_cover_only_zero = false the table's 30% stands. (Equal castings and
// ratings: no other modifier, L650-L652.)
TEST(FireAndDisciplineOptionAlternatives, CoverOnlyZeroAgainstHoldingDefender) {
  for (const bool only_zero : {true, false}) {
    ScenarioBuilder b;
    b.option("fd_33_cover_only_zero", Value(only_zero));
    b.scenario().table.add(
        AreaFeature{"copse",
                    TerrainClass::kLightWoods,
                    {{b.at(50, 100), b.at(150, 100), b.at(150, 150), b.at(50, 150)}},
                    0,
                    true});
    b.line(0, {b.north(100, 100)});
    b.line(1, {b.south(100, 100)});
    const FdState s = b.state();
    const double p = only_zero ? 0.1 : 0.3;
    expect_int_dist(inflicted(s, 0, 1), {{0, 1 - p}, {1, p}});
    // The holder, outside the rule's reach (the charger is in the open), hits on 0-1-2.
    expect_int_dist(inflicted(s, 1, 2), {{0, 0.7}, {1, 0.3}});
  }
}

// FD-47: gun crews fight on the Infantry table (§8.43 L612: open-order troops) with the
// Mixed Melee column by default, the Bayonet column with fd_47_crew_melee_weapon = bayonet.
// Charged by a company (Infantry row, L642): Mixed "0-1", 20%; Bayonet "0-1-2", 30%. The
// company hits the crew on the Open Infantry row with its bayonets, "0-1-2" (L644), either
// way. (4 crew against 6 castings, both rating 2: no modifier, L650-L652.)
TEST(FireAndDisciplineOptionAlternatives, CrewMeleeWeaponMixedOrBayonet) {
  for (const char* weapon : {"mixed", "bayonet"}) {
    ScenarioBuilder b;
    b.option("fd_47_crew_melee_weapon", weapon);
    b.line(0, {b.north(100, 100)});
    b.gun(1, b.south(100, 100));
    const FdState s = b.state();
    const double p = std::string(weapon) == "mixed" ? 0.2 : 0.3;
    expect_int_dist(inflicted(s, 1, 2), {{0, 1 - p}, {1, p}});
    expect_int_dist(inflicted(s, 0, 1), {{0, 0.7}, {1, 0.3}});
  }
}

// FD-43: cavalry may include one wheel in a charge (charge distance then halved, §4.5
// L226), infantry charge straight ahead. A cavalry troop with an enemy company off its
// corridor, 32 yd away edge to edge (25 yd to the side, 20 yd ahead): within half its 120 yd
// charge (chart L244), so by default the charge may be declared; with
// fd_43_cavalry_charge_wheel = false it is refused at declaration (§8.2a L582) and the troop
// neither moves nor tests morale. By default the charge move wheels (half the rate, 60 yd
// left) and goes in: a melee, no morale test (§8.15 is for a charge that fails to reach).
TEST(FireAndDisciplineOptionAlternatives, CavalryChargeWheelOrStraightOnly) {
  for (const bool wheel : {true, false}) {
    ScenarioBuilder b;
    b.option("fd_43_cavalry_charge_wheel", Value(wheel));
    const int c = b.add(0, "cavalry", "line", {b.north(100, 100)});
    const int t = b.line(1, {b.south(140, 120)});
    FdState s = b.state();
    s.units[z(t)].last_target_turn = s.turn;  // it fired this turn: no FPF (§8.41)
    const auto why = charge_invalid(s, c, t);
    EXPECT_EQ(why.has_value(), !wheel);
    EXPECT_EQ(predict_charge(s, c, t).reaches, wheel);  // the doctrine's odds see the wheel
    if (why) {
      EXPECT_NE(why->find("FD-43"), std::string::npos) << *why;
    }
    const Rect before = stand_rect(s, c, 0);
    EventLog log;
    ConstantChance dice(1);
    const MeleeBook book = charge_moves(s, {{c, t}}, dice, log);
    EXPECT_EQ(events(log, EventKind::kCharge, "u0", "charge refused").size(), wheel ? 0u : 1u);
    EXPECT_EQ(events(log, EventKind::kCharge, "u0", "(§4.5, FD-43)").size(), wheel ? 1u : 0u);
    EXPECT_EQ(book.melees.size(), wheel ? 1u : 0u);
    EXPECT_TRUE(events(log, EventKind::kMorale, "u0").empty());
    const bool moved = distance(stand_rect(s, c, 0).centre, before.centre) > 1e-6 ||
                       std::fabs(stand_rect(s, c, 0).facing - before.facing) > 1e-6;
    EXPECT_EQ(moved, wheel);
  }
  // Infantry never wheel into a charge: the same target is out of reach for a company.
  ScenarioBuilder b;
  const int a = b.line(0, {b.north(100, 100)});
  const int t = b.line(1, {b.south(140, 120)});
  EXPECT_TRUE(charge_invalid(b.state(), a, t).has_value());
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
