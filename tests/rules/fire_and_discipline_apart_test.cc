// apart.h (issue 9 round 13): surely_beyond(a, b, limit) answers true only where the exact
// edge-to-edge distance exceeds the limit, checked over many random pairs of stands near
// and far, at every facing, touching, overlapping and at the limit; and it does answer for
// pairs well apart (the contact and cascade checks it spares). Round 14: surely_within
// the same way, true only where the exact distance is at most the limit. Round 20:
// sweep_bound.h's bounds, before which a sweep's step skips a stand: on random gaps, reaches,
// pairs of stands and directions, the stand placed as a sweep places it (base + dir * t) at
// many t before each bound, and just before it, passes the very test the bound stands for
// (the circle test, "well inside the table", no nearer than the start); and the bounds do
// skip (they are not `now` for every pair apart). Round 21: wheel_bound.h's box and distance
// bound of a stand's arc during a wheel, against the centres a wheel really makes
// (movement_detail::rotate, the Turn arithmetic of Mover::wheel_clear's steps) for random
// pivots, offsets and turns, small, large, near and at a half-turn, either way: every step's
// centre lies in the box and none comes nearer another point than the bound (the circle
// test a wheel's stand then passes at every step); and they do cut (a box smaller than the
// whole circle's, the ends counted for points off the arc). Round 22: frame_gap never
// exceeds the exact distance (random pairs at any facing, and square to each other), is
// the distance itself for stands facing the same way or opposite, is 0 for overlapping
// stands, and cuts more than the centres' distance less the half-diagonals. Round 23:
// corner_distance2's root is the distance of stands whose shadows lie apart, and its early
// stop answers under `stop` exactly when the whole least does. Round 24: a wheel's turns,
// their sines kept per thread, answer as the turn worked out afresh. Round 25: a moved
// unit's footprint from its stands alone answers as the moved unit's.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/geometry/axis_gaps.h"
#include "core/geometry/rect_frame.h"
#include "core/geometry/shapes.h"
#include "rules/fire_and_discipline/apart.h"
#include "rules/fire_and_discipline/movement_detail.h"
#include "rules/fire_and_discipline/sweep_bound.h"
#include "rules/fire_and_discipline/wheel_bound.h"

namespace smoothbore::fire_and_discipline {
namespace {

TEST(FireAndDisciplineApart, TrueOnlyBeyondTheLimit) {
  std::mt19937_64 rng(13);
  std::uniform_real_distribution<double> pos(0, 400), facing(0, 360), size(5, 60);
  std::uniform_real_distribution<double> limit(0, 60);
  int beyond = 0, far = 0;
  for (int k = 0; k < 20000; ++k) {
    const Rect a{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    const Rect b{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    const double d = distance(a, b);
    // The limit at, just under and just over the exact distance, and at random.
    for (const double l : {limit(rng), d, d - 1e-9, d + 1e-9, 0.5, 0.0}) {
      const bool said = surely_beyond(a, b, l);
      if (said) {
        EXPECT_GT(d, l);
        ++beyond;
      }
    }
    // Stands 20 mm and more apart past both half diagonals are judged apart at 0.5 mm.
    const double apart = (a.centre - b.centre).length() - half_diagonal(a) - half_diagonal(b);
    if (apart > 20) {
      EXPECT_TRUE(surely_beyond(a, b, 0.5));
      ++far;
    }
  }
  EXPECT_GT(beyond, 10000);
  EXPECT_GT(far, 1000);
}

TEST(FireAndDisciplineApart, WithinOnlyWhereTheExactDistanceIsWithin) {
  std::mt19937_64 rng(14);
  std::uniform_real_distribution<double> pos(0, 200), facing(0, 360), size(5, 60);
  std::uniform_real_distribution<double> limit(0, 120);
  int within = 0, near = 0;
  for (int k = 0; k < 20000; ++k) {
    const Rect a{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    const Rect b{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    const double d = distance(a, b);
    const double centres = (a.centre - b.centre).length();
    // The limit at, just under and just over the exact distance and the centres' distance,
    // and at random.
    for (const double l : {limit(rng), d, d - 1e-9, d + 1e-9, centres, centres - 1e-9, 0.0}) {
      if (surely_within(a, b, l)) {
        EXPECT_LE(d, l);
        ++within;
      }
    }
    // Centres 1 mm and more inside the limit are judged within it.
    if (centres + 1 < 100) {
      EXPECT_TRUE(surely_within(a, b, 100));
      ++near;
    }
  }
  EXPECT_GT(within, 4000);
  EXPECT_GT(near, 1000);
}

TEST(FireAndDisciplineApart, TouchingAndOverlappingStandsAreNeverApart) {
  for (double facing : {0.0, 30.0, 90.0, 211.0}) {
    const Rect a{{100, 100}, facing, 38.1, 31.75};
    Rect b = a;
    EXPECT_FALSE(surely_beyond(a, b, 0.0));
    b.centre = a.centre + bearing_vector(facing + 90) * 38.1;  // side by side, touching
    EXPECT_FALSE(surely_beyond(a, b, 0.0));
    EXPECT_FALSE(surely_beyond(a, b, 0.5));
    EXPECT_FALSE(surely_within(a, b, 0.0));  // the centres lie 38.1 mm apart
    EXPECT_TRUE(surely_within(a, b, 38.2));
  }
}

using movement_detail::circles_apart_until;
using movement_detail::corner_distance2;
using movement_detail::inside_until;
using movement_detail::kApartMm;
using movement_detail::kBoundPadMm;
using movement_detail::kCornerPadMm;
using movement_detail::shadows_apart_until;

Vec2 sweep_dir(double deg) {
  const double r = deg * 3.14159265358979323846 / 180.0;
  const Vec2 d{std::cos(r), std::sin(r)};
  return d * (1.0 / d.length());  // as a sweep's dir: an offset divided by its length
}

TEST(FireAndDisciplineApart, FrameGapNeverExceedsTheDistance) {
  std::mt19937_64 rng(22);
  std::uniform_real_distribution<double> pos(0, 300), facing(0, 360), size(5, 60);
  std::uniform_int_distribution<int> quarter(0, 3);
  int tighter = 0, apart = 0;
  for (int k = 0; k < 20000; ++k) {
    const Rect a{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    // Half the pairs at any facing, half facing the same way, opposite or square to `a`
    // (the bound is the distance itself for the first two).
    const double turn = k % 2 == 0 ? facing(rng) : 90.0 * quarter(rng);
    const Rect b{{pos(rng), pos(rng)}, a.facing + turn, size(rng), size(rng)};
    const double d = distance(a, b);
    const double gap = frame_gap(RectFrame(a), RectFrame(b));
    EXPECT_LE(gap, d + 1e-9);
    EXPECT_GE(gap, 0.0);
    if (d > 0) ++apart;
    if (k % 2 == 1 && (turn == 0 || turn == 180)) {
      EXPECT_NEAR(gap, d, 1e-9);
    }
    // It cuts more than the centres' distance less both half-diagonals.
    if (gap > (a.centre - b.centre).length() - half_diagonal(a) - half_diagonal(b) + 1) ++tighter;
  }
  EXPECT_GT(apart, 15000);
  EXPECT_GT(tighter, 10000);
}

TEST(FireAndDisciplineApart, FrameGapOfTouchingOrOverlappingStandsIsZero) {
  std::mt19937_64 rng(23);
  std::uniform_real_distribution<double> facing(0, 360), size(5, 60), frac(-1, 1);
  for (int k = 0; k < 5000; ++k) {
    const Rect a{{100, 100}, facing(rng), size(rng), size(rng)};
    // b's centre on or inside a: they overlap, and the bound is 0.
    const Vec2 c =
        a.centre + a.right() * (frac(rng) * a.width / 2) + a.forward() * (frac(rng) * a.depth / 2);
    const Rect b{c, facing(rng), size(rng), size(rng)};
    EXPECT_EQ(frame_gap(RectFrame(a), RectFrame(b)), 0.0);
  }
}

// Round 23: of two footprints whose shadows lie apart on an axis (kApartMm), the root of
// corner_distance2 is their distance but for rounding far under kCornerPadMm (random pairs
// at any facing and facing alike, far apart and a hair apart, at coordinates up to 20 km),
// and with `stop` it answers under it exactly when the least square is.
TEST(FireAndDisciplineSweepBound, CornerDistanceIsTheDistanceOfDisjointStands) {
  std::mt19937_64 rng(230);
  std::uniform_real_distribution<double> pos(0, 20000), off(-80, 80), facing(0, 360), size(5, 60),
      frac(0, 1);
  std::uniform_int_distribution<int> quarter(0, 3);
  int disjoint = 0, hair = 0;
  for (int k = 0; k < 40000; ++k) {
    const Rect a{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    const double turn = k % 2 == 0 ? facing(rng) : 90.0 * quarter(rng);
    Rect b{a.centre + Vec2{off(rng), off(rng)}, a.facing + turn, size(rng), size(rng)};
    if (k % 4 == 3) {
      // Beside a's right edge, a hair to a few mm clear (stands in a line, a sweep's
      // neighbour at its limit).
      b = a;
      b.width = size(rng);
      b.centre = a.centre + a.right() * ((a.width + b.width) / 2 + frac(rng) * frac(rng) * 3) +
                 a.forward() * (frac(rng) * 10 - 5);
    }
    const RectFrame fa(a), fb(b);
    double widest = -std::numeric_limits<double>::infinity();
    for (const AxisGap& g : axis_gaps(fa, fb)) widest = std::max(widest, g.gap);
    if (!(widest > kApartMm)) continue;
    ++disjoint;
    const double d = distance(fa, fb);
    if (d < 0.01) ++hair;
    const double least = corner_distance2(fa, fb, 0);
    ASSERT_LE(std::fabs(std::sqrt(least) - d), kCornerPadMm / 100) << k;
    for (const double stop : {least, least * (1 - 1e-12), least * 1.5, least + 1e-3}) {
      const double got = corner_distance2(fa, fb, stop);
      EXPECT_GE(got, least);
      EXPECT_EQ(got < stop, least < stop);
    }
  }
  EXPECT_GT(disjoint, 20000);
  EXPECT_GT(hair, 200);
}

TEST(FireAndDisciplineSweepBound, CirclesStayApartBeforeTheBound) {
  std::mt19937_64 rng(20);
  std::uniform_real_distribution<double> pos(0, 20000), off(-300, 300), deg(0, 360), reach(10, 120),
      now(0, 500), frac(0, 1);
  int skipped = 0, met = 0, never = 0;
  for (int k = 0; k < 20000; ++k) {
    const Vec2 base{pos(rng), pos(rng)};
    const Vec2 other = base + Vec2{off(rng), off(rng)};
    // At times not a unit vector, as plan_move's probe scales it.
    const Vec2 dir =
        sweep_dir(k % 8 == 0 ? 90.0 * (k % 32 / 8) : deg(rng)) * (k % 5 == 0 ? 30.0 : 1.0);
    const double r = reach(rng);
    const double t0 = now(rng);
    const Vec2 c = base + dir * t0;
    const Vec2 gap = c - other;
    if (gap.dot(gap) <= r * r) continue;  // asked only of pairs apart now
    const double until = circles_apart_until(gap, r, dir, t0);
    ASSERT_GE(until, t0);
    if (until == t0) continue;
    std::isinf(until) ? ++never : ++skipped;
    const double last = std::isinf(until) ? t0 + 5000 : until;
    for (int j = 0; j < 50; ++j) {
      const double t = j == 0 ? std::nextafter(last, t0) : t0 + (last - t0) * frac(rng);
      const Vec2 g = (base + dir * t) - other;
      EXPECT_GT(g.dot(g), r * r) << k << " " << t;
    }
    // The circles do meet just past a finite bound (by little more than the pad).
    if (!std::isinf(until)) {
      const double t = until + 3 * kBoundPadMm + 1e-6 * until;
      const Vec2 g = (base + dir * t) - other;
      met += g.dot(g) <= (r + 1.0) * (r + 1.0);
    }
  }
  EXPECT_GT(skipped, 300);
  EXPECT_GT(never, 1000);
  EXPECT_GT(met, 50);
}

TEST(FireAndDisciplineSweepBound, CentreStaysWellInsideBeforeTheBound) {
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> size(500, 30000), frac(0, 1), deg(0, 360), in(5, 40),
      now(0, 500);
  int skipped = 0;
  for (int k = 0; k < 20000; ++k) {
    const double w = size(rng), h = size(rng), margin = in(rng);
    const Vec2 dir = sweep_dir(k % 8 == 0 ? 90.0 * (k % 32 / 8) : deg(rng));
    const double t0 = now(rng);
    // A base whose centre at t0 is inside [in, w - in] x [in, h - in], at times on its edge.
    const Vec2 at{margin + (w - 2 * margin) * (k % 16 == 1 ? 1.0 : frac(rng)),
                  margin + (h - 2 * margin) * (k % 16 == 2 ? 0.0 : frac(rng))};
    const Vec2 base = at - dir * t0;
    const Vec2 c = base + dir * t0;
    if (!(c.x >= margin && c.y >= margin && c.x <= w - margin && c.y <= h - margin)) continue;
    const double until = inside_until(c, margin, w, h, dir, t0);
    ASSERT_GE(until, t0);
    if (until == t0) continue;
    ++skipped;
    const double last = std::isinf(until) ? t0 + 50000 : until;
    for (int j = 0; j < 50; ++j) {
      const double t = j == 0 ? std::nextafter(last, t0) : t0 + (last - t0) * frac(rng);
      const Vec2 p = base + dir * t;
      EXPECT_TRUE(p.x >= margin && p.y >= margin && p.x <= w - margin && p.y <= h - margin)
          << k << " " << t;
    }
  }
  EXPECT_GT(skipped, 10000);
}

TEST(FireAndDisciplineSweepBound, ShadowsStayApartBeforeTheBound) {
  std::mt19937_64 rng(22);
  std::uniform_real_distribution<double> pos(0, 400), facing(0, 360), size(5, 60), deg(0, 360),
      frac(0, 1), slack(0, 3);
  int skipped = 0, near = 0;
  for (int k = 0; k < 20000; ++k) {
    const Rect b{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    Rect a{{pos(rng), pos(rng)}, k % 4 == 0 ? b.facing : facing(rng), size(rng), size(rng)};
    // At times side by side with b, a little apart, moving along b's front or flank.
    if (k % 4 == 0) {
      a.centre = b.centre + b.right() * ((a.width + b.width) / 2 + slack(rng));
    }
    const Vec2 dir =
        k % 4 == 0 ? (k % 8 == 0 ? b.forward() : b.forward() * -1.0) : sweep_dir(deg(rng));
    const RectFrame fa(a), fb(b);
    const double d = distance(fa, fb);
    const double floor = std::max(d - 1e-6, 0.0);
    const double until = shadows_apart_until(axis_gaps(fa, fb), floor, dir, 0);
    ASSERT_GE(until, 0);
    if (until == 0) continue;
    ++skipped;
    near += d < 3.5;
    const double last = std::min(until, 5000.0);
    for (int j = 0; j < 20; ++j) {
      const double t = j == 0 ? std::nextafter(last, 0.0) : last * frac(rng);
      const RectFrame moved = fa.moved_to(a.centre + dir * t);
      EXPECT_GT(distance(moved, fb), floor) << k << " " << t;
      EXPECT_FALSE(overlaps(moved, fb, 0.01)) << k << " " << t;
    }
  }
  EXPECT_GT(skipped, 5000);
  EXPECT_GT(near, 1000);
}

using movement_detail::arc_box;
using movement_detail::arc_distance_below;
using movement_detail::rotate;

constexpr int kChecks = 12;  // a wheel's steps (kWheelChecks)

double random_turn(std::mt19937_64& rng, int k) {
  static constexpr double kEdges[] = {180.0,  -180.0, 170.0, -170.0, 169.9,
                                      -169.9, 0.6,    -0.6,  90,     -90};
  if (k % 5 == 0) return kEdges[(k / 5) % 10];
  return std::uniform_real_distribution<double>(-180, 180)(rng);
}

TEST(FireAndDisciplineWheelBound, EveryStepCentreLiesInTheArcBox) {
  std::mt19937_64 rng(30);
  std::uniform_real_distribution<double> pos(0, 40000), off(-400, 400), frac(0, 1);
  int cut = 0, asked = 0;
  for (int k = 0; k < 20000; ++k) {
    const Vec2 pivot{pos(rng), pos(rng)};
    // At times on an axis through the pivot, where the box's ends are the circle's extremes.
    const Vec2 v = k % 7 == 0   ? Vec2{off(rng), 0}
                   : k % 7 == 1 ? Vec2{0, off(rng)}
                                : Vec2{off(rng), off(rng)};
    const double turn = random_turn(rng, k);
    const Vec2 e = rotate(v, turn * kChecks / kChecks);
    const Box b = arc_box(v, e, turn);
    const Box at{pivot + b.min, pivot + b.max};
    for (int step = 1; step <= kChecks; ++step) {
      const Vec2 c = pivot + rotate(v, turn * step / kChecks);
      EXPECT_TRUE(c.x >= at.min.x && c.x <= at.max.x && c.y >= at.min.y && c.y <= at.max.y)
          << k << " " << turn << " " << step;
    }
    for (int j = 0; j < 8; ++j) {  // anywhere on the arc
      const Vec2 c = pivot + rotate(v, turn * frac(rng));
      EXPECT_TRUE(c.x >= at.min.x && c.x <= at.max.x && c.y >= at.min.y && c.y <= at.max.y)
          << k << " " << turn;
    }
    if (std::fabs(turn) < 120) {
      ++asked;
      const double r = v.length();
      cut += (b.max.x - b.min.x) * (b.max.y - b.min.y) < 0.9 * 4 * r * r;
    }
  }
  EXPECT_GT(cut, asked * 9 / 10);
}

TEST(FireAndDisciplineWheelBound, NoStepCentreComesNearerThanTheBound) {
  std::mt19937_64 rng(31);
  std::uniform_real_distribution<double> pos(0, 40000), off(-400, 400), reach(5, 150), frac(0, 1);
  int skipped = 0, by_ends = 0;
  for (int k = 0; k < 20000; ++k) {
    const Vec2 pivot{pos(rng), pos(rng)};
    const Vec2 v{off(rng), off(rng)};
    const double turn = random_turn(rng, k);
    const Vec2 e = rotate(v, turn * kChecks / kChecks);
    // The other point: anywhere, on the circle, beside an end, or at the pivot.
    Vec2 q{off(rng), off(rng)};
    if (k % 4 == 1) q = rotate(v, 360 * frac(rng));
    if (k % 4 == 2) q = (frac(rng) < 0.5 ? v : e) + Vec2{off(rng), off(rng)} * 0.1;
    if (k % 97 == 3) q = {0, 0};
    const Vec2 p = pivot + q;
    const double below = arc_distance_below(v, e, turn, p - pivot);
    const double r = reach(rng);
    const double ring = std::fabs((p - pivot).length() - v.length());
    if (below > ring) ++by_ends;
    for (int step = 1; step <= kChecks; ++step) {
      const Vec2 gap = (pivot + rotate(v, turn * step / kChecks)) - p;
      EXPECT_GE(gap.length(), below) << k << " " << turn << " " << step;
      if (below > r) {
        EXPECT_GT(gap.dot(gap), r * r) << k << " " << turn << " " << step;
      }
    }
    for (int j = 0; j < 8; ++j) {
      const Vec2 gap = (pivot + rotate(v, turn * frac(rng))) - p;
      EXPECT_GE(gap.length(), below) << k << " " << turn;
    }
    skipped += below > r;
    EXPECT_EQ(movement_detail::arc_may_come_within(v, e, turn, p - pivot, r), below <= r) << k;
  }
  EXPECT_GT(skipped, 2000);
  EXPECT_GT(by_ends, 2000);
}

// Round 24: Turn keeps each turn's cosine and sine per thread by the degrees' bits (8,192
// entries by a hash): turns asked again, and turns sharing an entry, answer as the turn
// worked out afresh, bit for bit (a kept sine given for other degrees fails here).
TEST(FireAndDisciplineWheelBound, TurnsAnswerAsWorkedOutAfresh) {
  std::mt19937_64 rng(32);
  std::uniform_real_distribution<double> deg(-360, 360), off(-400, 400);
  std::vector<double> pool(20000);  // more turns than entries: many share one
  for (double& d : pool) d = deg(rng);
  pool[0] = 0.0;
  pool[1] = -0.0;
  pool[2] = 180.0;
  std::uniform_int_distribution<std::size_t> pick(0, pool.size() - 1);
  for (int k = 0; k < 100000; ++k) {
    const double d = k < 3 ? pool[static_cast<std::size_t>(k)] : pool[pick(rng)];
    const Vec2 v{off(rng), off(rng)};
    const double c = std::cos(d * kPi / 180.0), s = std::sin(d * kPi / 180.0);
    const Vec2 want{v.x * c + v.y * s, -v.x * s + v.y * c};
    const Vec2 got = movement_detail::rotate(v, d);
    ASSERT_EQ(got.x, want.x) << k << " " << d;
    ASSERT_EQ(got.y, want.y) << k << " " << d;
    ASSERT_EQ(std::signbit(got.x), std::signbit(want.x)) << k << " " << d;
  }
}

// Round 24: kept_frame keeps frames per thread by facing and size bits (2,048 entries by a
// hash): frames asked again, of another size at the same facing, or sharing an entry,
// answer as RectFrame of the same rect, bit for bit in every field (a kept frame given for
// another facing or size, or not moved, fails here). Round 25: the axes alone are kept, by
// the facing's bits, and kept_frame_into writes the frame over another (a field it left
// as it was fails here).
TEST(FireAndDisciplineWheelBound, KeptFramesAnswerAsRectFrame) {
  std::mt19937_64 rng(33);
  std::uniform_real_distribution<double> deg(0, 360), pos(0, 2e5);
  std::vector<double> facings(3000);  // more facings than entries: many share one
  for (double& d : facings) d = deg(rng);
  facings[0] = 0.0;
  facings[1] = -0.0;
  facings[2] = 90.0;
  const std::vector<double> widths{20.0, 40.0, 40.000000000000007};
  const std::vector<double> depths{10.0, 20.0};
  std::uniform_int_distribution<std::size_t> pick(0, facings.size() - 1), wi(0, 2), di(0, 1);
  auto bits = [](double x) { return std::bit_cast<std::uint64_t>(x); };
  auto same = [&](Vec2 p, Vec2 q) { return bits(p.x) == bits(q.x) && bits(p.y) == bits(q.y); };
  for (int k = 0; k < 100000; ++k) {
    Rect r;
    r.facing = k < 3 ? facings[static_cast<std::size_t>(k)] : facings[pick(rng)];
    r.width = widths[wi(rng)];
    r.depth = depths[di(rng)];
    r.centre = {pos(rng), pos(rng)};
    // Round 25: kept_frame_into writes every field over a frame of another stand.
    RectFrame got = movement_detail::kept_frame({{pos(rng), pos(rng)}, deg(rng), 10.0, 5.0});
    if (k % 2 == 0) {
      movement_detail::kept_frame_into(r, got);
    } else {
      got = movement_detail::kept_frame(r);
    }
    const RectFrame want(r);
    ASSERT_TRUE(same(got.rect.centre, want.rect.centre)) << k;
    ASSERT_EQ(bits(got.rect.facing), bits(want.rect.facing)) << k;
    ASSERT_EQ(bits(got.rect.width), bits(want.rect.width)) << k;
    ASSERT_EQ(bits(got.rect.depth), bits(want.rect.depth)) << k;
    ASSERT_TRUE(same(got.f, want.f)) << k;
    ASSERT_TRUE(same(got.r, want.r)) << k;
    ASSERT_EQ(bits(got.hd), bits(want.hd)) << k;
    ASSERT_EQ(bits(got.hw), bits(want.hw)) << k;
    for (std::size_t c = 0; c < 4; ++c) ASSERT_TRUE(same(got.corners[c], want.corners[c])) << k;
  }
}

// Round 25: footprint_of copies only the unit's stands, into a unit kept per thread: on
// random units of many sizes (a larger one before a smaller, some stands removed, the live
// ones moved), it answers as the footprint of a copy of the whole unit with the stands
// moved, bit for bit (a kept unit whose stands were not all replaced fails here).
TEST(FireAndDisciplineMoverFootprint, FootprintOfAnswersAsTheMovedUnitsCopy) {
  std::mt19937_64 rng(25);
  std::uniform_real_distribution<double> deg(0, 360), pos(1e4, 2e5), off(-500, 500);
  std::uniform_int_distribution<int> count(1, 12), coin(0, 3);
  auto bits = [](double x) { return std::bit_cast<std::uint64_t>(x); };
  for (int k = 0; k < 2000; ++k) {
    Unit u;
    u.id = "u" + std::to_string(k);
    const int n = k % 2 == 0 ? 12 : count(rng);
    const double facing = deg(rng);
    const Vec2 at{pos(rng), pos(rng)};
    for (int j = 0; j < n; ++j) {
      Stand st;
      st.rect = {at + Vec2{off(rng), off(rng)}, coin(rng) == 0 ? deg(rng) : facing, 20.0, 10.0};
      st.removed = j > 0 && coin(rng) == 0;
      u.stands.push_back(st);
    }
    const std::vector<int> idx = movement_detail::live_stands(u);
    std::vector<Rect> rs;
    const Vec2 by{off(rng), off(rng)};
    for (int i : idx) {
      Rect r = u.stands[static_cast<std::size_t>(i)].rect;
      r.centre = r.centre + by;
      if (coin(rng) == 0) r.facing = deg(rng);
      rs.push_back(r);
    }
    Unit copy = u;
    movement_detail::apply(copy, idx, rs);
    const Rect want = copy.footprint();
    const Rect got = movement_detail::footprint_of(u, idx, rs);
    ASSERT_EQ(bits(got.centre.x), bits(want.centre.x)) << k;
    ASSERT_EQ(bits(got.centre.y), bits(want.centre.y)) << k;
    ASSERT_EQ(bits(got.facing), bits(want.facing)) << k;
    ASSERT_EQ(bits(got.width), bits(want.width)) << k;
    ASSERT_EQ(bits(got.depth), bits(want.depth)) << k;
  }
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
