// The point grid and the bounded nearest distance must answer exactly what a scan of
// every point or rectangle answers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/dice/rng.h"
#include "core/geometry/nearest.h"
#include "core/table/point_grid.h"

namespace smoothbore {
namespace {

TEST(PointGridTest, EmptyGridVisitsNothing) {
  PointGrid grid;
  grid.build({}, 10);
  int seen = 0;
  grid.visit({-1e9, -1e9}, {1e9, 1e9}, [&](int) { ++seen; });
  EXPECT_EQ(seen, 0);
}

TEST(PointGridTest, VisitsExactlyThePointsInTheBoxOnce) {
  Rng rng(11, 0);
  for (double cell : {1.0, 50.0, 5000.0}) {
    std::vector<Vec2> points;
    for (int i = 0; i < 500; ++i) {
      points.push_back({rng.uniform() * 2000 - 300, rng.uniform() * 900});
    }
    points.push_back(points[3]);  // a duplicate point is its own id
    PointGrid grid;
    grid.build(points, cell);
    for (int q = 0; q < 200; ++q) {
      const Vec2 lo{rng.uniform() * 2600 - 600, rng.uniform() * 1200 - 300};
      const Vec2 hi = lo + Vec2{rng.uniform() * 700, rng.uniform() * 400};
      std::vector<int> got;
      grid.visit(lo, hi, [&](int id) { got.push_back(id); });
      std::sort(got.begin(), got.end());
      std::vector<int> want;
      for (std::size_t i = 0; i < points.size(); ++i) {
        const Vec2 p = points[i];
        if (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y) {
          want.push_back(static_cast<int>(i));
        }
      }
      ASSERT_EQ(got, want) << "cell " << cell << " query " << q;
    }
  }
}

// Points on the cells' edges (whole cells from the least point, and the largest) are filed
// where a query's col() and row() look for them, and a grid built from a list taken over
// visits what one built from a copy does, in the same order.
TEST(PointGridTest, PointsOnCellEdgesAreFoundAndBuildByMoveMatchesCopy) {
  Rng rng(17, 0);
  for (double cell : {1.0, 3.0, 37.0, 50.0}) {
    std::vector<Vec2> points;
    for (int i = 0; i < 300; ++i) {
      points.push_back({-120 + cell * static_cast<int>(rng.uniform() * 40),
                        7.5 + cell * static_cast<int>(rng.uniform() * 25)});
    }
    points.push_back({-120 + cell * 40, 7.5 + cell * 25});  // the largest, on an edge
    PointGrid copied;
    copied.build(points, cell);
    PointGrid moved;
    moved.build(std::vector<Vec2>(points), cell);
    for (std::size_t i = 0; i < points.size(); ++i) {
      std::vector<int> got;
      copied.visit(points[i], points[i], [&](int id) { got.push_back(id); });
      ASSERT_NE(std::find(got.begin(), got.end(), static_cast<int>(i)), got.end())
          << "cell " << cell << " point " << i;
    }
    for (int q = 0; q < 100; ++q) {
      const Vec2 c{rng.uniform() * 2400 - 300, rng.uniform() * 1400 - 100};
      const double r = rng.uniform() * 300;
      std::vector<int> a, b;
      copied.visit_disc(c, r, [&](int id) { a.push_back(id); });
      moved.visit_disc(c, r, [&](int id) { b.push_back(id); });
      ASSERT_EQ(a, b) << "cell " << cell << " query " << q;
    }
  }
}

// visit_disc against a scan of every point by the same squared test, on random points and
// on points at the radius and just inside and outside it (along the axes, where the square
// is exact, and on diagonals), and points on the cells' edges.
TEST(PointGridTest, VisitDiscVisitsExactlyThePointsInTheDiscOnce) {
  Rng rng(13, 0);
  for (double cell : {1.0, 37.0, 50.0, 5000.0}) {
    std::vector<Vec2> points;
    for (int i = 0; i < 400; ++i) {
      points.push_back({rng.uniform() * 2000 - 300, rng.uniform() * 900});
    }
    for (int i = 0; i < 40; ++i) {  // on cell edges from the first point
      points.push_back({points[0].x + cell * static_cast<int>(rng.uniform() * 40),
                        points[0].y + cell * static_cast<int>(rng.uniform() * 20)});
    }
    points.push_back(points[3]);  // a duplicate point is its own id
    const std::size_t base = points.size();
    PointGrid grid;
    for (int q = 0; q < 300; ++q) {
      const Vec2 c{rng.uniform() * 2600 - 600, rng.uniform() * 1200 - 300};
      const double radius = q % 10 == 0 ? 0.0 : rng.uniform() * 500;
      // Points at, inside and outside the radius of this query, filed with the others.
      points.resize(base);
      for (const double f : {1.0, 1 - 1e-12, 1 + 1e-12, 1 - 1e-6, 1 + 1e-6}) {
        const double a = rng.uniform() * 6.283185307179586;
        points.push_back({c.x + radius * f, c.y});
        points.push_back({c.x, c.y - radius * f});
        points.push_back({c.x + std::cos(a) * radius * f, c.y + std::sin(a) * radius * f});
      }
      grid.build(points, cell);
      std::vector<int> got;
      grid.visit_disc(c, radius, [&](int id) { got.push_back(id); });
      std::sort(got.begin(), got.end());
      std::vector<int> want;
      for (std::size_t i = 0; i < points.size(); ++i) {
        const Vec2 d = points[i] - c;
        if (d.x * d.x + d.y * d.y <= radius * radius) want.push_back(static_cast<int>(i));
      }
      ASSERT_EQ(got, want) << "cell " << cell << " query " << q;
      ASSERT_FALSE(want.empty() && radius > 0 && want.back() < static_cast<int>(base))
          << "the points at the radius must be in the disc";
    }
  }
  PointGrid empty;
  empty.build({}, 10);
  int seen = 0;
  empty.visit_disc({0, 0}, 1e9, [&](int) { ++seen; });
  EXPECT_EQ(seen, 0);
}

TEST(NearestDistanceTest, EqualsTheScanBitForBit) {
  Rng rng(12, 0);
  auto random_rect = [&] {
    Rect r;
    r.centre = {rng.uniform() * 3000, rng.uniform() * 2000};
    r.facing = rng.uniform() * 360;
    r.width = 5 + rng.uniform() * 200;
    r.depth = 5 + rng.uniform() * 60;
    return r;
  };
  for (int trial = 0; trial < 200; ++trial) {
    const Rect me = random_rect();
    std::vector<Rect> others;
    const int n = static_cast<int>(rng.uniform() * 40);
    for (int i = 0; i < n; ++i) others.push_back(random_rect());
    double want = std::numeric_limits<double>::infinity();
    for (const Rect& o : others) want = std::min(want, distance(me, o));
    const double got = nearest_distance(me, [&](auto f) {
      for (const Rect& o : others) f(o);
    });
    EXPECT_EQ(got, want) << "trial " << trial;
  }
  EXPECT_EQ(nearest_distance(
                Rect{}, [](auto) {}, -1.0),
            -1.0);  // none
}

}  // namespace
}  // namespace smoothbore
