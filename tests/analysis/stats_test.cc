// Wilson score intervals and sample quantiles against values computed by hand (and by R:
// prop.test(x, n, correct = FALSE)$conf.int, quantile(x, type = 7)).
#include "analysis/stats.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace smoothbore {
namespace {

TEST(Wilson, SevenOfTen) {
  // p = 0.7, n = 10, z = 1.96: centre (0.7 + z²/20) / (1 + z²/10) = 0.64449,
  // half-width z √(0.021 + z²/400) / (1 + z²/10) = 0.24771.
  Interval ci = wilson_interval(7, 10);
  EXPECT_NEAR(ci.low, 0.3967781, 1e-7);
  EXPECT_NEAR(ci.high, 0.8922087, 1e-7);
}

TEST(Wilson, NoneOfTwenty) {
  // At 0/n the interval is [0, z² / (n + z²)] = [0, 3.8415 / 23.8415].
  Interval ci = wilson_interval(0, 20);
  EXPECT_EQ(ci.low, 0.0);
  EXPECT_NEAR(ci.high, 0.1611252, 1e-7);
}

TEST(Wilson, AllOfTwentyMirrorsNone) {
  Interval ci = wilson_interval(20, 20);
  EXPECT_NEAR(ci.low, 1 - 0.1611252, 1e-7);
  EXPECT_EQ(ci.high, 1.0);
}

TEST(Wilson, HalfOfAHundredIsSymmetric) {
  Interval ci = wilson_interval(50, 100);
  EXPECT_NEAR(ci.low, 0.4038315, 1e-7);
  EXPECT_NEAR(ci.high, 0.5961685, 1e-7);
  EXPECT_NEAR(ci.low + ci.high, 1.0, 1e-12);
}

TEST(Wilson, NoTrialsKnowNothing) {
  Interval ci = wilson_interval(0, 0);
  EXPECT_EQ(ci.low, 0.0);
  EXPECT_EQ(ci.high, 1.0);
}

TEST(Quantile, Type7OfOneToTen) {
  // R: quantile(1:10, c(.05, .25, .5, .75, .95)) = 1.45 3.25 5.50 7.75 9.55
  const std::vector<double> x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  EXPECT_DOUBLE_EQ(quantile_sorted(x, 0.05), 1.45);
  EXPECT_DOUBLE_EQ(quantile_sorted(x, 0.25), 3.25);
  EXPECT_DOUBLE_EQ(quantile_sorted(x, 0.50), 5.5);
  EXPECT_DOUBLE_EQ(quantile_sorted(x, 0.75), 7.75);
  EXPECT_DOUBLE_EQ(quantile_sorted(x, 0.95), 9.55);
  EXPECT_DOUBLE_EQ(quantile_sorted(x, 0.0), 1);
  EXPECT_DOUBLE_EQ(quantile_sorted(x, 1.0), 10);
}

TEST(Quantile, OneValueIsEveryQuantile) {
  const std::vector<double> x = {4};
  EXPECT_EQ(quantile_sorted(x, 0.05), 4);
  EXPECT_EQ(quantile_sorted(x, 0.95), 4);
}

TEST(Describe, SmallUnsortedSample) {
  // {3, 1, 4, 1, 5}: mean 2.8; squared deviations 0.04 + 3.24 + 1.44 + 3.24 + 4.84 = 12.8,
  // so sd = √(12.8 / 4) = √3.2. Sorted {1, 1, 3, 4, 5}: h = 4p.
  Distribution d = describe({3, 1, 4, 1, 5});
  EXPECT_EQ(d.count, 5);
  EXPECT_DOUBLE_EQ(d.mean, 2.8);
  EXPECT_DOUBLE_EQ(d.sd, std::sqrt(3.2));
  EXPECT_EQ(d.min, 1);
  EXPECT_EQ(d.max, 5);
  EXPECT_DOUBLE_EQ(d.q05, 1.0);  // h = 0.2 between 1 and 1
  EXPECT_DOUBLE_EQ(d.q25, 1.0);  // h = 1
  EXPECT_DOUBLE_EQ(d.q50, 3.0);  // h = 2
  EXPECT_DOUBLE_EQ(d.q75, 4.0);  // h = 3
  EXPECT_DOUBLE_EQ(d.q95, 4.8);  // h = 3.8: 4 + 0.8 (5 - 4)
}

TEST(Describe, EmptyAndSingle) {
  Distribution empty = describe({});
  EXPECT_EQ(empty.count, 0);
  EXPECT_EQ(empty.mean, 0);
  Distribution one = describe({7});
  EXPECT_EQ(one.count, 1);
  EXPECT_EQ(one.mean, 7);
  EXPECT_EQ(one.sd, 0);
  EXPECT_EQ(one.q05, 7);
}

TEST(Histogram, BinsAreHalfOpenAndTheEndsClamp) {
  const std::vector<double> v{0, 4.9, 5, 99.9, 100, -1};
  const Histogram h = histogram(v, 0, 5, 20);
  ASSERT_EQ(h.counts.size(), 20u);
  EXPECT_EQ(h.counts[0], 3);   // 0, 4.9 and -1 (below the first bin)
  EXPECT_EQ(h.counts[1], 1);   // 5
  EXPECT_EQ(h.counts[19], 2);  // 99.9 and 100 (past the last bin)
  EXPECT_TRUE(histogram(std::vector<double>{}, 0, 5, 20).counts.empty());
}

TEST(Histogram, IntegersGetABinEachUpToMaxBins) {
  const std::vector<double> turns{3, 5, 5, 8};
  const Histogram h = integer_histogram(turns);
  EXPECT_EQ(h.low, 3);
  EXPECT_EQ(h.width, 1);
  EXPECT_EQ(h.counts, (std::vector<std::int64_t>{1, 0, 2, 0, 0, 1}));
  // 1..100 is 100 values: bins of 3 (ceil(100 / 40)), 34 of them, 100 in the last.
  const std::vector<double> wide{1, 2, 100};
  const Histogram w = integer_histogram(wide);
  EXPECT_EQ(w.width, 3);
  ASSERT_EQ(w.counts.size(), 34u);
  EXPECT_EQ(w.counts[0], 2);
  EXPECT_EQ(w.counts[33], 1);
}

}  // namespace
}  // namespace smoothbore
