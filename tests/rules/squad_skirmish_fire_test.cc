// The squad-skirmish `fire` resolution against hand-worked probabilities: one d10, modified
// 8+ kills (L58); a natural 10 always kills (SK-04) and the victim d10 reads 1-5 ranker, 6-8
// squad leader, 9-0 officer (L81, SK-05); canister at close range +4 and rolls again for
// every modified score over 10 (L75, SK-08). Keys are "kills/victim".
#include <cmath>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "resolution_test_util.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish {
namespace {

using test::Dist;
using test::exact;
using test::expect_dist;
using test::expect_monte_carlo;
using ::testing::HasSubstr;

const Resolution& fire() { return test::find_resolution(resolutions(), "fire"); }

// P(kills = k) summed over the victims.
double p_kills(const Dist& d, int k) {
  double p = 0;
  const std::string prefix = std::to_string(k) + "/";
  for (const auto& [key, v] : d) {
    if (key.rfind(prefix, 0) == 0) p += v;
  }
  return p;
}

TEST(SquadSkirmishFire, MusketCloseAndEffective) {
  // 10" is close (<= 12", L63): +1, so faces 7-10 kill. Faces 7-9 kill a ranker; a 10 rolls
  // the victim: 5 in 10 ranker, 3 squad leader, 2 officer.
  expect_dist(
      exact(fire(), {}),
      {{"0/none", 0.60}, {"1/ranker", 0.35}, {"1/squad-leader", 0.03}, {"1/officer", 0.02}});
  const Params p = test::params(fire(), {});
  const auto d = exact_distribution(fire(), p);
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(*d[2].fraction, make_fraction(BigInt(7), BigInt(20)));  // 1/ranker
  // 20" is effective (<= 24"): no modifier, faces 8-10.
  expect_dist(
      exact(fire(), {"range=20"}),
      {{"0/none", 0.70}, {"1/ranker", 0.25}, {"1/squad-leader", 0.03}, {"1/officer", 0.02}});
  // Beyond 24": no fire.
  expect_dist(exact(fire(), {"range=24.5"}), {{"0/none", 1.0}});
  expect_dist(exact(fire(), {"range=24"}), exact(fire(), {"range=20"}));
}

TEST(SquadSkirmishFire, ModifiersFromTheTable) {
  // Rifle at 15": close +1, rifle +1 (L67-L68): faces 6-10.
  EXPECT_NEAR(1 - exact(fire(), {"weapon=rifle", "range=15"}).at("0/none"), 0.5, 1e-12);
  // Rifle at 30": effective, rifle +1: faces 7-10; tap-loaded it fires as a musket (L73),
  // whose effective range is 24": no fire.
  EXPECT_NEAR(1 - exact(fire(), {"weapon=rifle", "range=30"}).at("0/none"), 0.4, 1e-12);
  expect_dist(exact(fire(), {"weapon=rifle", "range=30", "tap-loaded=true"}), {{"0/none", 1.0}});
  // Tap-loaded at 10": musket close +1, no rifle +1.
  expect_dist(exact(fire(), {"weapon=rifle", "tap-loaded=true"}), exact(fire(), {}));
  // Blunderbuss: close (3") +1 and blunderbuss +1; at 3.5" only the +1.
  EXPECT_NEAR(1 - exact(fire(), {"weapon=blunderbuss", "range=3"}).at("0/none"), 0.5, 1e-12);
  EXPECT_NEAR(1 - exact(fire(), {"weapon=blunderbuss", "range=3.5"}).at("0/none"), 0.4, 1e-12);
  // Veteran +1, formed target +1, volley +1, soft cover -1: net +2 with close: faces 5-10.
  EXPECT_NEAR(1 - exact(fire(), {"quality=veteran", "target-formed=true", "volley=true",
                                 "target-cover=soft"})
                      .at("0/none"),
              0.6, 1e-12);
  // Green -1 and mounted -1 at close: -1, faces 9-10.
  EXPECT_NEAR(1 - exact(fire(), {"quality=green", "mounted=true"}).at("0/none"), 0.2, 1e-12);
  // Heroes (L99, §10): a wounded squad leader's -1 applies to his fire too: at 20" (no
  // modifier) faces 9-10 instead of 8-10.
  EXPECT_NEAR(1 - exact(fire(), {"range=20", "wounded=true"}).at("0/none"), 0.2, 1e-12);
  EXPECT_NEAR(1 - exact(fire(), {"range=20"}).at("0/none"), 0.3, 1e-12);
}

TEST(SquadSkirmishFire, NaturalTenAlwaysKillsAndPicksTheVictim) {
  // Green, mounted, hard cover at effective range: -4, no face reaches 8; only a natural 10
  // kills (SK-04).
  const std::vector<std::string> hopeless = {"range=20", "quality=green", "mounted=true",
                                             "target-cover=hard"};
  expect_dist(
      exact(fire(), hopeless),
      {{"0/none", 0.90}, {"1/ranker", 0.05}, {"1/squad-leader", 0.03}, {"1/officer", 0.02}});
  std::vector<std::string> no_auto = hopeless;
  no_auto.push_back("natural-10-kills=false");
  expect_dist(exact(fire(), no_auto), {{"0/none", 1.0}});
  // No squad leader and no officer near (SK-05): every victim is a ranker, or (the
  // alternative) a 6-0 victim roll kills nobody.
  expect_dist(exact(fire(), {"squad-leader=false", "officer=false"}),
              {{"0/none", 0.60}, {"1/ranker", 0.40}});
  expect_dist(exact(fire(), {"squad-leader=false", "officer=false", "missing-victim=no-kill"}),
              {{"0/none", 0.65}, {"1/ranker", 0.35}});
  // SK-03 alternative: a modified 10+ (faces 9 and 10 at +1) rolls the victim.
  expect_dist(
      exact(fire(), {"natural-10=modified"}),
      {{"0/none", 0.60}, {"1/ranker", 0.30}, {"1/squad-leader", 0.06}, {"1/officer", 0.04}});
}

TEST(SquadSkirmishFire, CannonBallAndCanister) {
  // Ball at 40" (close <= 48"): +1 (SK-24), or nothing with ball-close=none.
  EXPECT_NEAR(1 - exact(fire(), {"weapon=cannon", "range=40"}).at("0/none"), 0.4, 1e-12);
  EXPECT_NEAR(1 - exact(fire(), {"weapon=cannon", "range=40", "ball-close=none"}).at("0/none"), 0.3,
              1e-12);
  // Canister at 40": +4, faces 4-10 kill, 7-10 score over 10 and roll again (L75). A shot
  // misses 3/10, kills and stops 3/10, kills and chains 4/10, so (victims aside) P(k kills)
  // = 0.3·0.4^(k-1) + 0.4^k·0.3 = 0.42·0.4^(k-1), until the target squad's size (SK-08).
  const Dist can = exact(fire(), {"weapon=cannon", "range=40", "canister=true"});
  EXPECT_NEAR(p_kills(can, 0), 0.3, 1e-12);
  for (int k = 1; k <= 9; ++k) EXPECT_NEAR(p_kills(can, k), 0.42 * std::pow(0.4, k - 1), 1e-12);
  EXPECT_NEAR(p_kills(can, 10), std::pow(0.4, 9) * 0.7, 1e-12);  // 10 figures: the cap
  EXPECT_NEAR(p_kills(can, 11), 0, 1e-15);
  const Dist two = exact(fire(), {"weapon=cannon", "range=40", "canister=true", "target-size=2"});
  EXPECT_NEAR(p_kills(two, 2), 0.28, 1e-12);
  // A chain can kill both the squad leader and the officer: 2 kills, each a natural 10.
  EXPECT_GT(can.at("2/squad-leader+officer"), 0);
  // Canister without the reroll (SK-08 alternative): one kill at most, 7/10.
  const Dist one =
      exact(fire(), {"weapon=cannon", "range=40", "canister=true", "canister-chain=none"});
  EXPECT_NEAR(p_kills(one, 1), 0.7, 1e-12);
  // Canister beyond close range (60"): no +4 and no reroll: faces 8-10.
  const Dist far = exact(fire(), {"weapon=cannon", "range=60", "canister=true"});
  EXPECT_NEAR(p_kills(far, 1), 0.3, 1e-12);
  EXPECT_NEAR(p_kills(far, 2), 0, 1e-15);
  // A musket ignores canister=true.
  expect_dist(exact(fire(), {"canister=true"}), exact(fire(), {}));
}

TEST(SquadSkirmishFire, RecordsFacesAndModifiersWithTheirLines) {
  Rng rng(20240805, 9);
  const Params p = test::params(fire(), {"weapon=rifle", "quality=veteran", "target-cover=soft"});
  for (int i = 0; i < 50; ++i) {
    std::vector<RollRecord> explain;
    const Outcome o = sample(fire(), p, rng, &explain);
    ASSERT_EQ(explain.size(), 1u);
    const RollRecord& r = explain[0];
    EXPECT_EQ(r.purpose, "fire");
    EXPECT_EQ(r.base, 8);
    EXPECT_EQ(r.base_ref, "8 or better is kill (target is squad) (L58)");
    ASSERT_EQ(r.modifiers.size(), 4u);
    EXPECT_EQ(r.modifiers[0].ref, "L67, SK-24");  // close range
    EXPECT_EQ(r.modifiers[1].ref, "L68, L73");    // rifle
    EXPECT_EQ(r.modifiers[2].ref, "L70");         // veteran
    EXPECT_EQ(r.modifiers[3].ref, "L67, SK-19");  // soft cover
    ASSERT_GE(r.faces.size(), 1u);
    const int face = r.faces[0];
    const bool killed = std::get<std::int64_t>(o[0].second) == 1;
    EXPECT_EQ(killed, face + 2 >= 8) << face;
    // A natural 10 rolls a second die, the victim's.
    EXPECT_EQ(r.faces.size(), face == 10 ? 2u : 1u);
    if (face == 10) {
      EXPECT_THAT(r.result, HasSubstr("natural 10"));
    }
  }
}

TEST(SquadSkirmishFire, MonteCarloAgreesWithExact) {
  expect_monte_carlo(fire(), {}, 11);
  expect_monte_carlo(fire(), {"range=20", "quality=green", "target-cover=hard"}, 12);
  expect_monte_carlo(fire(), {"weapon=cannon", "range=40", "canister=true"}, 13);
  expect_monte_carlo(fire(),
                     {"weapon=cannon", "range=30", "canister=true", "quality=veteran",
                      "target-formed=true", "volley=true", "target-size=6"},
                     14);
  expect_monte_carlo(fire(), {"natural-10=modified", "squad-leader=false"}, 15);
}

}  // namespace
}  // namespace smoothbore::squad_skirmish
