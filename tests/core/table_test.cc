// Terrain queries on a hand-built table (common.md §4). Expected costs and lengths are
// worked out in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/dice/rng.h"
#include "core/table/table.h"
#include "core/table/terrain.h"
#include "rect_make.h"

namespace smoothbore {
namespace {

constexpr double kTableTol = 1e-6;

Polygon box_polygon(double x0, double y0, double x1, double y1) {
  return {{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
}

using testing_geometry::make_rect;

AreaFeature wood(double x0, double y0, double x1, double y1) {
  return {"wood", TerrainClass::kLightWoods, box_polygon(x0, y0, x1, y1), 0, true};
}

AreaFeature hill(std::string id, double x0, double y0, double x1, double y1, int level) {
  return {std::move(id), TerrainClass::kHill, box_polygon(x0, y0, x1, y1), level, false};
}

// Open ground 1 per mm, woods 2, road 0.5 (the road wins where it runs through a wood),
// marsh impassable.
double test_cost(const TerrainAt& at) {
  if (at.has(TerrainClass::kMarsh)) return kImpassable;
  if (at.has(TerrainClass::kRoad)) return 0.5;
  if (at.has(TerrainClass::kLightWoods)) return 2;
  return 1;
}

TEST(TerrainClassTest, NamesRoundTrip) {
  EXPECT_EQ(terrain_class_name(TerrainClass::kLightWoods), "light-woods");
  EXPECT_EQ(terrain_class_name(TerrainClass::kLinearObstacle), "obstacle");
  EXPECT_EQ(all_terrain_classes().size(), 12u);
  for (TerrainClass c : all_terrain_classes()) {
    EXPECT_EQ(parse_terrain_class(terrain_class_name(c)), c);
  }
  EXPECT_EQ(parse_terrain_class("heavy-woods"), TerrainClass::kHeavyWoods);
  EXPECT_FALSE(parse_terrain_class("swamp").has_value());
  EXPECT_FALSE(parse_terrain_class("Open").has_value());  // spelling is exact
}

TEST(TableTest, Contains) {
  const Table t(1000, 800);
  EXPECT_TRUE(t.contains(Vec2{0, 0}));
  EXPECT_TRUE(t.contains(Vec2{1000, 800}));
  EXPECT_FALSE(t.contains(Vec2{1000.1, 10}));
  EXPECT_TRUE(t.contains(make_rect(500, 400, 40, 20)));
  EXPECT_FALSE(t.contains(make_rect(990, 400, 40, 20)));  // right edge at x = 1010
}

TEST(TableTest, TerrainAtOverlappingFeatures) {
  Table t(1000, 1000);
  t.add(wood(200, 400, 400, 600));
  t.add(hill("h", 350, 300, 700, 700, 1));
  t.add(LinearFeature{"road", TerrainClass::kRoad, {{0, 500}, {1000, 500}}, 20, false});
  // (380, 505): in the wood, on the hill and 5 mm from the road's centre line (≤ 10).
  const TerrainAt at = t.terrain_at({380, 505});
  EXPECT_EQ(at.classes, (std::vector<TerrainClass>{TerrainClass::kLightWoods, TerrainClass::kHill,
                                                   TerrainClass::kRoad}));
  EXPECT_EQ(at.elevation, 1);
  EXPECT_FALSE(at.open());
  // (380, 515) is 15 mm off the road.
  EXPECT_FALSE(t.terrain_at({380, 515}).has(TerrainClass::kRoad));
  EXPECT_TRUE(t.terrain_at({100, 100}).open());
  EXPECT_EQ(t.elevation_at({100, 100}), 0);
  EXPECT_EQ(t.elevation_at({500, 500}), 1);
}

TEST(TableTest, AllInAnyIn) {
  Table t(1000, 1000);
  t.add(wood(200, 400, 400, 600));
  EXPECT_TRUE(t.all_in(make_rect(300, 500, 40, 20), TerrainClass::kLightWoods));
  // Straddling the wood's east edge x = 400: x 380..420.
  EXPECT_TRUE(t.any_in(make_rect(400, 500, 40, 20), TerrainClass::kLightWoods));
  EXPECT_FALSE(t.all_in(make_rect(400, 500, 40, 20), TerrainClass::kLightWoods));
  EXPECT_FALSE(t.any_in(make_rect(700, 500, 40, 20), TerrainClass::kLightWoods));
}

TEST(PathCost, StraightThroughAWood) {
  Table t(1000, 1000);
  t.add(wood(200, 400, 400, 600));
  // (100,500)→(600,500): 100 open + 200 wood × 2 + 200 open = 700.
  EXPECT_NEAR(t.path_cost({100, 500}, {600, 500}, test_cost), 700, kTableTol);
  // (100,400)→(500,600): the line y = 400 + (x - 100)/2 enters at x = 200 and leaves at
  // x = 400. Whole length √(400² + 200²) = 200√5, in the wood 100√5; cost 200√5 + 100√5.
  EXPECT_NEAR(t.path_cost({100, 400}, {500, 600}, test_cost), 300 * std::sqrt(5.0), kTableTol);
  EXPECT_EQ(t.path_cost({100, 500}, {100, 500}, test_cost), 0);
}

TEST(PathCost, RoadBandCutsTheWood) {
  Table t(1000, 1000);
  t.add(wood(200, 400, 400, 600));
  t.add(LinearFeature{"road", TerrainClass::kRoad, {{0, 500}, {1000, 500}}, 20, false});
  // (300,300)→(300,700): open 100, wood y 400..490 = 90 × 2, road y 490..510 = 20 × 0.5,
  // wood 90 × 2, open 100: 100 + 180 + 10 + 180 + 100 = 570.
  EXPECT_NEAR(t.path_cost({300, 300}, {300, 700}, test_cost), 570, kTableTol);
  // Along the road the whole way: 1000 × 0.5.
  EXPECT_NEAR(t.path_cost({0, 500}, {1000, 500}, test_cost), 500, kTableTol);
}

TEST(PathCost, RoadBendBand) {
  Table t(1000, 1000);
  // An L-shaped road, width 20: band x 490..510 up to y = 500, then y 490..510 eastward.
  t.add(LinearFeature{"road", TerrainClass::kRoad, {{500, 0}, {500, 500}, {1000, 500}}, 20, false});
  // (0,100)→(1000,100): only the vertical band, 20 mm at 0.5: 980 + 10 = 990.
  EXPECT_NEAR(t.path_cost({0, 100}, {1000, 100}, test_cost), 990, kTableTol);
  // (800,0)→(800,1000): only the horizontal band: 980 + 10 = 990.
  EXPECT_NEAR(t.path_cost({800, 0}, {800, 1000}, test_cost), 990, kTableTol);
}

TEST(Reachable, StopsAtImpassable) {
  Table t(1000, 1000);
  t.add(AreaFeature{"bog", TerrainClass::kMarsh, box_polygon(500, 0, 600, 200), 0, false});
  // 100 mm of open ground, then the bog from x = 500.
  EXPECT_NEAR(t.reachable({400, 100}, {800, 100}, 1000, test_cost), 100, kTableTol);
  EXPECT_EQ(t.path_cost({400, 100}, {800, 100}, test_cost), kImpassable);
}

TEST(Reachable, WithBudget) {
  Table t(1000, 1000);
  t.add(wood(200, 400, 400, 600));
  const Vec2 a{100, 500}, b{600, 500};
  // 100 open costs 100; each further mm of wood costs 2.
  EXPECT_NEAR(t.reachable(a, b, 50, test_cost), 50, kTableTol);
  EXPECT_NEAR(t.reachable(a, b, 300, test_cost), 200, kTableTol);    // 100 + 200/2
  EXPECT_NEAR(t.reachable(a, b, 600, test_cost), 400, kTableTol);    // 100 + 200 + 100/1
  EXPECT_NEAR(t.reachable(a, b, 10000, test_cost), 500, kTableTol);  // the whole way
  EXPECT_EQ(t.reachable(a, b, 0, test_cost), 0);
}

TEST(Crosses, Stream) {
  Table t(1000, 1000);
  t.add(LinearFeature{"brook", TerrainClass::kStream, {{500, 0}, {500, 1000}}, 30, false});
  EXPECT_TRUE(t.crosses({400, 200}, {600, 200}, TerrainClass::kStream));
  // Into the band (x 485..515) but not over the centre line.
  EXPECT_FALSE(t.crosses({400, 200}, {490, 200}, TerrainClass::kStream));
  EXPECT_TRUE(t.terrain_at({490, 200}).has(TerrainClass::kStream));
  EXPECT_FALSE(t.crosses({400, 200}, {600, 200}, TerrainClass::kRoad));
}

TEST(Sight, ThroughAWood) {
  Table t(1000, 1000);
  t.add(wood(200, 400, 400, 600));
  EXPECT_TRUE(t.terrain_blocks_sight({100, 500}, {500, 500}));
  EXPECT_FALSE(t.terrain_blocks_sight({100, 700}, {500, 700}));  // passes north of it
  // On the wood's edge looking out: no wood between.
  EXPECT_FALSE(t.terrain_blocks_sight({400, 500}, {700, 500}));
}

TEST(Sight, ObserverInsideTheWood) {
  Table t(1000, 1000);
  t.add(wood(200, 400, 400, 600));
  // 10 mm inside the edge: 10 mm of wood in the way without see_into, none with 25.4.
  EXPECT_TRUE(t.terrain_blocks_sight({390, 500}, {700, 500}, 0));
  EXPECT_FALSE(t.terrain_blocks_sight({390, 500}, {700, 500}, 25.4));
  // 100 mm deep: 100 - 25.4 = 74.6 mm of wood still hides the way out.
  EXPECT_TRUE(t.terrain_blocks_sight({300, 500}, {700, 500}, 25.4));
  // Both inside, 20 mm apart: each sees 25.4 mm in.
  EXPECT_FALSE(t.terrain_blocks_sight({390, 500}, {370, 500}, 25.4));
  // Both inside, 160 mm apart: 160 - 2 × 25.4 = 109.2 mm hidden.
  EXPECT_TRUE(t.terrain_blocks_sight({380, 500}, {220, 500}, 25.4));
}

TEST(Sight, Hills) {
  // Rule (table.h): a hill of level e blocks only when e is above both ends.
  Table t(1000, 1000);
  t.add(hill("ridge", 400, 400, 600, 600, 1));
  t.add(hill("knoll", 50, 450, 150, 550, 1));
  t.add(hill("peak", 450, 800, 550, 900, 2));
  EXPECT_TRUE(t.terrain_blocks_sight({300, 500}, {700, 500}));   // low to low across it
  EXPECT_FALSE(t.terrain_blocks_sight({500, 500}, {700, 500}));  // from its top, down
  EXPECT_FALSE(t.terrain_blocks_sight({300, 500}, {500, 500}));  // up to its top
  EXPECT_FALSE(t.terrain_blocks_sight({300, 700}, {700, 700}));  // passes beside it
  EXPECT_FALSE(t.terrain_blocks_sight({100, 500}, {700, 500}));  // from the knoll, level 1
  // The level-2 peak hides low ground from the level-1 ridge top.
  EXPECT_TRUE(t.terrain_blocks_sight({500, 590}, {500, 990}));
}

TEST(Sight, LinearFeatures) {
  Table t(1000, 1000);
  t.add(LinearFeature{"hedge", TerrainClass::kLinearObstacle, {{0, 800}, {1000, 800}}, 5, true});
  t.add(LinearFeature{"wall", TerrainClass::kLinearObstacle, {{0, 200}, {1000, 200}}, 5, false});
  EXPECT_TRUE(t.terrain_blocks_sight({500, 700}, {500, 900}));
  EXPECT_FALSE(t.terrain_blocks_sight({500, 800}, {500, 900}));  // lining the hedge
  EXPECT_FALSE(t.terrain_blocks_sight({500, 100}, {500, 300}));  // walls do not block
}

// The first crossing found directly lies where elan-drill's bisection of crosses() finds it
// (within the bisection's last step), and crosses() on the candidates of a box answers as
// crosses() for every move inside it, on random zigzag obstacles of two classes (some
// running along a move, some ending on it).
TEST(Table, FirstCrossingMatchesBisection) {
  Rng rng(20261127, 5);
  Table t(2000, 2000);
  auto point = [&] { return Vec2{rng.uniform() * 2000, rng.uniform() * 2000}; };
  for (int i = 0; i < 60; ++i) {
    std::vector<Vec2> path{point()};
    for (int k = 0; k < 3; ++k)
      path.push_back(path.back() + Vec2{rng.uniform() * 400 - 200, rng.uniform() * 400 - 200});
    const TerrainClass c = i % 2 == 0 ? TerrainClass::kLinearObstacle : TerrainClass::kEarthworks;
    t.add(LinearFeature{"obstacle", c, path, 5, false});
  }
  // An obstacle along the x axis at y = 1000 and one ending at (1500, 1500).
  Table plain(2000, 2000);
  plain.add(
      LinearFeature{"along", TerrainClass::kLinearObstacle, {{100, 1000}, {300, 1000}}, 5, false});
  plain.add(LinearFeature{
      "ending", TerrainClass::kLinearObstacle, {{1500, 1500}, {1500, 1900}}, 5, false});
  EXPECT_DOUBLE_EQ(plain.first_crossing({0, 1000}, {400, 1000}, TerrainClass::kLinearObstacle),
                   0.25);
  EXPECT_DOUBLE_EQ(plain.first_crossing({1400, 1500}, {1600, 1500}, TerrainClass::kLinearObstacle),
                   0.5);
  EXPECT_EQ(plain.first_crossing({1400, 1500}, {1600, 1500}, TerrainClass::kEarthworks),
            std::numeric_limits<double>::infinity());
  t.add(
      LinearFeature{"along", TerrainClass::kLinearObstacle, {{100, 1000}, {300, 1000}}, 5, false});
  int crossed = 0;
  for (int q = 0; q < 400; ++q) {
    const Vec2 a = q == 0 ? Vec2{0, 1000} : point();
    const Vec2 b =
        q == 0 ? Vec2{400, 1000} : a + Vec2{rng.uniform() * 600 - 300, rng.uniform() * 600 - 300};
    for (const TerrainClass c : {TerrainClass::kLinearObstacle, TerrainClass::kEarthworks}) {
      const double length = distance(a, b);
      const Vec2 dir = (b - a) * (1.0 / length);
      double lo = 0, hi = length;
      for (int i = 0; i < 30; ++i) {
        const double mid = (lo + hi) / 2;
        const bool crosses = t.crosses(a, a + dir * mid, c);
        (crosses ? hi : lo) = mid;
      }
      const double first = t.first_crossing(a, b, c);
      ASSERT_EQ(t.crosses(a, b, c), first <= 1) << "query " << q;
      if (first > 1) {
        EXPECT_EQ(first, std::numeric_limits<double>::infinity());
        continue;
      }
      ++crossed;
      EXPECT_NEAR(first * length, hi, length * 1e-8 + 1e-9) << "query " << q;
    }
  }
  EXPECT_GT(crossed, 40);
}

}  // namespace
}  // namespace smoothbore
