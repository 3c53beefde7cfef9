// group-orders' doctrine keeps the odds of a shot by the range's class
// (shooting_range_class), not by the range itself (issue 9). That is sound only if the
// shooting distribution depends on the range through the class alone: here, for random
// shooters, weapons, options and situations, two random ranges of one class give the very
// same distribution as the resolution computes it with each range; and the same for the
// General's distance in a morale test.
#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/registry.h"

namespace smoothbore::group_orders {
namespace {

TEST(GroupOrdersRangeClass, ShotsOfOneRangeClassHaveOneDistribution) {
  ASSERT_NE(find_ruleset("group-orders"), nullptr);
  const std::vector<std::string> shooters = keys_of("units.types");
  std::vector<std::string> weapons = keys_of("shooting.ranges");
  weapons.push_back("as-type");
  weapons.push_back("none");
  std::mt19937_64 gen(9);
  auto pick = [&](const std::vector<std::string>& v) {
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(gen)];
  };
  auto coin = [&] { return std::bernoulli_distribution(0.5)(gen); };
  // Ranges on whole and half centimetres meet the band limits; others fall between.
  auto range = [&] {
    const double r = std::uniform_real_distribution<double>(0, 100)(gen);
    return coin() ? std::round(r * 2) / 2 : r;
  };
  int same_class = 0, shooting = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::map<std::string, Value> given = {
        {"shooter", Value(pick(shooters))},
        {"orders", Value(std::string(coin() ? "stand" : "advance"))},
        {"moved", Value(coin())},
        {"target-cover", Value(pick({"none", "soft", "hard"}))},
        {"target-formation", Value(pick({"line", "column", "square"}))},
        {"musket-extreme20", Value(coin())},
        {"li-no-short", Value(coin())},
        {"bow-long5", Value(coin())},
    };
    const std::string weapon = pick(weapons);
    given["weapon"] = Value(weapon);
    const RangeOptions o{std::get<bool>(given["musket-extreme20"]),
                         std::get<bool>(given["li-no-short"]), std::get<bool>(given["bow-long5"])};
    const std::string shooter = std::get<std::string>(given["shooter"]);
    const double r1 = range();
    double r2 = range();
    // Half the trials a second range near the first, to meet the same class often.
    if (coin())
      r2 = std::clamp(r1 + std::uniform_real_distribution<double>(-3, 3)(gen), 0.0, 100.0);
    const int c1 = shooting_range_class(shooter, weapon, o, r1);
    if (c1 != shooting_range_class(shooter, weapon, o, r2)) continue;
    ++same_class;
    given["range"] = Value(r1);
    const auto d1 = BattleGO::distribution("shooting", given);
    given["range"] = Value(r2);
    const auto d2 = BattleGO::distribution("shooting", given);
    ASSERT_EQ(d1.size(), d2.size()) << shooter << " " << weapon << " " << r1 << " " << r2;
    for (std::size_t i = 0; i < d1.size(); ++i) {
      EXPECT_EQ(d1[i].probability, d2[i].probability) << shooter << " " << r1 << " " << r2;
      EXPECT_EQ(to_string(d1[i].outcome.at(0).second), to_string(d2[i].outcome.at(0).second));
    }
    if (d1.size() > 1) ++shooting;
    // What a roll reads of the modifiers (kept_shot_modifiers keeps it by the class): the
    // same for both ranges.
    const Ruleset* rs = find_ruleset("group-orders");
    given["range"] = Value(r1);
    const ShootingModifiers m1 =
        shooting_modifiers(shooting_situation(rs->battle_params("shooting", given)), false);
    given["range"] = Value(r2);
    const ShootingModifiers m2 =
        shooting_modifiers(shooting_situation(rs->battle_params("shooting", given)), false);
    EXPECT_EQ(m1.may_shoot, m2.may_shoot) << shooter << " " << weapon << " " << r1 << " " << r2;
    if (m1.may_shoot && m2.may_shoot) {
      EXPECT_EQ(m1.modifiers.total(), m2.modifiers.total())
          << shooter << " " << weapon << " " << r1 << " " << r2;
    }
  }
  EXPECT_GT(same_class, 1000);
  EXPECT_GT(shooting, 100);  // many of them shoot (the rest: out of range or no weapon)
}

// The same for the General's distance in a morale test (morale_general_class).
TEST(GroupOrdersRangeClass, MoraleTestsOfOneGeneralClassHaveOneDistribution) {
  std::mt19937_64 gen(10);
  auto coin = [&] { return std::bernoulli_distribution(0.5)(gen); };
  auto pick = [&](const std::vector<std::string>& v) {
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(gen)];
  };
  auto distance = [&] {
    if (std::bernoulli_distribution(0.1)(gen)) return -1.0;
    const double d = std::uniform_real_distribution<double>(0, 60)(gen);
    return coin() ? std::round(d) : d;  // whole cm meet the reaches
  };
  int same_class = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    std::map<std::string, Value> given = {
        {"test", Value(pick({"general", "charge", "rally"}))},
        {"general-range", Value(pick({"d4-per-test", "fixed-20"}))},
        {"high-morale", Value(coin())},
        {"disordered", Value(coin())},
        {"half-strength", Value(coin())},
        {"melees-won", Value(std::int64_t{std::uniform_int_distribution<int>(0, 2)(gen)})},
    };
    const double g1 = distance();
    double g2 = distance();
    if (coin()) g2 = std::max(0.0, g1 + std::uniform_real_distribution<double>(-4, 4)(gen));
    if (morale_general_class(g1) != morale_general_class(g2)) continue;
    ++same_class;
    given["general-distance"] = Value(g1);
    const auto d1 = BattleGO::distribution("morale", given);
    given["general-distance"] = Value(g2);
    const auto d2 = BattleGO::distribution("morale", given);
    ASSERT_EQ(d1.size(), d2.size()) << g1 << " " << g2;
    for (std::size_t i = 0; i < d1.size(); ++i) {
      EXPECT_EQ(d1[i].probability, d2[i].probability) << g1 << " " << g2;
      EXPECT_EQ(d1[i].outcome, d2[i].outcome) << g1 << " " << g2;
    }
  }
  EXPECT_GT(same_class, 500);
}

}  // namespace
}  // namespace smoothbore::group_orders
