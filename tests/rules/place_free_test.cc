// rules/place_free.h: place_free over a spatial index's candidates answers as the scan of
// every unit (rules/battle.h) whenever the candidates include every unit that overlaps.
#include "rules/place_free.h"

#include <gtest/gtest.h>

namespace smoothbore {
namespace {

Unit unit_at(Vec2 c, double facing, UnitStatus status = UnitStatus::kActive) {
  Unit u;
  u.stands.push_back(Stand{Rect{c, facing, 100, 40}, 10, 0, false});
  u.status = status;
  return u;
}

TEST(PlaceFree, CandidatesAnswerAsTheScan) {
  const Table table(1000, 600);
  Force f;
  f.units = {unit_at({200, 200}, 0), unit_at({300, 200}, 0), unit_at({500, 300}, 90),
             unit_at({200, 260}, 0, UnitStatus::kRouted),
             unit_at({700, 300}, 0, UnitStatus::kOffTable)};
  const std::vector<int> all = {0, 1, 2, 3, 4};
  auto kept = [&f](int o) { return f.units[static_cast<std::size_t>(o)].footprint(); };
  for (const Rect& r :
       {Rect{{250, 200}, 0, 100, 40}, Rect{{250, 300}, 0, 100, 40}, Rect{{500, 250}, 0, 100, 40},
        Rect{{700, 300}, 0, 100, 40}, Rect{{200, 230}, 0, 100, 40}, Rect{{980, 300}, 0, 100, 40}}) {
    for (int unit : {0, 1, -1}) {
      for (int ignore : {-1, 1, 3}) {
        const bool want = place_free(table, f, unit, r, ignore);
        EXPECT_EQ(place_free(table, f, unit, r, ignore, all), want);
        EXPECT_EQ(place_free(table, f, unit, r, ignore, all, kept), want);
      }
    }
  }
  // Overlapping unit 1 and routed unit 3; off the table's edge; clear.
  EXPECT_FALSE(place_free(table, f, 0, Rect{{250, 200}, 0, 100, 40}, -1, all));
  EXPECT_TRUE(place_free(table, f, 0, Rect{{250, 200}, 0, 100, 40}, 1, all));
  EXPECT_FALSE(place_free(table, f, 0, Rect{{200, 230}, 0, 100, 40}, -1, all));
  EXPECT_FALSE(place_free(table, f, 0, Rect{{980, 300}, 0, 100, 40}, -1, all));
  EXPECT_TRUE(place_free(table, f, 0, Rect{{700, 300}, 0, 100, 40}, -1, all));  // off-table unit
}

}  // namespace
}  // namespace smoothbore
