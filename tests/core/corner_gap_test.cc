// corner_gap and TranslatedCornerGap (core/geometry/corner_gap.h, issue 9): the doctrine's
// advance passes a move over on the estimate alone, which is sound only if the estimate is
// the exact distance (up to rounding) of footprints that do not overlap and never less
// than it (up to rounding) of footprints that do.
#include "core/geometry/corner_gap.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "core/geometry/axis_gaps.h"
#include "core/rect_gen.h"

namespace smoothbore {
namespace {

using testing_geometry::arbitrary_rect;
using testing_geometry::coord;

constexpr double kRounding = 1e-9;  // mm: far above the rounding, far under the doctrine's 1e-6

// The estimate of `a` and `b` against the exact distance: at or above it always, and
// equal to it up to rounding when the footprints' shadows lie apart on an axis (no overlap).
void check_estimate(const RectFrame& a, const RectFrame& b, double estimate) {
  const double exact = distance(a, b);
  RC_ASSERT(exact <= estimate + kRounding);
  if (axis_gap(a, b) > 0) RC_ASSERT(std::abs(estimate - exact) <= kRounding);
}

RC_GTEST_PROP(CornerGap, IsTheDistanceOfFootprintsApartAndNeverLess, ()) {
  const RectFrame a(*arbitrary_rect(1));
  const RectFrame b(*arbitrary_rect(1));
  const double estimate = corner_gap(a, b);
  check_estimate(a, b, estimate);
  RC_ASSERT(corner_gap(b, a) == estimate);
}

// Footprints near each other: the second placed within a few millimetres of the first's
// edge, so that many touch, cross or lie just apart.
RC_GTEST_PROP(CornerGap, NearFootprintsAsTheDistance, ()) {
  const Rect a = *arbitrary_rect(1);
  Rect b = *arbitrary_rect(1);
  b.centre = a.centre + a.forward() * (a.depth / 2 + b.depth / 2 + *coord(-3, 3)) +
             a.right() * *coord(-100, 100);
  check_estimate(RectFrame(a), RectFrame(b), corner_gap(RectFrame(a), RectFrame(b)));
}

RC_GTEST_PROP(TranslatedCornerGap, AsTheCornerGapOfTheMovedFrame, ()) {
  const RectFrame mover(*arbitrary_rect(1));
  const RectFrame fixed(*arbitrary_rect(1));
  const TranslatedCornerGap gap(mover, fixed);
  for (int i = 0; i < 8; ++i) {
    const Vec2 centre{*coord(-500, 500), *coord(-500, 500)};
    const RectFrame moved = mover.moved_to(centre);
    const double estimate = gap.at(centre);
    RC_ASSERT(std::abs(estimate - corner_gap(moved, fixed)) <= kRounding);
    check_estimate(moved, fixed, estimate);
  }
}

// Touching, crossing (no corner inside the other: the distance is 0, the estimate is not)
// and apart by 100 mm, square and turned.
TEST(CornerGap, TouchingCrossingAndApart) {
  const RectFrame a(Rect{{0, 0}, 0, 40, 20});
  EXPECT_NEAR(corner_gap(a, RectFrame(Rect{{0, 20}, 0, 40, 20})), 0.0, kRounding);
  EXPECT_NEAR(corner_gap(a, RectFrame(Rect{{40, 20}, 0, 40, 20})), 0.0, kRounding);
  const RectFrame cross(Rect{{0, 0}, 90, 80, 5});
  EXPECT_EQ(distance(a, cross), 0.0);
  EXPECT_NEAR(corner_gap(a, cross), 17.5, kRounding);  // a corner of `a`, 17.5 mm beside
  EXPECT_NEAR(corner_gap(a, RectFrame(Rect{{0, 120}, 0, 40, 20})), 100.0, kRounding);
  const RectFrame turned(Rect{{0, 10 + 100 + 14.142135623730951}, 45, 20, 20});
  EXPECT_NEAR(corner_gap(a, turned), 100.0, kRounding);
  const TranslatedCornerGap from_a(a, turned);
  EXPECT_NEAR(from_a.at({0, 50}), 50.0, kRounding);
  EXPECT_NEAR(from_a.at({0, 100}), 0.0, kRounding);
}

}  // namespace
}  // namespace smoothbore
