// Slopes (§6.72, §6.73 L434-L436) and hilltops (§6.74 L438) on stepped hills (elevation.h):
// a level-1 area x 0..400, y 400..1000 yd holding a level-2 hilltop x 20..380, y 600..900;
// the level-1 ground outside the hilltop is its slope. A 6 pdr section (600 yd, §6.9) at
// x 200 on the slope, facing north (uphill: the hilltop ahead) or south (downhill: the slope
// falls to level 0 at y 400). Coordinates in yards, facing 0 = north.
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/elevation.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::ScenarioBuilder;

void hill(ScenarioBuilder& b, double x0, double y0, double x1, double y1, int level) {
  Table& t = b.scenario().table;
  t.add(AreaFeature{"h" + std::to_string(t.areas().size()), TerrainClass::kHill,
                    Polygon{{b.at(x0, y0), b.at(x1, y0), b.at(x1, y1), b.at(x0, y1)}}, level,
                    true});
}

// The stepped hill (or, with `hilltop` false, the level-1 area alone: then it is a hilltop),
// the gun (u0) at x 200 with its front edge at y 500 facing `facing`, one enemy stand (u1).
ScenarioBuilder field(double facing, const Rect& enemy_at_yd, bool hilltop = true) {
  ScenarioBuilder b;
  hill(b, 0, 400, 400, 1000, 1);
  if (hilltop) hill(b, 20, 600, 380, 900, 2);
  b.gun(0, facing == 0 ? b.north(200, 500) : b.rect(200, 506.25, 180));
  b.line(1, {enemy_at_yd});
  return b;
}

struct Shot {
  double range_yd = 0;  // gun_range_yd
  SlopeFacing facing = SlopeFacing::kNone;
  std::optional<GunTarget> target;
};
Shot shot(const ScenarioBuilder& b) {
  const FdState s = b.state();  // refers to b's scenario: used while b lives
  const Rect& gun = s.force.units[0].stands[0].rect;
  const int level = s.table().elevation_at(gun.centre);
  return {gun_range_yd(s, 0), slope_facing(s, gun, level, s.mm(600)), artillery_target(s, 0)};
}

TEST(FireAndDisciplineSlopes, SlopeOrHilltop) {  // §6.72-§6.74
  ScenarioBuilder b = field(0, ScenarioBuilder().south(200, 550));
  const FdState s = b.state();
  const Rect& gun = s.force.units[0].stands[0].rect;
  EXPECT_TRUE(on_slope(s, gun, 1));
  EXPECT_FALSE(on_slope(s, b.south(200, 700), 2));  // the hilltop has nothing higher
  EXPECT_FALSE(on_slope(s, b.south(200, 100), 0));  // level ground
  ScenarioBuilder lone = field(0, ScenarioBuilder().south(200, 550), false);
  const FdState l = lone.state();
  EXPECT_FALSE(on_slope(l, l.force.units[0].stands[0].rect, 1));
}

// 6.72: facing uphill, the guns reach stands on the slope and on the hilltop within 60 yd
// of its edge (y 600); one 100 yd beyond the edge is out of sight. The range stays 600.
TEST(FireAndDisciplineSlopes, UphillGunsSeeTheSlopeAndTheCrest) {  // §6.72
  ScenarioBuilder slope = field(0, ScenarioBuilder().south(200, 550));
  Shot t = shot(slope);
  EXPECT_EQ(t.facing, SlopeFacing::kUphill);
  EXPECT_DOUBLE_EQ(t.range_yd, 600);
  ASSERT_TRUE(t.target.has_value());
  EXPECT_NEAR(t.target->range_yd, 50, 1e-9);
  ScenarioBuilder crest = field(0, ScenarioBuilder().south(200, 640));  // 40 yd past the edge
  t = shot(crest);
  ASSERT_TRUE(t.target.has_value());
  EXPECT_NEAR(t.target->range_yd, 140, 1e-9);
  ScenarioBuilder beyond = field(0, ScenarioBuilder().south(200, 700));  // 100 yd past the edge
  EXPECT_FALSE(shot(beyond).target.has_value());
}

// 6.73: facing downhill the 6 pdr's 600 yd is cut to 400: a stand 390 yd off on the level
// ground below is a target, one 450 yd off is not. A gun on a slope is not on a hilltop, so
// 6.74's 60 yd from the edge does not hold it (it stands 100 yd from the slope's foot).
TEST(FireAndDisciplineSlopes, DownhillGunsReachFourHundredYards) {  // §6.73, §6.74
  ScenarioBuilder near =
      field(180, ScenarioBuilder().rect(200, 110 - 6.25, 0));  // front edge y 110
  Shot t = shot(near);
  EXPECT_EQ(t.facing, SlopeFacing::kDownhill);
  EXPECT_DOUBLE_EQ(t.range_yd, 400);
  ASSERT_TRUE(t.target.has_value());
  EXPECT_NEAR(t.target->range_yd, 390, 1e-9);
  ScenarioBuilder far = field(180, ScenarioBuilder().rect(200, 50 - 6.25, 0));  // 450 yd
  t = shot(far);
  EXPECT_DOUBLE_EQ(t.range_yd, 400);
  EXPECT_FALSE(t.target.has_value());
  // Without the hilltop the level-1 area is a hilltop: no 6.73 cut (600 yd), and 6.74 keeps
  // a gun 100 yd from its edge from firing at the low ground at all.
  ScenarioBuilder top = field(180, ScenarioBuilder().rect(200, 110 - 6.25, 0), false);
  t = shot(top);
  EXPECT_EQ(t.facing, SlopeFacing::kNone);
  EXPECT_DOUBLE_EQ(t.range_yd, 600);
  EXPECT_FALSE(t.target.has_value());
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
