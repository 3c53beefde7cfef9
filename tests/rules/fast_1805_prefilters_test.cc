// fast-1805's exact prefilters (rules/fast_1805/prefilters.h, issue 9) against the full
// computations they stand in for: a footprint the sight corridor rules out enters none of
// the 45 sight lines, and a move from ground that is the same all round its start falls
// short of a quarter inch exactly when Table::reachable says so, a block slid along a path
// overlaps no unit outside the window overlap_window gives, and the gap bounds never exceed
// the exact distance. (Also the battle's UnitBook against the std::map it replaced, and
// initiative_ids against the stable sort.)
#include "rules/fast_1805/prefilters.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/geometry/sight.h"
#include "rules/fast_1805/initiative_sort.h"
#include "rules/fast_1805/unit_book.h"

namespace smoothbore::fast_1805 {
namespace {

Rect random_rect(std::mt19937& g, double lo, double hi) {
  std::uniform_real_distribution<double> at(lo, hi), size(5, 120), angle(0, 360);
  Rect r;
  r.centre = {at(g), at(g)};
  r.facing = angle(g);
  r.width = size(g);
  r.depth = size(g) / 2;
  return r;
}

TEST(Fast1805Prefilters, CorridorMissesOnlyFootprintsNoSightLineEnters) {
  std::mt19937 g(1805);
  const Table table(3000, 3000);
  int missed = 0, entered = 0;
  for (int k = 0; k < 20000; ++k) {
    const RectFrame observer(random_rect(g, 1000, 2000));
    const RectFrame target(random_rect(g, 1000, 2000));
    const RectFrame b(random_rect(g, 900, 2100));
    const SightCorridor corridor(observer, target);
    const std::vector<Blocker> blockers{{b.rect, false, &b}};
    const Sight s = line_of_sight(table, observer.rect, target.rect, blockers);
    if (corridor.misses(b)) {
      ++missed;
      EXPECT_EQ(s, Sight::kClear) << k;
    } else if (s != Sight::kClear) {
      ++entered;
    }
  }
  EXPECT_GT(missed, 5000);  // the filter does rule footprints out
  EXPECT_GT(entered, 500);  // and the case is not trivial
}

// No sight line starts behind the observer's front edge: a unit just behind it (a second
// line) is ruled out, and one just ahead of it, where the lines run, is not.
TEST(Fast1805Prefilters, CorridorRulesOutUnitsBehindTheFrontEdge) {
  const Table table(3000, 3000);
  for (const double facing : {0.0, 37.0, 90.0, 200.0}) {
    Rect o{{1500, 1500}, facing, 120, 40};
    const Vec2 f = o.forward();
    const Rect t{o.centre + f * 600, facing + 180, 120, 40};
    const Rect behind{o.centre - f * 42, facing, 120, 40};  // 2 mm behind the rear edge
    const Rect ahead{o.centre + f * 60, facing, 60, 20};    // in the lines' way
    const RectFrame of(o), tf(t), bf(behind), af(ahead);
    const SightCorridor corridor(of, tf);
    EXPECT_TRUE(corridor.misses(bf)) << facing;
    EXPECT_EQ(line_of_sight(table, o, t, {{behind, true, &bf}}), Sight::kClear) << facing;
    EXPECT_FALSE(corridor.misses(af)) << facing;
    EXPECT_NE(line_of_sight(table, o, t, {{ahead, true, &af}}), Sight::kClear) << facing;
  }
}

TEST(Fast1805Prefilters, CorridorOfCoincidentCentresMissesNothing) {
  Rect r{{500, 500}, 0, 100, 50};
  const RectFrame a(r), b(r);
  const RectFrame far(Rect{{2500, 2500}, 0, 10, 10});
  EXPECT_FALSE(SightCorridor(a, b).misses(far));
}

TEST(Fast1805Prefilters, UniformGroundShortcutAgreesWithReachable) {
  Table table(3000, 3000);
  AreaFeature wood;
  wood.id = "wood";
  wood.cls = TerrainClass::kLightWoods;
  wood.shape.points = {{800, 800}, {1400, 900}, {1300, 1500}, {700, 1300}};
  table.add(wood);
  AreaFeature hill;
  hill.id = "hill";
  hill.cls = TerrainClass::kHill;
  hill.elevation = 1;
  hill.shape.points = {{1800, 1800}, {2400, 1700}, {2300, 2400}};
  table.add(hill);
  LinearFeature stream;
  stream.id = "stream";
  stream.cls = TerrainClass::kStream;
  stream.path = {{0, 2000}, {1500, 2600}, {3000, 2500}};
  stream.width = 40;
  table.add(stream);
  constexpr double kLeast = 0.25 * kMmPerInch;
  std::mt19937 g(7);
  std::uniform_real_distribution<double> at(100, 2900), angle(0, 360), length(kLeast, 600),
      rate(0.05, 12);
  // Every fourth start lies beside the stream's band, near where the shortcut's limit (the
  // band's half width, the quarter inch and a millimetre) falls.
  std::uniform_real_distribution<double> share(0, 1), beside(-4, 4);
  const Box stream_box{{0, 2000 - 20}, {3000, 2600 + 20}};
  int uniform_starts = 0, in_features = 0, short_moves = 0, stopped_later = 0;
  int in_stream_box = 0, near_band = 0;
  for (int k = 0; k < 20000; ++k) {
    Vec2 p{at(g), at(g)};
    if (k % 4 == 0) {
      const std::size_t leg = k % 8 == 0 ? 0 : 1;
      const Vec2 a = stream.path[leg], b = stream.path[leg + 1];
      const Vec2 d = (b - a).normalized();
      const double off = stream.width / 2 + kLeast + 1.0 + beside(g);
      p = a + (b - a) * share(g) + Vec2{-d.y, d.x} * (k % 3 == 0 ? off : -off);
    }
    TerrainAt here;
    if (!uniform_ground_near(table, p, kLeast, &here)) continue;
    ++uniform_starts;
    if (stream_box.intersects(Box{p, p})) ++in_stream_box;
    if (k % 4 == 0) ++near_band;
    if (!here.classes.empty()) ++in_features;
    EXPECT_EQ(here.classes, table.terrain_at(p).classes) << k;
    const double open_rate = rate(g);
    const bool woods_impassable = k % 2 == 0;
    const CostFn cost = [&](const TerrainAt& t) {
      if (t.has(TerrainClass::kLightWoods) && woods_impassable) return kImpassable;
      if (t.has(TerrainClass::kStream)) return 1.0 / (1.0 * kMmPerInch);
      return 1.0 / (open_rate * kMmPerInch);
    };
    const Vec2 q = p + bearing_vector(angle(g)) * length(g);
    for (const double budget : {0.5, 1.0}) {
      const double reach = table.reachable(p, q, budget, cost);
      const bool short_of = reach < kLeast;
      EXPECT_EQ(falls_short_on_uniform(budget, cost(here), kLeast), short_of) << k;
      if (short_of) ++short_moves;
      if (reach < distance(p, q) && !short_of) ++stopped_later;
    }
  }
  EXPECT_GT(uniform_starts, 5000);
  EXPECT_GT(in_stream_box, 2000);  // within the stream's box, clear of its band
  EXPECT_GT(near_band, 1000);      // just beyond the limit
  EXPECT_GT(in_features, 200);     // starts inside the wood or on the hill
  EXPECT_GT(short_moves, 100);     // impassable wood, or too little budget
  EXPECT_GT(stopped_later, 100);   // moves stopped beyond their start
}

// A block slid along a path (move_unit's steps: the start frame moved) overlaps no unit
// outside the window overlap_window gives, at its ends included; inside it some do, and
// some paths (beside or away from the unit) have no window at all. Every tenth path runs
// along the block's own axis, where the slide does not move its shadow on the other.
TEST(Fast1805Prefilters, OverlapWindowRulesOutOnlyNoOverlap) {
  std::mt19937 g(1806);
  std::uniform_real_distribution<double> angle(0, 360), share(0, 1);
  int ruled_out = 0, overlapping_inside = 0, never = 0, at_ends = 0;
  for (int k = 0; k < 20000; ++k) {
    const RectFrame from(random_rect(g, 1000, 1300));
    const RectFrame other(random_rect(g, 1000, 1300));
    const Vec2 dir = k % 10 == 0 ? from.f : bearing_vector(angle(g));
    const SlideWindow w = overlap_window(from, dir, other, 0.01);
    if (!(w.lo < w.hi)) ++never;
    const double lo = std::isfinite(w.lo) ? w.lo : -400;
    const double hi = std::isfinite(w.hi) ? w.hi : 400;
    for (int s = 0; s < 12; ++s) {
      double t = share(g) * 800 - 400;
      if (s == 0) t = lo;  // at the window's ends
      if (s == 1) t = hi;
      if (s == 2) t = lo + (hi - lo) * 1e-9;  // just inside them
      if (s == 3) t = hi - (hi - lo) * 1e-9;
      if (s == 4) t = std::nextafter(lo, -1e9);  // just outside
      if (s == 5) t = std::nextafter(hi, 1e9);
      if (s >= 6 && s < 9 && lo < hi) t = lo + (hi - lo) * share(g);  // inside the window
      const RectFrame moved = from.moved_to(from.rect.centre + dir * t);
      const bool over = overlaps(moved, other, 0.01);
      if (t <= w.lo || t >= w.hi) {
        ++ruled_out;
        if (s < 2 && w.lo < w.hi) ++at_ends;
        EXPECT_FALSE(over) << k << " " << t << " [" << w.lo << ", " << w.hi << "]";
      } else if (over) {
        ++overlapping_inside;
      }
    }
  }
  EXPECT_GT(ruled_out, 100000);         // the filter does rule slides out
  EXPECT_GT(overlapping_inside, 4000);  // and the case is not trivial
  EXPECT_GT(never, 1000);               // paths that never meet the other
  EXPECT_GT(at_ends, 1000);             // the ends themselves were tried
}

// gap_lower_bound and surely_beyond (the callers' "beyond X?" before distance): the bound
// never exceeds the exact distance, and a gap ruled beyond X is beyond X by distance too,
// also for footprints that nearly touch, overlap or share a centre.
TEST(Fast1805Prefilters, SurelyBeyondOnlyWhatDistanceSaysIsBeyond) {
  std::mt19937 g(1806);
  std::uniform_real_distribution<double> limit(0, 400);
  int beyond = 0, within = 0;
  for (int k = 0; k < 50000; ++k) {
    const RectFrame a(random_rect(g, 1000, 1400));
    RectFrame b(random_rect(g, 1000, 1400));
    if (k % 10 == 0) b = RectFrame(Rect{a.rect.centre, b.rect.facing, b.rect.width, b.rect.depth});
    const double exact = distance(a, b);
    EXPECT_LE(gap_lower_bound(a, b), exact) << k;
    const double x = k % 7 == 0 ? exact : limit(g);  // sometimes exactly at the limit
    auto past = [&](double mm) { return mm > x * (1 + 1e-9) + 1e-6; };
    if (surely_beyond(a, b, past)) {
      ++beyond;
      EXPECT_TRUE(past(exact)) << k;
    } else if (!past(exact)) {
      ++within;
    }
  }
  EXPECT_GT(beyond, 10000);  // the bounds do decide most gaps
  EXPECT_GT(within, 5000);
}

// own_axes_gap (surely_beyond's axis gap): axis_gap's bound but for rounding far below the
// micron surely_beyond takes off, and never above the exact distance by more than that,
// for footprints apart, near, overlapping or sharing a centre.
TEST(Fast1805Prefilters, OwnAxesGapIsTheAxisGap) {
  std::mt19937 g(1807);
  int apart = 0, overlapping = 0;
  for (int k = 0; k < 50000; ++k) {
    const RectFrame a(random_rect(g, 1000, 1400));
    RectFrame b(random_rect(g, 1000, 1400));
    if (k % 10 == 0) b = RectFrame(Rect{a.rect.centre, b.rect.facing, b.rect.width, b.rect.depth});
    const double gap = own_axes_gap(a, b);
    EXPECT_NEAR(gap, axis_gap(a, b), 1e-9) << k;
    EXPECT_LE(gap - 1e-3, distance(a, b)) << k;
    (gap > 0 ? apart : overlapping)++;
  }
  EXPECT_GT(apart, 10000);
  EXPECT_GT(overlapping, 1000);
}

// corners_on_table (move_unit's and place_ok's test of a footprint on the table) against
// Table::contains of each corner, for footprints inside, astride each edge and off the table,
// and for footprints whose corner lies on an edge exactly.
TEST(Fast1805Prefilters, CornersOnTableAsEveryCornerAsked) {
  std::mt19937 g(1808);
  const Table table(1800, 1200);
  int on = 0, off = 0;
  for (int k = 0; k < 50000; ++k) {
    Rect r = random_rect(g, -100, 1900);
    if (k % 7 == 0) {  // a corner on the left edge, bit for bit
      r.facing = 0;
      r.centre.x = r.width / 2;
    }
    const RectFrame f(r);
    const bool each =
        std::all_of(f.corners.begin(), f.corners.end(), [&](Vec2 p) { return table.contains(p); });
    EXPECT_EQ(corners_on_table(table, bounds(f)), each) << k;
    (each ? on : off)++;
  }
  EXPECT_GT(on, 10000);
  EXPECT_GT(off, 5000);
}

// WalkSteps::skip_clear against the walk's own loop (move_unit, as it was): the steps the
// loop takes as reached before its first other step, for paths shorter than a step, ending
// on a step, ending within a micron past one (the loop clamps that step to the end), longer
// than the kept sums, and windows that start anywhere, on a step exactly, never, or at NaN.
TEST(Fast1805Prefilters, WalkStepsSkipAsTheWalkSteps) {
  constexpr double kStep = 0.25 * kMmPerInch;
  const WalkSteps steps(kStep, 64);
  // The loop's fast branch alone: the point reached and the first t it does not take as
  // reached (the t at which the slow branch starts; -1 if none).
  auto walk = [&](double first, double ok_t, double reach, double clear_until) {
    for (double t = first; t <= reach + 1e-9; t += kStep) {
      t = std::min(t, reach);
      if (t <= clear_until) {
        ok_t = t;
        if (t >= reach) break;
        continue;
      }
      return std::pair{ok_t, t};
    }
    return std::pair{ok_t, -1.0};
  };
  std::vector<double> sums;  // the loop's own steps
  for (double t = kStep; sums.size() < 100; t += kStep) sums.push_back(t);
  std::mt19937 g(1809);
  std::uniform_real_distribution<double> at(-10, 110 * kStep);
  std::uniform_int_distribution<std::size_t> pick(0, sums.size() - 1);
  const double kNaN = std::numeric_limits<double>::quiet_NaN();
  const double kInf = std::numeric_limits<double>::infinity();
  int skipped = 0;
  for (int k = 0; k < 200000; ++k) {
    double reach = at(g), clear_until = at(g);
    switch (k % 8) {
      case 0:
        reach = sums[pick(g)];
        break;
      case 1:
        reach = sums[pick(g)] - 5e-10;
        break;
      case 2:
        clear_until = sums[pick(g)];
        break;
      case 3:
        clear_until = kInf;
        break;
      case 4:
        clear_until = k % 16 == 4 ? kNaN : -kInf;
        break;
      case 5:
        reach = std::fabs(at(g)) / 50;
        break;
      default:
        break;
    }
    const auto [ok_ref, next_ref] = walk(std::min(kStep, reach), 0.0, reach, clear_until);
    // The walk from where the skip leaves it.
    const WalkSteps::Skip skip = steps.skip_clear(reach, clear_until);
    const auto [ok_t, next_t] = walk(skip.next_t, skip.ok_t, reach, clear_until);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(ok_t), std::bit_cast<std::uint64_t>(ok_ref))
        << k << " reach " << reach << " clear " << clear_until;
    EXPECT_EQ(std::bit_cast<std::uint64_t>(next_t), std::bit_cast<std::uint64_t>(next_ref))
        << k << " reach " << reach << " clear " << clear_until;
    if (skip.ok_t > 0) ++skipped;
  }
  // A quarter of the 200,000 paths: fails should the skip stop taking the clear steps it
  // may (most draws have reach and clear_until both past the first step).
  EXPECT_GT(skipped, 50000);
}

// UnitBook (the battle's orders by unit, unit_book.h) against the std::map<int, T> it
// replaced, over random bounds of look-ups, finds and values made in any order: the same
// values, the same size and, after make_ascending(), the map's order.
TEST(Fast1805UnitBook, AsTheMapItReplaced) {
  struct Value {
    int a = 0;
    double b = 0;
  };
  std::mt19937 g(1810);
  std::uniform_int_distribution<int> unit(0, 299), op(0, 9);
  UnitBook<Value> book;
  for (int bound = 0; bound < 200; ++bound) {
    std::map<int, Value> map;
    book.clear();
    const int ops = bound % 5 == 0 ? 0 : 400;
    for (int k = 0; k < ops; ++k) {
      const int u = unit(g);
      if (op(g) < 3) {  // a find
        const auto it = map.find(u);
        const Value* v = book.find(u);
        ASSERT_EQ(v != nullptr, it != map.end()) << bound << " " << u;
        if (v) {
          EXPECT_EQ(v->a, it->second.a);
        }
        continue;
      }
      Value& m = map[u];
      Value& b = book[u];
      EXPECT_EQ(b.a, m.a) << bound << " " << u;
      EXPECT_EQ(b.b, m.b) << bound << " " << u;
      m.a = b.a = k;
      m.b = b.b = k * 0.5;
    }
    ASSERT_EQ(book.size(), map.size()) << bound;
    book.make_ascending();
    std::vector<int> keys;
    for (const auto& [u, v] : map) keys.push_back(u);
    EXPECT_EQ(book.units(), keys) << bound;
    for (const int u : book.units()) EXPECT_EQ(book[u].b, map[u].b) << bound << " " << u;
  }
}

// initiative_ids (the order of play, initiative_sort.h) against the stable sort it replaced:
// passed first, lowest roll first, ties in the order given; d100 faces, a few faces (many
// ties), and rolls spread wider than its counting range (the sort itself).
TEST(Fast1805InitiativeIds, AsTheStableSortItReplaced) {
  std::mt19937 g(1811);
  for (int k = 0; k < 3000; ++k) {
    const int faces = k % 3 == 0 ? 100 : k % 3 == 1 ? 3 : 100000;
    std::uniform_int_distribution<int> face(1, faces), count(0, 300);
    std::bernoulli_distribution passed(0.6);
    std::vector<InitiativeRolled> rolled;
    const int n = count(g);
    for (int i = 0; i < n; ++i) rolled.push_back({i * 3 + k % 3, passed(g), face(g)});
    std::vector<InitiativeRolled> sorted = rolled;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const InitiativeRolled& x, const InitiativeRolled& y) {
                       if (x.passed != y.passed) return x.passed;
                       return x.roll < y.roll;
                     });
    std::vector<int> want;
    for (const InitiativeRolled& r : sorted) want.push_back(r.id);
    EXPECT_EQ(initiative_ids(rolled), want) << k;
  }
}

}  // namespace
}  // namespace smoothbore::fast_1805
