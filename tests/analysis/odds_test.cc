// Exact odds (analysis/odds.h) and their comparison with seeded samples
// (analysis/odds_compare.h).
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/odds.h"
#include "analysis/odds_compare.h"
#include "rules/registry.h"

namespace smoothbore {
namespace {

const Resolution& resolution(std::string_view ruleset, std::string_view name) {
  const Ruleset* r = find_ruleset(ruleset);
  SB_CHECK(r != nullptr && r->resolution(name) != nullptr, "test resolution missing");
  return *r->resolution(name);
}

Params params(const Resolution& r, const std::vector<std::string>& assignments) {
  auto p = parse_assignments(r.params, assignments);
  EXPECT_TRUE(p.has_value()) << (p ? "" : p.error());
  return p ? *p : Params();
}

Outcome kills(std::int64_t k) { return Outcome{{"kills", Value(k)}}; }

// The README's example: 12 veteran shooters at 4" with first fire hit on 132% in all,
// one kill certain and a second on 32 of the d100's 100 faces (R-002-4, L117, M-1).
TEST(OddsTest, FastFireAsFractions) {
  const Resolution& fire = resolution("fast-1805", "fire");
  auto odds = compute_odds(
      fire, params(fire, {"shooters=12", "quality=veteran", "range=4", "first-fire=true"}));
  ASSERT_TRUE(odds) << odds.error();
  ASSERT_EQ(odds->rows.size(), 2u);
  EXPECT_EQ(odds->rows[0].outcome, kills(1));
  ASSERT_TRUE(odds->rows[0].fraction);
  EXPECT_EQ(*odds->rows[0].fraction, make_fraction(17, 25));
  EXPECT_EQ(odds->rows[0].probability, 0.68);
  EXPECT_EQ(*odds->rows[1].fraction, make_fraction(8, 25));
  EXPECT_EQ(odds->rows[1].cumulative, 1.0);
  ASSERT_TRUE(odds->exact());
  EXPECT_EQ(*odds->total, 1);
  ASSERT_EQ(odds->means.size(), 1u);
  EXPECT_EQ(odds->means[0].field, "kills");
  ASSERT_TRUE(odds->means[0].exact);
  EXPECT_EQ(*odds->means[0].exact, make_fraction(33, 25));
  EXPECT_DOUBLE_EQ(odds->means[0].value, 1.32);
}

// A resolution whose sampled dice disagree with its enumerated ones: enumerated it is
// a d2 (0 or 1), sampled a d3 (0, 1 or 2).
Resolution two_faced() {
  Resolution r;
  r.name = "two-faced";
  r.outcome_fields = {"kills"};
  r.resolve = [](const Params&, Chance& c, std::vector<RollRecord>*) {
    return kills(c.roll(c.enumerating() ? 2 : 3) - 1);
  };
  return r;
}

TEST(OddsTest, TooManyPathsIsAnError) {
  Resolution r = two_faced();
  r.resolve = [](const Params&, Chance& c, std::vector<RollRecord>*) {
    return kills(c.roll(100) + c.roll(100));
  };
  auto odds = compute_odds(r, Params(), 1000);
  ASSERT_FALSE(odds);
  EXPECT_EQ(odds.error(), "more than 1000 dice paths to enumerate");
  EXPECT_TRUE(compute_odds(r, Params(), 10000));
}

TEST(OddsCompareTest, AgreeingSamplesAreNotFlagged) {
  const Resolution& fire = resolution("fast-1805", "fire");
  const Params p = params(fire, {"shooters=12", "range=4", "first-fire=true"});
  const Odds odds = *compute_odds(fire, p);
  const OddsComparison c = compare_with_samples(fire, p, odds, 20000, 7);
  EXPECT_EQ(c.samples, 20000);
  EXPECT_EQ(c.seed, 7u);
  ASSERT_EQ(c.rows.size(), 2u);
  EXPECT_EQ(c.rows[0].count + c.rows[1].count, 20000);
  for (const SampledRow& row : c.rows) {
    EXPECT_TRUE(row.in_odds);
    // √(0.68 · 0.32 / 20000)
    EXPECT_NEAR(row.standard_error, std::sqrt(0.68 * 0.32 / 20000), 1e-15);
    EXPECT_NEAR(row.z, (row.frequency - row.exact) / row.standard_error, 1e-12);
    EXPECT_LE(std::abs(row.z), kCompareFlagZ);
    EXPECT_FALSE(row.flagged);
  }
  EXPECT_NEAR(c.rows[0].z, -c.rows[1].z, 1e-9);  // two outcomes: mirror images
  EXPECT_EQ(c.flagged, 0);
  ASSERT_EQ(c.means.size(), 1u);
  EXPECT_NEAR(c.means[0].value, 1 + c.rows[1].frequency, 1e-12);
}

TEST(OddsCompareTest, SampleIUsesStreamI) {
  const Resolution& fire = resolution("fast-1805", "fire");
  const Params p = params(fire, {"shooters=12", "range=4", "first-fire=true"});
  const Odds odds = *compute_odds(fire, p);
  const OddsComparison a = compare_with_samples(fire, p, odds, 500, 3);
  const OddsComparison b = compare_with_samples(fire, p, odds, 500, 3);
  EXPECT_EQ(a.rows[1].count, b.rows[1].count);
  // The same count, drawn by hand from streams 0..499 of seed 3.
  std::int64_t twos = 0;
  for (std::uint64_t i = 0; i < 500; ++i) {
    Rng rng(3, i);
    twos += sample(fire, p, rng) == kills(2) ? 1 : 0;
  }
  EXPECT_EQ(a.rows[1].count, twos);
  const OddsComparison other = compare_with_samples(fire, p, odds, 500, 4);
  EXPECT_NE(a.rows[1].count, other.rows[1].count);
}

TEST(OddsCompareTest, DisagreementIsFlagged) {
  const Resolution r = two_faced();
  const Odds odds = *compute_odds(r, Params());
  ASSERT_EQ(odds.rows.size(), 2u);
  const OddsComparison c = compare_with_samples(r, Params(), odds, 3000, 1);
  ASSERT_EQ(c.rows.size(), 3u);
  // Sampled at 1/3 each instead of 1/2: z ≈ (1/3 − 1/2)/√(1/4/3000) ≈ −18.
  EXPECT_TRUE(c.rows[0].flagged);
  EXPECT_LT(c.rows[0].z, -kCompareFlagZ);
  EXPECT_TRUE(c.rows[1].flagged);
  // kills=2 never appears in the odds: z is infinite.
  EXPECT_FALSE(c.rows[2].in_odds);
  EXPECT_EQ(c.rows[2].outcome, kills(2));
  EXPECT_EQ(c.rows[2].exact, 0);
  EXPECT_GT(c.rows[2].count, 0);
  EXPECT_TRUE(std::isinf(c.rows[2].z));
  EXPECT_TRUE(c.rows[2].flagged);
  EXPECT_EQ(c.flagged, 3);
}

TEST(OddsCompareTest, BinomialTail) {
  // Bin(10, 1/2): P(X ≥ 8) = P(X ≤ 2) = (45 + 10 + 1) / 1024.
  EXPECT_NEAR(binomial_tail(10, 0.5, 8, true), 56.0 / 1024, 1e-12);
  EXPECT_NEAR(binomial_tail(10, 0.5, 2, false), 56.0 / 1024, 1e-12);
  EXPECT_NEAR(binomial_tail(10, 0.5, 0, true), 1.0, 1e-12);
  // One or more of an outcome of p = 1.6e-5 in 1000 samples: 1 − (1 − p)^1000.
  EXPECT_NEAR(binomial_tail(1000, 1.6e-5, 1, true), 1 - std::pow(1 - 1.6e-5, 1000), 1e-12);
  // Large N is near the normal tail: 4 standard errors above the mean ≈ 3.17e-5.
  const double tail = binomial_tail(1'000'000, 0.5, 500'000 + 2'000, true);
  EXPECT_GT(tail, 2.5e-5);
  EXPECT_LT(tail, 4e-5);
}

// Enumerated, outcome 1 has p = 1/1000; sampled, it always happens.
Resolution always_rare() {
  Resolution r;
  r.name = "always-rare";
  r.outcome_fields = {"kills"};
  r.resolve = [](const Params&, Chance& c, std::vector<RollRecord>*) {
    return kills(c.enumerating() ? (c.roll(1000) == 1 ? 1 : 0) : 1);
  };
  return r;
}

TEST(OddsCompareTest, ARareOutcomeSeenOnceIsNotFlagged) {
  const Resolution r = always_rare();
  const Odds odds = *compute_odds(r, Params());
  // One sample: z = (1 − 0.001) / √(0.001 · 0.999) ≈ 31.6, but P(X ≥ 1) = 0.001.
  OddsComparison one = compare_with_samples(r, Params(), odds, 1, 1);
  EXPECT_GT(one.rows[1].z, kCompareFlagZ);
  EXPECT_NEAR(one.rows[1].tail, 0.001, 1e-12);
  EXPECT_FALSE(one.rows[1].flagged);
  // Ten out of ten: P = 1e-30.
  OddsComparison ten = compare_with_samples(r, Params(), odds, 10, 1);
  EXPECT_TRUE(ten.rows[1].flagged);
  EXPECT_NEAR(ten.rows[1].tail, 1e-30, 1e-40);
}

}  // namespace
}  // namespace smoothbore
