// The live point grid must answer exactly what a scan of the points filed answers, after
// any sequence of insertions, moves and erasures, including points far outside the extent
// it was laid out over.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "core/dice/rng.h"
#include "core/table/live_point_grid.h"

namespace smoothbore {
namespace {

TEST(LivePointGridTest, EmptyGridVisitsNothingThenFindsWhatIsInserted) {
  LivePointGrid grid;
  grid.build({}, 10);
  int seen = 0;
  grid.visit({-1e9, -1e9}, {1e9, 1e9}, [&](int) { ++seen; });
  EXPECT_EQ(seen, 0);
  grid.insert(3, {5, 5});
  grid.visit({0, 0}, {10, 10}, [&](int id) { seen += id; });
  EXPECT_EQ(seen, 3);
  EXPECT_TRUE(grid.contains(3));
  EXPECT_FALSE(grid.contains(2));
}

TEST(LivePointGridTest, AnswersAsTheScanAfterRandomChanges) {
  Rng rng(21, 0);
  for (double cell : {1.0, 50.0, 5000.0}) {
    std::vector<std::optional<Vec2>> points;
    std::vector<Vec2> initial;
    for (int i = 0; i < 300; ++i) initial.push_back({rng.uniform() * 2000, rng.uniform() * 900});
    LivePointGrid grid;
    grid.build(initial, cell);
    for (const Vec2& p : initial) points.push_back(p);
    for (int step = 0; step < 2000; ++step) {
      const int id = static_cast<int>(rng.uniform() * 400);  // some ids beyond the build
      const std::size_t i = static_cast<std::size_t>(id);
      if (points.size() <= i) points.resize(i + 1);
      if (points[i]) {
        grid.erase(id);
        points[i].reset();
      }
      if (rng.uniform() < 0.7) {  // (re)filed, sometimes far off the first extent
        const Vec2 p{rng.uniform() * 3000 - 500, rng.uniform() * 1500 - 300};
        grid.insert(id, p);
        points[i] = p;
      }
      if (step % 10 != 0) continue;
      const Vec2 lo{rng.uniform() * 3000 - 600, rng.uniform() * 1600 - 400};
      const Vec2 hi = lo + Vec2{rng.uniform() * 800, rng.uniform() * 500};
      std::vector<int> got;
      grid.visit(lo, hi, [&](int k) { got.push_back(k); });
      std::sort(got.begin(), got.end());
      std::vector<int> want;
      for (std::size_t k = 0; k < points.size(); ++k) {
        if (!points[k]) continue;
        const Vec2 p = *points[k];
        if (p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y) {
          want.push_back(static_cast<int>(k));
        }
      }
      ASSERT_EQ(got, want) << "cell " << cell << " step " << step;
      for (std::size_t k = 0; k < points.size(); ++k) {
        ASSERT_EQ(grid.contains(static_cast<int>(k)), points[k].has_value());
      }
    }
  }
}

}  // namespace
}  // namespace smoothbore
