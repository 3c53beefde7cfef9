// The fire-and-discipline fire resolutions: exact distributions against hand-worked cases
// (arithmetic in the comments), the closed forms against full enumeration, seeded Monte
// Carlo against the exact distributions, and the roll records.
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/fire_targets.h"
#include "rules/resolution_test_util.h"

namespace smoothbore::fire_and_discipline {
namespace {

using test::binomial;
using test::Dist;
using test::expect_dist;
using test::key;
using test::params;

const Resolution& res(std::string_view name) {
  return test::find_resolution(fire_resolutions(), name);
}
Dist exact(std::string_view name, const std::vector<std::string>& a) {
  return test::exact(res(name), a);
}
// 20000 seeded samples agree with the exact distribution within 4 standard errors.
void expect_monte_carlo(std::string_view name, const std::vector<std::string>& a) {
  test::expect_monte_carlo(res(name), a, 11);
}

TEST(FireAndDisciplineArtillery, MandatoryCheck) {
  // 8 pdr → row 8-9 (R-000-6); 200 yd is 151-300: 80 (printed 20, FD-10). d100 ≤ 80.
  expect_dist(exact("artillery", {"pdr=8", "range=200"}), {{"1", 0.8}, {"0", 0.2}});
}

TEST(FireAndDisciplineMusketry, HandWorked) {
  // 4 flintlock stands at 45 yd (31-60: "0-1"), rating 3 (+1) → 5 dice at {0,1}:
  // P(k) = C(5,k) 0.2^k 0.8^(5−k): .32768 .4096 .2048 .0512 .0064 .00032.
  expect_dist(
      exact("musketry", {"stands=4", "range=45", "morale-rating=3"}),
      {{"0", 0.32768}, {"1", 0.4096}, {"2", 0.2048}, {"3", 0.0512}, {"4", 0.0064}, {"5", 0.00032}});
  // Contact is 0-30 (FD-36): flintlock "0-1-2" = .3; 30 yd still 0-30; 30.5 is 31-60 (.2).
  expect_dist(exact("musketry", {"range=0"}), {{"0", 0.7}, {"1", 0.3}});
  expect_dist(exact("musketry", {"range=30"}), {{"0", 0.7}, {"1", 0.3}});
  expect_dist(exact("musketry", {"range=30.5"}), {{"0", 0.8}, {"1", 0.2}});
  // Firelock 61-100 "0": 3 dice at .1: .729 .243 .027 .001.
  expect_dist(exact("musketry", {"stands=3", "weapon=firelock", "range=100"}),
              {{"0", 0.729}, {"1", 0.243}, {"2", 0.027}, {"3", 0.001}});
  // Bow 0-30 "0-1-2": 2 dice at .3: .49 .42 .09.
  expect_dist(exact("musketry", {"stands=2", "weapon=bow", "range=25"}),
              {{"0", 0.49}, {"1", 0.42}, {"2", 0.09}});
}

TEST(FireAndDisciplineMusketry, OutOfRangeOrNotAvailable) {
  // Bows max 60 (FD-34; the printed 61-100 "0" is not used); matchlock 61-100 n/a; beyond 100.
  expect_dist(exact("musketry", {"stands=5", "weapon=bow", "range=61"}), {{"0", 1}});
  expect_dist(exact("musketry", {"stands=5", "weapon=matchlock", "range=80"}), {{"0", 1}});
  expect_dist(exact("musketry", {"stands=5", "range=101"}), {{"0", 1}});
  // Bow at 60 is 31-60 "0": 1 die .1.
  expect_dist(exact("musketry", {"weapon=bow", "range=60"}), {{"0", 0.9}, {"1", 0.1}});
}

TEST(FireAndDisciplineMusketry, EveryModifier) {
  // Rating 4 (+1): 1 + 1 = 2 dice, flintlock 45 yd at .2: .64 .32 .04. Rating 2: 1 die.
  expect_dist(exact("musketry", {"range=45", "morale-rating=4"}),
              {{"0", 0.64}, {"1", 0.32}, {"2", 0.04}});
  expect_dist(exact("musketry", {"range=45", "morale-rating=2"}), {{"0", 0.8}, {"1", 0.2}});
  // Platoon (−2): 3 − 2 = 1 die at .3 (flintlock 20 yd).
  expect_dist(exact("musketry", {"stands=3", "range=20", "tactic=platoon"}),
              {{"0", 0.7}, {"1", 0.3}});
  // Same target (+1): 2 dice at .3: .49 .42 .09.
  expect_dist(exact("musketry", {"range=20", "same-target=true"}),
              {{"0", 0.49}, {"1", 0.42}, {"2", 0.09}});
  // Mixed armed (−2): 3 bows at 20 yd → 1 die at .3.
  expect_dist(exact("musketry", {"stands=3", "weapon=bow", "range=20", "mixed-armed=true"}),
              {{"0", 0.7}, {"1", 0.3}});
  // Poor weather (−3): 2 − 3 = −1 → minimum ONE die (§7.3), flintlock 80 yd at .1.
  expect_dist(exact("musketry", {"stands=2", "range=80", "poor-weather=true"}),
              {{"0", 0.9}, {"1", 0.1}});
  // Protective (−2): 4 − 2 = 2 dice; earthworks (−4): 4 − 4 = 0 → 1 die. Firelock 40 yd .1.
  expect_dist(
      exact("musketry", {"stands=4", "weapon=firelock", "range=40", "target-cover=protective"}),
      {{"0", 0.81}, {"1", 0.18}, {"2", 0.01}});
  expect_dist(
      exact("musketry", {"stands=4", "weapon=firelock", "range=40", "target-cover=earthworks"}),
      {{"0", 0.9}, {"1", 0.1}});
  // Open order (−2): 4 − 2 = 2 dice, firelock 20 yd "0-1" at .2: .64 .32 .04.
  expect_dist(
      exact("musketry", {"stands=4", "weapon=firelock", "range=20", "target-open-order=true"}),
      {{"0", 0.64}, {"1", 0.32}, {"2", 0.04}});
  // Mounted (+1): 2 dice, matchlock 50 yd "0" at .1: .81 .18 .01.
  expect_dist(exact("musketry", {"weapon=matchlock", "range=50", "target-mounted=true"}),
              {{"0", 0.81}, {"1", 0.18}, {"2", 0.01}});
}

TEST(FireAndDisciplineMusketry, OrGroupsCumulativeOrExclusive) {
  // MMG 3-4 OR same target (+1): cumulative 1 + 2 = 3 dice at .2 (.512 .384 .096 .008);
  // exclusive (FD-31 option) 2 dice (.64 .32 .04).
  const std::vector<std::string> plus = {"range=45", "morale-rating=4", "same-target=true"};
  expect_dist(exact("musketry", plus), {{"0", 0.512}, {"1", 0.384}, {"2", 0.096}, {"3", 0.008}});
  std::vector<std::string> ex = plus;
  ex.push_back("or-groups-exclusive=true");
  expect_dist(exact("musketry", ex), {{"0", 0.64}, {"1", 0.32}, {"2", 0.04}});
  // Platoon OR mixed (−2): 5 − 4 = 1 die (cumulative) vs 5 − 2 = 3 dice; 80 yd at .1.
  expect_dist(exact("musketry", {"stands=5", "range=80", "tactic=platoon", "mixed-armed=true"}),
              {{"0", 0.9}, {"1", 0.1}});
  expect_dist(exact("musketry", {"stands=5", "range=80", "tactic=platoon", "mixed-armed=true",
                                 "or-groups-exclusive=true"}),
              {{"0", 0.729}, {"1", 0.243}, {"2", 0.027}, {"3", 0.001}});
  // Protective OR open order (−2): 4 − 4 → 1 die vs 4 − 2 = 2 dice; earthworks is not in
  // a group: 4 − 4 − 2 → 1 die either way. Firelock 40 yd at .1.
  const std::vector<std::string> cover = {"stands=4", "weapon=firelock", "range=40",
                                          "target-cover=protective", "target-open-order=true"};
  expect_dist(exact("musketry", cover), {{"0", 0.9}, {"1", 0.1}});
  std::vector<std::string> cover_ex = cover;
  cover_ex.push_back("or-groups-exclusive=true");
  expect_dist(exact("musketry", cover_ex), {{"0", 0.81}, {"1", 0.18}, {"2", 0.01}});
}

TEST(FireAndDisciplineMusketry, LargeVolleysUseTheClosedForm) {
  // 12 stands, rating 3 → 13 dice at .3 (10^13 paths by real dice): binomial(13, .3).
  expect_dist(exact("musketry", {"stands=12", "range=20", "morale-rating=3"}), binomial(13, 0.3));
  // 60 stands at 61-100 "0": binomial(60, .1); outcomes below ~1e-16 may be merged.
  const Dist got = exact("musketry", {"stands=60", "range=90"});
  const Dist want = binomial(60, 0.1);
  for (const auto& [k, p] : want) {
    auto it = got.find(k);
    EXPECT_NEAR(it == got.end() ? 0 : it->second, p, 1e-12) << k;
  }
}

TEST(FireAndDisciplineMusketry, ClosedFormMatchesFullEnumeration) {
  // 5 dice hitting on 2 faces: real dice (10^5 paths) and one weighted pick agree exactly.
  const std::function<int(Chance&)> real = [](Chance& c) {
    int hits = 0;
    for (int i = 0; i < 5; ++i) hits += c.roll(10) <= 2 ? 1 : 0;
    return hits;
  };
  const std::function<int(Chance&)> closed = [](Chance& c) {
    return c.pick(hit_count_distribution(5, 2));
  };
  const auto a = enumerate_outcomes<int>(real);
  const auto b = enumerate_outcomes<int>(closed);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].first, b[i].first);
    EXPECT_NEAR(a[i].second, b[i].second, 1e-14);
  }
  // The skirmish joint distribution of 1 die on 2 faces equals real dice (2008 paths).
  MusketrySituation s;
  s.weapon = Firearm::kBow;
  const std::function<int(Chance&)> skirmish_real = [&](Chance& c) {
    const SkirmishFireResult r = resolve_skirmish_fire(s, c);
    return r.casualties * 4 + static_cast<int>(r.effect);
  };
  const std::vector<double> joint = skirmish_fire_distribution(1, 2);
  for (const auto& [i, p] : enumerate_outcomes<int>(skirmish_real)) {
    EXPECT_NEAR(joint[static_cast<std::size_t>(i)], p, 1e-14) << i;
  }
}

TEST(FireAndDisciplineSkirmish, ThreeD10Nines) {
  // 0/1/2/3 nines of 3d10: .9^3 = 72.9%, 3 × .1 × .81 = 24.3%, 3 × .01 × .9 = 2.7%, 0.1%.
  const std::function<int(Chance&)> f = [](Chance& c) {
    return static_cast<int>(resolve_skirmish_hit(c));
  };
  const auto d = enumerate_outcomes<int>(f);
  ASSERT_EQ(d.size(), 4u);
  EXPECT_NEAR(d[0].second, 0.729, 1e-12);
  EXPECT_NEAR(d[1].second, 0.243, 1e-12);
  EXPECT_NEAR(d[2].second, 0.027, 1e-12);
  EXPECT_NEAR(d[3].second, 0.001, 1e-12);
}

TEST(FireAndDisciplineSkirmish, HandWorked) {
  // 1 bow stand at 50 yd, Skirmish column "0-1" (.2), real dice:
  // (0, none) = .8 + .2 × .729 = .9458; (0, halt) = .2 × .243 = .0486;
  // (1, halt-hit) = .2 × .027 = .0054; (1, retreat-hit) = .2 × .001 = .0002.
  expect_dist(
      exact("skirmish-fire", {"weapon=bow", "range=50"}),
      {{"0/none", 0.9458}, {"0/halt", 0.0486}, {"1/halt-hit", 0.0054}, {"1/retreat-hit", 0.0002}});
  // 2 flintlock stands at 90 yd, Skirmish "0" (.1), closed form. Per die: (0,none) .9729,
  // (0,halt) .0243, (1,hh) .0027, (1,rh) .0001. Casualties add, the worst effect applies:
  // (0,none) .9729² = .94653441; (0,halt) .9972² − .9729² = .04787343;
  // (1,hh) 2 × .0027 × .9972 = .00538488; (1,rh) 2 × .0001 × .9972 = .00019944;
  // (2,hh) .0027² = .00000729; (2,rh) .0028² − .0027² = .00000055.
  expect_dist(exact("skirmish-fire", {"stands=2", "range=90"}), {{"0/none", 0.94653441},
                                                                 {"0/halt", 0.04787343},
                                                                 {"1/halt-hit", 0.00538488},
                                                                 {"1/retreat-hit", 0.00019944},
                                                                 {"2/halt-hit", 0.00000729},
                                                                 {"2/retreat-hit", 0.00000055}});
  // Beyond the bow's 60 yd and matchlock beyond 60: no fire.
  expect_dist(exact("skirmish-fire", {"weapon=bow", "range=70"}), {{"0/none", 1}});
  expect_dist(exact("skirmish-fire", {"weapon=matchlock", "range=61"}), {{"0/none", 1}});
}

TEST(FireAndDisciplineArtillery, AmmunitionFd15) {
  // 8 pdr ball at 100 yd uses 151-300 (80); canister at 100 is 51-150 = 100: one automatic
  // hit, C − 100 = 0: no second (no roll). Canister at 40: 140 → 1 + d100 ≤ 40.
  expect_dist(exact("artillery", {"pdr=8", "range=100"}), {{"1", 0.8}, {"0", 0.2}});
  expect_dist(exact("artillery", {"pdr=8", "range=100", "ammo=canister"}), {{"1", 1}});
  expect_dist(exact("artillery", {"pdr=8", "range=40", "ammo=canister"}), {{"1", 0.6}, {"2", 0.4}});
  // Canister beyond 150 cannot fire; shell is ball on the howitzer's row: 10 pdr at 100 →
  // 151-300 = 80.
  expect_dist(exact("artillery", {"pdr=8", "range=200", "ammo=canister"}), {{"0", 1}});
  expect_dist(exact("artillery", {"pdr=10", "range=100", "ammo=shell"}), {{"1", 0.8}, {"0", 0.2}});
  // The printed 20 (fix-8pdr=false).
  expect_dist(exact("artillery", {"pdr=8", "range=200", "fix-8pdr=false"}),
              {{"1", 0.2}, {"0", 0.8}});
}

TEST(FireAndDisciplineArtillery, MultiHitFd13) {
  // 16 pdr canister at 40: 190 + 10 same + 10 adjacent (≤ 300) + 10 mounted = 220.
  // cap2: 1 automatic, second on d100 ≤ 120: certain → 2. per100: 2 + d100 ≤ 20.
  const std::vector<std::string> a = {"pdr=16",           "range=40",      "ammo=canister",
                                      "same-target=true", "adjacent=true", "target=mounted"};
  expect_dist(exact("artillery", a), {{"2", 1}});
  std::vector<std::string> per100 = a;
  per100.push_back("multi-hit=per100");
  expect_dist(exact("artillery", per100), {{"2", 0.8}, {"3", 0.2}});
  // 12 pdr canister at 100: 120 → 1 + d100 ≤ 20 (both options).
  expect_dist(exact("artillery", {"pdr=12", "range=100", "ammo=canister"}),
              {{"1", 0.8}, {"2", 0.2}});
  expect_dist(exact("artillery", {"pdr=12", "range=100", "ammo=canister", "multi-hit=per100"}),
              {{"1", 0.8}, {"2", 0.2}});
}

// The doctrine's distribution works the chance out once (artillery_hits) instead of once
// per face, and keeps it per situation: the same outcomes and probabilities, bit for bit,
// as enumerating the whole resolution, worked out or kept.
TEST(FireAndDisciplineArtillery, DistributionFromTheChanceOnceIsTheEnumeration) {
  int cases = 0;
  for (const int pdr : {3, 6, 12, 16}) {
    for (const double range : {40.0, 100.0, 150.0, 250.0, 600.0, 1200.0}) {
      for (const MultiHit multi : {MultiHit::kCap2, MultiHit::kPer100}) {
        for (const ArtilleryDie die : {ArtilleryDie::kD100, ArtilleryDie::kD10}) {
          for (const Ammo ammo : {Ammo::kBall, Ammo::kCanister}) {
            ArtillerySituation a;
            a.pdr = pdr;
            a.range_yd = range;
            a.multi_hit = multi;
            a.die = die;
            a.ammo = ammo;
            a.same_target = cases % 2 == 0;
            a.guns = 1 + cases % 3 / 2;
            const auto want =
                enumerate_outcomes<int>([&](Chance& c) { return resolve_artillery(a, c); });
            // Asked twice: worked out, then from the memo (fire_targets_guns.cc).
            for (int ask = 0; ask < 2; ++ask) {
              const auto got = artillery_hit_distribution(a);
              ASSERT_EQ(got.size(), want.size()) << cases;
              for (std::size_t i = 0; i < got.size(); ++i) {
                EXPECT_EQ(got[i].first, want[i].first) << cases;
                EXPECT_EQ(got[i].second, want[i].second) << cases;
              }
            }
            ++cases;
          }
        }
      }
    }
  }
}

TEST(FireAndDisciplineArtillery, HalvingOrderFd14AndFd16) {
  // 6 pdr canister at 40: 110 → gun hit ×½ = 55 (1 crew with 2 guns would also halve; they
  // do not stack) → +10 adjacent = 65 → skirmish ×½ = 32.5 → round down 32.
  expect_dist(exact("artillery", {"pdr=6", "range=40", "ammo=canister", "gun-hits=1", "crew=1",
                                  "adjacent=true", "target=skirmish"}),
              {{"1", 0.32}, {"0", 0.68}});
  // One-gun section ×½: 110 → 55. Two guns, one crew: 55. Both: still 55.
  for (const char* extra : {"guns=1", "crew=1"}) {
    expect_dist(exact("artillery", {"pdr=6", "range=40", "ammo=canister", extra}),
                {{"1", 0.55}, {"0", 0.45}});
  }
  expect_dist(exact("artillery", {"pdr=6", "range=40", "ammo=canister", "guns=1", "crew=1"}),
              {{"1", 0.55}, {"0", 0.45}});
  // (Above: a one-gun section with one crewman takes no further cut, §6.8b L448.)
  // Zero crew cannot fire (FD-16).
  expect_dist(exact("artillery", {"pdr=16", "range=40", "ammo=canister", "crew=0"}), {{"0", 1}});
  // 1-4 pdr at 400 (10) in earthworks (−40 beyond 300) = −30 ≤ 0: automatic miss.
  expect_dist(exact("artillery", {"pdr=3", "range=400", "target-cover=earthworks"}), {{"0", 1}});
  // Beyond the row's maximum: 1-4 pdr 450 max; 6 pdr 600 max.
  expect_dist(exact("artillery", {"pdr=4", "range=451"}), {{"0", 1}});
  expect_dist(exact("artillery", {"pdr=4", "range=450"}), {{"1", 0.1}, {"0", 0.9}});
  expect_dist(exact("artillery", {"pdr=6", "range=601"}), {{"0", 1}});
  expect_dist(exact("artillery", {"pdr=24", "range=900"}), {{"1", 0.1}, {"0", 0.9}});
}

TEST(FireAndDisciplineArtillery, EveryModifierAndTheBreak) {
  // 6 pdr ball at 200 yd: 80, ≤ 300 column.
  const std::vector<std::pair<std::string, double>> under = {
      {"same-target=true", 90},         {"target-cover=protective", 60},
      {"target-cover=earthworks", 50},  {"adjacent=true", 90},
      {"target=mounted", 90},           {"target=unlimbered-guns", 70},
      {"target=limbered", 90},          {"target-cover=heavy-woods", 50},
      {"target-cover=light-woods", 60}, {"target-cover=rough", 60},
      {"target=skirmish", 40},          {"target=formed", 80}};
  for (const auto& [a, c] : under) {
    expect_dist(exact("artillery", {"pdr=6", "range=200", a}),
                {{"1", c / 100}, {"0", 1 - c / 100}});
  }
  // 10-12 pdr ball at 350 (301-600: 60), beyond the 300 break: adjacent +20, protective −30,
  // earthworks −40, heavy woods −40, light woods −30; with the 400 break (FD-11 option)
  // 350 is "under": +10, −20, −30, −30, −20.
  const std::vector<std::tuple<std::string, double, double>> over = {
      {"adjacent=true", 80, 70},
      {"target-cover=protective", 30, 40},
      {"target-cover=earthworks", 20, 30},
      {"target-cover=heavy-woods", 20, 30},
      {"target-cover=light-woods", 30, 40},
      {"same-target=true", 70, 70}};
  for (const auto& [a, c300, c400] : over) {
    expect_dist(exact("artillery", {"pdr=10", "range=350", a}),
                {{"1", c300 / 100}, {"0", 1 - c300 / 100}});
    expect_dist(exact("artillery", {"pdr=10", "range=350", a, "modifier-break=400"}),
                {{"1", c400 / 100}, {"0", 1 - c400 / 100}});
  }
  // Exactly 300 is "under 300" (FD-11): 6 pdr 300 = 80 + 10 adjacent.
  expect_dist(exact("artillery", {"pdr=6", "range=300", "adjacent=true"}),
              {{"1", 0.9}, {"0", 0.1}});
}

TEST(FireAndDisciplineArtilleryHit, Components) {
  // Limbered: 1-6 crew, 7-9,0 limber; unlimbered: 1-8 crew, 9,0 gun.
  expect_dist(exact("artillery-hit", {"limbered=true"}), {{"crew", 0.6}, {"limber", 0.4}});
  expect_dist(exact("artillery-hit", {}), {{"crew", 0.8}, {"gun", 0.2}});
}

TEST(FireAndDisciplineFire, MonteCarloAgreesWithExact) {
  expect_monte_carlo("musketry", {"stands=4", "range=45", "morale-rating=3"});
  expect_monte_carlo("musketry", {"stands=12", "range=20", "morale-rating=3"});  // closed form
  expect_monte_carlo("skirmish-fire", {"weapon=bow", "range=50"});
  expect_monte_carlo("skirmish-fire", {"stands=6", "weapon=bow", "range=30"});  // closed form
  expect_monte_carlo("artillery", {"pdr=8", "range=200"});
  expect_monte_carlo("artillery", {"pdr=12", "range=100", "ammo=canister", "multi-hit=per100"});
  expect_monte_carlo("artillery", {"pdr=6", "range=40", "ammo=canister", "target=skirmish"});
  expect_monte_carlo("artillery-hit", {"limbered=true"});
  expect_monte_carlo("artillery-hit", {});
}

TEST(FireAndDisciplineFire, NamesAndSchemas) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> want = {
      {"musketry",
       {"stands", "weapon", "range", "morale-rating", "tactic", "same-target", "mixed-armed",
        "poor-weather", "target-cover", "target-open-order", "target-mounted",
        "or-groups-exclusive", "band-upper-inclusive", "bow-max-yd"}},
      {"skirmish-fire",
       {"stands", "weapon", "range", "morale-rating", "tactic", "same-target", "mixed-armed",
        "poor-weather", "target-cover", "target-open-order", "target-mounted",
        "or-groups-exclusive", "band-upper-inclusive", "bow-max-yd"}},
      {"artillery",
       {"pdr", "range", "ammo", "same-target", "adjacent", "target", "target-cover", "gun-hits",
        "crew", "guns", "fix-8pdr", "modifier-break", "multi-hit", "die", "halvings",
        "one-gun-fire", "poor-weather", "band-upper-inclusive", "canister-max"}},
      {"artillery-hit", {"limbered"}}};
  ASSERT_EQ(fire_resolutions().size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    const Resolution& r = fire_resolutions()[i];
    EXPECT_EQ(r.name, want[i].first);
    std::vector<std::string> names;
    for (const ParamSpec& p : r.params) names.push_back(p.name);
    EXPECT_EQ(names, want[i].second) << r.name;
    EXPECT_FALSE(r.help.empty());
    EXPECT_FALSE(r.ref.empty());
  }
  EXPECT_EQ(res("skirmish-fire").outcome_fields, (std::vector<std::string>{"hits", "effect"}));
  EXPECT_FALSE(parse_assignments(res("musketry").params, {"weapon=rifle"}).has_value());
  EXPECT_FALSE(parse_assignments(res("musketry").params, {"stands=0"}).has_value());
  EXPECT_FALSE(parse_assignments(res("artillery").params, {"pdr=49"}).has_value());
  EXPECT_FALSE(parse_assignments(res("artillery").params, {"modifier-break=350"}).has_value());
}

// Every modifier appears in the record with its rule reference.
TEST(FireAndDisciplineFireRecords, MusketryModifiersAndReferences) {
  MusketrySituation s;
  s.stands = 6;
  s.range_yd = 45;
  s.morale_rating = 3;
  s.platoon = s.same_target = s.mixed_armed = s.poor_weather = true;
  s.target_cover = TargetCover::kEarthworks;
  s.target_open_order = s.target_mounted = true;
  Rng rng(1, 0);
  SampledChance dice(rng);
  RollRecord rec;
  // 6 + 1 − 2 + 1 − 2 − 3 − 4 − 2 + 1 = −4 → minimum one die (+5).
  resolve_musketry(s, dice, &rec);
  EXPECT_EQ(rec.purpose, "musketry");
  EXPECT_EQ(rec.base, 6);
  const std::vector<std::pair<double, std::string>> want = {
      {1, "§7.4 L524, FD-30; pullout L724"},
      {-2, "§7.4 L526; pullout L726"},
      {1, "§7.4 L528, FD-38; pullout L724"},
      {-2, "§7.4 L530; pullout L726"},
      {-3, "§7.4 L532, FD-39; pullout L730"},
      {-4, "§7.4 L534; pullout L730"},
      {-2, "§7.4 L536; pullout L728"},
      {1, "§7.4 L536; pullout L730"},
      {5, "§7.3 L514, §7.4 L524: firer can always roll ONE die"}};
  ASSERT_EQ(rec.modifiers.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(rec.modifiers[i].value, want[i].first) << i;
    EXPECT_EQ(rec.modifiers[i].ref, want[i].second) << i;
    EXPECT_FALSE(rec.modifiers[i].name.empty());
  }
  EXPECT_EQ(rec.target, 1);
  EXPECT_EQ(rec.dice, "1d10");
  ASSERT_EQ(rec.faces.size(), 1u);
  EXPECT_NE(rec.result.find("L550"), std::string::npos) << rec.result;

  // Exclusive OR groups: the second of each group is recorded at 0 with FD-31.
  s.or_groups_exclusive = true;
  resolve_musketry(s, dice, &rec);
  ASSERT_EQ(rec.modifiers.size(), 9u);
  EXPECT_EQ(rec.modifiers[2].value, 0);  // same target (MMG already counts)
  EXPECT_NE(rec.modifiers[2].ref.find("FD-31"), std::string::npos);
  EXPECT_EQ(rec.modifiers[3].value, 0);  // mixed armed (platoon already counts)
  // Open order counts: its group partner (protective) is off; earthworks is in no group.
  EXPECT_EQ(rec.modifiers[6].value, -2);
  // 6 + 1 − 2 − 3 − 4 − 2 + 1 = −3 → minimum one die (+4).
  EXPECT_EQ(rec.modifiers[8].value, 4);
}

TEST(FireAndDisciplineFireRecords, ArtilleryAndExplain) {
  ArtillerySituation a;
  a.pdr = 6;
  a.range_yd = 40;
  a.ammo = Ammo::kCanister;
  a.gun_hits = 1;
  a.adjacent = true;
  a.target = ArtilleryTarget::kSkirmish;
  Rng rng(2, 0);
  SampledChance dice(rng);
  RollRecord rec;
  // 110 → −55 (halved) → +10 adjacent → −32.5 (skirmish) → −0.5 (round down) = 32.
  resolve_artillery(a, dice, &rec);
  EXPECT_EQ(rec.purpose, "artillery fire");
  EXPECT_EQ(rec.base, 110);
  EXPECT_NE(rec.base_ref.find("L458"), std::string::npos) << rec.base_ref;
  ASSERT_EQ(rec.modifiers.size(), 4u);
  EXPECT_EQ(rec.modifiers[0].value, -55);
  EXPECT_NE(rec.modifiers[0].ref.find("FD-14"), std::string::npos);
  EXPECT_EQ(rec.modifiers[1].value, 10);
  EXPECT_NE(rec.modifiers[1].ref.find("L474"), std::string::npos);
  EXPECT_EQ(rec.modifiers[2].value, -32.5);
  EXPECT_NE(rec.modifiers[2].ref.find("L478"), std::string::npos);
  EXPECT_EQ(rec.modifiers[3].value, -0.5);
  EXPECT_EQ(rec.modifiers[3].ref, "FD-14");
  EXPECT_EQ(rec.target, 32);
  EXPECT_EQ(rec.dice, "d100");
  ASSERT_EQ(rec.faces.size(), 1u);

  // 8 pdr 200 yd base reference names the correction.
  ArtillerySituation b;
  b.pdr = 8;
  resolve_artillery(b, dice, &rec);
  EXPECT_EQ(rec.base, 80);
  EXPECT_NE(rec.base_ref.find("FD-10"), std::string::npos) << rec.base_ref;

  // Skirmish fire explains one record for the dice and one per skirmish hit (3d10).
  const Resolution& r = res("skirmish-fire");
  std::vector<RollRecord> explain;
  for (int i = 0; i < 40; ++i) {
    explain.clear();
    sample(r, params(r, {"stands=3", "weapon=bow", "range=20"}), rng, &explain);
    ASSERT_FALSE(explain.empty());
    EXPECT_EQ(explain[0].purpose, "skirmish fire");
    EXPECT_EQ(explain[0].dice, "3d10");
    int hits = 0;
    for (int f : explain[0].faces) hits += (f == 10 || f == 1) ? 1 : 0;
    ASSERT_EQ(explain.size(), 1u + static_cast<std::size_t>(hits));
    for (std::size_t k = 1; k < explain.size(); ++k) {
      EXPECT_EQ(explain[k].purpose, "skirmish fire result");
      EXPECT_EQ(explain[k].faces.size(), 3u);
    }
  }
  // artillery-hit records its d10.
  explain.clear();
  sample(res("artillery-hit"), params(res("artillery-hit"), {}), rng, &explain);
  ASSERT_EQ(explain.size(), 1u);
  EXPECT_EQ(explain[0].dice, "d10");
}

// musketry's prepare step (the parameters and the volley's dice read once per enumeration)
// enumerates as its resolve does, over every parameter's values: exact cases up to five
// dice, the closed form above.
TEST(FireAndDisciplineMusketry, PreparedEnumerationIsResolves) {
  test::expect_prepared_as_resolved_everywhere(
      test::find_resolution(fire_resolutions(), "musketry"));
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
