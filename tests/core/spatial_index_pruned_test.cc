// SpatialIndex::around_pruned against a scan of every footprint: it may skip only what its
// caller said cannot matter.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "core/dice/rng.h"
#include "core/rect_make.h"
#include "core/table/spatial_index.h"

namespace smoothbore {
namespace {

using testing_geometry::rect_of_box;

// Checks `pruned` (an around_pruned call: query, visit, more) against a scan of `boxes`
// (those `present`): with the fixed `limit`, every footprint within it of `query` is
// visited; a search whose limit shrinks to the least gap met finds the scan's least gap.
// Returns how many footprints the first check covered.
template <class Pruned>
int expect_pruned_as_scan(const Pruned& pruned, const Box& query, double limit,
                          const std::vector<Box>& boxes, const std::vector<bool>& present,
                          int step) {
  int checked = 0;
  std::vector<bool> visited(boxes.size(), false);
  pruned(
      query,
      [&](int i) {
        EXPECT_TRUE(present[static_cast<std::size_t>(i)]) << "step " << step;
        visited[static_cast<std::size_t>(i)] = true;
      },
      [&](double bound) { return bound <= limit; });
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    if (present[i] && box_gap(query, boxes[i]) <= limit) {
      EXPECT_TRUE(visited[i]) << "step " << step << " id " << i;
      ++checked;
    }
  }
  double want = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    if (present[i]) want = std::min(want, box_gap(query, boxes[i]));
  }
  double got = std::numeric_limits<double>::infinity();
  pruned(
      query,
      [&](int i) { got = std::min(got, box_gap(query, boxes[static_cast<std::size_t>(i)])); },
      [&](double bound) { return bound <= got; });
  EXPECT_EQ(got, want) << "step " << step;
  return checked;
}

// Two bands of footprints (and strays) on cell edges, a hair either side of them and
// anywhere, some spanning several cells, some outside the reserved grid (clamped to its
// border cells); moved, removed and brought back. Each probe is checked three ways: with a
// fixed limit, every footprint within it of the probe's box is visited; a search whose
// limit shrinks to the least gap met finds the scan's least gap; one never refused visits
// every footprint present, once per cell it is filed in, as around() does. Each with and
// without the cells' content bounds.
TEST(SpatialIndexPrunedTest, SkipsOnlyWhatCannotMatter) {
  Rng rng(20261128, 14);
  const double cell = 100;
  for (int round = 0; round < 4; ++round) {
    const bool bounded = round >= 2;
    SpatialIndex index(cell, bounded);
    // around_pruned, with the cells' content bounds where the index keeps them.
    auto pruned = [&](const Box& q, auto visit, auto more) {
      if (bounded) {
        index.around_pruned<true>(q, visit, more);
      } else {
        index.around_pruned(q, visit, more);
      }
    };
    if (round % 2 == 0) index.reserve({{-500, -500}, {6000, 6000}}, 300);
    std::vector<Box> boxes(300);
    std::vector<bool> present(boxes.size(), false);
    auto coordinate = [&](double base) {
      const double edge = base + cell * static_cast<double>(rng.next_u32() % 40);
      const double offsets[] = {0.0, 1e-9, -1e-9, 1e-6, -1e-6, rng.uniform() * cell};
      return edge + offsets[rng.next_u32() % 6];
    };
    auto place = [&](std::size_t id) {
      const int where = static_cast<int>(rng.next_u32() % 8);
      const double base_y = where < 4 ? 0.0 : where < 7 ? 3000.0 : -2000.0 - rng.uniform() * 9000;
      const Vec2 a{coordinate(where == 7 ? -3000.0 : 0.0), coordinate(base_y)};
      const Box box{a, {a.x + rng.uniform() * 2.5 * cell, a.y + rng.uniform() * 1.5 * cell}};
      index.insert(static_cast<int>(id), rect_of_box(box), box);
      boxes[id] = box;
      present[id] = true;
    };
    int checked = 0;
    for (int step = 0; step < 3000; ++step) {
      const std::size_t id = rng.next_u32() % boxes.size();
      if (rng.roll(5) == 1) {
        index.remove(static_cast<int>(id));
        present[id] = false;
      } else {
        place(id);
      }
      if (step % 10 != 0) continue;
      const Vec2 a{coordinate(-1000), coordinate(-1000 + 2000 * (step % 3))};
      const Box query{a, {a.x + rng.uniform() * 3 * cell, a.y + rng.uniform() * 3 * cell}};
      // A fixed limit.
      const double limit = rng.uniform() * 30 * cell;
      checked += expect_pruned_as_scan(pruned, query, limit, boxes, present, step);
      // Never refused: as around().
      std::vector<int> all, all_around;
      pruned(
          query, [&](int i) { all.push_back(i); }, [](double) { return true; });
      index.around(
          query, [&](int i) { all_around.push_back(i); }, [](double) { return true; });
      std::sort(all.begin(), all.end());
      std::sort(all_around.begin(), all_around.end());
      EXPECT_EQ(all, all_around) << "step " << step;
      std::vector<bool> visited(boxes.size(), false);
      for (int i : all) visited[static_cast<std::size_t>(i)] = true;
      EXPECT_EQ(visited, present) << "step " << step;
    }
    EXPECT_GT(checked, 1000);
  }
}

// The cells' content bounds (what lets around_pruned skip a filed cell whose ids all lie
// beyond `more`'s bound) follow footprints that creep: moves of under a cell, most of them
// re-filed in the cells they were in, some across a cell edge, some removed and brought
// back, in a crowd whose cells hold several ids each. Checked as above: with a fixed limit
// every footprint within it is visited, and a shrinking limit finds the least gap.
TEST(SpatialIndexPrunedTest, SkipsOnlyWhatCannotMatterAsFootprintsCreep) {
  Rng rng(20261129, 21);
  const double cell = 100;
  SpatialIndex index(cell, /*bound_cells=*/true);
  std::vector<Box> boxes(200);
  std::vector<bool> present(boxes.size(), false);
  auto file = [&](std::size_t id, const Box& box) {
    index.insert(static_cast<int>(id), rect_of_box(box), box);
    boxes[id] = box;
    present[id] = true;
  };
  for (std::size_t id = 0; id < boxes.size(); ++id) {
    const Vec2 a{rng.uniform() * 20 * cell, rng.uniform() * 4 * cell};
    file(id, {a, {a.x + 10 + rng.uniform() * 40, a.y + 10 + rng.uniform() * 20}});
  }
  int checked = 0;
  for (int step = 0; step < 4000; ++step) {
    const std::size_t id = rng.next_u32() % boxes.size();
    if (rng.roll(10) == 1) {
      index.remove(static_cast<int>(id));
      present[id] = false;
    } else {
      const Vec2 v{(rng.uniform() - 0.5) * 0.4 * cell, (rng.uniform() - 0.5) * 0.4 * cell};
      file(id, {boxes[id].min + v, boxes[id].max + v});
    }
    if (step % 8 != 0) continue;
    const Vec2 a{rng.uniform() * 20 * cell, -3 * cell - rng.uniform() * 10 * cell};
    const Box query{a, {a.x + 20, a.y + 30}};
    const double limit = rng.uniform() * 12 * cell;
    auto pruned = [&](const Box& q, auto visit, auto more) {
      index.around_pruned<true>(q, visit, more);
    };
    checked += expect_pruned_as_scan(pruned, query, limit, boxes, present, step);
  }
  EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace smoothbore
