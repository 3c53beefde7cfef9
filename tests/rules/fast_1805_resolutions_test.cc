// The fast-1805 resolutions: exact distributions against hand-computed cases (arithmetic in
// the comments), seeded Monte Carlo against the exact distributions, and the roll records.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "rules/fast_1805/resolutions.h"
#include "rules/fast_1805_res.h"
#include "rules/resolution_test_util.h"

namespace smoothbore::fast_1805 {
namespace {

using test::Dist;
using test::expect_dist;
using test::key;
using test::params;

using resolution_test::exact;
using resolution_test::res;
// 20000 seeded samples agree with the exact distribution within 4 standard errors.
void expect_monte_carlo(std::string_view name, const std::vector<std::string>& a) {
  test::expect_monte_carlo(res(name), a, 7);
}

TEST(Fast1805Fire, MandatoryCheck) {
  // 12 × (8 + 3) = 132%: 1 kill certain, d100 ≤ 32 for a second.
  expect_dist(exact("fire", {"shooters=12", "quality=veteran", "range=4", "first-fire=true"}),
              {{"1", 0.68}, {"2", 0.32}});
}

TEST(Fast1805Fire, HandComputed) {
  // Green, range 10, woods: band limits halved (3/6/9), 10" > 9": out of range, no roll.
  expect_dist(exact("fire", {"shooters=20", "quality=green", "range=10", "woods=true"}),
              {{"0", 1}});
  // Untrained 12-18" 2% − 10% trenches = −8 → floored at 0 (A2-15): 0 kills.
  expect_dist(
      exact("fire", {"shooters=30", "quality=untrained", "range=15", "target-trenches=true"}),
      {{"0", 1}});
  // Green 6-12" (12 inclusive) 5 + 2 unmoving − 2 shaken = 5; 5 × 5 = 25%.
  expect_dist(
      exact("fire", {"shooters=5", "quality=green", "range=12", "unmoving=true", "shaken=true"}),
      {{"0", 0.75}, {"1", 0.25}});
  // Veteran 12-18" 6 − 2 light cover + 1 behind cover + 2 angle = 7; 20 × 7 = 140%.
  expect_dist(exact("fire", {"shooters=20", "range=18", "target-light-cover=true",
                             "behind-cover=true", "target-angle=true"}),
              {{"1", 0.6}, {"2", 0.4}});
  // Veteran 0-6" (6 inclusive) with first fire: 25 × 11 = 275%.
  expect_dist(exact("fire", {"shooters=25", "range=6", "first-fire=true"}),
              {{"2", 0.25}, {"3", 0.75}});
  // Untrained 0-6" 4%: 25 × 4 = 100%: exactly 1 kill, no roll.
  expect_dist(exact("fire", {"shooters=25", "quality=untrained", "range=5"}), {{"1", 1}});
  // Veteran 6.5" is 6-12": 7%; in woods 4" is the 3-6" band: 7%. 10 × 7 = 70%.
  expect_dist(exact("fire", {"shooters=10", "range=6.5"}), {{"0", 0.3}, {"1", 0.7}});
  expect_dist(exact("fire", {"shooters=10", "range=4", "woods=true"}), {{"0", 0.3}, {"1", 0.7}});
  // Beyond 18": no fire.
  expect_dist(exact("fire", {"shooters=100", "range=18.5"}), {{"0", 1}});
}

TEST(Fast1805Artillery, HandComputed) {
  // Veteran 12-24" 12%: 4 × 12 = 48%.
  expect_dist(exact("artillery", {"gunners=4", "range=20"}), {{"0", 0.52}, {"1", 0.48}});
  // Green 24-36" 8 + 15 first fire + 15 unmoving target = 38; 4 × 38 = 152%.
  expect_dist(exact("artillery", {"gunners=4", "quality=green", "range=30", "first-fire=true",
                                  "unmoving-target=true"}),
              {{"1", 0.48}, {"2", 0.52}});
  // Veteran 0-6" 16 + 15 + 15 + 10 + 10 = 66; 8 × 66 = 528%.
  expect_dist(exact("artillery", {"gunners=8", "range=3", "first-fire=true", "unmoving-target=true",
                                  "target-angle=true", "large-target=true"}),
              {{"5", 0.72}, {"6", 0.28}});
  // Untrained 24-36" 6 − 20 trenches − 10 shaken = −24 → 0 (A2-15).
  expect_dist(exact("artillery", {"gunners=4", "quality=untrained", "range=30",
                                  "target-trenches=true", "shaken=true"}),
              {{"0", 1}});
  // Beyond 36", and beyond 18" in woods: no fire.
  expect_dist(exact("artillery", {"gunners=4", "range=37"}), {{"0", 1}});
  expect_dist(exact("artillery", {"gunners=4", "range=20", "woods=true"}), {{"0", 1}});
}

TEST(Fast1805Melee, HandComputed) {
  // Fiery cavalry 25 + 10 first charge = 35; 4 × 35 = 140%.
  expect_dist(
      exact("melee", {"figures=4", "arm=cavalry", "effectiveness=fiery", "first-charge=true"}),
      {{"1", 0.6}, {"2", 0.4}});
  // Steady foot 10; 6 × 10 = 60%. The cavalry-only modifiers do not apply to foot.
  expect_dist(exact("melee", {"figures=6"}), {{"0", 0.4}, {"1", 0.6}});
  expect_dist(exact("melee", {"figures=6", "first-charge=true", "vs-fleeing-foot=true"}),
              {{"0", 0.4}, {"1", 0.6}});
  // Fiery foot: column-major 15 (5 × 15 = 75%), row-major 20 (5 × 20 = 100%, no roll).
  expect_dist(exact("melee", {"figures=5", "effectiveness=fiery"}), {{"0", 0.25}, {"1", 0.75}});
  expect_dist(exact("melee", {"figures=5", "effectiveness=fiery", "a2_melee_rowmajor=true"}),
              {{"1", 1}});
  // A2-06: fiery cavalry vs square, first charge ignored: 25 × ½ = 12.5; 3 × 12.5 = 37.5%:
  // d100 ≤ 37.5 is 37 faces.
  expect_dist(exact("melee", {"figures=3", "arm=cavalry", "effectiveness=fiery",
                              "first-charge=true", "vs-square=true"}),
              {{"0", 0.63}, {"1", 0.37}});
  // Timid cavalry disordered vs square: (15 − 5) × ½ = 5; 3 × 5 = 15%.
  expect_dist(exact("melee", {"figures=3", "arm=cavalry", "effectiveness=timid", "disordered=true",
                              "vs-square=true"}),
              {{"0", 0.85}, {"1", 0.15}});
  // Timid artillery disordered: 0 − 5 → 0.
  expect_dist(
      exact("melee", {"figures=4", "arm=artillery", "effectiveness=timid", "disordered=true"}),
      {{"0", 1}});
  // Timid foot + 2 downhill + 2 obstacle = 9; 10 × 9 = 90%.
  expect_dist(
      exact("melee", {"figures=10", "effectiveness=timid", "downhill=true", "obstacle=true"}),
      {{"0", 0.1}, {"1", 0.9}});
  // Steady cavalry vs fleeing foot 20 + 20 = 40; 3 × 40 = 120%.
  expect_dist(exact("melee", {"figures=3", "arm=cavalry", "vs-fleeing-foot=true"}),
              {{"1", 0.8}, {"2", 0.2}});
}

TEST(Fast1805Morale, HandComputed) {
  // Veteran foot, 4 losses: 100 − 4 × 5 = 80: pass 1-80, shaken 81-90, rout 91-100.
  expect_dist(exact("morale", {"quality=veteran", "arm=foot", "losses=4"}),
              {{"pass", 0.8}, {"shaken", 0.1}, {"rout", 0.1}});
  // No losses: 100%: automatic pass, no roll.
  expect_dist(exact("morale", {"losses=0"}), {{"pass", 1}});
  // Green cavalry, 3 losses: 100 − 60 = 40: pass .40, shaken 41-50, rout 51-100.
  expect_dist(exact("morale", {"quality=green", "arm=cavalry", "losses=3"}),
              {{"pass", 0.4}, {"shaken", 0.1}, {"rout", 0.5}});
  // Untrained artillery, 3 losses: 100 − 90 = 10.
  expect_dist(exact("morale", {"quality=untrained", "arm=artillery", "losses=3"}),
              {{"pass", 0.1}, {"shaken", 0.1}, {"rout", 0.8}});
  // Untrained foot, 7 losses: 100 − 105 = −5: faces 1-5 miss by 6-10 (shaken), rest rout.
  expect_dist(exact("morale", {"quality=untrained", "losses=7"}),
              {{"shaken", 0.05}, {"rout", 0.95}});
  // Untrained cavalry, 4 losses: −20: every face misses by more than 10.
  expect_dist(exact("morale", {"quality=untrained", "arm=cavalry", "losses=4"}), {{"rout", 1}});
}

TEST(Fast1805Initiative, HandComputed) {
  expect_dist(exact("initiative", {"quality=veteran"}), {{"pass", 0.7}, {"fail", 0.3}});
  expect_dist(exact("initiative", {"quality=green"}), {{"pass", 0.6}, {"fail", 0.4}});
  expect_dist(exact("initiative", {"quality=untrained"}), {{"pass", 0.5}, {"fail", 0.5}});
  // A2-05, one level lower: 60 / 50 / 40; missed by ≤ 10 disordered, more flee.
  expect_dist(exact("stand-vs-cavalry", {"quality=veteran"}),
              {{"pass", 0.6}, {"disordered", 0.1}, {"flee", 0.3}});
  expect_dist(exact("stand-vs-cavalry", {"quality=green"}),
              {{"pass", 0.5}, {"disordered", 0.1}, {"flee", 0.4}});
  expect_dist(exact("stand-vs-cavalry", {"quality=untrained"}),
              {{"pass", 0.4}, {"disordered", 0.1}, {"flee", 0.5}});
}

TEST(Fast1805Chances, HandComputed) {
  // R-002-6: limber .20 (explodes 30%: .06, else .14), horse .30, crew .30, gun .20
  // (destroyed 70%: .14, silenced .06).
  expect_dist(exact("gun-hit", {}), {{"limber", 0.14},
                                     {"limber-explosion", 0.06},
                                     {"horse", 0.3},
                                     {"crew", 0.3},
                                     {"gun-destroyed", 0.14},
                                     {"gun-silenced", 0.06}});
  expect_dist(exact("gun-repair", {}), {{"repaired", 0.7}, {"silenced", 0.3}});
  expect_dist(exact("building-fire", {}), {{"fire", 0.25}, {"no-fire", 0.75}});
  // Discover: 100 − 20 × d. 1" → 80%; 2.5" → 50%; 4.9" → 2%; 0" → certain; 5" → 0.
  expect_dist(exact("discover", {"distance=1"}), {{"found", 0.8}, {"hidden", 0.2}});
  expect_dist(exact("discover", {"distance=2.5"}), {{"found", 0.5}, {"hidden", 0.5}});
  expect_dist(exact("discover", {"distance=4.9"}), {{"found", 0.02}, {"hidden", 0.98}});
  expect_dist(exact("discover", {"distance=0"}), {{"found", 1}});
  expect_dist(exact("discover", {"distance=5"}), {{"hidden", 1}});
  expect_dist(exact("discover", {"distance=8", "moving=true"}), {{"found", 1}});
}

TEST(Fast1805Resolutions, MonteCarloAgreesWithExact) {
  expect_monte_carlo("fire", {"shooters=12", "range=4", "first-fire=true"});
  expect_monte_carlo("fire", {"shooters=7", "quality=green", "range=11", "unmoving=true"});
  expect_monte_carlo("artillery", {"gunners=4", "quality=green", "range=30", "first-fire=true"});
  expect_monte_carlo("melee", {"figures=4", "arm=cavalry", "effectiveness=fiery"});
  expect_monte_carlo("melee", {"figures=3", "arm=cavalry", "vs-square=true"});
  expect_monte_carlo("morale", {"quality=green", "arm=cavalry", "losses=3"});
  expect_monte_carlo("initiative", {"quality=green"});
  expect_monte_carlo("stand-vs-cavalry", {"quality=veteran"});
  expect_monte_carlo("gun-hit", {});
  expect_monte_carlo("gun-hit", {"explosion-percent=50", "destroyed-percent=40"});
  expect_monte_carlo("stand-vs-cavalry", {"quality=untrained", "untrained-percent=30"});
  expect_monte_carlo("fire", {"shooters=10", "range=6", "lower-band-inclusive=true"});
  expect_monte_carlo("gun-repair", {});
  expect_monte_carlo("building-fire", {});
  expect_monte_carlo("discover", {"distance=1.5"});
}

TEST(Fast1805Resolutions, NamesAndSchemas) {
  std::vector<std::string> names;
  for (const Resolution& r : resolutions()) names.push_back(r.name);
  for (const char* n : {"fire", "artillery", "melee", "morale", "initiative", "stand-vs-cavalry",
                        "gun-hit", "building-fire", "discover"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), n), names.end()) << n;
  }
  const Resolution& fire = res("fire");
  ASSERT_EQ(fire.params.size(), 13u);  // + lower-band-inclusive, percent-floor
  EXPECT_EQ(fire.params[0].signature(), "shooters (an integer 1..1000, default 1)");
  EXPECT_FALSE(parse_assignments(fire.params, {"quality=elite"}).has_value());
  EXPECT_FALSE(parse_assignments(fire.params, {"shooters=0"}).has_value());
}

// Every modifier appears in the record with its rule reference.
TEST(Fast1805Records, FireModifiersAndReferences) {
  FireSituation s;
  s.shooters = 12;
  s.range_in = 4;
  s.first_fire = s.target_angle = s.unmoving = s.behind_cover = s.target_light_cover = s.shaken =
      s.target_trenches = true;
  Rng rng(1, 0);
  SampledChance dice(rng);
  RollRecord rec;
  // 8 + 3 + 2 + 2 + 1 − 2 − 2 − 10 = 2; 12 × 2 = 24%.
  resolve_fire(s, dice, &rec);
  EXPECT_EQ(rec.purpose, "fire");
  EXPECT_EQ(rec.base, 8);
  EXPECT_NE(rec.base_ref.find("R-002-4"), std::string::npos);
  const std::vector<std::pair<double, std::string>> want = {
      {3, "L118"},  {2, "L119"},  {2, "L120"},  {1, "L121"},
      {-2, "L122"}, {-2, "L123"}, {-10, "L124"}};
  ASSERT_EQ(rec.modifiers.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(rec.modifiers[i].value, want[i].first);
    EXPECT_EQ(rec.modifiers[i].ref, want[i].second);
    EXPECT_FALSE(rec.modifiers[i].name.empty());
  }
  EXPECT_EQ(rec.target, 24);
  EXPECT_EQ(rec.dice, "d100");
  ASSERT_EQ(rec.faces.size(), 1u);
  EXPECT_GE(rec.faces[0], 1);
  EXPECT_LE(rec.faces[0], 100);
  EXPECT_FALSE(rec.result.empty());
}

TEST(Fast1805Records, ArtilleryMeleeMoraleAndFloors) {
  Rng rng(2, 0);
  SampledChance dice(rng);
  RollRecord rec;
  ArtillerySituation a;
  a.first_fire = a.unmoving_target = a.target_angle = a.large_target = a.shaken =
      a.target_trenches = true;
  resolve_artillery(a, dice, &rec);
  const std::vector<std::string> art = {"L130", "L131", "L132", "L133", "L134", "L135"};
  ASSERT_EQ(rec.modifiers.size(), art.size());
  for (std::size_t i = 0; i < art.size(); ++i) EXPECT_EQ(rec.modifiers[i].ref, art[i]);

  MeleeSituation m;
  m.arm = Arm::kCavalry;
  m.figures = 2;
  m.vs_fleeing_foot = m.first_charge = m.downhill = m.obstacle = m.disordered = true;
  resolve_melee(m, dice, &rec);
  const std::vector<std::string> mel = {"L29", "L30, A2-11", "L31", "L32", "L33"};
  ASSERT_EQ(rec.modifiers.size(), mel.size());
  for (std::size_t i = 0; i < mel.size(); ++i) EXPECT_EQ(rec.modifiers[i].ref, mel[i]);
  EXPECT_EQ(rec.purpose, "melee");

  m.vs_square = true;  // first charge dropped, halved (A2-06): (20+20+2+2−5) × ½ = 19.5
  resolve_melee(m, dice, &rec);
  ASSERT_FALSE(rec.modifiers.empty());
  EXPECT_EQ(rec.modifiers.back().ref, "A2-06");
  EXPECT_DOUBLE_EQ(rec.modifiers.back().value, -19.5);
  EXPECT_EQ(rec.target, 39);

  FireSituation f;  // untrained 2% − 10% → floor (A2-15), 0 kills with no roll
  f.quality = Quality::kUntrained;
  f.range_in = 15;
  f.target_trenches = true;
  EXPECT_EQ(resolve_fire(f, dice, &rec), 0);
  ASSERT_EQ(rec.modifiers.size(), 2u);
  EXPECT_EQ(rec.modifiers[1].ref, "A2-15");
  EXPECT_EQ(rec.modifiers[1].value, 8);
  EXPECT_TRUE(rec.faces.empty());
  EXPECT_TRUE(rec.dice.empty());

  MoraleSituation mo{Quality::kVeteran, Arm::kFoot, 4};
  resolve_morale(mo, dice, &rec);
  EXPECT_EQ(rec.base, 100);
  ASSERT_EQ(rec.modifiers.size(), 1u);
  EXPECT_EQ(rec.modifiers[0].value, -20);
  EXPECT_EQ(rec.modifiers[0].ref, "R-002-2 L94-L96");
  EXPECT_EQ(rec.target, 80);
  EXPECT_EQ(rec.faces.size(), 1u);
}

TEST(Fast1805Records, ExplainThroughTheResolution) {
  const Resolution& r = res("gun-hit");
  Rng rng(3, 0);
  std::vector<RollRecord> explain;
  for (int i = 0; i < 50; ++i) sample(r, params(r, {}), rng, &explain);
  ASSERT_EQ(explain.size(), 50u);
  for (const RollRecord& rec : explain) {
    EXPECT_EQ(rec.purpose, "gun hit");
    EXPECT_EQ(rec.dice, "d100");
    // A limber or gun hit rolls a second d100.
    const int f = rec.faces.at(0);
    EXPECT_EQ(rec.faces.size(), (f <= 20 || f > 80) ? 2u : 1u);
  }
}

// The AI's kill chances without their texts (explain = false) are the explained ones' numbers,
// bit for bit: every quality, ranges across each band edge and beyond, each modifier on
// and off in turn and all together (floors below 0% included), melee by arm, effectiveness,
// cavalry against a square, both A2-15 readings.
void expect_same_numbers(const KillChance& want, const KillChance& got) {
  EXPECT_EQ(got.possible, want.possible);
  EXPECT_EQ(got.base, want.base);
  EXPECT_EQ(got.per_figure, want.per_figure);
  EXPECT_EQ(got.figures, want.figures);
  EXPECT_EQ(got.total, want.total);
  EXPECT_TRUE(got.why_not.empty() && got.base_ref.empty() && got.modifiers.empty());
}

TEST(KillChanceWithoutText, SameNumbersAsExplained) {
  for (Quality q : {Quality::kVeteran, Quality::kGreen, Quality::kUntrained}) {
    for (double range : {0.0, 3.0, 6.0, 6.5, 12.0, 17.9, 18.0, 24.0, 30.0, 36.0, 40.0}) {
      for (int mask = 0; mask < 256; ++mask) {
        auto on = [mask](int bit) { return ((mask >> bit) & 1) != 0; };
        FireSituation f;
        f.shooters = 1 + mask % 23;
        f.quality = q;
        f.range_in = range;
        f.first_fire = on(0);
        f.target_angle = on(1);
        f.unmoving = on(2);
        f.behind_cover = on(3);
        f.target_light_cover = on(4);
        f.shaken = on(5);
        f.target_trenches = on(6);
        f.woods = on(7);
        f.lower_band_inclusive = on(1) && on(4);
        f.floor_total = on(2) && on(5);
        expect_same_numbers(fire_chance(f), fire_chance(f, false));
        ArtillerySituation a;
        a.gunners = mask % 9;
        a.quality = q;
        a.range_in = range;
        a.first_fire = on(0);
        a.unmoving_target = on(1);
        a.target_angle = on(2);
        a.large_target = on(3);
        a.shaken = on(4);
        a.target_trenches = on(5);
        a.woods = on(6);
        a.lower_band_inclusive = on(7);
        a.floor_total = on(3) && on(5);
        expect_same_numbers(artillery_chance(a), artillery_chance(a, false));
      }
    }
  }
  for (Arm arm : {Arm::kFoot, Arm::kCavalry, Arm::kArtillery, Arm::kWagon}) {
    for (Effectiveness e : {Effectiveness::kFiery, Effectiveness::kSteady, Effectiveness::kTimid}) {
      for (int mask = 0; mask < 256; ++mask) {
        auto on = [mask](int bit) { return ((mask >> bit) & 1) != 0; };
        MeleeSituation m;
        m.figures = mask % 13;
        m.arm = arm;
        m.effectiveness = e;
        m.vs_fleeing_foot = on(0);
        m.first_charge = on(1);
        m.downhill = on(2);
        m.obstacle = on(3);
        m.disordered = on(4);
        m.vs_square = on(5);
        m.rowmajor = on(6);
        m.floor_total = on(7);
        expect_same_numbers(melee_chance(m), melee_chance(m, false));
      }
    }
  }
}

}  // namespace
}  // namespace smoothbore::fast_1805
