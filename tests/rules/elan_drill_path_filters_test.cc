// The filters elan-drill's moves take once per move (rules/elan_drill/path_filters.h,
// issue 9), against the exact tests they stand in for: the obstacle segments near a path
// answer Table::crosses for every part of it, and outside a blocker's circle span no step
// of the mover overlaps it. Random inputs, and the cases at and beside the limits.
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "core/geometry/rect_frame.h"
#include "core/table/table.h"
#include "rules/elan_drill/path_filters.h"
#include "rules/elan_drill/proximity.h"

namespace smoothbore {
namespace {

using elan_drill::ArcBound;
using elan_drill::circle_span;
using elan_drill::clear_run;
using elan_drill::obstacle_segments;
using elan_drill::ObstacleSegments;

bool any_crossing(const std::vector<Segment>& near, Vec2 a, Vec2 b) {
  const Segment s{a, b};
  for (const Segment& e : near) {
    if (segments_intersect(s, e)) return true;
  }
  return false;
}

TEST(ElanDrillPathFilters, ObstacleSegmentsAnswerAsTableCrosses) {
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> x(0, 2000), y(0, 1000), wobble(-40, 40);
  Table table(2000, 1000);
  // A hedge across the table (the generated battles' kind), wall pieces, and a road that
  // must never count.
  LinearFeature hedge{"hedge", TerrainClass::kLinearObstacle, {}, 25, false};
  for (int i = 0; i <= 40; ++i) hedge.path.push_back({50.0 * i, 500 + wobble(rng)});
  table.add(hedge);
  for (int k = 0; k < 6; ++k) {
    LinearFeature wall{"wall", TerrainClass::kEarthworks, {}, 25, false};
    Vec2 p{x(rng), y(rng)};
    for (int i = 0; i < 5; ++i) {
      wall.path.push_back(p);
      p = p + Vec2{wobble(rng) * 3, wobble(rng) * 3};
    }
    table.add(wall);
  }
  table.add(LinearFeature{"road", TerrainClass::kRoad, {{0, 300}, {2000, 700}}, 25, false});
  std::vector<Segment> near;
  int crossed = 0, clear = 0;
  auto check = [&](Vec2 a, Vec2 b, TerrainClass c) {
    obstacle_segments(table, a, b, c, near);
    const double length = distance(a, b);
    if (length == 0) return;
    const Vec2 dir = (b - a) * (1.0 / length);
    for (double f : {0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0}) {
      const Vec2 end = a + dir * (length * f);
      const bool exact = table.crosses(a, end, c);
      ASSERT_EQ(any_crossing(near, a, end), exact)
          << a.x << "," << a.y << " to " << end.x << "," << end.y;
      (exact ? crossed : clear) += 1;
    }
  };
  for (int i = 0; i < 3000; ++i) {
    const Vec2 a{x(rng), y(rng)};
    const Vec2 b = a + Vec2{wobble(rng) * 8, wobble(rng) * 8};
    check(a, b, TerrainClass::kLinearObstacle);
    check(a, b, TerrainClass::kEarthworks);
    check(a, b, TerrainClass::kRoad);
  }
  // At the limit: paths ending on a vertex, starting on one, along a segment, and a hair
  // short of and beyond a vertex.
  for (std::size_t i = 1; i + 1 < hedge.path.size(); ++i) {
    const Vec2 v = hedge.path[i];
    for (const Vec2 off : {Vec2{0, -30}, Vec2{0, 30}, Vec2{-30, 0}, Vec2{20, 20}}) {
      check(v + off, v, TerrainClass::kLinearObstacle);
      check(v, v + off, TerrainClass::kLinearObstacle);
      const Vec2 d = off * (1.0 / off.length());
      check(v + off, v + d * 1e-7, TerrainClass::kLinearObstacle);
      check(v + off, v - d * 1e-7, TerrainClass::kLinearObstacle);
    }
    check(hedge.path[i - 1], hedge.path[i + 1], TerrainClass::kLinearObstacle);
    check(v, hedge.path[i + 1], TerrainClass::kLinearObstacle);
  }
  EXPECT_GT(crossed, 1000);
  EXPECT_GT(clear, 1000);
}

bool same_segments(const std::vector<Segment>& a, const std::vector<Segment>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].a.x != b[i].a.x || a[i].a.y != b[i].a.y || a[i].b.x != b[i].b.x ||
        a[i].b.y != b[i].b.y)
      return false;
  }
  return true;
}

TEST(ElanDrillPathFilters, ObstacleSegmentsIndexAnswersAsTheScan) {
  std::mt19937_64 rng(23);
  std::uniform_real_distribution<double> x(0, 2000), y(0, 1000), wobble(-40, 40);
  std::uniform_int_distribution<int> pick(0, 5);
  Table table(2000, 1000);
  // Paths that turn back in x, stand still in x (a vertical segment), repeat a point, run
  // one way only, and classes the queries do not ask.
  std::vector<Vec2> vertices;
  for (int k = 0; k < 12; ++k) {
    LinearFeature f{"f",
                    k % 3 == 2   ? TerrainClass::kRoad
                    : k % 2 == 0 ? TerrainClass::kLinearObstacle
                                 : TerrainClass::kEarthworks,
                    {},
                    25,
                    false};
    Vec2 p{x(rng), y(rng)};
    const int n = k == 0 ? 60 : 2 + pick(rng) * 4;
    for (int i = 0; i < n; ++i) {
      f.path.push_back(p);
      vertices.push_back(p);
      switch (pick(rng)) {
        case 0:
          p = p + Vec2{0, wobble(rng)};  // vertical
          break;
        case 1:
          break;  // the same point again
        default:
          p = p + Vec2{k == 0 ? std::fabs(wobble(rng)) : wobble(rng), wobble(rng)};
      }
    }
    table.add(f);
  }
  ObstacleSegments index;
  index.build(table);
  std::vector<Segment> scanned, indexed;
  int met = 0;
  auto check = [&](Vec2 a, Vec2 b) {
    for (const TerrainClass c :
         {TerrainClass::kLinearObstacle, TerrainClass::kEarthworks, TerrainClass::kRoad}) {
      obstacle_segments(table, a, b, c, scanned);
      index.near(table, a, b, c, indexed);
      ASSERT_TRUE(same_segments(scanned, indexed))
          << a.x << "," << a.y << " to " << b.x << "," << b.y << ": " << scanned.size()
          << " scanned, " << indexed.size() << " indexed";
      met += scanned.empty() ? 0 : 1;
    }
  };
  for (int i = 0; i < 4000; ++i) {
    const Vec2 a{x(rng), y(rng)};
    check(a, a + Vec2{wobble(rng) * 8, wobble(rng) * 8});
  }
  // At the limit: boxes whose edge (the path's end less or more the 1 mm margin) falls on a
  // vertex's x, and a hair either side.
  for (const Vec2 v : vertices) {
    for (const double off : {-1.0, 1.0, -1.0 - 1e-9, 1.0 + 1e-9, -1.0 + 1e-9, 1.0 - 1e-9, 0.0}) {
      check(v + Vec2{off, 0}, v + Vec2{off - 30, 5});
      check(v + Vec2{off, 0}, v + Vec2{off + 30, -5});
      check(v + Vec2{off + 30, 3}, v + Vec2{off, 0});
    }
  }
  EXPECT_GT(met, 1000);
}

// overlaps()'s first test (core/geometry/rect_frame.cc), as it computes it: whether the
// circumscribed circles can meet.
bool circles_meet(const RectFrame& a, const RectFrame& b) {
  const double reach = 0.5 * (std::sqrt(a.rect.width * a.rect.width + a.rect.depth * a.rect.depth) +
                              std::sqrt(b.rect.width * b.rect.width + b.rect.depth * b.rect.depth));
  const Vec2 gap = a.rect.centre - b.rect.centre;
  return gap.dot(gap) < reach * reach;
}

TEST(ElanDrillPathFilters, NoStepOutsideTheCircleSpanOverlaps) {
  std::mt19937_64 rng(15);
  std::uniform_real_distribution<double> pos(-400, 400), size(10, 300), facing(0, 360),
      bearing(0, 360);
  int spans = 0, overlapping = 0;
  for (int i = 0; i < 4000; ++i) {
    const Rect mover{{0, 0}, facing(rng), size(rng), size(rng)};
    const Rect other{{pos(rng), pos(rng)}, facing(rng), size(rng), size(rng)};
    const Vec2 dir = bearing_vector(bearing(rng));
    const RectFrame moving(mover);
    const RectFrame blocker(other);
    const auto span = circle_span(mover, other, mover.centre, dir);
    std::vector<double> ts;
    for (double t = -600; t <= 600; t += 5) ts.push_back(t);
    if (span) {
      ++spans;
      EXPECT_LT(span->lo, span->hi);
      // Beside the limits: just outside must not overlap (checked below), just inside may.
      for (const double at : {span->lo, span->hi}) {
        for (const double d : {-1e-3, -1e-9, 0.0, 1e-9, 1e-3}) ts.push_back(at + d);
      }
    }
    for (const double t : ts) {
      const RectFrame r = moving.moved_to(mover.centre + dir * t);
      const bool hit = overlaps(r, blocker, 0.01);
      overlapping += hit;
      if (!span || t < span->lo || t > span->hi) {
        ASSERT_FALSE(circles_meet(r, blocker)) << i << " at " << t;
        ASSERT_FALSE(hit) << i << " at " << t;
      }
    }
    // A footprint that touches the line of the move has a span.
    if (std::fabs((other.centre - mover.centre).cross(dir)) < 1) {
      EXPECT_TRUE(span.has_value());
    }
  }
  EXPECT_GT(spans, 1000);
  EXPECT_GT(overlapping, 1000);
}

TEST(ElanDrillPathFilters, NoStepWithinTheClearRunOverlaps) {
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> pos(-300, 300), size(10, 300), bearing(0, 360), unit(0, 1);
  int runs = 0, endless = 0, overlapping_after = 0;
  for (int i = 0; i < 4000; ++i) {
    // Facings often shared or square to each other (units in line), else random.
    const double f0 = bearing(rng);
    const double f1 = i % 3 == 0 ? f0 : i % 3 == 1 ? f0 + 90 : bearing(rng);
    const double along = i % 4 == 0 ? f0 : bearing(rng);  // moving along its own axis too
    const RectFrame mover(Rect{{0, 0}, f0, size(rng), size(rng)});
    const RectFrame other(Rect{{pos(rng), pos(rng)}, f1, size(rng), size(rng)});
    const Vec2 dir = bearing_vector(along);
    if (overlaps(mover, other, 0.01)) continue;
    const double run = clear_run(mover, other, dir, 0.01);
    ASSERT_GE(run, 0);
    if (run == 0) continue;
    ++runs;
    endless += std::isinf(run);
    const double span = std::min(run, 2000.0);
    std::vector<double> at{span * (1 - 1e-12), std::nextafter(span, 0.0)};
    for (int k = 0; k < 20; ++k) at.push_back(span * unit(rng));
    for (const double s : at) {
      ASSERT_FALSE(overlaps(mover.moved_to(mover.rect.centre + dir * s), other, 0.01))
          << i << ": " << s << " of " << run;
    }
    // Beside the limit the footprints may come to overlap: the run is not a vague bound.
    if (!std::isinf(run) &&
        overlaps(mover.moved_to(mover.rect.centre + dir * (run + 0.02)), other, 0.01)) {
      ++overlapping_after;
    }
  }
  EXPECT_GT(runs, 1000);
  EXPECT_GT(endless, 10);
  EXPECT_GT(overlapping_after, 10);
}

// in_arc's bound (rules/elan_drill/proximity.h) against the angle it stands in for: random
// points, and points on the arc's edge and a few ulps either side of it (where a bound
// without its margin answers otherwise), for the options' arcs and random ones.
TEST(ElanDrillPathFilters, ArcBoundAnswersAsTheAngle) {
  std::mt19937_64 rng(26);
  std::uniform_real_distribution<double> unit(0, 1), deg(0, 180), ulps(-64, 64);
  std::vector<double> arcs = {45, 22.5, 1, 89, 0.5, 89.5, 90, 0, 180, 30, 60};
  for (int i = 0; i < 40; ++i) arcs.push_back(deg(rng));
  for (int i = 0; i < 20; ++i) arcs.push_back(1 + 88 * unit(rng));
  long checked = 0;
  for (const double arc : arcs) {
    const ArcBound bound(arc);
    for (int i = 0; i < 4000; ++i) {
      // Along from a hair to a table's length, and across random or on the arc's edge.
      const double along = std::pow(10.0, -3 + 7 * unit(rng));
      double across = std::pow(10.0, -3 + 7 * unit(rng));
      if (i % 2 == 0) {
        const double edge = along * std::tan(arc * 3.14159265358979323846 / 180.0);
        across = edge;
        for (int k = static_cast<int>(ulps(rng)); k != 0; k += k > 0 ? -1 : 1) {
          across = std::nextafter(across, k > 0 ? 1e300 : 0.0);
        }
        if (!(across > 0) || !std::isfinite(across)) continue;
      }
      ASSERT_EQ(bound.within(across, along), ArcBound::within_exact(across, along, arc))
          << "arc " << arc << " across " << across << " along " << along;
      ++checked;
    }
  }
  // 71 arcs × 4,000 points = 284,000, less the edge points that fall to 0 or overflow.
  EXPECT_GT(checked, 200000);
}

}  // namespace
}  // namespace smoothbore
