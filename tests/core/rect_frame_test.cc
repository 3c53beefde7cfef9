// RectFrame (issue 9): a footprint's axes and corners worked out once. Its queries must
// answer bit for bit as the Rect's did before the cache, or event logs would change: the
// reference below is the edge-to-edge distance as shapes.cc computed it (every edge against
// every edge, each pair's segment_distance).
#include "core/geometry/rect_frame.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/geometry/same_frame.h"
#include "core/rect_gen.h"

namespace smoothbore {
namespace {

using testing_geometry::arbitrary_rect;
using testing_geometry::coord;

double reference_distance(const Rect& a, const Rect& b) {
  const auto ca = a.corners();
  const auto cb = b.corners();
  for (Vec2 p : ca) {
    if (b.contains(p)) return 0;
  }
  for (Vec2 p : cb) {
    if (a.contains(p)) return 0;
  }
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 4; ++i) {
    const Segment ea{ca[i], ca[(i + 1) % 4]};
    for (int j = 0; j < 4; ++j) {
      best = std::min(best, segment_distance(ea, {cb[j], cb[(j + 1) % 4]}));
    }
  }
  return best;
}

RC_GTEST_PROP(RectFrame, DistanceIsTheReferenceBitForBit, ()) {
  const Rect a = *arbitrary_rect(0);
  Rect b = *arbitrary_rect(0);
  // Pull b near a often, so that touching, crossing and contained pairs are common.
  const int pull = *rc::gen::inRange(0, 4);
  if (pull == 1) b.centre = a.centre + (b.centre - a.centre) * 0.05;
  if (pull == 2) b.centre = a.centre + (b.centre - a.centre) * 0.3;
  const double want = reference_distance(a, b);
  RC_ASSERT(distance(a, b) == want);
  RC_ASSERT(distance(RectFrame(a), RectFrame(b)) == want);
}

// The same for lines facing each other square or nearly so (several corners tie for the
// least distance, which only the formula's rounding separates) and far from the origin
// (a kilometre: larger rounding), where the distance skips pairs by estimate.
RC_GTEST_PROP(RectFrame, DistanceIsTheReferenceBitForBitForFacingLinesFarOut, ()) {
  Rect a = *arbitrary_rect(0);
  const Vec2 offset{*coord(-1000000, 1000000), *coord(-1000000, 1000000)};
  a.centre = a.centre + offset;
  Rect b = a;
  b.width = *coord(0, 200);
  b.depth = *coord(0, 200);
  const double ahead = a.depth / 2 + b.depth / 2 + *coord(0, 300);
  b.centre = a.centre + a.forward() * ahead + a.right() * *coord(-100, 100);
  const int turn = *rc::gen::inRange(0, 4);
  if (turn == 1) b.facing = a.facing + 180;
  if (turn == 2) b.facing = a.facing + *coord(-2, 2);
  if (turn == 3) b.facing = a.facing + 90;
  const double want = reference_distance(a, b);
  RC_ASSERT(distance(a, b) == want);
  RC_ASSERT(distance(RectFrame(a), RectFrame(b)) == want);
  RC_ASSERT(distance(RectFrame(b), RectFrame(a)) == reference_distance(b, a));
}

// Footprints in contact or a hair from it, as lines and columns stand on a table: side by
// side, front to front, corner to corner, a kilometre out or near the origin, square or a
// touch off square, nudged by less, about as much and more than distance()'s kApart (1e-6
// mm: shadows nearer than that are not taken for apart, and the corners and edges are asked).
RC_GTEST_PROP(RectFrame, DistanceIsTheReferenceBitForBitInContact, ()) {
  Rect a = *arbitrary_rect(0);
  if (*rc::gen::inRange(0, 2) == 1) a.centre = a.centre + Vec2{1e6, -1e6};
  Rect b = a;
  b.width = *rc::gen::element(a.width, *coord(0, 200));
  b.depth = *rc::gen::element(a.depth, *coord(0, 200));
  const double nudge = *rc::gen::element(0.0, 1e-9, -1e-9, 5e-7, -5e-7, 1e-6, -1e-6, 2e-6, -2e-6,
                                         1e-3, -1e-3, 0.5, -0.5);
  const double slide = *rc::gen::element(0.0, a.width, -a.width, a.depth, *coord(-200, 200));
  const int how = *rc::gen::inRange(0, 3);
  if (how == 0) {  // side by side
    b.centre = a.centre + a.right() * ((a.width + b.width) / 2 + nudge) + a.forward() * slide;
  } else if (how == 1) {  // front to front
    b.centre = a.centre + a.forward() * ((a.depth + b.depth) / 2 + nudge) + a.right() * slide;
  } else {  // corner to corner
    b.centre = a.centre + a.right() * ((a.width + b.width) / 2 + nudge) +
               a.forward() * ((a.depth + b.depth) / 2 + nudge);
  }
  b.facing = a.facing + *rc::gen::element(0.0, 180.0, 90.0, 1e-9, -1e-7, 0.5, *coord(0, 359));
  RC_ASSERT(distance(RectFrame(a), RectFrame(b)) == reference_distance(a, b));
  RC_ASSERT(distance(RectFrame(b), RectFrame(a)) == reference_distance(b, a));
}

RC_GTEST_PROP(RectFrame, AxisGapBoundsTheDistanceAndRulesOutOverlap, ()) {
  const Rect a = *arbitrary_rect(0);
  Rect b = *arbitrary_rect(0);
  const int pull = *rc::gen::inRange(0, 4);
  if (pull == 1) b.centre = a.centre + (b.centre - a.centre) * 0.05;
  if (pull == 2) b.centre = a.centre + (b.centre - a.centre) * 0.3;
  const RectFrame fa(a), fb(b);
  const double gap = axis_gap(fa, fb);
  RC_ASSERT(gap <= distance(fa, fb) + 1e-9);
  if (gap > 0) RC_ASSERT(!overlaps(a, b, 0.0));
}

RC_GTEST_PROP(RectFrame, CornersAndContainsAsTheRect, ()) {
  const Rect a = *arbitrary_rect(0);
  const RectFrame f(a);
  RC_ASSERT(f.corners == a.corners());
  RC_ASSERT(f.f == a.forward());
  RC_ASSERT(f.r == a.right());
  const Vec2 p{*coord(-700, 700), *coord(-700, 700)};
  RC_ASSERT(f.contains(p) == a.contains(p));
  RC_ASSERT(distance(f, p) == distance(a, p));
}

RC_GTEST_PROP(RectFrame, MovedToIsTheFrameOfTheMovedRectBitForBit, ()) {
  const Rect a = *arbitrary_rect(0);
  Rect moved = a;
  moved.centre = {*coord(-700, 700), *coord(-700, 700)};
  const RectFrame want(moved);
  const RectFrame got = RectFrame(a).moved_to(moved.centre);
  RC_ASSERT(got.rect.centre == want.rect.centre);
  RC_ASSERT(got.corners == want.corners);
  RC_ASSERT(got.f == want.f && got.r == want.r && got.hd == want.hd && got.hw == want.hw);
  const Rect b = *arbitrary_rect(0);
  RC_ASSERT(distance(got, RectFrame(b)) == distance(moved, b));
}

// The in-place forms a rule set uses for frames it keeps: move_to is moved_to, and a frame on
// the rect's own axes is RectFrame(rect), every field bit for bit (a changed corner
// arithmetic in any one of them fails here).
RC_GTEST_PROP(RectFrame, InPlaceFormsAreTheFreshFrameBitForBit, ()) {
  const Rect a = *arbitrary_rect(0);
  const Vec2 centre{*coord(-700, 700), *coord(-700, 700)};
  RectFrame in_place(a);
  in_place.move_to(centre);
  RC_ASSERT(same_bits(in_place, RectFrame(a).moved_to(centre)));
  Rect moved = a;
  moved.centre = centre;
  RC_ASSERT(same_bits(in_place, RectFrame(moved)));
  RectFrame on_axes = RectFrame(*arbitrary_rect(0));  // any frame, overwritten whole
  on_axes.assign_on_axes(a, a.forward(), a.right());
  RC_ASSERT(same_bits(on_axes, RectFrame(a)));
}

RC_GTEST_PROP(RectFrame, OverlapsAndBoundsAsTheRect, ()) {
  const Rect a = *arbitrary_rect(0);
  Rect b = *arbitrary_rect(0);
  if (*rc::gen::inRange(0, 2) == 1) b.centre = a.centre + (b.centre - a.centre) * 0.2;
  const double tolerance = *rc::gen::element(0.0, 1e-6, 0.01, 5.0);
  RC_ASSERT(overlaps(RectFrame(a), RectFrame(b), tolerance) == overlaps(a, b, tolerance));
  const Box want = a.bounds(), got = bounds(RectFrame(a));
  RC_ASSERT(got.min == want.min && got.max == want.max);
}

// zone_of on the frame answers as on the Rect, points on and beside the edge lines (the
// micron of slack) among them.
RC_GTEST_PROP(RectFrame, ZoneOfAsTheRect, ()) {
  const Rect a = *arbitrary_rect(0);
  const RectFrame f(a);
  const Vec2 random{*coord(-700, 700), *coord(-700, 700)};
  // A point on an edge line, nudged by about the slack either way, or anywhere.
  const double along = *rc::gen::element(a.depth / 2, -a.depth / 2, *coord(-300, 300));
  const double across = *rc::gen::element(a.width / 2, -a.width / 2, *coord(-300, 300));
  const double nudge = *rc::gen::element(0.0, 1e-6, -1e-6, 2e-6, -2e-6, 5e-7);
  const Vec2 edge = a.centre + a.forward() * (along + nudge) + a.right() * (across - nudge);
  for (const Vec2 p : {random, edge, a.front_centre(), a.centre}) {
    RC_ASSERT(zone_of(f, p) == zone_of(a, p));
  }
}

// in_arc as shapes.cc computed it before the frames (issue 9): the target's corners
// clipped by the arc's half-planes, each clip a fresh vector.
bool reference_in_arc(const Rect& firer, const Rect& target, double half_angle_deg) {
  struct Plane {
    Vec2 n;
    double c;
  };
  const Vec2 f = firer.forward();
  const Vec2 rt = firer.right();
  const Vec2 fc = firer.front_centre();
  const double hw = firer.width / 2;
  std::vector<Plane> planes = {{f, -f.dot(fc)}};
  if (half_angle_deg < 90.0) {
    const double t = std::tan(half_angle_deg * kPi / 180.0);
    const Vec2 n1 = f * t - rt;
    planes.push_back({n1, -n1.dot(fc) + hw});
    const Vec2 n2 = f * t + rt;
    planes.push_back({n2, -n2.dot(fc) + hw});
  }
  const auto c = target.corners();
  std::vector<Vec2> poly(c.begin(), c.end());
  for (const Plane& h : planes) {
    std::vector<Vec2> out;
    for (std::size_t i = 0; i < poly.size(); ++i) {
      const Vec2 p = poly[i];
      const Vec2 q = poly[(i + 1) % poly.size()];
      const double fp = h.n.dot(p) + h.c;
      const double fq = h.n.dot(q) + h.c;
      if (fp >= -1e-9) out.push_back(p);
      if ((fp >= -1e-9) != (fq >= -1e-9)) out.push_back(p + (q - p) * (fp / (fp - fq)));
    }
    poly = out;
    if (poly.empty()) return false;
  }
  return true;
}

// Targets anywhere, and targets with a corner on, or a hair either side of, the firer's
// front line or an arc line (where the clipping's slack decides), near the origin and a
// kilometre out.
RC_GTEST_PROP(RectFrame, InArcIsTheClippingBitForBit, ()) {
  Rect firer = *arbitrary_rect(0);
  Rect target = *arbitrary_rect(0);
  const double half = *rc::gen::element(22.5, 45.0, 60.0, 90.0);
  if (*rc::gen::inRange(0, 2) == 1) {
    const Vec2 far{1e6, -1e6};
    firer.centre = firer.centre + far;
    target.centre = target.centre + far;
  }
  if (*rc::gen::inRange(0, 3) > 0) {
    // Put a corner of the target on a boundary line of the arc, then nudge it.
    const Vec2 fc = firer.front_centre();
    const double side = *rc::gen::element(-1.0, 0.0, 1.0);
    const double along = *coord(0, 300);
    const double out = side == 0.0 ? *coord(-300, 300) : along * std::tan(half * kPi / 180.0);
    const Vec2 on = fc + firer.forward() * (side == 0.0 ? 0.0 : along) +
                    firer.right() * (side * (firer.width / 2 + out) + (side == 0.0 ? out : 0.0));
    const double nudge = *rc::gen::element(0.0, 1e-10, -1e-10, 1e-9, -1e-9, 2e-9, -2e-9, 1e-6);
    const Vec2 corner = target.corners()[*rc::gen::inRange(0, 4)] - target.centre;
    target.centre = on - corner + firer.forward() * nudge;
    if (*rc::gen::inRange(0, 2) == 1)
      target.facing = firer.facing + *rc::gen::element(0.0, 90.0, 45.0);
  }
  const bool want = reference_in_arc(firer, target, half);
  RC_ASSERT(in_arc(firer, target, half) == want);
  RC_ASSERT(in_arc(RectFrame(firer), RectFrame(target), half) == want);
}

// Stands in contact: edge to edge, corner to edge and corner to corner, square and turned.
TEST(RectFrame, TouchingFootprintsAreAtZero) {
  const Rect a{{0, 0}, 0, 40, 20};
  for (const Rect& b :
       {Rect{{0, 20}, 0, 40, 20}, Rect{{40, 0}, 0, 40, 20}, Rect{{40, 20}, 0, 40, 20},
        Rect{{0, 10 + 14.142135623730951}, 45, 20, 20}, Rect{{0, 0}, 90, 80, 5}}) {
    EXPECT_EQ(distance(RectFrame(a), RectFrame(b)), reference_distance(a, b));
    EXPECT_EQ(distance(a, b), reference_distance(a, b));
  }
  EXPECT_EQ(distance(a, Rect{{0, 0}, 90, 80, 5}), 0.0);  // a cross: no corner inside
  EXPECT_NEAR(distance(a, Rect{{0, 120}, 0, 40, 20}), 100.0, 1e-12);
}

// distance(RectFrame, RectFrame) skips the touch tests when the shadows lie more than a
// micron apart on an axis (issue 9): footprints just apart, side by side and corner to
// corner, by gaps around that micron, far out on a large table and turned, measure as the
// reference bit for bit.
TEST(RectFrame, NearlyTouchingFootprintsAsTheReference) {
  for (const double facing : {0.0, 17.0, 45.0, 90.0, 133.7, 301.25}) {
    for (const Vec2 at : {Vec2{0, 0}, Vec2{123456.789, 98765.4321}}) {
      const Rect a{at, facing, 40, 20};
      for (const double gap : {0.0, 1e-12, 1e-9, 1e-7, 5e-7, 1e-6, 1.5e-6, 3e-6, 1e-5, 1e-3}) {
        // Behind along its front, beside it along its right, and off a corner, turned.
        for (const Rect& b : {Rect{at + a.forward() * (20 + gap), facing, 40, 20},
                              Rect{at + a.right() * (40 + gap), facing, 40, 20},
                              Rect{at + a.forward() * (10 + 10 + gap) + a.right() * (20 + 20 + gap),
                                   facing + 30, 40, 40}}) {
          EXPECT_EQ(distance(RectFrame(a), RectFrame(b)), reference_distance(a, b))
              << facing << " " << gap;
          EXPECT_EQ(distance(RectFrame(b), RectFrame(a)), reference_distance(b, a))
              << facing << " " << gap;
        }
      }
    }
  }
}

}  // namespace
}  // namespace smoothbore

namespace smoothbore {
namespace {

// The frame keeps the axes of the last two facings it framed (rect_frame.cc): frames made in
// any order of facings, repeated, alternating, 0 and -0 among them, have the axes the Rect
// works out afresh, bit for bit.
TEST(RectFrame, KeptAxesAreTheRectsAxes) {
  const std::vector<double> facings = {0.0,    -0.0, 0.0,     90.0,   90.0, 37.5, 90.0,   37.5,
                                       212.25, -0.0, 359.999, 212.25, 37.5, 0.0,  1e-300, -1e-300};
  for (int round = 0; round < 3; ++round) {
    for (std::size_t i = 0; i < facings.size(); ++i) {
      const Rect r{{100.0 + static_cast<double>(i), 50.0},
                   facings[(i * (round + 1)) % facings.size()],
                   20.0,
                   10.0};
      const RectFrame f(r);
      const Vec2 fwd = r.forward(), right = r.right();
      EXPECT_EQ(std::bit_cast<std::uint64_t>(f.f.x), std::bit_cast<std::uint64_t>(fwd.x));
      EXPECT_EQ(std::bit_cast<std::uint64_t>(f.f.y), std::bit_cast<std::uint64_t>(fwd.y));
      EXPECT_EQ(std::bit_cast<std::uint64_t>(f.r.x), std::bit_cast<std::uint64_t>(right.x));
      EXPECT_EQ(std::bit_cast<std::uint64_t>(f.r.y), std::bit_cast<std::uint64_t>(right.y));
    }
  }
}

}  // namespace
}  // namespace smoothbore
