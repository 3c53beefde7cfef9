// The table's terrain grid (core/table/terrain_grid.h) and the table queries that use it:
// a query through the grid must see exactly the features a scan of every feature sees.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/table/table.h"
#include "core/table/terrain_grid.h"

namespace smoothbore {
namespace {

TEST(TerrainGrid, FindsFeaturesByBoxInAscendingOrder) {
  TerrainGrid g(1000, 600);
  g.add(0, {{100, 100}, {200, 200}});
  g.add(1, {{150, 150}, {900, 500}});
  g.add(2, {{800, 50}, {950, 90}});
  EXPECT_EQ(g.near({{0, 0}, {120, 120}}), (std::vector<int>{0}));
  EXPECT_EQ(g.near({{160, 160}, {170, 170}}), (std::vector<int>{0, 1}));
  EXPECT_EQ(g.near({{0, 0}, {1000, 600}}), (std::vector<int>{0, 1, 2}));
  EXPECT_TRUE(g.near({{300, 520}, {400, 590}}).empty());
  const std::vector<int>& at = g.at({160, 160});
  EXPECT_TRUE(std::is_sorted(at.begin(), at.end()));
  EXPECT_NE(std::find(at.begin(), at.end(), 0), at.end());
  EXPECT_NE(std::find(at.begin(), at.end(), 1), at.end());
}

TEST(TerrainGrid, FeaturesOffTheTableAreClampedNotLost) {
  TerrainGrid g(1000, 600);
  g.add(0, {{-300, -300}, {-100, -100}});  // wholly off the table, south-west
  g.add(1, {{1100, 700}, {1200, 800}});    // wholly off, north-east
  EXPECT_EQ(g.near({{-250, -250}, {-200, -200}}), (std::vector<int>{0}));
  EXPECT_EQ(g.near({{1150, 750}, {1160, 760}}), (std::vector<int>{1}));
  const std::vector<int>& at = g.at({-200, -200});
  EXPECT_NE(std::find(at.begin(), at.end(), 0), at.end());
  // A point on the table in the border cell sees the clamped feature as a candidate,
  // which the box test then drops.
  EXPECT_TRUE(g.near({{1, 1}, {2, 2}}).empty());
}

TEST(TerrainGrid, DefaultGridIsOneCell) {
  TerrainGrid g;
  g.add(0, {{5, 5}, {6, 6}});
  EXPECT_EQ(g.at({1e6, -1e6}), (std::vector<int>{0}));
  EXPECT_TRUE(g.near({{0, 0}, {1, 1}}).empty());
}

// near() answers as a scan of every box, whether it visits the cells (a small box, many
// features) or tests each feature once (a box over more cells than there are features).
RC_GTEST_PROP(TerrainGridProperty, NearMatchesAScanOfEveryBox, ()) {
  TerrainGrid g(2000, 1200);
  const int n = *rc::gen::inRange(0, 40);
  std::vector<Box> boxes;
  auto gen_box = [] {
    const double x = *rc::gen::inRange(-200, 2200);
    const double y = *rc::gen::inRange(-200, 1400);
    const double w = *rc::gen::inRange(0, 900);
    const double h = *rc::gen::inRange(0, 900);
    return Box{{x, y}, {x + w, y + h}};
  };
  for (int i = 0; i < n; ++i) {
    boxes.push_back(gen_box());
    g.add(i, boxes.back());
  }
  const Box q = gen_box();
  std::vector<int> want;
  for (int i = 0; i < n; ++i) {
    if (boxes[static_cast<std::size_t>(i)].intersects(q)) want.push_back(i);
  }
  RC_ASSERT(g.near(q) == want);
}

// The reference: every feature scanned, as the table did before it had a grid.
TerrainAt scan_terrain_at(const Table& t, Vec2 p) {
  TerrainAt at;
  bool any = false;
  for (const AreaFeature& f : t.areas()) {
    if (!f.shape.contains(p)) continue;
    at.classes.push_back(f.cls);
    at.elevation = any ? std::max(at.elevation, f.elevation) : f.elevation;
    any = true;
  }
  for (const LinearFeature& f : t.linears()) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i + 1 < f.path.size(); ++i)
      best = std::min(best, point_segment_distance(p, {f.path[i], f.path[i + 1]}));
    if (best <= f.width / 2) at.classes.push_back(f.cls);
  }
  return at;
}

rc::Gen<double> mm(int lo, int hi) {
  return rc::gen::map(rc::gen::inRange(lo * 10, hi * 10 + 1), [](int v) { return v / 10.0; });
}

// A random table of 2000 x 1200 mm with woods, hills, roads and hedges, some of them
// running off the edges.
Table random_table() {
  Table t(2000, 1200);
  const int areas = *rc::gen::inRange(0, 12);
  for (int i = 0; i < areas; ++i) {
    AreaFeature f;
    f.cls =
        *rc::gen::element(TerrainClass::kLightWoods, TerrainClass::kHill, TerrainClass::kBuilding);
    f.elevation = f.cls == TerrainClass::kHill ? *rc::gen::inRange(1, 3) : 0;
    f.blocks_sight = f.cls != TerrainClass::kHill;
    const double x = *mm(-200, 2100), y = *mm(-200, 1300), w = *mm(10, 600), d = *mm(10, 400);
    f.shape.points = {
        {x, y}, {x + w, y + d * 0.2}, {x + w * 0.8, y + d}, {x - w * 0.1, y + d * 0.9}};
    t.add(f);
  }
  const int linears = *rc::gen::inRange(0, 6);
  for (int i = 0; i < linears; ++i) {
    LinearFeature f;
    f.cls = *rc::gen::element(TerrainClass::kRoad, TerrainClass::kLinearObstacle,
                              TerrainClass::kStream);
    f.blocks_sight = f.cls == TerrainClass::kLinearObstacle;
    f.width = *mm(2, 40);
    const int n = *rc::gen::inRange(2, 5);
    for (int k = 0; k < n; ++k) f.path.push_back({*mm(-100, 2100), *mm(-100, 1300)});
    t.add(f);
  }
  return t;
}

RC_GTEST_PROP(TerrainGridProperty, TerrainAtMatchesAScanOfEveryFeature, ()) {
  const Table t = random_table();
  for (int i = 0; i < 20; ++i) {
    // Half the points on feature vertices and path points, where boundaries meet.
    Vec2 p{*mm(-100, 2100), *mm(-100, 1300)};
    if (!t.areas().empty() && *rc::gen::arbitrary<bool>()) {
      const AreaFeature& f = t.areas()[*rc::gen::inRange<std::size_t>(0, t.areas().size())];
      p = f.shape.points[*rc::gen::inRange<std::size_t>(0, f.shape.points.size())];
    }
    const TerrainAt got = t.terrain_at(p);
    const TerrainAt want = scan_terrain_at(t, p);
    RC_ASSERT(got.classes == want.classes);
    RC_ASSERT(got.elevation == want.elevation);
    RC_ASSERT(t.elevation_at(p) == want.elevation);
  }
}

RC_GTEST_PROP(TerrainGridProperty, SegmentQueriesSeeEveryFeatureTheyMeet, ()) {
  const Table t = random_table();
  const Vec2 a{*mm(0, 2000), *mm(0, 1200)};
  const Vec2 b{*mm(0, 2000), *mm(0, 1200)};
  // Against a table holding the same features on a one-cell grid (every feature a
  // candidate for every query).
  Table one(0, 0);
  for (const AreaFeature& f : t.areas()) one.add(f);
  for (const LinearFeature& f : t.linears()) one.add(f);
  RC_ASSERT(t.terrain_blocks_sight(a, b, 30.0) == one.terrain_blocks_sight(a, b, 30.0));
  for (TerrainClass c : {TerrainClass::kLinearObstacle, TerrainClass::kStream})
    RC_ASSERT(t.crosses(a, b, c) == one.crosses(a, b, c));
  const CostFn cost = [](const TerrainAt& at) {
    return at.has(TerrainClass::kBuilding)     ? kImpassable
           : at.has(TerrainClass::kLightWoods) ? 2.0
                                               : 1.0;
  };
  const double pc = t.path_cost(a, b, cost), pc1 = one.path_cost(a, b, cost);
  RC_ASSERT((pc == pc1 || std::fabs(pc - pc1) <= 1e-9 * std::max(1.0, pc)));
  RC_ASSERT(std::fabs(t.reachable(a, b, 500, cost) - one.reachable(a, b, 500, cost)) <= 1e-9);
}

// A long polyline (a stream across the table) is cut capsule by capsule, each skipped when
// its box misses the path's (Table::cut_params): the costs are those of the same stream
// filed as one feature per segment, whose boxes the grid tests, bit for bit.
RC_GTEST_PROP(TerrainGridProperty, LongPolylineCutsAsItsSegmentsFiledApart, ()) {
  LinearFeature stream;
  stream.cls = TerrainClass::kStream;
  stream.width = *mm(2, 60);
  const int n = *rc::gen::inRange(2, 60);
  for (int k = 0; k < n; ++k) {
    stream.path.push_back({2000.0 * k / std::max(n - 1, 1), *mm(550, 650)});
  }
  Table whole(2000, 1200), apart(2000, 1200);
  whole.add(stream);
  for (int k = 0; k + 1 < n; ++k) {
    LinearFeature piece = stream;
    piece.path = {stream.path[static_cast<std::size_t>(k)],
                  stream.path[static_cast<std::size_t>(k + 1)]};
    apart.add(piece);
  }
  const CostFn cost = [](const TerrainAt& at) { return at.has(TerrainClass::kStream) ? 3.0 : 1.0; };
  for (int i = 0; i < 20; ++i) {
    // Most paths near the stream, some touching it at a vertex or running along it.
    const Vec2 a{*mm(-50, 2050), *mm(450, 750)};
    Vec2 b{*mm(-50, 2050), *mm(450, 750)};
    if (*rc::gen::inRange(0, 4) == 0)
      b = stream.path[*rc::gen::inRange<std::size_t>(0, stream.path.size())];
    if (*rc::gen::inRange(0, 4) == 0) b = {a.x + *mm(-300, 300), a.y};
    RC_ASSERT(whole.path_cost(a, b, cost) == apart.path_cost(a, b, cost));
    RC_ASSERT(whole.reachable(a, b, 300, cost) == apart.reachable(a, b, 300, cost));
  }
}

// line_of_sight finds the candidates once for all its lines: each line inside the box
// answers as the grid search per line does, whatever the box around it.
RC_GTEST_PROP(TerrainGridProperty, SightCandidatesAnswerAsTheSearchPerLine, ()) {
  const Table t = random_table();
  const Vec2 a{*mm(0, 2000), *mm(0, 1200)};
  const Vec2 b{*mm(0, 2000), *mm(0, 1200)};
  const Vec2 extra{*mm(-100, 2100), *mm(-100, 1300)};
  const Box box{{std::min({a.x, b.x, extra.x}), std::min({a.y, b.y, extra.y})},
                {std::max({a.x, b.x, extra.x}), std::max({a.y, b.y, extra.y})}};
  const Table::SightCandidates near = t.sight_candidates(box);
  const double into = *mm(0, 100);
  const SeeIntoFn see_into = [into](const AreaFeature& f) {
    return f.cls == TerrainClass::kBuilding ? 0.0 : into;
  };
  RC_ASSERT(t.terrain_blocks_sight(a, b, t.elevation_at(a), t.elevation_at(b), near, see_into) ==
            t.terrain_blocks_sight(a, b, see_into));
}

// The reference for terrain_blocks_sight: the rules of table.h applied as the table did
// before issue 9's ninth round (every feature in order, a hill's levels at the first hill,
// each feature's box tested against the line inside the test), over every feature.
bool scan_blocks_sight(const Table& t, Vec2 a, Vec2 b, const SeeIntoFn& see_into_fn) {
  const Segment s{a, b};
  const double len = s.length();
  if (len == 0) return false;
  auto beside = [&](Box box) {
    return beside_line({box.min, Vec2{box.max.x, box.min.y}, box.max, Vec2{box.min.x, box.max.y}},
                       s.a, (s.b - s.a) * (1.0 / len), 1e-3);
  };
  int ea = 0;
  int eb = 0;
  bool levels = false;
  for (const AreaFeature& f : t.areas()) {
    if (f.cls == TerrainClass::kHill && !levels) {
      ea = t.elevation_at(a);
      eb = t.elevation_at(b);
      levels = true;
    }
    if (f.cls != TerrainClass::kHill && !f.blocks_sight) continue;
    Box box = f.shape.bounds();
    box = {{box.min.x - 1e-3, box.min.y - 1e-3}, {box.max.x + 1e-3, box.max.y + 1e-3}};
    if (beside(box)) continue;
    if (f.cls == TerrainClass::kHill) {
      if (f.elevation > ea && f.elevation > eb && f.shape.length_inside(s) > 0.5) return true;
      continue;
    }
    double inside = 0;
    for (auto [t0, t1] : f.shape.inside_intervals(s)) {
      const double into = (t0 == 0 || t1 == 1) ? std::max(0.0, see_into_fn(f)) : 0.0;
      double piece = (t1 - t0) * len;
      if (t0 == 0) piece -= std::min(into, piece);
      if (t1 == 1) piece -= std::min(into, piece);
      inside += std::max(piece, 0.0);
    }
    if (inside > 0.5) return true;
  }
  for (const LinearFeature& f : t.linears()) {
    if (!f.blocks_sight) continue;
    for (std::size_t i = 0; i + 1 < f.path.size(); ++i) {
      for (double u : segment_crossings(s, {f.path[i], f.path[i + 1]})) {
        if (u * len > 0.5 && (1 - u) * len > 0.5) return true;
      }
    }
  }
  return false;
}

// terrain_blocks_sight (the grid's candidates, in a per-thread scratch, the features that cannot
// block and those beside the line skipped first) answers as the scan of every feature, for
// lines between random points, feature corners and path points, with any see-into distance.
RC_GTEST_PROP(TerrainGridProperty, TerrainBlocksSightAnswersAsAScanOfEveryFeature, ()) {
  const Table t = random_table();
  auto point = [&] {
    Vec2 p{*mm(-100, 2100), *mm(-100, 1300)};
    const int pick = *rc::gen::inRange(0, 4);
    if (pick == 1 && !t.areas().empty()) {
      const AreaFeature& f = t.areas()[*rc::gen::inRange<std::size_t>(0, t.areas().size())];
      p = f.shape.points[*rc::gen::inRange<std::size_t>(0, f.shape.points.size())];
    } else if (pick == 2 && !t.linears().empty()) {
      const LinearFeature& f = t.linears()[*rc::gen::inRange<std::size_t>(0, t.linears().size())];
      p = f.path[*rc::gen::inRange<std::size_t>(0, f.path.size())];
    }
    return p;
  };
  const double into = *mm(0, 100);
  const SeeIntoFn see_into = [into](const AreaFeature& f) {
    return f.cls == TerrainClass::kBuilding ? 0.0 : into;
  };
  for (int i = 0; i < 20; ++i) {
    const Vec2 a = point();
    const Vec2 b = *rc::gen::arbitrary<bool>() ? point() : a + Vec2{*mm(-50, 50), *mm(-50, 50)};
    RC_ASSERT(t.terrain_blocks_sight(a, b, see_into) == scan_blocks_sight(t, a, b, see_into));
    RC_ASSERT(t.terrain_blocks_sight(a, b, into) ==
              scan_blocks_sight(t, a, b, [into](const AreaFeature&) { return into; }));
  }
}

}  // namespace
}  // namespace smoothbore
