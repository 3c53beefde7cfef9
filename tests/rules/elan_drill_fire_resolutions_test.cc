// Small arms, canister, solid shot, shell, shrapnel, saves and close action of elan-drill
// against hand-worked probabilities (a die hits on D12 <= the to-hit factor, p = f/12, and
// the number of hits of n dice is Binomial(n, p)), and seeded Monte Carlo of the real dice.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "resolution_test_util.h"
#include "rules/elan_drill/resolutions.h"
#include "rules/elan_drill_res.h"

namespace smoothbore::elan_drill {
namespace {

using test::binomial;
using test::Dist;
using test::exact;
using test::expect_dist;
using test::expect_monte_carlo;

using resolution_test::res;

// The mean of the first field of a distribution keyed "k/...".
double mean_first(const Dist& d) {
  double m = 0;
  for (const auto& [k, p] : d) m += std::stod(k.substr(0, k.find('/'))) * p;
  return m;
}

TEST(ElanDrillSmallArms, TwoFiguresAtCloseRange) {
  // 2 figures, volley (all roll, L131), musket at 6" (close, L138), skill 5: Binomial(2,
  // 5/12): 49/144, 70/144, 25/144.
  expect_dist(exact(res("small-arms"), {"figures=2"}),
              {{"0", 49.0 / 144}, {"1", 70.0 / 144}, {"2", 25.0 / 144}});
  // The digest's calibration (D12-10): 20 steady figures, close volley, first fire +1
  // (L210): hits on 6, mean 10.
  EXPECT_NEAR(mean_first(exact(res("small-arms"), {"first-fire=true"})), 10, 1e-9);
}

TEST(ElanDrillSmallArms, RangeBandsAndPlatoonFire) {
  // 12" is still long range for a musket (upper limits inclusive): 5 - 2 = 3 (L199).
  expect_dist(exact(res("small-arms"), {"figures=1", "range=12"}), {{"0", 0.75}, {"1", 0.25}});
  expect_dist(exact(res("small-arms"), {"figures=1", "range=12.5"}), {{"0", 1.0}});
  // Platoon fire: ½ of 5 figures, rounded up = 3 dice (D12-37), down = 2 (option).
  expect_dist(exact(res("small-arms"), {"figures=5", "fire=platoon", "skill=6"}), binomial(3, 0.5));
  expect_dist(
      exact(res("small-arms"), {"figures=5", "fire=platoon", "skill=6", "platoon-rounding=down"}),
      binomial(2, 0.5));
  // Rifles must always use platoon fire (L141): a "volley" of 4 rifles rolls 2 dice.
  expect_dist(exact(res("small-arms"), {"figures=4", "weapon=rifle", "skill=6"}), binomial(2, 0.5));
  // Skirmish order: all figures (L131).
  expect_dist(exact(res("small-arms"), {"figures=3", "fire=skirmish", "skill=6"}),
              binomial(3, 0.5));
}

TEST(ElanDrillSmallArms, MountedPistolsAndCarbines) {
  // The pistol has no close band: always long, -2 (R-001-5): 5 - 2 = 3 at 1".
  expect_dist(exact(res("small-arms"), {"figures=1", "weapon=pistol", "range=1"}),
              {{"0", 0.75}, {"1", 0.25}});
  expect_dist(exact(res("small-arms"),
                    {"figures=1", "weapon=pistol", "range=1", "pistol-range=no-penalty"}),
              {{"0", 7.0 / 12}, {"1", 5.0 / 12}});
  // Carbine mounted -2 (L202), once (R-001-7) or twice (option): 5-2 = 3, 5-4 = 1.
  expect_dist(exact(res("small-arms"), {"figures=1", "weapon=carbine", "range=4", "mounted=true"}),
              {{"0", 0.75}, {"1", 0.25}});
  expect_dist(exact(res("small-arms"),
                    {"figures=1", "weapon=carbine", "range=4", "mounted=true", "duplicates=twice"}),
              {{"0", 11.0 / 12}, {"1", 1.0 / 12}});
  // Muskets cannot be fired mounted (L141).
  expect_dist(exact(res("small-arms"), {"mounted=true"}), {{"0", 1.0}});
}

TEST(ElanDrillSmallArms, GeneralModifiers) {
  // Two-rank line +1 (L203), moving -1 (L200), 2 DMs -2 (L201), reaction -1 (L204), friends
  // in contact -1 (L205): 5 + 1 - 1 - 2 - 1 - 1 = 1.
  expect_dist(exact(res("small-arms"), {"figures=1", "two-rank-line=true", "moving=true", "dms=2",
                                        "reaction=true", "friends-in-contact=true"}),
              {{"0", 11.0 / 12}, {"1", 1.0 / 12}});
}

TEST(ElanDrillCanister, DiceByClassAndRange) {
  // Light 4D (L160) vs Gunnery 6: Binomial(4, 1/2) at 8" (short)...
  expect_dist(exact(res("canister"), {"gun=light", "range=8"}), binomial(4, 0.5));
  // ...at 10" long: 6 - 2 = 4; howitzer +1 (L215): 5.
  expect_dist(exact(res("canister"), {"gun=light", "range=10", "howitzer=true"}),
              binomial(4, 5.0 / 12));
  expect_dist(exact(res("canister"), {"gun=light", "range=16.5"}), {{"0", 1.0}});
  EXPECT_NEAR(mean_first(exact(res("canister"), {"gun=heavy", "range=12"})), 4, 1e-9);  // 8D
  EXPECT_NEAR(mean_first(exact(res("canister"), {"gun=ultra-light", "range=6"})), 1.5, 1e-9);
}

TEST(ElanDrillSolidShot, DiceBySituation) {
  // Medium gun (no ball modifier), Gunnery 6 at 24" (not beyond ½ of 48", D12-13).
  EXPECT_NEAR(mean_first(exact(res("solid-shot"), {})), 1.0, 1e-9);  // line 2D (L147)
  EXPECT_NEAR(mean_first(exact(res("solid-shot"), {"target=unlimbered-artillery"})), 0.5, 1e-9);
  EXPECT_NEAR(mean_first(exact(res("solid-shot"), {"target=wide-column"})), 2.0, 1e-9);  // 4D
  EXPECT_NEAR(mean_first(exact(res("solid-shot"), {"target=square"})), 3.0, 1e-9);  // 6D D12-35
  // Heavy +1 (L220), ultra-light -2 (L222); long range beyond 30" for heavy: at 40" 6+1-2.
  EXPECT_NEAR(mean_first(exact(res("solid-shot"), {"gun=heavy"})), 2 * 7.0 / 12, 1e-9);
  EXPECT_NEAR(mean_first(exact(res("solid-shot"), {"gun=heavy", "range=40"})), 2 * 5.0 / 12, 1e-9);
  EXPECT_NEAR(mean_first(exact(res("solid-shot"), {"gun=ultra-light", "range=10"})), 2 * 4.0 / 12,
              1e-9);
  expect_dist(exact(res("solid-shot"), {"gun=ultra-light", "range=33"}), {{"0/0/0/0", 1.0}});
}

TEST(ElanDrillSolidShot, FurtherTargetsR0016) {
  // Two units behind, both squares (6D): -1 and -2 cumulative (L223): factors 5 and 4.
  const Dist d = exact(res("solid-shot"), {"further-targets=2", "further-target=square"});
  double m2 = 0;
  double m3 = 0;
  double m4 = 0;
  for (const auto& [k, p] : d) {
    int a = 0, b = 0, c = 0, e = 0;
    ASSERT_EQ(std::sscanf(k.c_str(), "%d/%d/%d/%d", &a, &b, &c, &e), 4);
    m2 += b * p;
    m3 += c * p;
    m4 += e * p;
  }
  EXPECT_NEAR(m2, 6 * 5.0 / 12, 1e-9);
  EXPECT_NEAR(m3, 6 * 4.0 / 12, 1e-9);
  EXPECT_NEAR(m4, 0, 1e-12);
  // Flat mode: -1 each; none: the ball stops.
  const Dist flat = exact(res("solid-shot"), {"further-targets=2", "further-target=square",
                                              "further-mode=flat", "target=unlimbered-artillery"});
  double f3 = 0;
  for (const auto& [k, p] : flat) f3 += std::stoi(k.substr(k.find('/', k.find('/') + 1) + 1)) * p;
  EXPECT_NEAR(f3, 6 * 5.0 / 12, 1e-9);
  const Dist none = exact(res("solid-shot"), {"further-targets=3", "further-mode=none"});
  for (const auto& [k, p] : none) EXPECT_EQ(k.substr(k.find('/')), "/0/0/0") << k;
}

TEST(ElanDrillShell, ToHitThenEffectThenScatter) {
  // Medium shell at 20": to hit on 6 (1/2); on a hit 3D vs 6 (L171): Binomial(3, 1/2); on a
  // miss one unit within 4" (L175) is rolled for the same way.
  const Dist d = exact(res("shell"), {});
  EXPECT_NEAR(d.at("true/0/0/0"), 0.5 * 0.125, 1e-12);
  EXPECT_NEAR(d.at("true/3/0/0"), 0.5 * 0.125, 1e-12);
  EXPECT_NEAR(d.at("false/0/0/0"), 0.5 * 0.5, 1e-12);  // both missed
  EXPECT_NEAR(d.at("false/0/1/2"), 0.5 * 0.5 * 0.375, 1e-12);
  // Shell cannot fire under 6" (D12-14).
  expect_dist(exact(res("shell"), {"range=5"}), {{"false/0/0/0", 1.0}});
  // No units near: a miss is just a miss.
  expect_dist(exact(res("shell"), {"nearby-units=0", "gunnery=0"}), {{"false/0/0/0", 1.0}});
}

TEST(ElanDrillShrapnel, HalfRangeAndSevenDice) {
  // Heavy shrapnel 7D (L170); maximum ½ of 60" = 30", long beyond 15": at 10" to hit on
  // 6 + 1 (heavy, D12-33) = 7; effect 7D vs 6: mean hits given a hit 3.5.
  const Dist d = exact(res("shrapnel"), {"gun=heavy", "range=10", "nearby-units=0"});
  double hit = 0;
  double hits = 0;
  for (const auto& [k, p] : d) {
    if (k.rfind("true/", 0) == 0) {
      hit += p;
      hits += std::stoi(k.substr(5)) * p;
    }
  }
  EXPECT_NEAR(hit, 7.0 / 12, 1e-12);
  EXPECT_NEAR(hits, 7.0 / 12 * 3.5, 1e-9);
  // Without the class modifiers (option D12-33): 6/12.
  const Dist plain =
      exact(res("shrapnel"), {"gun=heavy", "range=10", "nearby-units=0", "class-modifiers=false"});
  EXPECT_NEAR(1 - plain.at("false/0/0/0"), 0.5, 1e-12);
  expect_dist(exact(res("shrapnel"), {"gun=heavy", "range=31"}), {{"false/0/0/0", 1.0}});
}

TEST(ElanDrillSave, ExperienceModifiersAndCaps) {
  // One hit, Steady 6 (L246): saved 1/2, casualty 5/12, special 1/12 (natural 12, L261).
  expect_dist(exact(res("save"), {"hits=1"}), {{"0/0", 0.5}, {"1/0", 5.0 / 12}, {"1/1", 1.0 / 12}});
  // Conscript 5 with 1 DM (L251), flank (L254): 5 - 1 - 2 = 2: casualties 10/12.
  const Dist c = exact(res("save"), {"hits=1", "experience=conscript", "dms=1", "flank-rear=true"});
  EXPECT_NEAR(c.at("0/0"), 2.0 / 12, 1e-12);
  // Veteran 7 + trained skirmisher 2 (L252) + hard cover 3 (L256) = 12, capped at 11 in cover
  // (L259): only the natural 12 fails, as a special casualty.
  expect_dist(
      exact(res("save"), {"hits=1", "experience=veteran", "skirmisher=trained", "cover=hard"}),
      {{"0/0", 11.0 / 12}, {"1/1", 1.0 / 12}});
  // Uncapped and no special rule (options R-001-4): 12 saves too.
  expect_dist(exact(res("save"), {"hits=1", "experience=veteran", "skirmisher=trained",
                                  "cover=hard", "caps=none", "special=false"}),
              {{"0/0", 1.0}});
  // Skirmisher bonuses are vs fire only (L252-L253): in melee the veteran saves on 7 + 3.
  EXPECT_NEAR(exact(res("save"), {"hits=1", "experience=veteran", "skirmisher=trained",
                                  "cover=hard", "attack=melee"})
                  .at("0/0"),
              10.0 / 12, 1e-12);
  // Hard cover vs heavy solid shot only +1 (L257): 6 + 1 = 7; soft cover nothing vs solid
  // shot (L255); ad hoc skirmisher or artillery +1 (L253).
  EXPECT_NEAR(exact(res("save"), {"hits=1", "cover=hard", "attack=heavy-solid-shot"}).at("0/0"),
              7.0 / 12, 1e-12);
  EXPECT_NEAR(exact(res("save"), {"hits=1", "cover=soft", "attack=solid-shot"}).at("0/0"), 6.0 / 12,
              1e-12);
  EXPECT_NEAR(exact(res("save"), {"hits=1", "cover=soft"}).at("0/0"), 7.0 / 12, 1e-12);
  EXPECT_NEAR(exact(res("save"), {"hits=1", "artillery=true"}).at("0/0"), 7.0 / 12, 1e-12);
  // Mean casualties of 10 hits at save 6: 10 × 6/12.
  EXPECT_NEAR(mean_first(exact(res("save"), {})), 5, 1e-9);
}

TEST(ElanDrillCloseAction, HitsThenSaves) {
  // One figure, skill 5: hit 5/12; the steady target saves on 6: casualty 5/12 × 5/12,
  // special 5/12 × 1/12.
  expect_dist(exact(res("close-action"), {"figures=1"}), {{"0/0/0", 7.0 / 12},
                                                          {"1/0/0", 5.0 / 12 * 0.5},
                                                          {"1/1/0", 5.0 / 12 * 5.0 / 12},
                                                          {"1/1/1", 5.0 / 12 / 12}});
  // Flank contact: +1D per figure (L229), and the target saves at -2 (L254).
  const Dist f = exact(res("close-action"), {"figures=1", "flank-rear=true", "skill=6"});
  double hits = 0;
  double cas = 0;
  for (const auto& [k, p] : f) {
    hits += std::stoi(k.substr(0, 1)) * p;
    cas += std::stoi(k.substr(2, 1)) * p;
  }
  EXPECT_NEAR(hits, 1.0, 1e-12);
  EXPECT_NEAR(cas, 1.0 * 8.0 / 12, 1e-12);
  // Cavalry vs square -2 (L234), obstacle -2 (L233), march column -2 (L238): 6 - 6 = 0.
  expect_dist(exact(res("close-action"), {"skill=6", "cavalry-vs-square=true",
                                          "obstacle-or-bua=true", "march-column=true"}),
              {{"0/0/0", 1.0}});
}

// D12-18: a broken unit caught in a new close action hits at `broken-to-hit` (option
// d12_18_broken_to_hit, default -2): skill 6 - 2 = 4, i.e. a hit on 4/12; at -5, 1/12; at 0
// it fights as if formed.
TEST(ElanDrillCloseAction, BrokenToHit_D12_18) {
  auto hit = [](std::vector<std::string> a) {
    a.insert(a.end(), {"figures=1", "skill=6"});
    double p = 0;
    for (const auto& [k, q] : exact(res("close-action"), a)) p += k[0] == '1' ? q : 0;
    return p;
  };
  EXPECT_NEAR(hit({"broken=true"}), 4.0 / 12, 1e-12);
  EXPECT_NEAR(hit({"broken=true", "broken-to-hit=-5"}), 1.0 / 12, 1e-12);
  EXPECT_NEAR(hit({"broken=true", "broken-to-hit=0"}), 6.0 / 12, 1e-12);
  EXPECT_NEAR(hit({"broken-to-hit=-5"}), 6.0 / 12, 1e-12);  // only a broken attacker
}

TEST(ElanDrillFireResolutions, MonteCarloAgreesWithTheExactOdds) {
  expect_monte_carlo(res("small-arms"), {"figures=8"}, 11);
  expect_monte_carlo(res("canister"), {"gun=light"}, 12);
  expect_monte_carlo(res("solid-shot"), {"further-targets=1"}, 13);
  expect_monte_carlo(res("shell"), {"nearby-units=2"}, 14);
  expect_monte_carlo(res("shrapnel"), {"gun=light", "range=5"}, 15);
  expect_monte_carlo(res("save"), {"hits=4", "cover=soft"}, 16);
  expect_monte_carlo(res("close-action"), {"figures=3"}, 17);
}

// small-arms' prepare step (the parameters read once per enumeration) enumerates as its
// resolve does, over every parameter's values.
TEST(ElanDrillSmallArms, PreparedEnumerationIsResolves) {
  test::expect_prepared_as_resolved_everywhere(res("small-arms"));
}

}  // namespace
}  // namespace smoothbore::elan_drill
