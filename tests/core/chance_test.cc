// Exact enumeration of dice outcomes, and its agreement with sampling (design.md "a
// resolution is a function of a situation").
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "core/dice/chance.h"

namespace smoothbore {
namespace {

int two_d6(Chance& c) { return c.roll(6) + c.roll(6); }

// Roll a d6; on a 6 roll once more and add: a variable number of dice.
int d6_reroll_six(Chance& c) {
  const int first = c.roll(6);
  return first == 6 ? 6 + c.roll(6) : first;
}

TEST(ChanceTest, TwoD6Exact) {
  const auto dist = enumerate_outcomes<int>(two_d6);
  ASSERT_EQ(dist.size(), 11u);
  double total = 0;
  for (const auto& [sum, p] : dist) {
    // Sum k has 6 - |k - 7| of the 36 equally likely face pairs.
    EXPECT_NEAR(p, (6 - std::abs(sum - 7)) / 36.0, 1e-15) << "sum " << sum;
    total += p;
  }
  EXPECT_EQ(dist.front().first, 2);
  EXPECT_EQ(dist.back().first, 12);
  EXPECT_NEAR(total, 1.0, 1e-15);
}

TEST(ChanceTest, VariableNumberOfDice) {
  // 1..5: 1/6 each. 7..12: a 6 (1/6) then one face (1/6): 1/36 each. No 6.
  const auto dist = enumerate_outcomes<int>(d6_reroll_six);
  ASSERT_EQ(dist.size(), 11u);
  double total = 0;
  for (const auto& [v, p] : dist) {
    EXPECT_NE(v, 6);
    EXPECT_NEAR(p, v <= 5 ? 1.0 / 6 : 1.0 / 36, 1e-15) << "value " << v;
    total += p;
  }
  EXPECT_NEAR(total, 1.0, 1e-15);
}

TEST(ChanceTest, SampledMatchesExactForSeven) {
  const auto dist = enumerate_outcomes<int>(two_d6);
  double exact = 0;
  for (const auto& [sum, p] : dist) {
    if (sum == 7) exact = p;
  }
  EXPECT_NEAR(exact, 1.0 / 6, 1e-15);
  // Monte Carlo: standard error √(p(1 - p)/n) = √(5/36/100000) ≈ 0.00118.
  Rng rng(77, 0);
  SampledChance chance(rng);
  const int n = 100000;
  int sevens = 0;
  for (int i = 0; i < n; ++i) sevens += two_d6(chance) == 7 ? 1 : 0;
  const double se = std::sqrt(exact * (1 - exact) / n);
  EXPECT_NEAR(static_cast<double>(sevens) / n, exact, 4 * se);
}

}  // namespace
}  // namespace smoothbore

namespace smoothbore {
namespace {

// Path weights are summed exactly (counts per denominator, one division): 68 faces of a
// d100 give the double nearest 0.68, not 68 × 0.01 accumulated (0.6800000000000004).
TEST(EnumerateOutcomes, ProbabilitiesAreCorrectlyRounded) {
  std::function<int(Chance&)> f = [](Chance& c) { return c.roll(100) <= 68 ? 1 : 0; };
  auto dist = enumerate_outcomes<int>(f);
  ASSERT_EQ(dist.size(), 2u);
  EXPECT_EQ(dist[0].second, 0.32);
  EXPECT_EQ(dist[1].second, 0.68);
}

}  // namespace
}  // namespace smoothbore

namespace smoothbore {
namespace {

// Chance::pick is a weighted chance node: enumeration branches once per outcome with its
// weight, mixed freely with dice; sampling draws it with the same probabilities.
TEST(ChancePick, EnumeratesWithWeightsAndSamplesWithin4StandardErrors) {
  const std::vector<double> w = {0.5, 0.25, 0.25};
  // pick, then a d2 added: P(0)=0.5·0.5, P(1)=0.5·0.5+0.25·0.5, P(2)=0.25·0.5+0.25·0.5,
  // P(3)=0.25·0.5.
  std::function<int(Chance&)> f = [&](Chance& c) { return c.pick(w) + c.roll(2) - 1; };
  auto dist = enumerate_outcomes<int>(f);
  ASSERT_EQ(dist.size(), 4u);
  EXPECT_DOUBLE_EQ(dist[0].second, 0.25);
  EXPECT_DOUBLE_EQ(dist[1].second, 0.375);
  EXPECT_DOUBLE_EQ(dist[2].second, 0.25);
  EXPECT_DOUBLE_EQ(dist[3].second, 0.125);

  Rng rng(2026, 3);
  SampledChance sampled(rng);
  EXPECT_FALSE(sampled.enumerating());
  const int n = 40000;
  std::vector<int> seen(3, 0);
  for (int i = 0; i < n; ++i) ++seen[static_cast<std::size_t>(sampled.pick(w))];
  for (std::size_t i = 0; i < w.size(); ++i) {
    const double se = std::sqrt(w[i] * (1 - w[i]) / n);
    EXPECT_NEAR(static_cast<double>(seen[i]) / n, w[i], 4 * se) << "index " << i;
  }
}

}  // namespace
}  // namespace smoothbore
