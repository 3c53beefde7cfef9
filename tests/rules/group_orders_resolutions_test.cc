// The group-orders resolutions against hand-worked probabilities (one D6 plus modifiers read
// on the L132-L135 and L162-L165 bands, the morale tables of L196-L231 with the General's D4),
// the options changing them, roll records, and seeded Monte Carlo of the real dice against
// the exact distribution.
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "resolution_test_util.h"
#include "rules/group_orders/resolutions.h"

namespace smoothbore::group_orders {
namespace {

using test::exact;
using test::expect_dist;
using test::expect_monte_carlo;
using ::testing::HasSubstr;
using ::testing::Not;

const Resolution& res(const char* name) { return test::find_resolution(resolutions(), name); }

constexpr double k6 = 1.0 / 6;

// Medium infantry at 5 cm: short range, muskets +1 (L103): 1-2 none, 3 → 4 disorganises,
// 4-5 → 5-6 kill 1, 6 → 7 kills 2.
TEST(GroupOrdersShooting, MusketsAtShortRange) {
  const test::Dist d = {{"none", 2 * k6}, {"disorganise", k6}, {"kill-1", 2 * k6}, {"kill-2", k6}};
  expect_dist(exact(res("shooting"), {}), d);
  // A Light Infantry unit of 3 stands: +1 short, -1 lights shooting (L98), +1 for only one
  // extra stand (L104-L105): the same.
  expect_dist(exact(res("shooting"), {"shooter=light-infantry", "stands=3"}), d);
  // Massed, 3 stands: +1 +2 = +3: 1 → 4, 2-3 kill 1, 4-6 kill 2.
  expect_dist(exact(res("shooting"), {"stands=3"}),
              {{"disorganise", k6}, {"kill-1", 2 * k6}, {"kill-2", 3 * k6}});
  // At 10 cm: long range -1: only a 5 (→ 4) disorganises and a 6 kills one.
  expect_dist(exact(res("shooting"), {"range=10"}),
              {{"none", 4 * k6}, {"disorganise", k6}, {"kill-1", k6}});
  expect_dist(exact(res("shooting"), {"range=11"}), {{"none", 1}});  // beyond range
}

TEST(GroupOrdersShooting, ArtilleryBandsAndStandOrders) {
  // Heavy artillery, 4 stands, at 5 cm at a column: +3 extra, +1 at 5 cm (L101), +1 at
  // column (L100) = +5: 1 → 6 kill 1, 2-4 → 7-9 kill 2, 5-6 → 10+ kill 3.
  expect_dist(exact(res("shooting"),
                    {"shooter=heavy-artillery", "stands=4", "range=5", "target-formation=column"}),
              {{"kill-1", k6}, {"kill-2", 3 * k6}, {"kill-3", 2 * k6}});
  // Howitzers get no +1 at column (L100): +4.
  expect_dist(exact(res("shooting"),
                    {"shooter=howitzers", "stands=4", "range=5", "target-formation=column"}),
              {{"kill-1", 2 * k6}, {"kill-2", 3 * k6}, {"kill-3", k6}});
  // Medium artillery at extreme range (31-60 cm): -2: only a 6 disorganises.
  expect_dist(exact(res("shooting"), {"shooter=medium-artillery", "range=45"}),
              {{"none", 5 * k6}, {"disorganise", k6}});
  // Artillery fires only on Stand orders (L20, L22); routers never (L28).
  expect_dist(exact(res("shooting"), {"shooter=heavy-artillery", "orders=advance"}), {{"none", 1}});
  expect_dist(exact(res("shooting"), {"orders=rout"}), {{"none", 1}});
  expect_dist(exact(res("shooting"), {"shooter=heavy-cavalry"}), {{"none", 1}});  // no weapon
}

TEST(GroupOrdersShooting, CoverAndTheOptions) {
  // Hard cover v small arms -2 (H4-05): +1 -2 = -1.
  expect_dist(exact(res("shooting"), {"target-cover=hard"}),
              {{"none", 4 * k6}, {"disorganise", k6}, {"kill-1", k6}});
  // The alternative -1: net 0.
  expect_dist(exact(res("shooting"), {"target-cover=hard", "hard-cover-small-arms=-1"}),
              {{"none", 3 * k6}, {"disorganise", k6}, {"kill-1", 2 * k6}});
  // Soft cover -1, the same as hard at -1.
  expect_dist(exact(res("shooting"), {"target-cover=soft"}),
              exact(res("shooting"), {"target-cover=hard", "hard-cover-small-arms=-1"}));
  // H4-05's other two: soft cover v artillery and hard cover v Heavy artillery / Howitzers
  // are 0 by default (Heavy guns at 5 cm: d6 + 1 artillery close, L103); at -1 they count.
  const std::vector<std::string> guns = {"shooter=heavy-artillery"};
  const test::Dist d6_plus_0 = {{"none", 3 * k6}, {"disorganise", k6}, {"kill-1", 2 * k6}};
  for (const char* cover : {"target-cover=soft", "target-cover=hard"}) {
    expect_dist(exact(res("shooting"), {guns[0], cover}), exact(res("shooting"), guns));
  }
  expect_dist(exact(res("shooting"), {guns[0], "target-cover=soft", "soft-cover-artillery=-1"}),
              d6_plus_0);
  expect_dist(
      exact(res("shooting"), {guns[0], "target-cover=hard", "hard-cover-heavy-artillery=-1"}),
      d6_plus_0);
  expect_dist(exact(res("shooting"), {"shooter=howitzers", "target-cover=hard",
                                      "hard-cover-heavy-artillery=-1", "target-formation=line"}),
              d6_plus_0);
  // Medium guns always take the printed -1 v hard cover (L96), whatever the option.
  expect_dist(exact(res("shooting"), {"shooter=medium-artillery", "target-cover=hard"}), d6_plus_0);
  // h4_musket_extreme20: muskets reach 20 cm at -2 (else out of range).
  expect_dist(exact(res("shooting"), {"range=15"}), {{"none", 1}});
  expect_dist(exact(res("shooting"), {"range=15", "musket-extreme20=true"}),
              {{"none", 5 * k6}, {"disorganise", k6}});
  // h4_li_no_short: light infantry at 5 cm is at long range (-1 -1 lights).
  expect_dist(exact(res("shooting"), {"shooter=light-infantry"}),
              {{"none", 3 * k6}, {"disorganise", k6}, {"kill-1", 2 * k6}});
  expect_dist(exact(res("shooting"), {"shooter=light-infantry", "li-no-short=true"}),
              {{"none", 5 * k6}, {"disorganise", k6}});
  // h4_bow_long5: bows at 7 cm are at long range (L86), or out of range.
  expect_dist(exact(res("shooting"), {"weapon=bow", "range=7"}),
              {{"none", 4 * k6}, {"disorganise", k6}, {"kill-1", k6}});
  expect_dist(exact(res("shooting"), {"weapon=bow", "range=7", "bow-long5=true"}), {{"none", 1}});
  // Spears: no muskets' +1 at short range (H4-20) unless the option gives it.
  expect_dist(exact(res("shooting"), {"weapon=spear", "range=2"}),
              {{"none", 3 * k6}, {"disorganise", k6}, {"kill-1", 2 * k6}});
  expect_dist(exact(res("shooting"), {"weapon=spear", "range=2", "spear-short-bonus=true"}),
              exact(res("shooting"), {}));
  // First shot by massed muskets +1 (H4-21), off with first-shot-rule=none.
  expect_dist(exact(res("shooting"), {"first-shot=true"}),
              {{"none", k6}, {"disorganise", k6}, {"kill-1", 2 * k6}, {"kill-2", 2 * k6}});
  expect_dist(exact(res("shooting"), {"first-shot=true", "first-shot-rule=none"}),
              exact(res("shooting"), {}));
}

TEST(GroupOrdersShooting, RecordsTheFaceAndEveryModifier) {
  Rng rng(11, 2);
  std::vector<RollRecord> explain;
  const Params p = test::params(res("shooting"), {"stands=2", "disordered=true"});
  sample(res("shooting"), p, rng, &explain);
  ASSERT_EQ(explain.size(), 1u);
  const RollRecord& r = explain[0];
  EXPECT_EQ(r.dice, "d6");
  ASSERT_EQ(r.faces.size(), 1u);
  ASSERT_EQ(r.modifiers.size(), 3u);  // muskets short +1, disordered -1, extra stand +1
  EXPECT_EQ(r.modifiers[0].ref, "L103");
  EXPECT_EQ(r.modifiers[1].ref, "L99");
  EXPECT_EQ(r.modifiers[2].ref, "L104-L105, H4-22");
  EXPECT_EQ(r.target, r.faces[0] + 1);
  EXPECT_THAT(r.result, HasSubstr("reconstructed cell, H4-24"));
  // h4_24_note_reconstructed = false: the same shot without the note.
  explain.clear();
  sample(res("shooting"),
         test::params(res("shooting"), {"stands=2", "disordered=true", "note-reconstructed=false"}),
         rng, &explain);
  ASSERT_EQ(explain.size(), 1u);
  EXPECT_THAT(explain[0].result, Not(HasSubstr("H4-24")));
  EXPECT_THAT(explain[0].result, HasSubstr("ranges of"));
}

// Medium infantry against medium infantry, 1 stand, factors 3 v 3: a 5 or 6 kills a stand.
TEST(GroupOrdersMelee, EvenFight) {
  expect_dist(exact(res("melee"), {}), {{"none", 4 * k6}, {"kill-1", 2 * k6}});
  // Medium v Heavy Infantry: 3 v 4 (L53): -1, only a 6.
  expect_dist(exact(res("melee"), {"enemy-type=heavy-infantry"}),
              {{"none", 5 * k6}, {"kill-1", k6}});
  // Medium v Heavy Cavalry: 3 v 3 (L37: 3 versus Infantry).
  expect_dist(exact(res("melee"), {"enemy-type=heavy-cavalry"}), exact(res("melee"), {}));
  // Medium v Heavy Cavalry as cavalry: 3 v 4, -1; routing Heavy Cavalry counts 0 (L28).
  expect_dist(exact(res("melee"), {"unit-type=medium-cavalry", "enemy-type=heavy-cavalry"}),
              {{"none", 5 * k6}, {"kill-1", k6}});
  expect_dist(exact(res("melee"),
                    {"unit-type=medium-cavalry", "enemy-type=heavy-cavalry", "enemy-routing=true"}),
              exact(res("melee"), {}));
  // Routers may not fight (L28).
  expect_dist(exact(res("melee"), {"orders=rout"}), {{"none", 1}});
}

TEST(GroupOrdersMelee, SquareStandsAndTerrain) {
  // Massed infantry in square v cavalry +1 (L148), 3 stands +2: +3: 1 none, 2-3 kill 1,
  // 4-6 kill 2.
  const test::Dist sq = {{"none", k6}, {"kill-1", 2 * k6}, {"kill-2", 3 * k6}};
  expect_dist(
      exact(res("melee"), {"enemy-type=heavy-cavalry", "formation=square", "stands-in-contact=3"}),
      sq);
  expect_dist(exact(res("melee"),
                    {"enemy-type=heavy-cavalry", "formation=column-deep", "stands-in-contact=3"}),
              sq);
  // Lights count one extra stand only (L151).
  expect_dist(exact(res("melee"), {"unit-type=light-infantry", "enemy-type=light-infantry",
                                   "stands-in-contact=3"}),
              {{"none", 3 * k6}, {"kill-1", 2 * k6}, {"kill-2", k6}});
  // Massed in type 2 terrain -1 (L157); Light Cavalry (a) is exempt.
  expect_dist(exact(res("melee"), {"terrain=2"}), {{"none", 5 * k6}, {"kill-1", k6}});
  expect_dist(
      exact(res("melee"), {"unit-type=light-cavalry-a", "enemy-type=light-cavalry-a", "terrain=2"}),
      exact(res("melee"), {}));
  // +7 (high morale, flank, overlap, 4 stands, Heavy v Medium Cavalry has no -1): 3+ → 10+.
  expect_dist(exact(res("melee"),
                    {"unit-type=heavy-cavalry", "enemy-type=medium-cavalry", "high-morale=true",
                     "attacking-flank-rear=true", "overlap=true", "stands-in-contact=5"}),
              {{"kill-2", 2 * k6}, {"kill-3", 4 * k6}});
  // No overlap +1 against a square (L149); cavalry charged on Stand -1 (L160).
  expect_dist(exact(res("melee"), {"overlap=true", "enemy-in-square-or-buildings=true"}),
              exact(res("melee"), {}));
  expect_dist(exact(res("melee"), {"unit-type=medium-cavalry", "enemy-type=medium-cavalry",
                                   "orders=stand", "charged=true"}),
              {{"none", 5 * k6}, {"kill-1", k6}});
}

// §6.4 in other circumstances, no modifiers: Massed 1-2 retreat 20 cm, 3 Advance to Stand,
// 4-6 stay; Lights 1-2 rout, 3 retreat 10, 4-5 Advance goes to Retreat 10, 6 stays.
TEST(GroupOrdersMorale, GeneralTestByClass) {
  expect_dist(exact(res("morale"), {}), {{"to-retreat/retreat/20", 2 * k6},
                                         {"advance-to-stand/stand/0", k6},
                                         {"stay/advance/0", 3 * k6}});
  expect_dist(exact(res("morale"), {"class=light"}),
              {{"rout/rout/0", 2 * k6},
               {"to-retreat/retreat/10", k6},
               {"advance-stand-to-retreat/retreat/10", 2 * k6},
               {"stay/advance/0", k6}});
  // Artillery of a Massed Group is Killed on 1-2 (L228, H4-13).
  expect_dist(exact(res("morale"), {"artillery=true", "orders=stand"}),
              {{"artillery-killed/removed/0", 2 * k6},
               {"advance-to-stand/stand/0", k6},  // the row's action; Stand is kept
               {"stay/stand/0", 3 * k6}});
  // 39% of the Group's stands lost: one full 20% (-1), or two to the nearest 20% (H4-12).
  expect_dist(exact(res("morale"), {"losses-percent=39"}), {{"rout/rout/0", k6},
                                                            {"to-retreat/retreat/20", 2 * k6},
                                                            {"advance-to-stand/stand/0", k6},
                                                            {"stay/advance/0", 2 * k6}});
  expect_dist(exact(res("morale"), {"losses-percent=39", "losses=nearest-20"}),
              {{"rout/rout/0", 2 * k6},
               {"to-retreat/retreat/20", 2 * k6},
               {"advance-to-stand/stand/0", k6},
               {"stay/advance/0", k6}});
}

TEST(GroupOrdersMorale, TheReconstructedSplit) {
  // A melee lost: -3 by default (R-004-MOR), -2 under split B.
  expect_dist(exact(res("morale"), {"melees-lost=1"}), {{"rout/rout/0", 3 * k6},
                                                        {"to-retreat/retreat/20", 2 * k6},
                                                        {"advance-to-stand/stand/0", k6}});
  expect_dist(exact(res("morale"), {"melees-lost=1", "split-b=true"}),
              {{"rout/rout/0", 2 * k6},
               {"to-retreat/retreat/20", 2 * k6},
               {"advance-to-stand/stand/0", k6},
               {"stay/advance/0", k6}});
}

TEST(GroupOrdersMorale, ChargeAndRally) {
  // Others charging (L207-L211): Massed keep their orders on 4+, Lights go to Stand below 6.
  expect_dist(exact(res("morale"), {"test=charge"}),
              {{"keep/advance/0", 3 * k6}, {"stand/stand/0", 3 * k6}});
  expect_dist(exact(res("morale"), {"test=charge", "class=light", "lights-charging-lights=true"}),
              {{"keep/advance/0", 3 * k6}, {"stand/stand/0", 3 * k6}});
  expect_dist(exact(res("morale"), {"test=charge", "class=light"}),
              {{"keep/advance/0", k6}, {"stand/stand/0", 5 * k6}});
  // Rallying from Rout is -3 (L193): a Massed Group with no bonus never rallies.
  expect_dist(exact(res("morale"), {"test=rally"}), {{"continue-rout/rout/0", 1}});
  // High morale +1 and the General at 5 cm (always within D4 x 5): a 6 rallies Massed (5+).
  expect_dist(exact(res("morale"), {"test=rally", "high-morale=true", "general-distance=5"}),
              {{"rallied/stand/0", k6}, {"continue-rout/rout/0", 5 * k6}});
  // ... but not Lights (6+ only, L214).
  expect_dist(
      exact(res("morale"), {"test=rally", "class=light", "high-morale=true", "general-distance=5"}),
      {{"continue-rout/rout/0", 1}});
  // The General at 12 cm: the D4 reaches 15 or 20 cm half the time (H4-16): 1/12.
  expect_dist(exact(res("morale"), {"test=rally", "high-morale=true", "general-distance=12"}),
              {{"rallied/stand/0", k6 / 2}, {"continue-rout/rout/0", 1 - k6 / 2}});
  // A fixed 20 cm reach instead: always +1.
  expect_dist(exact(res("morale"), {"test=rally", "high-morale=true", "general-distance=12",
                                    "general-range=fixed-20"}),
              {{"rallied/stand/0", k6}, {"continue-rout/rout/0", 5 * k6}});
  // Split B: rallying -2, so 5 or 6 with the same bonuses.
  expect_dist(exact(res("morale"),
                    {"test=rally", "high-morale=true", "general-distance=5", "split-b=true"}),
              {{"rallied/stand/0", 2 * k6}, {"continue-rout/rout/0", 4 * k6}});
}

TEST(GroupOrdersMorale, RecordsTheGeneralsD4) {
  Rng rng(3, 4);
  std::vector<RollRecord> explain;
  const Params p = test::params(res("morale"), {"general-distance=12"});
  sample(res("morale"), p, rng, &explain);
  ASSERT_EQ(explain.size(), 1u);
  EXPECT_EQ(explain[0].dice, "d4 + d6");
  ASSERT_EQ(explain[0].faces.size(), 2u);
  const bool near = explain[0].faces[0] >= 3;
  EXPECT_EQ(explain[0].modifiers.size(), near ? 1u : 0u);
}

// §6.2 (a): the raw D6 of Musket/Bow armed infantry charging frontally.
TEST(GroupOrdersInfantryCharge, RawD6) {
  expect_dist(exact(res("infantry-charge"), {}), {{"charge/advance", k6}, {"halt/stand", 5 * k6}});
  expect_dist(exact(res("infantry-charge"), {"heavy-or-defences=true"}),
              {{"charge/advance", 2 * k6}, {"halt/stand", 4 * k6}});
  expect_dist(exact(res("infantry-charge"), {"heavy-or-defences=true", "half-strength=true"}),
              {{"charge/advance", k6}, {"halt/stand", 5 * k6}});
}

// H4-02 (proposed): orders change with the General within 20 cm or the C-in-C within 40 cm;
// Retreat to Stand or Reserve needs a morale D6 of 4+ with the Group's morale modifiers
// (H4-02, L169-L194), the General's +1 among them when a D4 x 5 cm reaches him (H4-16); Rout
// is neither left nor chosen.
TEST(GroupOrdersOrderChange, CommandAndTheRetreatTest) {
  auto changes = [](double p) -> test::Dist {
    return {{"changed/stand", p}, {"failed/retreat", 1 - p}};
  };
  // The General at 10 cm: +1 when the D4 is 2+ (3/4): 3/4 x 4/6 + 1/4 x 3/6 = 15/24.
  expect_dist(exact(res("order-change"), {}), changes(15.0 / 24));
  expect_dist(exact(res("order-change"), {"general-range=fixed-20"}), changes(4 * k6));
  // -1 more: 3/4 x 3/6 + 1/4 x 2/6 = 11/24; so the 5+ of retreat-test=5.
  expect_dist(exact(res("order-change"), {"modifier=-1"}), changes(11.0 / 24));
  expect_dist(exact(res("order-change"), {"retreat-test=5"}), changes(11.0 / 24));
  // The C-in-C alone at 12 cm: +1 on a D4 of 3+ (1/2): 1/2 x 4/6 + 1/2 x 3/6 = 7/12.
  expect_dist(exact(res("order-change"), {"general-distance=-1", "c-in-c-distance=12"}),
              changes(7.0 / 12));
  expect_dist(exact(res("order-change"), {"general-distance=25"}), {{"not-allowed/retreat", 1}});
  // Beyond 20 cm no D4 reaches: a bare 4+ (the C-in-C commanding from 30 cm, or the General
  // with a 30 cm reach).
  expect_dist(exact(res("order-change"), {"general-distance=25", "c-in-c-distance=30"}),
              changes(3 * k6));
  expect_dist(exact(res("order-change"), {"general-distance=25", "general-in=30"}),
              changes(3 * k6));
  expect_dist(exact(res("order-change"), {"from=advance"}), {{"changed/stand", 1}});  // no test
  expect_dist(exact(res("order-change"), {"from=rout"}), {{"not-allowed/rout", 1}});
  expect_dist(exact(res("order-change"), {"from=advance", "to=rout"}),
              {{"not-allowed/advance", 1}});
}

TEST(GroupOrdersResolutions, MonteCarloAgreesWithTheExactOdds) {
  expect_monte_carlo(res("shooting"),
                     {"shooter=heavy-artillery", "stands=4", "range=5", "target-formation=column"},
                     1, 6000);
  expect_monte_carlo(res("melee"),
                     {"enemy-type=heavy-cavalry", "formation=square", "stands-in-contact=3"}, 2,
                     6000);
  expect_monte_carlo(res("morale"), {"class=light", "general-distance=12"}, 3, 6000);
  expect_monte_carlo(res("infantry-charge"), {"heavy-or-defences=true"}, 4, 6000);
  expect_monte_carlo(res("order-change"), {"modifier=1"}, 5, 6000);
}

}  // namespace
}  // namespace smoothbore::group_orders
