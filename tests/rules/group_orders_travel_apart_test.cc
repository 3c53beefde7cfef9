// group-orders' apart_for (travel_apart.h): travel skips the exact overlap test of a unit
// beside the path for the steps within the run an earlier step learnt. Wherever a footprint
// moved less than that run along the direction overlaps the other (overlaps(), place_ok's
// 0.01 mm), the run was wrong; and the run does cover steps, some of them close to the
// first overlap.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "core/geometry/rect_frame.h"
#include "rules/group_orders/travel_apart.h"
#include "rules/group_orders_random_frame.h"

namespace smoothbore::group_orders {
namespace {

double half_diagonal(const RectFrame& f) { return std::sqrt(f.hw * f.hw + f.hd * f.hd); }

TEST(GroupOrdersTravelApart, NoOverlapWithinTheRun) {
  std::mt19937 g(2029);
  std::uniform_real_distribution<double> angle(0, 360), step(-1, 1), near(-600, 600);
  int covered = 0, asked = 0, tight = 0;
  for (int k = 0; k < 20000; ++k) {
    const RectFrame mover = test_support::random_frame(g, 10);
    // The other near the mover (as a neighbour in a line is), often sharing its facing.
    Rect o = test_support::random_frame(g, 10).rect;
    o.centre = mover.rect.centre + Vec2{near(g), near(g)};
    if (k % 2 == 0) o.facing = mover.rect.facing;
    const RectFrame other(o);
    if (overlaps(mover, other, 0.01)) continue;
    const double a = k % 4 == 0 ? mover.rect.facing : angle(g);
    const Vec2 dir = k % 4 == 0 ? mover.f
                                : Vec2{std::cos(a * 3.14159265358979 / 180),
                                       std::sin(a * 3.14159265358979 / 180)};
    const double run = apart_for(mover, other, half_diagonal(mover), dir);
    // Steps along the path, as travel takes them, up to a little beyond the run.
    bool met = false;
    for (double t = 0; t <= std::min(std::max(run, 0.0) + 6, 800.0); t += 5 + step(g)) {
      ++asked;
      const bool overlap = overlaps(mover.moved_to(mover.rect.centre + dir * t), other, 0.01);
      if (t < run) {
        ++covered;
        EXPECT_FALSE(overlap) << k << " " << t << " " << run;
      } else if (overlap && !met) {
        met = true;
        if (t < run + 6) ++tight;
      }
    }
  }
  EXPECT_GT(covered, asked / 2);  // the run does cover steps
  EXPECT_GT(tight, 200);          // and often ends close to the first overlap
}

}  // namespace
}  // namespace smoothbore::group_orders
