// The Fire and Discipline melee, morale and commander-hit resolutions: exact distributions
// against hand-worked cases (arithmetic in the comments), each option at its default and
// alternative, the §8.31 worked example, seeded Monte Carlo against the exact
// distributions, and the roll records.
#include <cmath>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "rules/fire_and_discipline/melee_morale_resolutions.h"
#include "rules/resolution_test_util.h"

namespace smoothbore::fire_and_discipline {
namespace {

using test::Dist;
using test::expect_dist;
using test::key;
using test::params;

const Resolution& melee_morale_res(std::string_view name) {
  return test::find_resolution(melee_morale_resolutions(), name);
}
Dist melee_morale_exact(std::string_view name, const std::vector<std::string>& a) {
  return test::exact(melee_morale_res(name), a);
}
// 20000 seeded samples agree with the exact distribution within 4 standard errors.
void expect_melee_morale_monte_carlo(std::string_view name, const std::vector<std::string>& a) {
  test::expect_monte_carlo(melee_morale_res(name), a, 11);
}

TEST(FireAndDisciplineMelee, InfantryTable) {
  // Bayonet vs close-order infantry: 0-1-2, p = 0.3 per stand.
  expect_dist(melee_morale_exact("melee", {}), {{"0/0", 0.7}, {"1/1", 0.3}});
  // Two stands: 0.7² = 0.49, 2 × 0.3 × 0.7 = 0.42, 0.3² = 0.09.
  expect_dist(melee_morale_exact("melee", {"stands=2"}),
              {{"0/0", 0.49}, {"1/1", 0.42}, {"2/2", 0.09}});
  // Pike vs open infantry: 0, p = 0.1. Mixed vs open infantry: 0-1-2-3, p = 0.4.
  expect_dist(melee_morale_exact("melee", {"weapon=pike", "target=open-infantry"}),
              {{"0/0", 0.9}, {"1/1", 0.1}});
  expect_dist(melee_morale_exact("melee", {"weapon=mixed", "target=open-infantry"}),
              {{"0/0", 0.6}, {"1/1", 0.4}});
  // Infantry engaged: add one, 0-1-2 → 0-1-2-3, p = 0.4 (L648).
  expect_dist(melee_morale_exact("melee", {"engaged=true"}), {{"0/0", 0.6}, {"1/1", 0.4}});
  // Pike vs mounted 0-1, engaged +1 and double castings +1: 0-1-2-3, p = 0.4.
  expect_dist(melee_morale_exact("melee", {"weapon=pike", "target=mounted", "engaged=true",
                                           "double-castings=true"}),
              {{"0/0", 0.6}, {"1/1", 0.4}});
  // The tactic is ignored by infantry.
  expect_dist(melee_morale_exact("melee", {"tactic=fire"}), {{"0/0", 0.7}, {"1/1", 0.3}});
}

TEST(FireAndDisciplineMelee, CavalryTableContactAndEngaged) {
  // STEEL vs cavalry: Contact 0 (p 0.1); two stands 0.81 / 0.18 / 0.01.
  expect_dist(melee_morale_exact("melee", {"arm=cavalry", "target=cavalry", "stands=2"}),
              {{"0/0", 0.81}, {"1/1", 0.18}, {"2/2", 0.01}});
  // Engaged reads the other half: 0-1, p = 0.2; cavalry do not add one (FD-47).
  expect_dist(melee_morale_exact("melee", {"arm=cavalry", "target=cavalry", "engaged=true"}),
              {{"0/0", 0.8}, {"1/1", 0.2}});
  // STEEL vs open/light cavalry: Contact 0-1-2 (0.3), Engaged 0-1 (0.2).
  expect_dist(melee_morale_exact("melee", {"arm=cavalry", "target=open-cavalry"}),
              {{"0/0", 0.7}, {"1/1", 0.3}});
  expect_dist(melee_morale_exact("melee", {"arm=cavalry", "target=open-cavalry", "engaged=true"}),
              {{"0/0", 0.8}, {"1/1", 0.2}});
  // FIRE vs mixed melee: 0-1-2 (0.3); MIX vs bayonet Engaged 0-1 (0.2). Weapon ignored.
  expect_dist(melee_morale_exact(
                  "melee", {"arm=cavalry", "tactic=fire", "target=mixed-melee", "weapon=pike"}),
              {{"0/0", 0.7}, {"1/1", 0.3}});
  expect_dist(
      melee_morale_exact("melee", {"arm=cavalry", "tactic=mix", "target=bayonet", "engaged=true"}),
      {{"0/0", 0.8}, {"1/1", 0.2}});
}

TEST(FireAndDisciplineMelee, CrossTableTargetsFd47) {
  // Infantry vs cavalry/dragoons/open-cavalry read Mounted: bayonet 0 (0.1).
  for (const char* t : {"target=cavalry", "target=dragoons", "target=open-cavalry"}) {
    expect_dist(melee_morale_exact("melee", {t}), {{"0/0", 0.9}, {"1/1", 0.1}});
  }
  // Infantry vs pike / mixed-melee read Infantry: pike weapon 0-1 (0.2).
  expect_dist(melee_morale_exact("melee", {"weapon=pike", "target=mixed-melee"}),
              {{"0/0", 0.8}, {"1/1", 0.2}});
  // Cavalry FIRE vs infantry reads INF w/ Bayonet: 0-1 (0.2); vs mounted reads Cavalry 0-1.
  expect_dist(melee_morale_exact("melee", {"arm=cavalry", "tactic=fire", "target=infantry"}),
              {{"0/0", 0.8}, {"1/1", 0.2}});
  expect_dist(melee_morale_exact("melee", {"arm=cavalry", "tactic=fire", "target=mounted"}),
              {{"0/0", 0.8}, {"1/1", 0.2}});
  // Cavalry MIX vs open infantry reads Open/Lgt Cav: Engaged 0 (0.1).
  expect_dist(melee_morale_exact(
                  "melee", {"arm=cavalry", "tactic=mix", "target=open-infantry", "engaged=true"}),
              {{"0/0", 0.9}, {"1/1", 0.1}});
}

TEST(FireAndDisciplineMelee, HigherRatingBothReadingsFd32) {
  // Default (body L652): each hit is 2 casualties. Bayonet vs infantry 0.3.
  expect_dist(melee_morale_exact("melee", {"higher-rating=true"}), {{"0/0", 0.7}, {"2/1", 0.3}});
  // Option plus-one (pullout): 0-1-2-3, p = 0.4, one casualty per hit.
  expect_dist(melee_morale_exact("melee", {"higher-rating=true", "mmg-effect=plus-one"}),
              {{"0/0", 0.6}, {"1/1", 0.4}});
  // The option changes nothing without a higher rating.
  expect_dist(melee_morale_exact("melee", {"mmg-effect=plus-one"}), {{"0/0", 0.7}, {"1/1", 0.3}});
}

TEST(FireAndDisciplineMelee, HoldingCoverOverridesFd33) {
  // Mixed vs open infantry 0-1-2-3 + double castings → only 0 (0.1).
  expect_dist(melee_morale_exact("melee", {"weapon=mixed", "target=open-infantry",
                                           "double-castings=true", "target-holding-cover=true"}),
              {{"0/0", 0.9}, {"1/1", 0.1}});
  // The plus-one reading is overridden too; the double casualties still apply.
  expect_dist(melee_morale_exact("melee", {"target-holding-cover=true", "higher-rating=true",
                                           "mmg-effect=plus-one", "engaged=true"}),
              {{"0/0", 0.9}, {"1/1", 0.1}});
  expect_dist(melee_morale_exact("melee", {"target-holding-cover=true", "higher-rating=true"}),
              {{"0/0", 0.9}, {"2/1", 0.1}});
}

// P(k) = C(n,k) p^k (1-p)^(n-k).
double binomial(int n, int k, double p) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c * std::pow(p, k) * std::pow(1 - p, n - k);
}

TEST(FireAndDisciplineMelee, LargeMeleesUseTheExactClosedForm) {
  // 6 stands (closed form when enumerated), bayonet vs infantry p = 0.3, double casualties.
  Dist want;
  for (int k = 0; k <= 6; ++k) {
    want[std::to_string(2 * k) + "/" + std::to_string(k)] = binomial(6, k, 0.3);
  }
  expect_dist(melee_morale_exact("melee", {"stands=6", "higher-rating=true"}), want);
  // The same from real dice: the typed resolve_melee, enumerated over 10^6 paths.
  MeleeSituation s;
  s.stands = 6;
  s.higher_rating = true;
  std::function<std::pair<int, int>(Chance&)> f = [&](Chance& c) {
    MeleeRoundResult r = resolve_melee(s, c);
    return std::pair(r.casualties, r.hits);
  };
  for (const auto& [o, p] : enumerate_outcomes(f)) {
    EXPECT_NEAR(p, want[std::to_string(o.first) + "/" + std::to_string(o.second)], 1e-12);
  }
  // 16 stands, STEEL vs cavalry p = 0.1: every count 0..16.
  Dist big;
  for (int k = 0; k <= 16; ++k)
    big[std::to_string(k) + "/" + std::to_string(k)] = binomial(16, k, 0.1);
  expect_dist(melee_morale_exact("melee", {"stands=16", "arm=cavalry", "target=cavalry"}), big);
}

TEST(FireAndDisciplineMelee, RecordsFacesModifiersAndResult) {
  const Resolution& r = melee_morale_res("melee");
  Rng rng(7, 1);
  std::vector<RollRecord> explain;
  sample(r, params(r, {"stands=3", "engaged=true", "double-castings=true", "higher-rating=true"}),
         rng, &explain);
  ASSERT_EQ(explain.size(), 1u);
  const RollRecord& rec = explain[0];
  EXPECT_EQ(rec.purpose, "melee");
  EXPECT_EQ(rec.dice, "3d10");
  EXPECT_EQ(rec.faces.size(), 3u);
  EXPECT_EQ(rec.base, 3);    // 0-1-2
  EXPECT_EQ(rec.target, 5);  // 0-1-2-3-4
  ASSERT_EQ(rec.modifiers.size(), 2u);
  EXPECT_EQ(rec.modifiers[0].ref, "§8.5 L648; pullout L774; FD-47");
  EXPECT_NE(rec.base_ref.find("L642"), std::string::npos);
  EXPECT_NE(rec.result.find("2 casualties per hit"), std::string::npos);
  // The typed hit chance with the FD-45 flank flag (not a resolution parameter).
  MeleeSituation s;
  s.flank = true;
  EXPECT_EQ(melee_hit_chance(s).hit_set.text(), "0-1-2-3");
}

TEST(FireAndDisciplineMelee, MultiUnitWorkedExample831) {
  // §8.31 L604: French A=0, B=1; Dutch X=2, Y=3, Z=4. A inflicts 1 on X and 2 on Y; B 2 on Z
  // and 1 on Y; X 2 on A; Y 1 on B and 1 on A; Z 1 on B.
  const std::vector<MeleeContact> contacts = {
      {0, 2, 1, 2},  // A-X
      {0, 3, 2, 1},  // A-Y
      {1, 4, 2, 1},  // B-Z
      {1, 3, 1, 1},  // B-Y
  };
  const std::vector<MeleeTally> tallies = tally_melee(5, contacts);
  const std::vector<MeleeTally> want = {{3, 3}, {3, 2}, {2, 1}, {2, 3}, {1, 2}};
  EXPECT_EQ(tallies, want);
  const std::vector<MeleeStanding> standing = melee_standings(tallies);
  const std::vector<MeleeStanding> want_standing = {MeleeStanding::kEngaged, MeleeStanding::kWinner,
                                                    MeleeStanding::kWinner, MeleeStanding::kLoser,
                                                    MeleeStanding::kLoser};
  EXPECT_EQ(standing, want_standing);
  // Y and Z check morale; A (engaged), B and X (winners) do not (FD-22).
  const bool checks[] = {false, false, false, true, true};
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(checks_morale_after_melee(standing[i]), checks[i]);
  EXPECT_EQ(melee_standing_name(standing[0]), "engaged");
  // Y and Z fail and retreat: A and X stay engaged; B is free to advance.
  const std::vector<std::pair<int, int>> ax = {{0, 2}};
  EXPECT_EQ(engaged_after_melee(contacts, {false, false, false, true, true}), ax);
  // Z passes (or only halts): B is engaged with it too (§8.18).
  const std::vector<std::pair<int, int>> axbz = {{0, 2}, {1, 4}};
  EXPECT_EQ(engaged_after_melee(contacts, {false, false, false, true, false}), axbz);
}

TEST(FireAndDisciplineMorale, HandWorked) {
  // Castings 4 + rating 2 + protective 4 = 10 → automatic pass, no roll.
  expect_dist(melee_morale_exact("morale", {"castings=4", "rating=2", "protective=true"}),
              {{"pass", 1}});
  // Castings 3 + rating 1 = 4: d10 5..0 (0 = 10) fails, 6/10. Effects 1-3 halt, 4-6 flee,
  // 7-9 flee-hit, 0 as 9 unless surrounded: pass 0.4, halt 0.18, flee 0.18, flee-hit 0.24.
  expect_dist(melee_morale_exact("morale", {"castings=3", "rating=1"}),
              {{"pass", 0.4}, {"halt", 0.18}, {"flee", 0.18}, {"flee-hit", 0.24}});
  // Surrounded: the 0 surrenders: 0.6 × 0.1 = 0.06; flee-hit 0.6 × 0.3 = 0.18.
  expect_dist(
      melee_morale_exact("morale", {"castings=3", "rating=1", "surrounded=true"}),
      {{"pass", 0.4}, {"halt", 0.18}, {"flee", 0.18}, {"flee-hit", 0.18}, {"surrender", 0.06}});
  // 9: only the 0 (read as 10) fails: 0.1 × (0.3, 0.3, 0.4).
  expect_dist(melee_morale_exact("morale", {"castings=9", "rating=0"}),
              {{"pass", 0.9}, {"halt", 0.03}, {"flee", 0.03}, {"flee-hit", 0.04}});
  // 0 + 0 - 1 over half = -1: every face fails.
  expect_dist(melee_morale_exact("morale", {"castings=0", "rating=0", "over-half=true"}),
              {{"halt", 0.3}, {"flee", 0.3}, {"flee-hit", 0.4}});
  // Modifiers: 3 + 1 + 1 skirmish in woods + 2 brigade commander = 7: fail 0.3.
  expect_dist(melee_morale_exact("morale", {"castings=3", "rating=1", "skirmish-in-woods=true",
                                            "brigade-commander=true"}),
              {{"pass", 0.7}, {"halt", 0.09}, {"flee", 0.09}, {"flee-hit", 0.12}});
}

TEST(FireAndDisciplineMorale, OptionsDefaultAndAlternative) {
  // FD-21 base: castings 1 + rating 2 = 3 (fail 0.7); five: 5 + 2 = 7 (fail 0.3).
  expect_dist(melee_morale_exact("morale", {"castings=1", "rating=2"}),
              {{"pass", 0.3}, {"halt", 0.21}, {"flee", 0.21}, {"flee-hit", 0.28}});
  expect_dist(melee_morale_exact("morale", {"castings=1", "rating=2", "base=five"}),
              {{"pass", 0.7}, {"halt", 0.09}, {"flee", 0.09}, {"flee-hit", 0.12}});
  // FD-23 adjacent / half-stand plus: 3 + 1 + 1 = 5 (fail 0.5); both 6 (fail 0.4).
  const Dist five = {{"pass", 0.5}, {"halt", 0.15}, {"flee", 0.15}, {"flee-hit", 0.2}};
  expect_dist(melee_morale_exact("morale", {"castings=3", "rating=1", "adjacent=true"}), five);
  expect_dist(melee_morale_exact("morale", {"castings=3", "rating=1", "half-stand-open=true"}),
              five);
  expect_dist(melee_morale_exact(
                  "morale", {"castings=3", "rating=1", "adjacent=true", "half-stand-open=true"}),
              {{"pass", 0.6}, {"halt", 0.12}, {"flee", 0.12}, {"flee-hit", 0.16}});
  // §5.64 fanatic: 1-6 lose one (0.6 × 0.6 = 0.36), 7-9 and 0-as-9 lose two (0.6 × 0.4).
  expect_dist(melee_morale_exact("morale", {"castings=3", "rating=1", "fanatic=true"}),
              {{"pass", 0.4}, {"fanatic-1", 0.36}, {"fanatic-2", 0.24}});
  // A surrender cannot be ignored.
  expect_dist(
      melee_morale_exact("morale", {"castings=3", "rating=1", "fanatic=true", "surrounded=true"}),
      {{"pass", 0.4}, {"fanatic-1", 0.36}, {"fanatic-2", 0.18}, {"surrender", 0.06}});
}

TEST(FireAndDisciplineMorale, TypedHelpersAndRecord) {
  MoraleSituation s;
  s.castings = 3;
  s.rating = 1;
  s.over_half = true;
  EXPECT_EQ(morale_total(s), 3);
  EXPECT_TRUE(morale_retreats(MoraleResult::kFlee));
  EXPECT_TRUE(morale_retreats(MoraleResult::kSurrender));
  EXPECT_FALSE(morale_retreats(MoraleResult::kHalt));
  EXPECT_FALSE(morale_retreats(MoraleResult::kFanatic2));
  EXPECT_EQ(morale_attrition(MoraleResult::kFleeHit), 1);
  EXPECT_EQ(morale_attrition(MoraleResult::kFanatic2), 2);
  EXPECT_EQ(morale_attrition(MoraleResult::kFlee), 0);
  // Auto pass: no dice.
  const Resolution& r = melee_morale_res("morale");
  Rng rng(3, 3);
  std::vector<RollRecord> explain;
  sample(r, params(r, {"castings=8", "rating=2"}), rng, &explain);
  ASSERT_EQ(explain.size(), 1u);
  EXPECT_EQ(explain[0].dice, "");
  EXPECT_EQ(explain[0].target, 10);
  EXPECT_NE(explain[0].result.find("no roll"), std::string::npos);
  // Certain failure: two d10s.
  explain.clear();
  sample(r, params(r, {"castings=0", "rating=0", "over-half=true"}), rng, &explain);
  EXPECT_EQ(explain[0].faces.size(), 2u);
  EXPECT_EQ(explain[0].target, -1);
  EXPECT_EQ(explain[0].modifiers.size(), 2u);  // rating 0, over half -1
}

TEST(FireAndDisciplineCommanderHit, HandWorked) {
  // §2.31 fire: d10 0 = hit, every hit a kill in a single battle.
  expect_dist(melee_morale_exact("commander-hit", {}), {{"safe", 0.9}, {"killed", 0.1}});
  // §2.33 campaign: ODD dead, EVEN (0 included) wounded: 0.05 / 0.05.
  expect_dist(melee_morale_exact("commander-hit", {"campaign=true"}),
              {{"safe", 0.9}, {"killed", 0.05}, {"wounded", 0.05}});
  // §2.32 melee, passed: 0 then 0: 0.01. Failed: ODD (0.5) then 0: 0.05.
  expect_dist(melee_morale_exact("commander-hit", {"cause=melee"}),
              {{"safe", 0.99}, {"killed", 0.01}});
  expect_dist(melee_morale_exact("commander-hit", {"cause=melee", "passed=false"}),
              {{"safe", 0.95}, {"killed", 0.05}});
  expect_dist(melee_morale_exact("commander-hit", {"cause=melee", "passed=false", "campaign=true"}),
              {{"safe", 0.95}, {"killed", 0.025}, {"wounded", 0.025}});
  // Fire ignores `passed`.
  expect_dist(melee_morale_exact("commander-hit", {"passed=false"}),
              {{"safe", 0.9}, {"killed", 0.1}});
}

TEST(FireAndDisciplineMeleeMorale, MonteCarloAgreesWithExact) {
  expect_melee_morale_monte_carlo("melee", {"stands=3"});
  expect_melee_morale_monte_carlo(
      "melee", {"stands=4", "arm=cavalry", "target=open-cavalry", "higher-rating=true"});
  expect_melee_morale_monte_carlo(
      "melee", {"stands=9", "weapon=mixed", "target=open-infantry", "engaged=true",
                "mmg-effect=plus-one", "higher-rating=true"});
  expect_melee_morale_monte_carlo(
      "melee", {"stands=2", "target-holding-cover=true", "double-castings=true"});
  expect_melee_morale_monte_carlo("morale", {"castings=3", "rating=1", "surrounded=true"});
  expect_melee_morale_monte_carlo("morale",
                                  {"castings=2", "rating=3", "base=five", "fanatic=true"});
  expect_melee_morale_monte_carlo("commander-hit", {"campaign=true"});
  expect_melee_morale_monte_carlo("commander-hit",
                                  {"cause=melee", "passed=false", "campaign=true"});
}

TEST(FireAndDisciplineMeleeMorale, ResolutionSchemas) {
  const std::vector<std::string> names = {"melee", "morale", "commander-hit"};
  ASSERT_EQ(melee_morale_resolutions().size(), names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(melee_morale_resolutions()[i].name, names[i]);
  }
  const std::vector<std::string> melee = {
      "stands",          "arm",           "tactic",
      "weapon",          "target",        "engaged",
      "double-castings", "higher-rating", "target-holding-cover",
      "mmg-effect"};
  ASSERT_EQ(melee_morale_res("melee").params.size(), melee.size());
  for (std::size_t i = 0; i < melee.size(); ++i)
    EXPECT_EQ(melee_morale_res("melee").params[i].name, melee[i]);
  const std::vector<std::string> morale = {
      "castings",          "rating",          "protective", "skirmish-in-woods",
      "brigade-commander", "over-half",       "surrounded", "base",
      "adjacent",          "half-stand-open", "fanatic"};
  ASSERT_EQ(melee_morale_res("morale").params.size(), morale.size());
  for (std::size_t i = 0; i < morale.size(); ++i)
    EXPECT_EQ(melee_morale_res("morale").params[i].name, morale[i]);
  // Out-of-range values are parameter errors.
  EXPECT_FALSE(parse_assignments(melee_morale_res("morale").params, {"castings=21"}).has_value());
  EXPECT_FALSE(parse_assignments(melee_morale_res("morale").params, {"rating=5"}).has_value());
  EXPECT_FALSE(parse_assignments(melee_morale_res("melee").params, {"stands=0"}).has_value());
  EXPECT_FALSE(parse_assignments(melee_morale_res("melee").params, {"target=square"}).has_value());
}

// melee's prepare step (the parameters and the hit set read once per enumeration)
// enumerates as its resolve does, over every parameter's values.
TEST(FireAndDisciplineMelee, PreparedEnumerationIsResolves) {
  test::expect_prepared_as_resolved_everywhere(
      test::find_resolution(melee_morale_resolutions(), "melee"));
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
