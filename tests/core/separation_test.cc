// gap_lower_bound never exceeds the exact edge-to-edge distance, and is exact for two
// rectangles facing each other squarely.
#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "core/geometry/separation.h"

namespace smoothbore {
namespace {

Rect random_rect(Rng& rng, double spread) {
  Rect r;
  r.centre = {rng.uniform() * spread, rng.uniform() * spread};
  r.facing = rng.uniform() * 360;
  r.width = 5 + rng.uniform() * 300;
  r.depth = 5 + rng.uniform() * 100;
  return r;
}

TEST(SeparationTest, NeverAboveTheDistance) {
  Rng rng(20261123, 1);
  for (double spread : {200.0, 2000.0, 50000.0}) {
    for (int i = 0; i < 20000; ++i) {
      const Rect a = random_rect(rng, spread), b = random_rect(rng, spread);
      const double lb = gap_lower_bound(RectAxes(a), RectAxes(b));
      EXPECT_LE(lb, distance(a, b) * (1 + 1e-12) + 1e-9) << "spread " << spread << " pair " << i;
    }
  }
}

TEST(SeparationTest, ExactForLinesFacingEachOther) {
  Rect a, b;
  a.width = b.width = 300;
  a.depth = b.depth = 40;
  a.centre = {0, 0};
  a.facing = 0;  // north
  b.centre = {0, 500};
  b.facing = 180;  // south, toward a
  EXPECT_NEAR(gap_lower_bound(RectAxes(a), RectAxes(b)), distance(a, b), 1e-9);
  EXPECT_NEAR(distance(a, b), 460, 1e-9);
  b.centre = a.centre;  // the same centre: no direction, no bound
  EXPECT_EQ(gap_lower_bound(RectAxes(a), RectAxes(b)), 0);
}

}  // namespace
}  // namespace smoothbore
