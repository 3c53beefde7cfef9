// Élan, close-to-melee, Drill and rally resolutions of elan-drill against hand-worked
// probabilities (R-001-1: each D12 fails on a face above the factor, so with factor f a die
// fails with q = (12 - f)/12 and k failures of n dice have C(n,k) (f/12)^(n-k) q^k), and
// seeded Monte Carlo of the real dice against the exact distribution.
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "resolution_test_util.h"
#include "rules/elan_drill/elan_drill.h"
#include "rules/elan_drill/pool.h"
#include "rules/elan_drill/resolutions.h"
#include "rules/elan_drill_res.h"

namespace smoothbore::elan_drill {
namespace {

using test::Dist;
using test::exact;
using test::expect_dist;
using test::expect_monte_carlo;

using resolution_test::res;

// P(outcome) summed over the outcomes whose key starts with `prefix` ("0/", "2/shaken").
double p_of(const Dist& d, const std::string& prefix) {
  double p = 0;
  for (const auto& [k, v] : d) {
    if (k.rfind(prefix, 0) == 0) p += v;
  }
  return p;
}

TEST(ElanDrillPool, ExactCountsMatchTheBinomialAndTheRealDice) {
  // 3 dice vs factor 7: P(0 failures) = 7^3/12^3 = 343/1728; P(3) = 5^3/1728 = 125/1728.
  auto d = enumerate_exact<int>([](Chance& c) { return roll_pool(3, 7, c, nullptr).failures; });
  ASSERT_TRUE(d.has_value());
  ASSERT_EQ(d->size(), 4u);
  EXPECT_EQ(*(*d)[0].fraction, make_fraction(BigInt(343), BigInt(1728)));
  EXPECT_EQ(*(*d)[1].fraction, make_fraction(BigInt(735), BigInt(1728)));  // 3·49·5
  EXPECT_EQ(*(*d)[2].fraction, make_fraction(BigInt(525), BigInt(1728)));  // 3·7·25
  EXPECT_EQ(*(*d)[3].fraction, make_fraction(BigInt(125), BigInt(1728)));
  // Factors 0 and 12 are certain: no chance node, one outcome.
  auto all_fail =
      enumerate_exact<int>([](Chance& c) { return roll_pool(5, 0, c, nullptr).failures; });
  ASSERT_EQ(all_fail->size(), 1u);
  EXPECT_EQ((*all_fail)[0].outcome, 5);
  auto none_fail =
      enumerate_exact<int>([](Chance& c) { return roll_pool(5, 12, c, nullptr).failures; });
  EXPECT_EQ((*none_fail)[0].outcome, 0);
  // Sampling rolls real faces and records them: each face ≤ factor is a success.
  Rng rng(7, 0);
  SampledChance sc(rng);
  RollRecord r;
  const PoolResult p = roll_pool(6, 7, sc, &r);
  ASSERT_EQ(r.faces.size(), 6u);
  int successes = 0;
  for (int f : r.faces) successes += f <= 7 ? 1 : 0;
  EXPECT_EQ(p.successes, successes);
  EXPECT_EQ(r.dice, "6d12");
}

TEST(ElanDrillPool, SavesSplitNatural12s) {
  // One hit, save 6: saved 6/12, casualty on 7-11 (5/12), special on 12 (1/12).
  auto d = enumerate_exact<std::pair<int, int>>([](Chance& c) {
    const SaveResult s = roll_saves(1, 6, true, c, nullptr);
    return std::pair{s.casualties, s.special};
  });
  ASSERT_EQ(d->size(), 3u);
  EXPECT_EQ((*d)[0].outcome, (std::pair{0, 0}));
  EXPECT_EQ(*(*d)[0].fraction, Fraction(1, 2));
  EXPECT_EQ((*d)[1].outcome, (std::pair{1, 0}));
  EXPECT_EQ(*(*d)[1].fraction, Fraction(5, 12));
  EXPECT_EQ((*d)[2].outcome, (std::pair{1, 1}));
  EXPECT_EQ(*(*d)[2].fraction, Fraction(1, 12));
}

TEST(ElanDrillElanTest, ThreeDiceAtSevenAsTheDigestSays) {
  // §4.4: f = 7, n = 3: P(success) = (7/12)^3 = 19.85%; 1 failure disrupted (735/1728),
  // 2-3 shaken with one DM per failure.
  expect_dist(exact(res("elan-test"), {"dice=3"}), {{"0/success/0/false", 343.0 / 1728},
                                                    {"1/disrupted/1/false", 735.0 / 1728},
                                                    {"2/shaken/2/false", 525.0 / 1728},
                                                    {"3/shaken/3/false", 125.0 / 1728}});
}

TEST(ElanDrillElanTest, ColumnClosingIsTheDigests58Percent) {
  // Infantry closing in the clear: 3D (L43); in column +3 (L62): f = 10, (10/12)^3 = 57.9%.
  const Dist d = exact(res("elan-test"), {"close-to-melee=infantry-clear", "formation=column"});
  EXPECT_NEAR(p_of(d, "0/"), 1000.0 / 1728, 1e-12);
  // The close-action modifiers do not apply outside close action (L58).
  const Dist calm = exact(res("elan-test"), {"dice=3", "formation=column"});
  EXPECT_NEAR(p_of(calm, "0/"), 343.0 / 1728, 1e-12);
}

TEST(ElanDrillElanTest, TriggersAndDiceModifiersAddDice) {
  // With f = 6 each die fails half the time, so P(0 failures) = 2^-n tells n.
  auto n_dice = [](std::vector<std::string> a) {
    a.push_back("factor=6");
    const double p0 = p_of(exact(res("elan-test"), a), "0/");
    return static_cast<int>(std::lround(-std::log2(p0)));
  };
  EXPECT_EQ(n_dice({"fire-casualties=5"}), 2);                                  // L34: 1D per two
  EXPECT_EQ(n_dice({"fire-casualties=5", "shell-casualties=3"}), 3);            // L35, D12-03
  EXPECT_EQ(n_dice({"shell-casualties=3", "casualty-dice=per-casualty"}), 3);   // option
  EXPECT_EQ(n_dice({"round=2"}), 2);                                            // L39
  EXPECT_EQ(n_dice({"round=3", "flank-rear=true", "figures-lost-more=2"}), 6);  // L40, L49, L50
  EXPECT_EQ(n_dice({"close-to-melee=cavalry-terrain-or-square", "below-half=true"}), 4);  // L42
  EXPECT_EQ(n_dice({"friends-broken=2"}), 2);                                             // L45
  EXPECT_EQ(n_dice({}), 1);                        // no trigger: minimum 1
  EXPECT_EQ(n_dice({"dice=0", "min-dice=0"}), 0);  // option: no test at all
}

TEST(ElanDrillElanTest, FourFailuresBreakAndSoDoFourDms) {
  // Factor 0 (7 - 7 DMs): every die fails; 4 dice → 4 failures → Break (L74).
  expect_dist(exact(res("elan-test"), {"dice=4", "dms=7"}), {{"4/break/0/true", 1.0}});
  // 3 DMs and one die at f = 6 - 3 = 3 (L55): a failure (9/12) disrupts, the 4th DM breaks
  // (R-001-3).
  expect_dist(exact(res("elan-test"), {"dice=1", "factor=6", "dms=3"}),
              {{"0/success/0/false", 0.25}, {"1/disrupted/1/true", 0.75}});
  // Break threshold option 5: not broken.
  expect_dist(exact(res("elan-test"), {"dice=1", "factor=6", "dms=3", "break-dms=5"}),
              {{"0/success/0/false", 0.25}, {"1/disrupted/1/false", 0.75}});
}

TEST(ElanDrillElanTest, FactorModifiers) {
  // Square/cover +1 (L56), leader +1 (D12-22): f = 9; one die fails 3/12.
  const Dist d = exact(res("elan-test"), {"square-or-cover=true", "leader=true"});
  EXPECT_NEAR(p_of(d, "1/"), 0.25, 1e-12);
  // In close action (round 1, 1D): outnumbered -1, march column -2, uphill +1, lighter
  // cavalry -1, opponent skirmish +2, attacking flank +2: f = 7 + 1 = 8 → fails 4/12.
  const Dist c = exact(res("elan-test"), {"round=1", "outnumbered=true", "formation=march-column",
                                          "uphill=true", "lighter-cavalry=true",
                                          "opponent-skirmish=true", "attacking-flank-rear=true"});
  EXPECT_NEAR(p_of(c, "1/"), 4.0 / 12, 1e-12);
  // Factor 14 never fails (R-001-1 no cap); clamped to 11 it fails 1/12.
  EXPECT_NEAR(p_of(exact(res("elan-test"), {"factor=12", "leader=true", "leader-bonus=2"}), "0/"),
              1.0, 1e-12);
  EXPECT_NEAR(p_of(exact(res("elan-test"), {"factor=12", "factor-cap=1-11"}), "1/"), 1.0 / 12,
              1e-12);
}

TEST(ElanDrillCloseToMelee, DisruptedChargersCloseOnlyWithAtMostOneDm) {
  // Cavalry in the clear: 1D (L41); 1 DM: f = 6, a failure half the time. Disrupted gives
  // a 2nd DM: with the DM counted after (D12-15 default) it halts, before it closes (L72).
  expect_dist(exact(res("close-to-melee"), {"arm=cavalry", "dms=1"}),
              {{"0/success/0/false/true", 0.5}, {"1/disrupted/1/false/false", 0.5}});
  expect_dist(exact(res("close-to-melee"), {"arm=cavalry", "dms=1", "dm-count=before"}),
              {{"0/success/0/false/true", 0.5}, {"1/disrupted/1/false/true", 0.5}});
  // A defender stands unless broken (L72-L73): infantry vs square... 1D at f = 0 with 3 DMs
  // fails: disrupted, 4th DM breaks it (R-001-3): no contact.
  expect_dist(exact(res("close-to-melee"),
                    {"role=defender", "ground=terrain-or-square", "factor=3", "dms=3"}),
              {{"1/disrupted/1/true/false", 1.0}});
  // Infantry in the clear: 3D (L43): contact on 0 failures or 1 (with no old DM).
  const Dist inf = exact(res("close-to-melee"), {});
  EXPECT_NEAR(p_of(inf, "0/"), 343.0 / 1728, 1e-12);
  EXPECT_NEAR(inf.at("1/disrupted/1/false/true"), 735.0 / 1728, 1e-12);
}

TEST(ElanDrillDrillTest, ChargeResponseTwoDice) {
  // 2D at Drill 7 (L87): 49/144 success, 70/144 sloppy, 25/144 failure (2 DMs).
  expect_dist(exact(res("drill-test"), {}), {{"0/success/0/false/true", 49.0 / 144},
                                             {"1/sloppy/1/false/true", 70.0 / 144},
                                             {"2/failure/2/false/false", 25.0 / 144}});
  // Restricted -2 (L94) and flank -2 (L95): f = 3, one die (break-off, L88) fails 9/12.
  expect_dist(exact(res("drill-test"), {"action=break-off", "restricted=true", "flank-rear=true"}),
              {{"0/success/0/false/true", 0.25}, {"1/sloppy/1/false/true", 0.75}});
}

TEST(ElanDrillDrillTest, NoRollResponsesAndDisgrace) {
  // Stand and Fire / Evade need no Drill roll (L111, L115).
  expect_dist(exact(res("drill-test"), {"action=stand-and-fire"}),
              {{"0/success/0/false/true", 1.0}});
  expect_dist(exact(res("drill-test"), {"action=evade"}), {{"0/success/0/false/true", 1.0}});
  // Counter charge 2D (L117) — the same as a generic response.
  EXPECT_EQ(exact(res("drill-test"), {"action=counter-charge"}), exact(res("drill-test"), {}));
  // 4 dice at factor 0: Disgrace, 4 DMs and broken (L103) for a unit that moves...
  expect_dist(exact(res("drill-test"), {"dice=4", "factor=0"}), {{"4/disgrace/4/true/false", 1.0}});
  // ...and no DMs for one that neither moves nor changes formation.
  expect_dist(exact(res("drill-test"), {"dice=4", "factor=0", "moving=false"}),
              {{"4/disgrace/0/false/false", 1.0}});
  // Change formation & charge: 3D (L82); at f = 6 each die fails half the time.
  EXPECT_NEAR(p_of(exact(res("drill-test"), {"action=change-formation-charge", "factor=6"}), "0/"),
              0.125, 1e-12);
}

TEST(ElanDrillRally, SuccessesRemoveDms) {
  // Stationary 3D (L33) at 7 - 1 DM = 6: successes ~ Binomial(3, 1/2); any success clears
  // the single DM (R-001-2).
  expect_dist(
      exact(res("rally"), {}),
      {{"0/1/false", 0.125}, {"1/0/false", 0.375}, {"2/0/false", 0.375}, {"3/0/false", 0.125}});
  // Broken with 4 DMs, moving (1D, L32) + leader within 4" (+1D, D12-22): f = 3, so
  // P(no success) = (9/12)^2 = 9/16; any success stops the rout (R-001-2, R-001-3).
  const Dist d = exact(res("rally"), {"stance=moving", "dms=4", "broken=true", "leader-near=true"});
  EXPECT_NEAR(d.at("0/4/true"), 9.0 / 16, 1e-12);
  EXPECT_NEAR(d.at("1/3/false"), 6.0 / 16, 1e-12);
  EXPECT_NEAR(d.at("2/2/false"), 1.0 / 16, 1e-12);
}

TEST(ElanDrillRally, FailuresModeReadsTheResultTable) {
  // Option R-001-2 mode=failures, moving 1D at f = 6: 0 failures rally (1 DM off), 1
  // failure disrupts (+1 DM).
  expect_dist(exact(res("rally"), {"stance=moving", "mode=failures"}),
              {{"0/2/false", 0.5}, {"1/0/false", 0.5}});
}

TEST(ElanDrillRally, RecordReadsTheCountTheDiceAndTheDmsLeft) {
  // The record's text in both modes: the count and its effect, the dice, the DMs left.
  for (const char* mode : {"mode=successes", "mode=failures"}) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      Rng rng(seed, 0);
      std::vector<RollRecord> records;
      const Params p = test::params(res("rally"), {"stance=moving", "dms=2", mode});
      const Outcome o = sample(res("rally"), p, rng, &records);
      ASSERT_EQ(records.size(), 1u);
      const std::string& text = records[0].result;
      const auto count =
          std::to_string(mode == std::string("mode=failures") ? records[0].faces[0] > 5 ? 1 : 0
                         : records[0].faces[0] <= 5           ? 1
                                                              : 0);
      const auto dms = std::get<std::int64_t>(o[1].second);
      const std::string head = mode == std::string("mode=failures")
                                   ? count + " failures: "
                                   : count + " success" + (count == "1" ? "" : "es") + ": -" +
                                         std::to_string(2 - dms) + " DM (R-001-2); dice: ";
      EXPECT_EQ(text.rfind(head, 0), 0u) << text;
      if (mode == std::string("mode=failures")) {
        EXPECT_NE(text.find("; R-001-2 option mode=failures); dice: +1D "), std::string::npos)
            << text;
      }
      const std::string tail = "; now " + std::to_string(dms) + " DM";
      EXPECT_NE(text.find(tail), std::string::npos) << text;
    }
  }
}

TEST(ElanDrillTestResolutions, MonteCarloAgreesWithTheExactOdds) {
  expect_monte_carlo(res("elan-test"), {"dice=3"}, 1);
  expect_monte_carlo(res("elan-test"), {"round=3", "figures-lost-more=2", "dms=2"}, 2);
  expect_monte_carlo(res("close-to-melee"), {"arm=cavalry", "dms=1"}, 3);
  expect_monte_carlo(res("drill-test"), {"action=change-formation-charge"}, 4);
  expect_monte_carlo(res("rally"), {"dms=3", "broken=true"}, 5);
}

TEST(ElanDrillTestResolutions, ExplainRecordsFacesAndModifiers) {
  Rng rng(11, 0);
  std::vector<RollRecord> records;
  const Params p = test::params(res("elan-test"), {"round=2", "dms=1", "square-or-cover=true"});
  const Outcome o = sample(res("elan-test"), p, rng, &records);
  ASSERT_EQ(records.size(), 1u);
  const RollRecord& r = records[0];
  EXPECT_EQ(r.dice, "2d12");
  EXPECT_EQ(r.faces.size(), 2u);
  EXPECT_EQ(r.base, 7);
  EXPECT_EQ(r.target, 7);  // -1 DM (L55) +1 square (L56)
  ASSERT_EQ(r.modifiers.size(), 2u);
  EXPECT_EQ(r.modifiers[0].ref, "L55");
  EXPECT_EQ(r.modifiers[1].ref, "L56");
  int failures = 0;
  for (int f : r.faces) failures += f > 7 ? 1 : 0;
  EXPECT_EQ(std::get<std::int64_t>(o[0].second), failures);
  EXPECT_NE(r.result.find("End of Close Combat Round 2"), std::string::npos) << r.result;
}

}  // namespace
}  // namespace smoothbore::elan_drill
