// Hand-computed checks of the footprint geometry (common.md §3). Each expected number is
// worked out in the comment beside it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/geometry/rect_frame.h"
#include "core/geometry/same_bits.h"
#include "core/geometry/shapes.h"

namespace smoothbore {
namespace {

constexpr double kTol = 1e-9;
const double kR2 = std::sqrt(2.0);

Rect make_rect(double x, double y, double facing, double width, double depth) {
  Rect r;
  r.centre = {x, y};
  r.facing = facing;
  r.width = width;
  r.depth = depth;
  return r;
}

void expect_near(Vec2 got, Vec2 want) {
  EXPECT_NEAR(got.x, want.x, kTol);
  EXPECT_NEAR(got.y, want.y, kTol);
}

TEST(RectGeometry, CornersFacingNorth) {
  // Facing 0: forward = +y, right = +x; half width 20, half depth 10 about (100, 50).
  const auto c = make_rect(100, 50, 0, 40, 20).corners();
  expect_near(c[0], {80, 60});   // front-left
  expect_near(c[1], {120, 60});  // front-right
  expect_near(c[2], {120, 40});  // rear-right
  expect_near(c[3], {80, 40});   // rear-left
}

TEST(RectGeometry, CornersFacingEast) {
  // Facing 90: forward = +x, right = bearing 180 = -y. FL = c + 10·f - 20·r = (110, 70).
  const Rect r = make_rect(100, 50, 90, 40, 20);
  const auto c = r.corners();
  expect_near(c[0], {110, 70});
  expect_near(c[1], {110, 30});
  expect_near(c[2], {90, 30});
  expect_near(c[3], {90, 70});
  expect_near(r.front_centre(), {110, 50});
  const Box b = r.bounds();
  expect_near(b.min, {90, 30});
  expect_near(b.max, {110, 70});
}

TEST(RectGeometry, CornersFacingNorthEast) {
  // Facing 45: f = (1, 1)/√2, r = (1, -1)/√2; hw 10, hd 5.
  // FL = 5f - 10r = (-5, 15)/√2, FR = 5f + 10r = (15, -5)/√2, RR = (5, -15)/√2,
  // RL = (-15, 5)/√2.
  const auto c = make_rect(0, 0, 45, 20, 10).corners();
  expect_near(c[0], {-5 / kR2, 15 / kR2});
  expect_near(c[1], {15 / kR2, -5 / kR2});
  expect_near(c[2], {5 / kR2, -15 / kR2});
  expect_near(c[3], {-15 / kR2, 5 / kR2});
}

TEST(RectGeometry, ContainsIncludesBoundary) {
  const Rect r = make_rect(0, 0, 0, 40, 20);  // x -20..20, y -10..10
  EXPECT_TRUE(r.contains({0, 0}));
  EXPECT_TRUE(r.contains({20, 10}));
  EXPECT_FALSE(r.contains({20.1, 0}));
}

TEST(RectDistance, Separated) {
  // a spans x -20..20; b (centre x 100) spans x 80..120: gap 60.
  const Rect a = make_rect(0, 0, 0, 40, 20);
  EXPECT_NEAR(distance(a, make_rect(100, 0, 0, 40, 20)), 60, kTol);
  // b at (100, 100): nearest corners (20, 10) and (80, 90): √(60² + 80²) = 100.
  EXPECT_NEAR(distance(a, make_rect(100, 100, 0, 40, 20)), 100, kTol);
}

TEST(RectDistance, TouchingAndOverlapping) {
  const Rect a = make_rect(0, 0, 0, 40, 20);
  const Rect touching = make_rect(40, 0, 0, 40, 20);  // x 20..60 shares the edge x = 20
  EXPECT_NEAR(distance(a, touching), 0, kTol);
  EXPECT_FALSE(overlaps(a, touching));
  const Rect overlapping = make_rect(30, 5, 0, 40, 20);  // x 10..60, y -5..15
  EXPECT_EQ(distance(a, overlapping), 0);
  EXPECT_TRUE(overlaps(a, overlapping));
  const Rect inside = make_rect(0, 0, 30, 4, 4);  // wholly inside a
  EXPECT_EQ(distance(a, inside), 0);
  EXPECT_TRUE(overlaps(a, inside));
}

TEST(RectDistance, Rotated) {
  // A 20 × 20 square turned 45° about (30, 0) points a corner at a, 10√2 from its
  // centre: at x = 30 - 10√2. a's right edge is x = 10, so the gap is 20 - 10√2.
  const Rect a = make_rect(0, 0, 0, 20, 20);
  const Rect diamond = make_rect(30, 0, 45, 20, 20);
  EXPECT_NEAR(distance(a, diamond), 20 - 10 * kR2, kTol);
  EXPECT_NEAR(distance(diamond, a), 20 - 10 * kR2, kTol);
}

TEST(RectDistance, ToPoint) {
  const Rect a = make_rect(0, 0, 0, 40, 20);
  EXPECT_NEAR(distance(a, Vec2{50, 0}), 30, kTol);  // 50 - 20
  EXPECT_NEAR(distance(a, Vec2{23, 14}), 5, kTol);  // (3, 4) past the corner (20, 10)
  EXPECT_EQ(distance(a, Vec2{1, 1}), 0);
}

TEST(Segments, DistanceAndCrossings) {
  const Segment s{{0, 0}, {10, 0}};
  EXPECT_NEAR(segment_distance(s, {{0, 5}, {10, 5}}), 5, kTol);   // parallel, 5 apart
  EXPECT_EQ(segment_distance(s, {{5, -5}, {5, 5}}), 0);           // they cross
  EXPECT_NEAR(segment_distance(s, {{13, 4}, {20, 4}}), 5, kTol);  // (10,0) to (13,4)
  EXPECT_TRUE(segments_intersect(s, {{10, 0}, {10, 7}}));         // touching end
  EXPECT_FALSE(segments_intersect(s, {{11, 0}, {12, 0}}));        // collinear, apart
  EXPECT_TRUE(segments_intersect(s, {{5, 0}, {12, 0}}));          // collinear, overlapping
  const auto t = segment_crossings(s, {{4, -1}, {4, 1}});         // x = 4 is 0.4 of s
  ASSERT_EQ(t.size(), 1u);
  EXPECT_NEAR(t[0], 0.4, kTol);
  EXPECT_TRUE(segment_crossings(s, {{0, 1}, {10, 1}}).empty());  // parallel
  EXPECT_NEAR(point_segment_distance({5, 3}, s), 3, kTol);
}

TEST(Zones, AroundANorthFacingRect) {
  const Rect t = make_rect(0, 0, 0, 40, 20);  // front edge y = 10, flanks x = ±20
  EXPECT_EQ(zone_of(t, {0, 30}), Zone::kFront);
  EXPECT_EQ(zone_of(t, {15, 11}), Zone::kFront);
  EXPECT_EQ(zone_of(t, {0, 10}), Zone::kFront);        // in contact with the front edge
  EXPECT_EQ(zone_of(t, {30, 30}), Zone::kRightFlank);  // ahead but outside flank lines
  EXPECT_EQ(zone_of(t, {-30, 0}), Zone::kLeftFlank);
  EXPECT_EQ(zone_of(t, {30, 0}), Zone::kRightFlank);
  EXPECT_EQ(zone_of(t, {0, -30}), Zone::kRear);
  EXPECT_EQ(zone_of(t, {30, -30}), Zone::kRear);  // behind the rear-edge line
  EXPECT_STREQ(zone_name(Zone::kLeftFlank), "left flank");
}

TEST(Zones, EastFacingRect) {
  // Facing east, the left hand is north: (0, 50) is on the left flank.
  const Rect t = make_rect(0, 0, 90, 40, 20);
  EXPECT_EQ(zone_of(t, {50, 0}), Zone::kFront);
  EXPECT_EQ(zone_of(t, {0, 50}), Zone::kLeftFlank);
  EXPECT_EQ(zone_of(t, {0, -50}), Zone::kRightFlank);
  EXPECT_EQ(zone_of(t, {-50, 0}), Zone::kRear);
}

TEST(Corridor, Membership) {
  // Firer front edge y = 10, x -20..20; range 100 → corridor y 10..110, x -20..20.
  const Rect firer = make_rect(0, 0, 0, 40, 20);
  const Rect c = corridor(firer, 100);
  expect_near(c.centre, {0, 60});
  EXPECT_EQ(c.width, 40);
  EXPECT_EQ(c.depth, 100);
  EXPECT_TRUE(c.contains({0, 110}));
  EXPECT_TRUE(c.contains({19, 50}));
  EXPECT_FALSE(c.contains({21, 50}));
  EXPECT_FALSE(c.contains({0, 111}));
  EXPECT_FALSE(c.contains({0, 5}));
}

TEST(Corridor, Distance) {
  const Rect firer = make_rect(0, 0, 0, 40, 20);
  // Target y 65..75: its near edge is 65 - 10 = 55 ahead of the front edge.
  EXPECT_NEAR(corridor_distance(firer, make_rect(10, 70, 0, 20, 10), 100), 55, kTol);
  // Half in the corridor (x 10..30): still its near edge, 55.
  EXPECT_NEAR(corridor_distance(firer, make_rect(20, 70, 0, 20, 10), 100), 55, kTol);
  // A target rotated 45° (a diamond 10√2 tall) centred (0, 80): bottom tip at
  // 80 - 5√2, so 70 - 5√2 ahead.
  EXPECT_NEAR(corridor_distance(firer, make_rect(0, 80, 45, 10, 10), 100), 70 - 5 * kR2, kTol);
  EXPECT_LT(corridor_distance(firer, make_rect(50, 70, 0, 20, 10), 100), 0);  // beside
  EXPECT_LT(corridor_distance(firer, make_rect(0, 200, 0, 20, 10), 100), 0);  // too far
}

// corridor_distance as it was before issue 9 round 26: every clip rebuilt vertex by vertex
// into a new polygon, each vertex's value worked out as an edge's start and again as the
// previous edge's end, the target's corners from its Rect.
double corridor_distance_by_full_clips(const Rect& firer, const Rect& target, double range) {
  struct Plane {
    Vec2 n;
    double c;
    double eval(Vec2 p) const { return n.dot(p) + c; }
  };
  constexpr double kEps = 1e-9;
  std::vector<Vec2> poly;
  for (const Vec2 c : target.corners()) poly.push_back(c);
  const Rect zone = corridor(firer, range);
  const Vec2 f = zone.forward();
  const Vec2 rt = zone.right();
  const double hw = zone.width / 2;
  const double hd = zone.depth / 2;
  const std::array<Plane, 4> planes{{{f * -1.0, f.dot(zone.centre) + hd},
                                     {f, -f.dot(zone.centre) + hd},
                                     {rt * -1.0, rt.dot(zone.centre) + hw},
                                     {rt, -rt.dot(zone.centre) + hw}}};
  for (const Plane& h : planes) {
    std::vector<Vec2> out;
    for (std::size_t i = 0; i < poly.size(); ++i) {
      const Vec2 p = poly[i];
      const Vec2 q = poly[(i + 1) % poly.size()];
      const double fp = h.eval(p);
      const double fq = h.eval(q);
      if (fp >= -kEps) out.push_back(p);
      if ((fp >= -kEps) != (fq >= -kEps)) out.push_back(p + (q - p) * (fp / (fp - fq)));
    }
    poly = out;
    if (poly.empty()) return -1;
  }
  double best = std::numeric_limits<double>::infinity();
  for (const Vec2 p : poly) best = std::min(best, (p - firer.front_centre()).dot(firer.forward()));
  return std::max(best, 0.0);
}

// Issue 9 round 26: the clip keeps a polygon none of whose vertices it cuts, in place, and
// works each vertex's value out once; the target may be given by its frame. The same distance, bit
// for bit, on targets wholly inside the corridor, across each side and its far end, outside it, and
// with edges on its sides (square to the table, where the values are exactly 0 or within kEps of
// it).
TEST(Corridor, DistanceAnswersAsTheFullClips) {
  std::mt19937 rng(26);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int inside = 0;
  int cut = 0;
  int outside = 0;
  for (int n = 0; n < 40000; ++n) {
    const bool square = n % 4 == 0;
    const double facing = square ? 90.0 * static_cast<double>(n % 16 / 4) : 360.0 * unit(rng);
    const Rect firer = make_rect(2000 * unit(rng) - 1000, 2000 * unit(rng) - 1000, facing,
                                 square ? 40 : 20 + 100 * unit(rng), 10 + 20 * unit(rng));
    const double range = 50 + 400 * unit(rng);
    // The target about the corridor: across its width (half beyond each side) and along it
    // (from behind the front edge to beyond the far end).
    const double across = (2 * unit(rng) - 1) * firer.width;
    const double along = (1.4 * unit(rng) - 0.2) * range;
    Rect target = make_rect(0, 0, square ? facing : 360.0 * unit(rng), 5 + 30 * unit(rng),
                            5 + 15 * unit(rng));
    if (square) {
      // Edges on a side line: the target's right edge on the corridor's right side, or a
      // nanometre either way of it.
      target.width = 10;
      const double nudge = 1e-9 * static_cast<double>(n % 3 - 1);
      const double x = firer.width / 2 - target.width / 2 + nudge;
      target.centre = firer.front_centre() + firer.forward() * along + firer.right() * x;
    } else {
      target.centre = firer.front_centre() + firer.forward() * along + firer.right() * across;
    }
    const double want = corridor_distance_by_full_clips(firer, target, range);
    const double got = corridor_distance(firer, target, range);
    ASSERT_TRUE(same_bits(got, want)) << "case " << n << ": " << got << " against " << want;
    const double on_frame = corridor_distance(firer, RectFrame(target), range);
    ASSERT_TRUE(same_bits(on_frame, want)) << "case " << n << " on the target's frame";
    bool within = true;  // every corner inside the corridor: no clip cuts it
    for (const Vec2 c : target.corners()) {
      const double a = (c - firer.front_centre()).dot(firer.forward());
      const double x = (c - firer.front_centre()).dot(firer.right());
      within = within && a > 1e-6 && a < range - 1e-6 && std::fabs(x) < firer.width / 2 - 1e-6;
    }
    if (want < 0) {
      ++outside;
    } else if (within) {
      ++inside;
    } else {
      ++cut;
    }
  }
  // Every kind of case came up often: each floor is 5% of the 40,000 cases, far below the
  // share the construction gives it (targets spread across twice the corridor's width and
  // from behind its front to 20% beyond its end), so a floor fails only when a kind stops
  // being drawn.
  EXPECT_GT(inside, 2000);
  EXPECT_GT(cut, 2000);
  EXPECT_GT(outside, 2000);
}

TEST(Arc, Points) {
  // Front corners (-20, 10) and (20, 10); 45° outward of straight ahead.
  const Rect firer = make_rect(0, 0, 0, 40, 20);
  EXPECT_TRUE(in_arc(firer, Vec2{0, 50}, 45));
  EXPECT_TRUE(in_arc(firer, Vec2{15, 11}, 45));     // between the corners, just ahead
  EXPECT_TRUE(in_arc(firer, Vec2{50, 50}, 45));     // 30 out, 40 ahead: atan(3/4) = 36.9°
  EXPECT_TRUE(in_arc(firer, Vec2{60, 50}, 45));     // 40 out, 40 ahead: exactly 45°
  EXPECT_FALSE(in_arc(firer, Vec2{70, 50}, 45));    // 50 out, 40 ahead: 51.3°
  EXPECT_TRUE(in_arc(firer, Vec2{-50, 50}, 45));    // mirror image, left corner
  EXPECT_FALSE(in_arc(firer, Vec2{0, 5}, 45));      // behind the front edge
  EXPECT_FALSE(in_arc(firer, Vec2{50, 50}, 22.5));  // 36.9° > 22.5°
}

TEST(Arc, Rects) {
  // Right arc boundary: x - 20 = y - 10, i.e. x = y + 10.
  const Rect firer = make_rect(0, 0, 0, 40, 20);
  // x 65..85, y 40..60: corner (65, 60) has 65 <= 70, inside.
  EXPECT_TRUE(in_arc(firer, make_rect(75, 50, 0, 20, 20), 45));
  // x 75..95, y 40..60: corner (75, 60) has 75 > 70, nothing inside.
  EXPECT_FALSE(in_arc(firer, make_rect(85, 50, 0, 20, 20), 45));
  // Wholly behind the front edge.
  EXPECT_FALSE(in_arc(firer, make_rect(0, -50, 0, 20, 20), 45));
}

Polygon square() { return {{{0, 0}, {100, 0}, {100, 100}, {0, 100}}}; }
// A U: the 100 × 100 square less the notch x 30..70, y 30..100.
Polygon u_shape() {
  return {{{0, 0}, {100, 0}, {100, 100}, {70, 100}, {70, 30}, {30, 30}, {30, 100}, {0, 100}}};
}

TEST(PolygonTest, Area) {
  EXPECT_NEAR(square().area(), 10000, kTol);
  EXPECT_NEAR(u_shape().area(), 10000 - 40 * 70, kTol);  // 7200
  Polygon cw = u_shape();
  std::reverse(cw.points.begin(), cw.points.end());
  EXPECT_NEAR(cw.area(), 7200, kTol);  // winding does not matter
}

TEST(PolygonTest, Contains) {
  const Polygon u = u_shape();
  EXPECT_TRUE(u.contains({10, 90}));
  EXPECT_FALSE(u.contains({50, 60}));  // in the notch
  EXPECT_TRUE(u.contains({50, 30}));   // on the notch floor (boundary)
  EXPECT_TRUE(u.contains({0, 0}));     // vertex
  EXPECT_FALSE(u.contains({101, 50}));
}

TEST(PolygonTest, LengthInside) {
  // Straight across the square: x 0..100 of -50..150.
  EXPECT_NEAR(square().length_inside({{-50, 25}, {150, 25}}), 100, kTol);
  // Diagonal (0,0)-(100,100) of the square: 100√2.
  EXPECT_NEAR(square().length_inside({{-50, -50}, {150, 150}}), 100 * kR2, 1e-9);
  // Through both arms of the U at y = 60: x 0..30 and 70..100 = 60.
  EXPECT_NEAR(u_shape().length_inside({{-20, 60}, {120, 60}}), 60, kTol);
  // Starting inside the left arm at x = 10: 20 to the notch, 30 in the right arm.
  EXPECT_NEAR(u_shape().length_inside({{10, 60}, {120, 60}}), 50, kTol);
  // Along an edge: boundary counts as inside, so the whole 100.
  EXPECT_NEAR(square().length_inside({{0, 0}, {100, 0}}), 100, kTol);
  EXPECT_EQ(square().length_inside({{200, 0}, {300, 50}}), 0);
}

TEST(PolygonTest, Intersects) {
  const Polygon u = u_shape();
  EXPECT_TRUE(u.intersects(Segment{{10, 10}, {20, 20}}));     // inside
  EXPECT_TRUE(u.intersects(Segment{{-10, 50}, {10, 50}}));    // crosses an edge
  EXPECT_FALSE(u.intersects(Segment{{40, 40}, {60, 90}}));    // in the notch
  EXPECT_TRUE(u.intersects(make_rect(100, 100, 0, 10, 10)));  // over a corner
  EXPECT_FALSE(u.intersects(make_rect(50, 60, 0, 20, 20)));   // in the notch
  EXPECT_TRUE(u.intersects(make_rect(50, 50, 0, 200, 200)));  // covers it all
  const Box b = u.bounds();
  expect_near(b.min, {0, 0});
  expect_near(b.max, {100, 100});
}

}  // namespace
}  // namespace smoothbore
