// The fire options of Fire and Discipline in the battle's fire phases (000.md §7, §8):
// each test runs a phase on an FdState under the digest's default and the alternative and
// compares exact distributions worked by hand (enumerate_outcomes re-plays the phase once
// per dice path). Coordinates in yards, facing 0 = north; firers face north with their front
// edge at y = 100 unless stated.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_fire_odds.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::ConstantChance;
using fd_test::events;
using fd_test::expect_int_dist;
using fd_test::fire_hits;
using fd_test::gun_hits;
using fd_test::IntDist;
using fd_test::named_fire_hits;
using fd_test::ScenarioBuilder;

using fd_test::z;

// The exact hits of u0's volley of `dice` dice in Phase III (u0 rolls first).
IntDist volley_hits(const FdState& s, int dice) {
  return fd_test::exact_step(
      s, [](FdState& t, Chance& c, EventLog& log) { musketry_phase(t, false, c, log); },
      [](const FdState&, const EventLog& log) { return fire_hits(log, "u0"); }, dice);
}

// FD-12: §6.5d "roll the d10" against a % chart. A 1-gun 6 pdr at 40 yd with canister:
// 110 (§6.9 6 pdr 01-50) × ½ (FD-16) = 55. d100 ≤ 55 hits 55%; a d10 read as tens hits on
// 10-50, i.e. 50% ("halved chances round down").
TEST(FireAndDisciplineOptionWiring, ArtilleryDieD100OrD10) {
  for (const char* die : {"d100", "d10"}) {
    ScenarioBuilder b;
    b.option("fd_12_artillery_die", die);
    b.gun(0, b.north(100, 100), 6, 1);
    b.line(1, {b.south(100, 140)});
    const double p = std::string(die) == "d100" ? 0.55 : 0.5;
    expect_int_dist(gun_hits(b.state()), {{0, 1 - p}, {1, p}});
    EventLog log;
    FdState s = b.state();
    ConstantChance dice(6);
    artillery_phase(s, {}, {}, dice, log);
    const auto fire = events(log, EventKind::kFire, "u0");
    ASSERT_EQ(fire.size(), 1u);
    EXPECT_EQ(fire[0]->rolls.at(0).dice, die);
  }
  expect_int_dist(
      named_fire_hits("artillery", {"pdr=6", "range=40", "ammo=canister", "guns=1", "die=d10"}),
      {{0, 0.5}, {1, 0.5}});
}

// FD-14: a 2-gun 6 pdr with one gun hit and one crewman left at 200 yd: 80 (151-300) halved
// once (the halvings do not stack) = 40; stacked, ×½ for the gun hit (§6.8a) and ×½ for one
// crewman on two guns (§6.8b) = 20.
TEST(FireAndDisciplineOptionWiring, FirepowerHalvingsOnceOrStack) {
  for (const char* h : {"once", "stack"}) {
    ScenarioBuilder b;
    b.option("fd_14_firepower_halvings", h);
    const int g = b.gun(0, b.north(100, 100));
    b.line(1, {b.south(100, 300)});
    FdState s = b.state();
    s.units[z(g)].gun_hits = 1;
    s.units[z(g)].crew = 1;
    const double p = std::string(h) == "once" ? 0.4 : 0.2;
    expect_int_dist(gun_hits(s), {{0, 1 - p}, {1, p}});
  }
  expect_int_dist(named_fire_hits("artillery",
                                  {"pdr=6", "range=200", "gun-hits=1", "crew=1", "halvings=stack"}),
                  {{0, 0.8}, {1, 0.2}});
}

// FD-16: a 1-gun 6 pdr section at 200 yd fires at ½ (40) by default, at the full 80 with
// option "full".
TEST(FireAndDisciplineOptionWiring, OneGunSectionHalfOrFull) {
  for (const char* f : {"half", "full"}) {
    ScenarioBuilder b;
    b.option("fd_16_one_gun_fire", f);
    b.gun(0, b.north(100, 100), 6, 1);
    b.line(1, {b.south(100, 300)});
    const double p = std::string(f) == "half" ? 0.4 : 0.8;
    expect_int_dist(gun_hits(b.state()), {{0, 1 - p}, {1, p}});
  }
  expect_int_dist(
      named_fire_hits("artillery", {"pdr=6", "range=200", "guns=1", "one-gun-fire=full"}),
      {{0, 0.2}, {1, 0.8}});
}

// FD-17: per section, a 2-gun 6 pdr (a Field gun: 25 ball, §6.22) rolls once at 80; per
// gun, each gun carries 25 ball and rolls at the 1-gun ½ (FD-16): two rolls at 40%:
// P(0) = .6² = .36, P(1) = 2 × .4 × .6 = .48, P(2) = .16. With one crewman left only one
// gun can be served (§6.8b): one roll at the 1-gun ½, as the section's halved 80.
TEST(FireAndDisciplineOptionWiring, AmmunitionPerSectionOrPerGun) {
  for (const char* per : {"section", "gun"}) {
    ScenarioBuilder b;
    b.option("fd_17_ammunition_per", per);
    const int g = b.gun(0, b.north(100, 100));
    b.line(1, {b.south(100, 300)});
    FdState s = b.state();
    const bool gun = std::string(per) == "gun";
    EXPECT_EQ(s.units[z(g)].ball, gun ? 50 : 25);
    EXPECT_EQ(s.units[z(g)].canister, gun ? 30 : 15);
    if (gun) {
      expect_int_dist(gun_hits(s, 2), {{0, 0.36}, {1, 0.48}, {2, 0.16}});
    } else {
      expect_int_dist(gun_hits(s), {{0, 0.2}, {1, 0.8}});
    }
    EventLog log;
    ConstantChance miss(100);
    artillery_phase(s, {}, {}, miss, log);
    EXPECT_EQ(s.units[z(g)].ball, gun ? 48 : 24);  // one barrage a roll
    EXPECT_EQ(events(log, EventKind::kFire, "u0", "FD-17").size(), gun ? 2u : 0u);
    // Next turn at the same target: 80 × ½ + 10 (same target, L468) = 50 either way.
    s.units[z(g)].crew = 1;
    ++s.turn;
    expect_int_dist(gun_hits(s), {{0, 0.5}, {1, 0.5}});
  }
}

// FD-36: a range on a band's upper bound. At 1 cm = 5 yd (2 mm a yard, exact) a gun 50 yd
// from its target reads 01-50 (6 pdr canister 110: one hit and a second on d100 ≤ 10) with
// inclusive bounds, 51-150 (90) without. A flintlock at 30 yd reads 0-30 ("0-1-2", 30%) or
// 31-60 ("0-1", 20%).
TEST(FireAndDisciplineOptionWiring, BandUpperBoundInclusiveOrNot) {
  for (const bool inclusive : {true, false}) {
    ScenarioBuilder b(2.0);
    b.option("fd_36_band_upper_inclusive", Value(inclusive));
    b.gun(0, b.north(100, 100));
    b.line(1, {b.south(100, 150)});
    FdState s = b.state();
    EXPECT_EQ(s.mm_per_yd, 2.0);
    if (inclusive) {
      expect_int_dist(gun_hits(s), {{1, 0.9}, {2, 0.1}});
    } else {
      expect_int_dist(gun_hits(s), {{0, 0.1}, {1, 0.9}});
    }

    ScenarioBuilder m(2.0);
    m.option("fd_36_band_upper_inclusive", Value(inclusive));
    m.line(0, {m.north(100, 100)});
    m.line(1, {m.south(100, 130)});
    const double p = inclusive ? 0.3 : 0.2;
    expect_int_dist(volley_hits(m.state(), 1), {{0, 1 - p}, {1, p}});
  }
  expect_int_dist(named_fire_hits("musketry", {"range=30", "band-upper-inclusive=false"}),
                  {{0, 0.8}, {1, 0.2}});
  expect_int_dist(
      named_fire_hits("artillery", {"range=50", "ammo=canister", "band-upper-inclusive=false"}),
      {{0, 0.1}, {1, 0.9}});
}

// FD-38: u0 last fired at stand 1 of u1 and now fires at stand 0: "the same target" by
// unit earns the +1 die of §7.4 (2 dice), by stand it does not (1 die).
TEST(FireAndDisciplineOptionWiring, SameTargetByUnitOrStand) {
  for (const char* by : {"unit", "stand"}) {
    ScenarioBuilder b;
    b.option("fd_38_same_target", by);
    const int f = b.line(0, {b.north(100, 100)});
    const int t = b.line(1, {b.south(100, 150), b.south(160, 150)});
    FdState s = b.state();
    s.units[z(f)].last_target_unit = t;
    s.units[z(f)].last_target_stand = 1;
    s.units[z(f)].last_target_turn = s.turn - 1;
    const bool unit = std::string(by) == "unit";
    // Flintlock 31-60 "0-1": one die hits 20%, two dice at least once 1 − .8² = 36%.
    expect_int_dist(volley_hits(s, unit ? 2 : 1),
                    unit ? IntDist{{0, 0.64}, {1, 0.32}, {2, 0.04}} : IntDist{{0, 0.8}, {1, 0.2}});
    EventLog log;
    ConstantChance miss(5);
    musketry_phase(s, false, miss, log);
    const auto fire = events(log, EventKind::kFire, "u0");
    ASSERT_EQ(fire.size(), 1u);
    EXPECT_EQ(fire[0]->rolls.at(0).dice, unit ? "2d10" : "1d10");
    EXPECT_EQ(s.units[z(f)].last_target_stand, 0);  // remembered for next turn
  }
}

// FD-39: poor weather takes 10 off a gun's chance only with fd_39_poor_weather_artillery as
// well as fd_39_poor_weather ("also"): 6 pdr at 200 yd, 80 → 70.
TEST(FireAndDisciplineOptionWiring, PoorWeatherArtillery) {
  for (int variant = 0; variant < 3; ++variant) {
    ScenarioBuilder b;
    b.option("fd_39_poor_weather", Value(variant != 1));
    b.option("fd_39_poor_weather_artillery", Value(variant != 0));
    b.gun(0, b.north(100, 100));
    b.line(1, {b.south(100, 300)});
    const double p = variant == 2 ? 0.7 : 0.8;
    expect_int_dist(gun_hits(b.state()), {{0, 1 - p}, {1, p}});
  }
  expect_int_dist(named_fire_hits("artillery", {"pdr=6", "range=200", "poor-weather=true"}),
                  {{0, 0.3}, {1, 0.7}});
}

// FD-04: two open-order half-stands 50 yd from a line. By default they only skirmish in
// step III.3 (no volley); with fd_04_skirmishers_volley they also volley, one die a stand:
// flintlock 31-60 "0-1", P(k of 2) = .64 / .32 / .04.
TEST(FireAndDisciplineOptionWiring, SkirmishersVolleyOrNot) {
  for (const bool volley : {false, true}) {
    ScenarioBuilder b;
    b.option("fd_04_skirmishers_volley", Value(volley));
    b.add(0, "infantry", "open-order", {b.rect(95, 95, 0, 7.5, 10), b.rect(110, 95, 0, 7.5, 10)},
          {{"half-stands", Value(std::int64_t{2})}});
    b.line(1, {b.south(100, 150)});
    FdState s = b.state();
    if (volley) {
      expect_int_dist(volley_hits(s, 2), {{0, 0.64}, {1, 0.32}, {2, 0.04}});
    } else {
      expect_int_dist(volley_hits(s, 0), {{0, 1.0}});
    }
    EventLog log;
    ConstantChance miss(5);
    musketry_phase(s, false, miss, log);
    EXPECT_EQ(events(log, EventKind::kFire, "u0", "volley (FD-04").size(), volley ? 1u : 0u);
  }
}

// §6.35 Extended Kill Zone: a friend partly in the corridor at 87.5 yd blocks the gun
// (FD-37) unless every stand in the path is rolled for: ball at the enemy 200 yd off (80%)
// and through the friend (ball at ≤ 150 yd uses the 151-300 column, FD-15: 80%). Outcome:
// 10 × friend hits + enemy hits.
TEST(FireAndDisciplineOptionWiring, ExtendedKillZoneRollsForEveryStand) {
  for (const bool extended : {false, true}) {
    ScenarioBuilder b;
    b.option("fd_opt_extended_kill_zone", Value(extended));
    const int g = b.gun(0, b.north(100, 100));
    b.line(0, {b.north(110, 200)});
    b.line(1, {b.south(100, 300)});
    FdState s = b.state();
    const IntDist d = fd_test::exact_step(
        s, [](FdState& t, Chance& c, EventLog& log) { artillery_phase(t, {}, {}, c, log); },
        [](const FdState&, const EventLog& log) {
          return 10 * fire_hits(log, "u0", "u1") + fire_hits(log, "u0", "u2");
        },
        2);
    if (extended) {
      expect_int_dist(d, {{0, 0.04}, {1, 0.16}, {10, 0.16}, {11, 0.64}});
    } else {
      expect_int_dist(d, {{0, 1.0}});
    }
    EventLog log;
    ConstantChance miss(100);
    artillery_phase(s, {}, {}, miss, log);
    EXPECT_EQ(events(log, EventKind::kFire, "u0", "through its own").size(), extended ? 1u : 0u);
    EXPECT_EQ(s.units[z(g)].ball, extended ? 24 : 25);  // one barrage for the whole path
  }
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
