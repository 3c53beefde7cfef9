// group-orders' typed exact odds (rules/group_orders/exact_odds.h, issue 9) against the
// resolutions' own enumeration: for random parameters of every resolution the battle's
// doctrine weighs (every parameter drawn from its schema), the outcomes, their order and
// each probability are the very doubles exact_distribution() gives, so the doctrine's sums
// over them are unchanged bit for bit.
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/group_orders/exact_odds.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/registry.h"

namespace smoothbore::group_orders {
namespace {

// Random values for every parameter of `r`: flags, choices, whole numbers, and numbers on
// whole and half centimetres (the band limits) or between.
Params random_params(const Resolution& r, std::mt19937_64& gen) {
  std::map<std::string, Value> given;
  for (const ParamSpec& s : r.params) {
    switch (s.type) {
      case ParamType::kBool:
        given[s.name] = Value(std::bernoulli_distribution(0.5)(gen));
        break;
      case ParamType::kChoice:
        given[s.name] = Value(
            s.choices[std::uniform_int_distribution<std::size_t>(0, s.choices.size() - 1)(gen)]);
        break;
      case ParamType::kInt:
        given[s.name] = Value(std::int64_t{std::uniform_int_distribution<std::int64_t>(
            static_cast<std::int64_t>(s.min), static_cast<std::int64_t>(s.max))(gen)});
        break;
      case ParamType::kNumber: {
        const double x = std::uniform_real_distribution<double>(s.min, s.max)(gen);
        given[s.name] = Value(std::bernoulli_distribution(0.5)(gen) ? std::round(x * 2) / 2 : x);
        break;
      }
      case ParamType::kString:
        break;
    }
  }
  return *complete_params(r.params, given);
}

const Resolution& resolution(const std::string& name) {
  const Ruleset* rs = find_ruleset("group-orders");
  EXPECT_NE(rs, nullptr);
  return *rs->resolution(name);
}

TEST(GroupOrdersExactOdds, ShootingAndMeleeOddsAreTheResolutionsDoublesBitForBit) {
  std::mt19937_64 gen(41);
  for (const std::string name : {"shooting", "melee"}) {
    const Resolution& r = resolution(name);
    int several = 0;
    for (int trial = 0; trial < 4000; ++trial) {
      const Params p = random_params(r, gen);
      const auto want = exact_distribution(r, p);
      const ResultOdds got = name == "shooting" ? shooting_odds(shooting_situation(p))
                                                : melee_odds(melee_situation(p));
      ASSERT_EQ(got.size(), want.size()) << name << " trial " << trial;
      for (std::size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(std::string(got[i].first), to_string(want[i].outcome.at(0).second));
        EXPECT_EQ(got[i].second, want[i].probability) << name << " trial " << trial;
      }
      if (got.size() > 2) ++several;
    }
    EXPECT_GT(several, 200) << name;  // many spread over several results
  }
}

TEST(GroupOrdersExactOdds, MoraleOddsAreTheResolutionsDoublesBitForBit) {
  std::mt19937_64 gen(42);
  const Resolution& r = resolution("morale");
  int with_d4 = 0;
  for (int trial = 0; trial < 6000; ++trial) {
    const Params p = random_params(r, gen);
    const MoraleSituation s = morale_situation(p);
    const auto want = exact_distribution(r, p);
    const std::vector<MoraleOdds> got = morale_odds(s);
    ASSERT_EQ(got.size(), want.size()) << "trial " << trial;
    for (std::size_t i = 0; i < got.size(); ++i) {
      const Outcome& o = want[i].outcome;
      EXPECT_EQ(got[i].result, to_string(o.at(0).second));
      EXPECT_EQ(got[i].orders, to_string(o.at(1).second));
      EXPECT_EQ(got[i].fall_back_cm, std::get<std::int64_t>(o.at(2).second));
      EXPECT_EQ(got[i].probability, want[i].probability) << "trial " << trial;
    }
    if (morale_rolls_d4(s)) ++with_d4;
  }
  EXPECT_GT(with_d4, 1000);
}

// The modifier sets built unlisted (a roll nobody records, the exact odds: rules/roll_helpers.h)
// keep the listed sets' totals and verdicts, and no list.
TEST(GroupOrdersExactOdds, UnlistedModifiersKeepTheListedTotals) {
  std::mt19937_64 gen(43);
  int listed_several = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const ShootingSituation shot = shooting_situation(random_params(resolution("shooting"), gen));
    const ShootingModifiers sl = shooting_modifiers(shot), su = shooting_modifiers(shot, false);
    ASSERT_EQ(su.may_shoot, sl.may_shoot) << "trial " << trial;
    EXPECT_EQ(su.band, sl.band);
    EXPECT_EQ(su.modifiers.total(), sl.modifiers.total()) << "trial " << trial;
    EXPECT_TRUE(su.modifiers.list().empty());
    if (sl.modifiers.list().size() > 2) ++listed_several;

    const MeleeSituation melee = melee_situation(random_params(resolution("melee"), gen));
    const MeleeModifiers ml = melee_modifiers(melee), mu = melee_modifiers(melee, false);
    ASSERT_EQ(mu.may_fight, ml.may_fight) << "trial " << trial;
    EXPECT_EQ(mu.modifiers.total(), ml.modifiers.total()) << "trial " << trial;
    EXPECT_TRUE(mu.modifiers.list().empty());

    const MoraleSituation morale = morale_situation(random_params(resolution("morale"), gen));
    for (int d4 = 0; d4 <= kD4; ++d4) {
      const Modifiers listed = morale_modifiers(morale, d4);
      const Modifiers unlisted = morale_modifiers(morale, d4, false);
      EXPECT_EQ(unlisted.total(), listed.total()) << "trial " << trial << " d4 " << d4;
      EXPECT_TRUE(unlisted.list().empty());
      if (listed.list().size() > 2) ++listed_several;
    }
  }
  EXPECT_GT(listed_several, 1000);  // the sets compared are not trivial
}

}  // namespace
}  // namespace smoothbore::group_orders
