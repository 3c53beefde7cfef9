// group-orders' surely_farther (battle_impl.h): the halt, zone and clearance checks of a
// move skip the exact distance where the centres alone show it exceeds the limit. It must
// say true only where distance() does exceed it, and it does rule pairs out.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "core/geometry/rect_frame.h"
#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders_random_frame.h"

namespace smoothbore::group_orders {
namespace {

// A footprint anywhere on a 3 m table, of any facing and sides up to 30 cm.
RectFrame random_frame(std::mt19937& g) { return test_support::random_frame(g, 0); }

TEST(GroupOrdersSurelyFarther, SaysTrueOnlyWhereTheDistanceExceedsTheLimit) {
  std::mt19937 g(2026);
  std::uniform_real_distribution<double> limit(0, 400);
  int ruled_out = 0, near_limit = 0;
  for (int k = 0; k < 50000; ++k) {
    const RectFrame a = random_frame(g), b = random_frame(g);
    const double d = limit(g);
    const double exact = distance(a, b);
    if (surely_farther(a, b, d)) {
      ++ruled_out;
      EXPECT_GT(exact, d) << k;
      if (exact < d + 50) ++near_limit;
    }
  }
  EXPECT_GT(ruled_out, 20000);  // the filter does rule pairs out
  EXPECT_GT(near_limit, 100);   // and some close to the limit
}

// can_shoot_at and the charge targets of legal_actions rule a pair out by surely_farther
// at a limit of whole or half centimetres (a weapon's longest range, a move) before gap_cm:
// wherever it says true, gap_cm (the distance rounded to the mm, in cm) exceeds the limit,
// so range_band says out and the charge filter skips the pair, as the direct check did.
TEST(GroupOrdersSurelyFarther, RulesOutOnlyWhereTheGapInCmExceedsTheLimit) {
  std::mt19937 g(2027);
  std::uniform_int_distribution<int> half_cm(0, 120);
  int ruled_out = 0, near_limit = 0;
  for (int k = 0; k < 50000; ++k) {
    const RectFrame a = random_frame(g), b = random_frame(g);
    const double limit_cm = half_cm(g) / 2.0;
    const double gap_cm = std::round(distance(a, b)) / kCm;  // BattleGO::gap_cm
    if (surely_farther(a, b, limit_cm * kCm)) {
      ++ruled_out;
      EXPECT_GT(gap_cm, limit_cm) << k;
      if (gap_cm < limit_cm + 5) ++near_limit;
    }
  }
  EXPECT_GT(ruled_out, 20000);
  EXPECT_GT(near_limit, 100);
}

}  // namespace
}  // namespace smoothbore::group_orders
