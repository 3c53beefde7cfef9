// The grid index must answer exactly what a scan of every footprint answers.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/dice/rng.h"
#include "core/rect_make.h"
#include "core/table/spatial_index.h"

namespace smoothbore {
namespace {

using testing_geometry::rect_of_box;

Rect random_rect(Rng& rng) {
  Rect r;
  r.centre = {rng.uniform() * 2400 - 200, rng.uniform() * 1400 - 200};
  r.facing = rng.uniform() * 360;
  r.width = 5 + rng.uniform() * 300;
  r.depth = 5 + rng.uniform() * 100;
  return r;
}

TEST(SpatialIndexTest, EmptyAndSingle) {
  SpatialIndex index;
  EXPECT_TRUE(index.query({{0, 0}, {1000, 1000}}).empty());
  Rect r;
  r.centre = {100, 100};
  r.width = 40;
  r.depth = 20;  // box x 80..120, y 90..110
  index.insert(7, r);
  EXPECT_EQ(index.query({{0, 0}, {80, 90}}), std::vector<int>{7});  // touching corner
  EXPECT_TRUE(index.query({{0, 0}, {79, 89}}).empty());
  EXPECT_EQ(index.within(r, 0), std::vector<int>{7});
}

TEST(SpatialIndexTest, ReplaceAndRemove) {
  SpatialIndex index(100);
  Rect r;
  r.width = 40;
  r.depth = 20;
  r.centre = {100, 100};
  index.insert(3, r);
  r.centre = {900, 900};
  index.insert(3, r);  // moves it
  EXPECT_TRUE(index.query({{0, 0}, {200, 200}}).empty());
  EXPECT_EQ(index.query({{800, 800}, {1000, 1000}}), std::vector<int>{3});
  EXPECT_EQ(index.size(), 1u);
  index.remove(3);
  EXPECT_TRUE(index.query({{800, 800}, {1000, 1000}}).empty());
  index.remove(3);  // removing twice is harmless
  index.insert(1, r);
  index.clear();
  EXPECT_EQ(index.size(), 0u);
}

TEST(SpatialIndexTest, MatchesBruteForce) {
  Rng rng(20240601, 0);
  for (double cell : {50.0, 150.0, 1000.0}) {
    SpatialIndex index(cell);
    std::map<int, Rect> all;
    for (int i = 0; i < 300; ++i) {
      const int id = static_cast<int>(rng.roll(1000)) * 3;  // sparse ids, some repeated
      const Rect r = random_rect(rng);
      index.insert(id, r);
      all[id] = r;
      if (rng.roll(10) == 1) {  // occasionally remove one
        const int gone = all.begin()->first;
        index.remove(gone);
        all.erase(gone);
      }
    }
    for (int q = 0; q < 200; ++q) {
      const Rect probe = random_rect(rng);
      const double range = rng.uniform() * 400;
      Box box = probe.bounds();
      std::vector<int> want_box, want_within;
      for (const auto& [id, r] : all) {  // std::map: ascending ids
        if (r.bounds().intersects(box)) want_box.push_back(id);
        if (distance(r, probe) <= range) want_within.push_back(id);
      }
      EXPECT_EQ(index.query(box), want_box) << "cell " << cell << " query " << q;
      EXPECT_EQ(index.within(probe, range), want_within) << "cell " << cell << " query " << q;
    }
    // A query box far wider than the table takes the scan path: everything.
    std::vector<int> ids;
    for (const auto& [id, r] : all) ids.push_back(id);
    EXPECT_EQ(index.query({{-1e7, -1e7}, {1e7, 1e7}}), ids);
  }
}

// The nearest-first search, stopped as soon as its bound passes the best found, finds the
// footprint nearest a probe (edge to edge, ties to the lower id) that a scan finds.
TEST(SpatialIndexTest, AroundFindsTheNearest) {
  Rng rng(20261122, 0);
  for (double cell : {50.0, 600.0}) {
    SpatialIndex index(cell);
    std::vector<Rect> all;
    for (int i = 0; i < 200; ++i) {
      all.push_back(random_rect(rng));
      index.insert(i, all.back());
    }
    for (int q = 0; q < 100; ++q) {
      const Rect probe = random_rect(rng);
      int want = -1;
      double want_d = 1e18;
      for (int i = 0; i < 200; ++i) {
        const double d = distance(all[static_cast<std::size_t>(i)], probe);
        if (d < want_d) {
          want_d = d;
          want = i;
        }
      }
      int got = -1;
      double got_d = 1e18;
      int rings = 0;
      index.around(
          probe.bounds(),
          [&](int i) {
            const double d = distance(all[static_cast<std::size_t>(i)], probe);
            if (d < got_d || (d == got_d && i < got)) {
              got_d = d;
              got = i;
            }
          },
          [&](double bound) {
            ++rings;
            return got < 0 || bound <= got_d;
          });
      EXPECT_EQ(got, want) << "cell " << cell << " query " << q;
      EXPECT_EQ(got_d, want_d);
      EXPECT_LT(rings, 1000);
    }
  }
}

// around()'s bound is a true lower bound: when it asks more(bound), every id not yet
// visited lies more than `bound` mm from the query's box (box to box). Footprints and
// queries sit on cell edges exactly (whole multiples of the cell), a hair either side of
// them, and outside a reserved grid (clamped to its border cells), at 0 and a kilometre
// from the origin.
TEST(SpatialIndexTest, AroundBoundIsALowerBoundOfUnvisitedIds) {
  Rng rng(20261127, 3);
  const double cell = 100;
  auto coordinate = [&](double far) {
    const double edge = far + cell * static_cast<double>(rng.next_u32() % 30);
    const double offsets[] = {0.0, 1e-9, -1e-9, 1e-6, -1e-6, rng.uniform() * cell};
    return edge + offsets[rng.next_u32() % 6];
  };
  int checked = 0;
  for (int round = 0; round < 40; ++round) {
    const double far = round % 2 == 0 ? 0.0 : 1e6;
    SpatialIndex index(cell);
    if (round % 4 < 2) index.reserve({{far + 500, far + 500}, {far + 2000, far + 2000}}, 300);
    std::vector<Box> boxes;
    for (int i = 0; i < 300; ++i) {
      const Vec2 a{coordinate(far), coordinate(far)};
      const Vec2 b{a.x + cell * (rng.next_u32() % 3) + rng.uniform() * 5,
                   a.y + cell * (rng.next_u32() % 3) + rng.uniform() * 5};
      const Box box{a, b};
      Rect r;  // the box's own rectangle: facing 0, so its bounds are the box
      r.centre = (a + b) * 0.5;
      r.width = b.x - a.x;
      r.depth = b.y - a.y;
      index.insert(i, r, box);
      boxes.push_back(box);
    }
    for (int q = 0; q < 30; ++q) {
      const Vec2 a{coordinate(far), coordinate(far)};
      const Box query{a, {a.x + rng.uniform() * 2 * cell, a.y + rng.uniform() * 2 * cell}};
      std::vector<bool> visited(boxes.size(), false);
      index.around(
          query, [&](int i) { visited[static_cast<std::size_t>(i)] = true; },
          [&](double bound) {
            for (std::size_t i = 0; i < boxes.size(); ++i) {
              if (visited[i]) continue;
              EXPECT_GT(box_gap(query, boxes[i]), bound) << "round " << round << " id " << i;
              ++checked;
            }
            return true;
          });
      EXPECT_TRUE(std::all_of(visited.begin(), visited.end(), [](bool v) { return v; }));
    }
  }
  EXPECT_GT(checked, 100000);
}

// around() walks only the occupied cells: two armies far apart on a large grid, units
// moved, removed and brought back (so the occupied range grows and shrinks), each search
// checked against a scan: every unvisited id lies beyond the bound it asks about, the
// search stopping at the first bound past a nearest by scan finds that nearest, and one
// never stopped visits every id present and no other.
TEST(SpatialIndexTest, AroundOverOccupiedCellsMatchesScan) {
  Rng rng(20261128, 13);
  const double cell = 100;
  SpatialIndex index(cell);
  index.reserve({{-5000, -5000}, {15000, 15000}}, 400);
  std::vector<Box> boxes(400);
  std::vector<bool> present(boxes.size(), false);
  auto place = [&](std::size_t id) {
    // Half the ids in a band at the south edge, half at the north; now and then anywhere.
    const double band = id % 2 == 0 ? 0.0 : 8000.0;
    const bool stray = rng.roll(20) == 1;
    const double edge = cell * static_cast<double>(rng.next_u32() % 3);
    const double offsets[] = {0.0, 1e-9, -1e-9, rng.uniform() * cell};
    const Vec2 a{stray ? rng.uniform() * 10000 : rng.uniform() * 3000,
                 stray ? rng.uniform() * 10000 : band + edge + offsets[rng.next_u32() % 4]};
    const Box box{a, {a.x + rng.uniform() * 2 * cell, a.y + rng.uniform() * cell}};
    index.insert(static_cast<int>(id), rect_of_box(box), box);
    boxes[id] = box;
    present[id] = true;
  };
  int searches = 0;
  for (int step = 0; step < 3000; ++step) {
    const std::size_t id = rng.next_u32() % boxes.size();
    if (rng.roll(4) == 1) {
      index.remove(static_cast<int>(id));
      present[id] = false;
    } else {
      place(id);
    }
    if (step % 10 != 0) continue;
    ++searches;
    const Vec2 a{rng.uniform() * 12000 - 1000, rng.uniform() * 12000 - 1000};
    const Box query{a, {a.x + rng.uniform() * 3 * cell, a.y + rng.uniform() * 3 * cell}};
    double want = 1e18;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      if (present[i]) want = std::min(want, box_gap(query, boxes[i]));
    }
    std::vector<bool> visited(boxes.size(), false);
    double got = 1e18;
    index.around(
        query,
        [&](int i) {
          const std::size_t k = static_cast<std::size_t>(i);
          EXPECT_TRUE(present[k]) << "step " << step << " id " << i;
          visited[k] = true;
          got = std::min(got, box_gap(query, boxes[k]));
        },
        [&](double bound) {
          for (std::size_t i = 0; i < boxes.size(); ++i) {
            if (present[i] && !visited[i]) {
              EXPECT_GT(box_gap(query, boxes[i]), bound) << "step " << step << " id " << i;
            }
          }
          return bound <= got;
        });
    EXPECT_EQ(got, want) << "step " << step;
    std::fill(visited.begin(), visited.end(), false);
    index.around(
        query, [&](int i) { visited[static_cast<std::size_t>(i)] = true; },
        [](double) { return true; });
    EXPECT_EQ(visited, present) << "step " << step;
  }
  EXPECT_EQ(searches, 300);
  // Emptied and filled again: the occupied range starts afresh.
  for (std::size_t i = 0; i < boxes.size(); ++i) index.remove(static_cast<int>(i));
  EXPECT_EQ(index.size(), 0u);
  place(3);
  std::vector<int> seen;
  index.around(
      {{-4000, -4000}, {-3990, -3990}}, [&](int i) { seen.push_back(i); },
      [](double) { return true; });
  EXPECT_EQ(seen, std::vector<int>{3});
}

// Footprints far off the table (beyond the grid's cell cap) share the border cells and
// are still reported exactly; the grid grows as footprints arrive anywhere.
// An index sized once (reserve) answers as one grown footprint by footprint, and as a
// scan, whether the footprints fall inside the reserved area or outside it.
TEST(SpatialIndexTest, ReservedMatchesGrown) {
  Rng rng(20261123, 0);
  for (const Box area : {Box{{-200, -200}, {2200, 1200}}, Box{{0, 0}, {300, 300}}}) {
    SpatialIndex grown(150), reserved(150);
    reserved.reserve(area, 400);
    std::map<int, Rect> all;
    for (int i = 0; i < 400; ++i) {
      const Rect r = random_rect(rng);
      grown.insert(i, r);
      reserved.insert(i, r);
      all[i] = r;
    }
    for (int q = 0; q < 200; ++q) {
      const Box box = random_rect(rng).bounds();
      std::vector<int> want;
      for (const auto& [id, r] : all)
        if (r.bounds().intersects(box)) want.push_back(id);
      EXPECT_EQ(reserved.query(box), want) << "query " << q;
      EXPECT_EQ(grown.query(box), want) << "query " << q;
    }
    EXPECT_EQ(reserved.size(), all.size());
  }
}

// A dense population moved about (re-filing scrambles each cell's order), with corners on
// cell edges either side of zero (the cell of a coordinate below zero rounds down), asked
// small boxes (a few ids, sorted in place) and wide ones (many): always the scan's ids,
// ascending.
TEST(SpatialIndexTest, DenseChurnOnCellEdgesMatchesScan) {
  Rng rng(20261128, 1);
  const double cell = 50;
  auto coordinate = [&] {
    const double edge = cell * (static_cast<double>(rng.next_u32() % 40) - 20);
    const double offsets[] = {0.0, 1e-9, -1e-9, rng.uniform() * cell};
    return edge + offsets[rng.next_u32() % 4];
  };
  SpatialIndex index(cell);
  std::vector<Box> boxes(500);
  std::vector<bool> present(boxes.size(), false);
  int queries = 0, several = 0;
  for (int step = 0; step < 4000; ++step) {
    const std::size_t id = rng.next_u32() % boxes.size();
    if (rng.roll(8) == 1) {
      index.remove(static_cast<int>(id));
      present[id] = false;
    } else {
      const Vec2 a{coordinate(), coordinate()};
      const Box box{a, {a.x + rng.uniform() * 1.5 * cell, a.y + rng.uniform() * 1.5 * cell}};
      index.insert(static_cast<int>(id), rect_of_box(box), box);
      boxes[id] = box;
      present[id] = true;
    }
    if (step % 4 != 0) continue;
    const Vec2 a{coordinate(), coordinate()};
    const double span = step % 8 == 0 ? rng.uniform() * cell : rng.uniform() * 8 * cell;
    const Box query{a, {a.x + span, a.y + span}};
    std::vector<int> want;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
      if (present[i] && boxes[i].intersects(query)) want.push_back(static_cast<int>(i));
    }
    EXPECT_EQ(index.query(query), want) << "step " << step;
    ++queries;
    if (want.size() > 16) ++several;
  }
  EXPECT_EQ(queries, 1000);
  EXPECT_GT(several, 20);  // both the short sort and std::sort were exercised
}

TEST(SpatialIndexTest, FarFootprintsAndGrowth) {
  SpatialIndex index(100);
  Rect r;
  r.width = 40;
  r.depth = 20;
  r.centre = {100, 100};
  index.insert(0, r);
  r.centre = {5e9, -5e9};
  index.insert(2, r);
  r.centre = {-3000, 4000};
  index.insert(5, r);
  EXPECT_EQ(index.query({{0, 0}, {200, 200}}), std::vector<int>{0});
  EXPECT_EQ(index.query({{4.9e9, -5.1e9}, {5.1e9, -4.9e9}}), std::vector<int>{2});
  EXPECT_EQ(index.query({{-3100, 3900}, {-2900, 4100}}), std::vector<int>{5});
  EXPECT_TRUE(index.query({{1e6, 1e6}, {2e6, 2e6}}).empty());
  EXPECT_EQ(index.query({{-1e10, -1e10}, {1e10, 1e10}}), (std::vector<int>{0, 2, 5}));
  std::vector<int> out{42};  // the overload reusing a buffer clears it first
  index.query({{0, 0}, {200, 200}}, out);
  EXPECT_EQ(out, std::vector<int>{0});
  EXPECT_TRUE(index.contains(5));
  EXPECT_FALSE(index.contains(1));
  EXPECT_FALSE(index.contains(-1));
}

// Re-filing an id in the cells it is already in (a small move, a turn) takes a shorter way
// than remove() and a fresh insert(), and must leave every cell's ids in the same order:
// around() and around_pruned() visit them in that order. Moves of under a cell, most of
// them within their cells, and jumps, on a grid that sometimes grows.
TEST(SpatialIndexTest, RefilingInPlaceKeepsTheOrderOfRemoveAndInsert) {
  Rng rng(20261128, 17);
  const double cell = 50;
  SpatialIndex fast(cell), slow(cell);
  std::vector<Box> boxes(300);
  std::vector<bool> present(boxes.size(), false);
  auto visits = [](const SpatialIndex& index, const Box& from, bool pruned) {
    std::vector<int> seen;
    auto visit = [&](int id) { seen.push_back(id); };
    auto more = [](double) { return true; };
    if (pruned) {
      index.around_pruned(from, visit, more);
    } else {
      index.around(from, visit, more);
    }
    return seen;
  };
  int in_place = 0;
  for (int step = 0; step < 6000; ++step) {
    const std::size_t id = rng.next_u32() % boxes.size();
    const int i = static_cast<int>(id);
    if (rng.roll(20) == 1) {
      fast.remove(i);
      slow.remove(i);
      present[id] = false;
      continue;
    }
    Box box;
    if (present[id] && rng.roll(4) != 1) {
      const Vec2 d{(rng.uniform() - 0.5) * 0.4 * cell, (rng.uniform() - 0.5) * 0.4 * cell};
      box = {boxes[id].min + d, boxes[id].max + d};
      auto same_cell = [&](double a, double b) {
        return std::floor(a / cell) == std::floor(b / cell);
      };
      if (same_cell(box.min.x, boxes[id].min.x) && same_cell(box.max.x, boxes[id].max.x) &&
          same_cell(box.min.y, boxes[id].min.y) && same_cell(box.max.y, boxes[id].max.y)) {
        ++in_place;
      }
    } else {
      const double reach = step < 3000 ? 1000 : 3000;  // later, the grid grows
      const Vec2 a{rng.uniform() * reach, rng.uniform() * reach};
      box = {a, {a.x + rng.uniform() * 1.5 * cell, a.y + rng.uniform() * 1.5 * cell}};
    }
    fast.insert(i, rect_of_box(box), box);
    slow.remove(i);
    slow.insert(i, rect_of_box(box), box);
    boxes[id] = box;
    present[id] = true;
    if (step % 10 != 0) continue;
    const Vec2 a{rng.uniform() * 1000, rng.uniform() * 1000};
    const Box from{a, {a.x + rng.uniform() * cell, a.y + rng.uniform() * cell}};
    ASSERT_EQ(visits(fast, from, false), visits(slow, from, false)) << "step " << step;
    ASSERT_EQ(visits(fast, from, true), visits(slow, from, true)) << "step " << step;
    EXPECT_EQ(fast.query(from), slow.query(from)) << "step " << step;
  }
  EXPECT_GT(in_place, 1000);  // the short way was taken often
}

}  // namespace
}  // namespace smoothbore
