// group-orders' Clearance (battle_impl.h): the halt and zone checks of a move skip the
// exact distance of a unit for the steps whose centre stays within the clearance kept at
// an earlier step. Wherever it says a moved footprint is clear, distance() of that moved
// footprint must be at least the limit (less the 1e-6 mm the checks allow), whichever
// lower bound was kept (the distance itself, axis_gap, the centres less both half
// diagonals); and it does rule steps out, some of them close to the limit.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "core/geometry/rect_frame.h"
#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders_random_frame.h"

namespace smoothbore::group_orders {
namespace {

RectFrame random_frame(std::mt19937& g) { return test_support::random_frame(g, 10); }

double half_diagonal(const RectFrame& f) { return std::sqrt(f.hw * f.hw + f.hd * f.hd); }

TEST(GroupOrdersClearance, ClearOnlyWhereTheMovedDistanceReachesTheLimit) {
  std::mt19937 g(2028);
  std::uniform_real_distribution<double> limit(0, 400), step(-1, 1), angle(0, 360);
  int clear = 0, near_limit = 0, asked = 0;
  for (int k = 0; k < 20000; ++k) {
    const RectFrame mover = random_frame(g), other = random_frame(g);
    const double d = limit(g);
    const double exact = distance(mover, other);
    Clearance c;
    switch (k % 3) {
      case 0:
        c.keep(mover.rect.centre, exact, d);
        break;
      case 1:
        c.keep(mover.rect.centre, axis_gap(mover, other), d);
        break;
      default:
        c.keep(mover.rect.centre,
               (mover.rect.centre - other.rect.centre).length() - half_diagonal(mover) -
                   half_diagonal(other),
               d);
    }
    // Steps along a path, as travel takes them, some of them beside the clearance's edge.
    const double a = angle(g) * 3.14159265358979 / 180;
    const Vec2 dir{std::cos(a), std::sin(a)};
    const double reach = std::min(std::max(0.0, exact - d) * 1.5 + 5, 400.0);
    for (double t = 0; t <= reach; t += 5 + step(g)) {
      ++asked;
      const Vec2 centre = mover.rect.centre + dir * t;
      if (!c.holds(centre)) continue;
      ++clear;
      const double moved = distance(mover.moved_to(centre), other);
      EXPECT_GE(moved, d - 1e-6) << k << " " << t;
      if (moved < d + 5) ++near_limit;
    }
  }
  EXPECT_GT(clear, asked / 4);  // it does rule steps out
  EXPECT_GT(near_limit, 40);    // and some close to the limit
}

TEST(GroupOrdersClearance, NothingKeptIsNeverClear) {
  Clearance c;
  EXPECT_FALSE(c.holds({0, 0}));
  c.keep({0, 0}, 100.005, 100);  // within the margin: nothing kept
  EXPECT_FALSE(c.holds({0, 0}));
  c.keep({0, 0}, 110, 100);
  EXPECT_TRUE(c.holds({9.98, 0}));
  EXPECT_FALSE(c.holds({9.995, 0}));
}

}  // namespace
}  // namespace smoothbore::group_orders
