// RapidCheck properties of the footprint geometry: symmetries and invariances that any
// correct edge-to-edge distance and overlap test must have.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

#include "core/geometry/shapes.h"
#include "core/rect_gen.h"

namespace smoothbore {
namespace {

using testing_geometry::arbitrary_rect;
using testing_geometry::coord;

// Clockwise rotation by `deg` about the origin, matching compass bearings.
Vec2 rotate(Vec2 p, double deg) {
  const double r = deg * kPi / 180.0;
  return {p.x * std::cos(r) + p.y * std::sin(r), -p.x * std::sin(r) + p.y * std::cos(r)};
}

RC_GTEST_PROP(ShapesProperty, DistanceSymmetricAndNonNegative, ()) {
  const Rect a = *arbitrary_rect(1);
  const Rect b = *arbitrary_rect(1);
  const double d = distance(a, b);
  RC_ASSERT(d >= 0);
  RC_ASSERT(std::fabs(d - distance(b, a)) <= 1e-9);
}

RC_GTEST_PROP(ShapesProperty, OverlapsSymmetric, ()) {
  const Rect a = *arbitrary_rect(1);
  const Rect b = *arbitrary_rect(1);
  RC_ASSERT(overlaps(a, b) == overlaps(b, a));
}

RC_GTEST_PROP(ShapesProperty, OverlappingRectsHaveZeroDistance, ()) {
  const Rect a = *arbitrary_rect(1);
  Rect b = *arbitrary_rect(1);
  // Half the time, pull b onto a so that overlaps are common enough to test.
  if (*rc::gen::arbitrary<bool>()) b.centre = a.centre + (b.centre - a.centre) * 0.05;
  if (overlaps(a, b)) RC_ASSERT(distance(a, b) == 0);
}

RC_GTEST_PROP(ShapesProperty, DistanceAtMostCentreDistance, ()) {
  const Rect a = *arbitrary_rect(1);
  const Rect b = *arbitrary_rect(1);
  RC_ASSERT(distance(a, b) <= distance(a.centre, b.centre) + 1e-9);
}

RC_GTEST_PROP(ShapesProperty, TranslationInvariant, ()) {
  Rect a = *arbitrary_rect(1);
  Rect b = *arbitrary_rect(1);
  const Vec2 shift{*coord(-1000, 1000), *coord(-1000, 1000)};
  const double before = distance(a, b);
  a.centre = a.centre + shift;
  b.centre = b.centre + shift;
  RC_ASSERT(std::fabs(distance(a, b) - before) <= 1e-6);
}

RC_GTEST_PROP(ShapesProperty, RotationInvariant, ()) {
  Rect a = *arbitrary_rect(1);
  Rect b = *arbitrary_rect(1);
  const double turn = *coord(0, 359);
  const double before = distance(a, b);
  a.centre = rotate(a.centre, turn);
  a.facing += turn;
  b.centre = rotate(b.centre, turn);
  b.facing += turn;
  RC_ASSERT(std::fabs(distance(a, b) - before) <= 1e-6);
}

RC_GTEST_PROP(ShapesProperty, LengthInsideAtMostSegmentLength, ()) {
  // A star-shaped (hence simple) polygon: vertices at increasing angles about a centre.
  const int n = *rc::gen::inRange(3, 12);
  Polygon poly;
  for (int i = 0; i < n; ++i) {
    const double radius = *coord(10, 300);
    poly.points.push_back(bearing_vector(360.0 * i / n) * radius);
  }
  const Segment s{{*coord(-400, 400), *coord(-400, 400)}, {*coord(-400, 400), *coord(-400, 400)}};
  const double inside = poly.length_inside(s);
  RC_ASSERT(inside >= 0);
  RC_ASSERT(inside <= s.length() + 1e-9);
}

// Polygon::inside_intervals as it was before it skipped the distance of vertices far from
// the segment's box (and worked out the segment's length per edge): every vertex measured.
std::vector<std::pair<double, double>> intervals_measuring_every_vertex(const Polygon& poly,
                                                                        const Segment& s) {
  std::vector<std::pair<double, double>> out;
  const std::size_t n = poly.points.size();
  std::vector<double> cuts{0.0, 1.0};
  const Vec2 d = s.b - s.a;
  const double len2 = d.dot(d);
  for (std::size_t i = 0; i < n; ++i) {
    const Segment e{poly.points[i], poly.points[(i + 1) % n]};
    const std::vector<double> at = segment_crossings(s, e);
    cuts.insert(cuts.end(), at.begin(), at.end());
    if (len2 > 0 && point_segment_distance(poly.points[i], s) <= 1e-9) {
      cuts.push_back(std::clamp((poly.points[i] - s.a).dot(d) / len2, 0.0, 1.0));
    }
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  if (len2 == 0) {
    if (poly.contains(s.a)) out.push_back({0.0, 1.0});
    return out;
  }
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const double t0 = cuts[i], t1 = cuts[i + 1];
    if (!poly.contains(s.a + d * ((t0 + t1) / 2))) continue;
    if (!out.empty() && out.back().second == t0) {
      out.back().second = t1;
    } else {
      out.push_back({t0, t1});
    }
  }
  return out;
}

RC_GTEST_PROP(ShapesProperty, InsideIntervalsAsMeasuringEveryVertex, ()) {
  // Star-shaped polygons with vertices on a 10 mm grid, and segments whose ends are often
  // vertices or grid points: many run along edges or through vertices, at and beside the box.
  const int n = *rc::gen::inRange(3, 9);
  Polygon poly;
  for (int i = 0; i < n; ++i) {
    const double radius = 10.0 * *rc::gen::inRange(1, 30);
    const Vec2 v = bearing_vector(360.0 * i / n) * radius;
    poly.points.push_back({std::round(v.x / 10) * 10, std::round(v.y / 10) * 10});
  }
  auto end = [&] {
    if (*rc::gen::inRange(0, 3) == 0) return poly.points[*rc::gen::inRange<std::size_t>(0, n)];
    const double slack = *rc::gen::element(0.0, 1e-9, 5e-4, 1e-3, 2e-3);
    return Vec2{10.0 * *rc::gen::inRange(-35, 35) + slack, 10.0 * *rc::gen::inRange(-35, 35)};
  };
  const Segment s{end(), end()};
  std::vector<std::pair<double, double>> got = {{9, 9}};  // emptied by the call
  poly.inside_intervals(s, &got);
  RC_ASSERT(got == intervals_measuring_every_vertex(poly, s));
  RC_ASSERT(poly.inside_intervals(s) == got);
}

RC_GTEST_PROP(ShapesProperty, FarAheadIsFront, ()) {
  const Rect r = *arbitrary_rect(1);
  const double ahead = *coord(1, 10000);
  RC_ASSERT(zone_of(r, r.centre + r.forward() * (r.depth / 2 + ahead)) == Zone::kFront);
}

RC_GTEST_PROP(ShapesProperty, DistanceIsNearestCornerDistance, ()) {
  // For disjoint convex shapes the closest pair includes a corner of one of them, so the
  // edge-to-edge distance equals the smallest corner-to-rectangle distance (computed
  // independently, in each rectangle's own frame).
  const Rect a = *arbitrary_rect(1);
  const Rect b = *arbitrary_rect(1);
  double want = distance(a, b.corners()[0]);
  for (Vec2 p : b.corners()) want = std::min(want, distance(a, p));
  for (Vec2 p : a.corners()) want = std::min(want, distance(b, p));
  // (Crossing rectangles, like a plus sign, overlap with every corner outside: skip.)
  if (!overlaps(a, b, 0)) RC_ASSERT(std::fabs(distance(a, b) - want) <= 1e-9);
}

RC_GTEST_PROP(ShapesProperty, RectInArcWhenACornerIs, ()) {
  const Rect firer = *arbitrary_rect(1);
  const Rect target = *arbitrary_rect(1);
  const double half = *rc::gen::element(22.5, 45.0, 60.0);
  bool corner_in = false;
  for (Vec2 p : target.corners()) corner_in = corner_in || in_arc(firer, p, half);
  if (corner_in) RC_ASSERT(in_arc(firer, target, half));
  if (in_arc(firer, target.centre, half)) RC_ASSERT(in_arc(firer, target, half));
}

// The spatial-index searches skip a footprint whose box gap already exceeds the best
// distance found, so the gap must never exceed the true edge-to-edge distance.
RC_GTEST_PROP(ShapesProperty, BoxGapIsALowerBoundOfDistance, ()) {
  const Rect a = *arbitrary_rect(1);
  const Rect b = *arbitrary_rect(1);
  const double gap = box_gap(a.bounds(), b.bounds());
  RC_ASSERT(gap >= 0.0);
  RC_ASSERT(gap <= distance(a, b) + 1e-9);
  RC_ASSERT(gap == box_gap(b.bounds(), a.bounds()));
}

// Polygon::contains skips the distance to an edge whose box the point lies well outside,
// and asks both tests of each edge in one walk (issue 9): the same answer as every edge's
// distance asked first, then the crossing number, for points near, on and off the edges and
// corners of random polygons.
bool contains_by_every_edge(const Polygon& poly, Vec2 p) {
  const std::size_t n = poly.points.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (point_segment_distance(p, {poly.points[i], poly.points[(i + 1) % n]}) <= 1e-9) {
      return true;
    }
  }
  bool inside = false;
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
    const Vec2 a = poly.points[i], b = poly.points[j];
    if ((a.y > p.y) != (b.y > p.y)) {
      const double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
      if (p.x < x) inside = !inside;
    }
  }
  return inside;
}

RC_GTEST_PROP(ShapesProperty, PolygonContainsAsEveryEdgeAsked, ()) {
  Polygon poly;
  const int n = *rc::gen::inRange(3, 9);
  for (int i = 0; i < n; ++i) poly.points.push_back({*coord(-500, 500), *coord(-500, 500)});
  const Vec2 a = poly.points[static_cast<std::size_t>(*rc::gen::inRange(0, n))];
  const Vec2 b = poly.points[static_cast<std::size_t>(*rc::gen::inRange(0, n))];
  const double t = *coord(0, 1000) / 1000;
  const int kind = *rc::gen::inRange(0, 4);
  Vec2 p{*coord(-600, 600), *coord(-600, 600)};                      // anywhere
  if (kind == 1) p = a + (b - a) * t;                                // on an edge or a chord
  if (kind == 2) p = a + Vec2{*coord(-1, 1), *coord(-1, 1)} * 1e-3;  // by a corner
  if (kind == 3) p = a + (b - a) * t + Vec2{1e-9, -1e-9} * *coord(-2, 2);
  RC_ASSERT(poly.contains(p) == contains_by_every_edge(poly, p));
}

TEST(Shapes, BoxGapOfSeparatedAndTouchingBoxes) {
  const Box a{{0, 0}, {10, 10}};
  EXPECT_DOUBLE_EQ(box_gap(a, Box{{13, 14}, {20, 20}}), 5.0);  // 3-4-5 to the corner
  EXPECT_DOUBLE_EQ(box_gap(a, Box{{10, 2}, {12, 4}}), 0.0);    // touching edges
  EXPECT_DOUBLE_EQ(box_gap(a, Box{{-7, 3}, {-2, 4}}), 2.0);    // beside, overlapping in y
}

}  // namespace
}  // namespace smoothbore
