// group-orders' PairDistances (pair_distance.h): a kept distance per ordered pair, stale
// after invalidate() or a placed() of either unit. Against a fresh answer on random asks,
// with clashing slots (a small table) and epochs: every answer is the fresh one of its
// epoch, bit for bit, and it does keep answers (fresh is not asked again for a pair asked in
// the same epoch, slot allowing).
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "rules/group_orders/pair_distance.h"

namespace smoothbore::group_orders {
namespace {

// Asks both caches for (a, b), whose fresh answer is `truth`: both must answer it. Counts in
// `computed` the fresh answers `roomy` (the one without clashes) worked out.
bool both_answer(PairDistances& clashing, PairDistances& roomy, int a, int b, double truth,
                 int& computed) {
  const double c = clashing.get(a, b, [&] { return truth; });
  const double r = roomy.get(a, b, [&] {
    ++computed;
    return truth;
  });
  return c == truth && r == truth;
}

TEST(GroupOrdersPairDistances, EveryAnswerIsTheFreshOneOfItsEpoch) {
  std::mt19937 g(2029);
  std::uniform_int_distribution<int> unit(0, 11), roll(0, 1999);
  PairDistances clashing(5);  // 32 slots for 144 pairs: many clashes
  PairDistances roomy(10);
  int epoch = 0, computed = 0, asked = 0;
  auto truth = [&](int a, int b) { return a * 1000.25 + b * 0.5 + epoch * 1e6; };
  for (int k = 0; k < 200000; ++k) {
    if (roll(g) == 0) {
      clashing.invalidate();
      roomy.invalidate();
      ++epoch;
    }
    const int a = unit(g), b = unit(g);
    ASSERT_TRUE(both_answer(clashing, roomy, a, b, truth(a, b), computed)) << k;
    ++asked;
  }
  EXPECT_LT(computed, asked / 4);  // answers are kept
  EXPECT_GT(computed, epoch);      // and worked out again in each epoch
}

// Each unit has its own version, bumped by placed(u) (and all of them by invalidate()): the
// truth of a pair is a function of both units' versions, so a kept answer of a pair whose
// unit moved since, or from before an invalidate(), is wrong and caught.
TEST(GroupOrdersPairDistances, AnswersOfUnitsNotPlacedSinceAreKept) {
  std::mt19937 g(2031);
  std::uniform_int_distribution<int> unit(0, 11), roll(0, 999);
  PairDistances clashing(5);
  PairDistances roomy(10);
  std::vector<int> version(12, 0);
  int all = 0, computed = 0, asked = 0, placements = 0;
  auto truth = [&](int a, int b) {
    return a * 1000.25 + b * 0.5 + version[a] * 1e6 + version[b] * 1e9 + all * 1e12;
  };
  for (int k = 0; k < 200000; ++k) {
    const int r = roll(g);
    if (r < 2) {  // one unit moves
      const int u = unit(g);
      clashing.placed(u);
      roomy.placed(u);
      ++version[u];
      ++placements;
    } else if (r == 2 && k % 3 == 0) {
      clashing.invalidate();
      roomy.invalidate();
      ++all;
    }
    const int a = unit(g), b = unit(g);
    ASSERT_TRUE(both_answer(clashing, roomy, a, b, truth(a, b), computed)) << k;
    ++asked;
  }
  EXPECT_GT(placements, 200);
  EXPECT_GT(all, 10);
  // Far fewer fresh answers than asks: a move leaves the other units' pairs kept (a pair is
  // asked about 3 times between two moves, so with every move making every pair stale
  // about a third of the asks would be fresh; here about one in twenty).
  EXPECT_LT(computed, asked / 8);
}

TEST(GroupOrdersPairDistances, OrderedPairsAndNegativeIdsDoNotShare) {
  PairDistances kept;
  EXPECT_EQ(kept.get(1, 2, [] { return 12.0; }), 12.0);
  EXPECT_EQ(kept.get(2, 1, [] { return 21.0; }), 21.0);
  EXPECT_EQ(kept.get(1, 2, [] { return -1.0; }), 12.0);
  EXPECT_EQ(kept.get(-1, 2, [] { return 7.0; }), 7.0);
  kept.invalidate();
  EXPECT_EQ(kept.get(1, 2, [] { return 13.0; }), 13.0);
  kept.placed(3);  // another unit: kept
  EXPECT_EQ(kept.get(1, 2, [] { return -1.0; }), 13.0);
  kept.placed(2);
  EXPECT_EQ(kept.get(1, 2, [] { return 14.0; }), 14.0);
  EXPECT_EQ(kept.get(2, 1, [] { return 24.0; }), 24.0);
}

}  // namespace
}  // namespace smoothbore::group_orders
