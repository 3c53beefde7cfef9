// Kill zones of Fire and Discipline (000.md §7.2, §8.3-§8.4, FD-35..FD-37, FD-63), on
// hand-placed stands. Coordinates are written in yards (1 yd = 2.54 mm, FD-01 default);
// facing 0 is north (+y). A basic stand is 15 × 12.5 yd, a half-stand 7.5 × 10 yd.
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/fire_tables.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/state.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::box_yd;
using fd_test::kYd;
using fd_test::north;
using fd_test::R;
using fd_test::ScenarioBuilder;
using fd_test::south;

const MusketTarget* find(const std::vector<MusketTarget>& v, int unit, int stand = 0) {
  for (const MusketTarget& t : v) {
    if (t.target == StandRef{unit, stand}) return &t;
  }
  return nullptr;
}

// The formed line A-B-C used by the musketry tests: front edge y = 100, x 92.5..137.5.
std::vector<Rect> abc() { return {north(100, 100), north(115, 100), north(130, 100)}; }

TEST(FireAndDisciplineKillZone, UnitZoneRunsFromTheOuterEndsOfTheEndStands) {  // §7.22
  ScenarioBuilder b;
  const int firer = b.line(0, abc());
  FdState s = b.initial_state();
  const Rect z = unit_kill_zone(s, firer, 100);
  EXPECT_NEAR(z.width, 45 * kYd, 1e-9);
  EXPECT_NEAR(z.depth, 100 * kYd, 1e-9);
  EXPECT_NEAR(z.centre.x, 115 * kYd, 1e-9);
  EXPECT_NEAR(z.centre.y, 150 * kYd, 1e-9);
  EXPECT_DOUBLE_EQ(z.facing, 0);
}

TEST(FireAndDisciplineKillZone, AbcExampleAllThreeCountDiceAtXInFrontOfC) {  // §7.22
  ScenarioBuilder b;
  const int firer = b.line(0, abc());
  const int x = b.line(1, {south(130, 150)});  // 50 yd in front of C only
  FdState s = b.initial_state();
  std::vector<MusketTarget> t = musketry_targets(s, firer, 100);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].target, (StandRef{x, 0}));
  EXPECT_NEAR(t[0].range_yd, 50, 1e-9);
  EXPECT_EQ(t[0].dice_stands, 3);
  EXPECT_FALSE(t[0].skirmish);
  const std::vector<StandRef> f = firing_stands(s, firer, {x, 0});
  EXPECT_EQ(f, (std::vector<StandRef>{{firer, 0}, {firer, 1}, {firer, 2}}));
}

TEST(FireAndDisciplineKillZone, OneYardOutsideTheCorridorIsNoTarget) {  // §7.21
  ScenarioBuilder b;
  const int firer = b.line(0, abc());
  const int out = b.line(1, {south(146, 150)});    // left edge 138.5: 1 yd outside
  const int touch = b.line(1, {south(145, 170)});  // left edge 137.5: touches only
  const int in = b.line(1, {south(144, 190)});     // left edge 136.5: 1 yd inside
  FdState s = b.initial_state();
  std::vector<MusketTarget> t = musketry_targets(s, firer, 100);
  EXPECT_EQ(find(t, out), nullptr);
  EXPECT_EQ(find(t, touch), nullptr);
  ASSERT_NE(find(t, in), nullptr);
  EXPECT_NEAR(find(t, in)->range_yd, 90, 1e-9);
  EXPECT_TRUE(firing_stands(s, firer, {out, 0}).empty());
}

TEST(FireAndDisciplineKillZone, FriendPartlyInFrontBlocksEnemyPartlyInFrontDoesNot) {
  // §7.23 / §7.24. Targets 50 yd ahead of C (x 122.5..137.5) and of A (x 92.5..107.5);
  // a stand 30 yd ahead at x 132.5..147.5 covers 5 yd of the C target.
  ScenarioBuilder with_friend;
  int firer = with_friend.line(0, abc());
  with_friend.line(0, {north(140, 130)});
  int x = with_friend.line(1, {south(130, 150)});
  int other = with_friend.line(1, {south(100, 150)});
  FdState s = with_friend.initial_state();
  std::vector<MusketTarget> t = musketry_targets(s, firer, 100);
  EXPECT_EQ(find(t, x), nullptr);
  ASSERT_NE(find(t, other), nullptr);
  // The friend also blocks C's forward view, so only A and B count dice at the A target.
  EXPECT_EQ(find(t, other)->dice_stands, 2);

  ScenarioBuilder with_enemy;
  firer = with_enemy.line(0, abc());
  const int screen = with_enemy.line(1, {south(140, 117.5)});
  x = with_enemy.line(1, {south(130, 150)});
  s = with_enemy.initial_state();
  t = musketry_targets(s, firer, 100);
  ASSERT_NE(find(t, x), nullptr);
  ASSERT_NE(find(t, screen), nullptr);
  EXPECT_NEAR(find(t, screen)->range_yd, 17.5, 1e-9);
  EXPECT_EQ(t[0].target, (StandRef{screen, 0}));  // nearest first
}

TEST(FireAndDisciplineKillZone, EnemyInContactWithAFriendIsNoTarget) {  // FD-63
  ScenarioBuilder b;
  const int firer = b.line(0, abc());
  b.line(0, {R(143.75, 156.25, 90)});  // a friend whose front touches X's right flank
  const int x = b.line(1, {south(130, 150)});
  FdState s = b.initial_state();
  EXPECT_EQ(find(musketry_targets(s, firer, 100), x), nullptr);
}

TEST(FireAndDisciplineKillZone, RemovedAndSurrenderedStandsAreNoTargets) {
  ScenarioBuilder b;
  const int firer = b.line(0, abc());
  const int x = b.line(1, {south(100, 150), south(130, 150)});
  FdState s = b.initial_state();
  s.force.units[static_cast<std::size_t>(x)].stands[0].removed = true;
  std::vector<MusketTarget> t = musketry_targets(s, firer, 100);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].target, (StandRef{x, 1}));
  s.units[static_cast<std::size_t>(x)].surrendered = true;
  EXPECT_TRUE(musketry_targets(s, firer, 100).empty());
}

TEST(FireAndDisciplineKillZone, SkirmishersFireThrough360Degrees) {  // §7.25, FD-04
  ScenarioBuilder b;
  // Two open-order half-stands facing north at x 96.25..103.75 and 118.75..126.25.
  const int sk =
      b.add(0, "infantry", "open-order", {R(100, 100, 0, 7.5, 10), R(122.5, 100, 0, 7.5, 10)},
            {{"half-stands", Value(std::int64_t{2})}});
  // An enemy 20 yd behind the first half-stand (its rear edge is y = 95).
  const int behind = b.line(1, {north(100, 75)});
  FdState s = b.initial_state();
  EXPECT_TRUE(is_skirmisher(s, sk));
  std::vector<MusketTarget> t = musketry_targets(s, sk, 100);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].target, (StandRef{behind, 0}));
  EXPECT_NEAR(t[0].range_yd, 20, 1e-9);
  EXPECT_TRUE(t[0].skirmish);
  EXPECT_EQ(t[0].dice_stands, 2);  // the second is √(11.25² + 20²) ≈ 22.9 yd away
  // Out to 21 yd only the nearer half-stand reaches.
  t = musketry_targets(s, sk, 21);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t[0].dice_stands, 1);
}

TEST(FireAndDisciplineKillZone, RangeAlongTheCorridorAndItsEnds) {  // FD-36
  ScenarioBuilder b;
  const int firer = b.line(0, abc());
  const int at30 = b.line(1, {south(100, 130)});
  const int past30 = b.line(1, {south(130, 130.01)});
  FdState s = b.initial_state();
  std::vector<MusketTarget> t = musketry_targets(s, firer, 100);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_NEAR(find(t, at30)->range_yd, 30.0, 1e-9);
  EXPECT_NEAR(find(t, past30)->range_yd, 30.01, 1e-9);
  // The measured ranges fall in the "0-30" and "31-60" bands (inclusive upper bounds).
  EXPECT_EQ(musket_range_column(find(t, at30)->range_yd), musket_range_column(0));
  EXPECT_EQ(musket_range_column(find(t, past30)->range_yd), musket_range_column(31));

  ScenarioBuilder far;
  const int f2 = far.line(0, abc());
  const int at100 = far.line(1, {south(100, 200)});
  const int past100 = far.line(1, {south(130, 200.01)});
  s = far.initial_state();
  t = musketry_targets(s, f2, 100);
  EXPECT_NE(find(t, at100), nullptr);
  EXPECT_EQ(find(t, past100), nullptr);
}

TEST(FireAndDisciplineKillZone, ColumnOnlyTheLeadingStandCounts) {  // FD-35
  ScenarioBuilder b;
  const int col =
      b.add(0, "infantry", "column", {north(100, 100), north(100, 87.5), north(100, 75)});
  const int x = b.line(1, {south(100, 140)});
  FdState s = b.initial_state();
  std::vector<MusketTarget> t = musketry_targets(s, col, 100);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_NEAR(t[0].range_yd, 40, 1e-9);
  EXPECT_EQ(t[0].dice_stands, 1);
  EXPECT_EQ(firing_stands(s, col, {x, 0}), (std::vector<StandRef>{{col, 0}}));
  s.options.column_dice = "all";
  EXPECT_EQ(firing_stands(s, col, {x, 0}).size(), 3u);
}

TEST(FireAndDisciplineKillZone, GunsAndMountedCavalryHaveNoMusketry) {  // §7.1
  ScenarioBuilder b;
  const int g = b.gun(0, north(100, 100));
  const int cav = b.add(0, "cavalry", "line", {north(130, 100)});
  b.line(1, {south(100, 130), south(130, 130)});
  FdState s = b.initial_state();
  EXPECT_TRUE(musketry_targets(s, g, 100).empty());
  EXPECT_TRUE(musketry_targets(s, cav, 100).empty());
}

// ---- Artillery (§6.3, §6.7) ----

TEST(FireAndDisciplineKillZone, GunHitsTheFirstStandItsCorridorMeets) {  // §6.3, FD-37
  ScenarioBuilder b;
  const int g = b.gun(0, north(100, 100));
  b.line(1, {south(130, 120)});                     // nearer, but outside the corridor
  const int near = b.line(1, {south(105, 300)});    // 200 yd, overlapping by 7.5 yd
  b.line(1, {south(100, 400)});                     // behind it
  const int far = b.line(1, {south(100, 699.99)});  // 599.99 yd
  FdState s = b.initial_state();
  EXPECT_DOUBLE_EQ(gun_range_yd(s, g), 600);
  std::optional<GunTarget> t = artillery_target(s, g);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->target, (StandRef{near, 0}));
  EXPECT_NEAR(t->range_yd, 200, 1e-9);
  // §6.35: every stand in the path out to max range, nearest first.
  std::vector<GunTarget> all = extended_kill_zone_targets(s, g);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_NEAR(all[1].range_yd, 300, 1e-9);
  EXPECT_EQ(all[2].target, (StandRef{far, 0}));
}

TEST(FireAndDisciplineKillZone, WoodBetweenGunAndTargetBlocks) {  // §6.3
  ScenarioBuilder b;
  const int g = b.gun(0, north(100, 100));
  b.line(1, {south(100, 300)});
  b.area(TerrainClass::kLightWoods, box_yd(50, 150, 150, 170));
  FdState s = b.initial_state();
  EXPECT_FALSE(artillery_target(s, g).has_value());
  EXPECT_TRUE(extended_kill_zone_targets(s, g).empty());  // features still block

  ScenarioBuilder beside;
  const int g2 = beside.gun(0, north(100, 100));
  beside.line(1, {south(100, 300)});
  beside.area(TerrainClass::kLightWoods, box_yd(108, 150, 150, 170));  // 0.5 yd clear
  s = beside.initial_state();
  EXPECT_TRUE(artillery_target(s, g2).has_value());
}

TEST(FireAndDisciplineKillZone, FriendMetFirstLeavesNoTarget) {  // FD-37, §6.35
  ScenarioBuilder b;
  const int g = b.gun(0, north(100, 100));
  const int friend_unit = b.line(0, {north(110, 200)});  // partly in the corridor, 87.5 yd
  const int enemy = b.line(1, {south(100, 300)});
  FdState s = b.initial_state();
  EXPECT_FALSE(artillery_target(s, g).has_value());
  std::vector<GunTarget> all = extended_kill_zone_targets(s, g);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].target, (StandRef{friend_unit, 0}));
  EXPECT_NEAR(all[0].range_yd, 87.5, 1e-9);
  EXPECT_EQ(all[1].target, (StandRef{enemy, 0}));
}

TEST(FireAndDisciplineKillZone, GunOnAHillFiresOverLowerFriends) {  // §6.71
  auto make = [](ScenarioBuilder& b, bool hill, bool target_on_hill) {
    if (hill) b.area(TerrainClass::kHill, box_yd(50, 80, 150, 110), 1);
    if (target_on_hill) b.area(TerrainClass::kHill, box_yd(50, 280, 150, 330), 1);
    const int g = b.gun(0, north(100, 100));
    b.line(0, {north(100, 200)});
    b.line(1, {south(100, 300)});
    return g;
  };
  ScenarioBuilder on_hill;
  int g = make(on_hill, true, false);
  FdState s = on_hill.initial_state();
  std::optional<GunTarget> t = artillery_target(s, g);
  ASSERT_TRUE(t.has_value());
  EXPECT_EQ(t->target, (StandRef{2, 0}));
  EXPECT_NEAR(t->range_yd, 200, 1e-9);

  ScenarioBuilder level;  // no hill: the friend is met first
  g = make(level, false, false);
  s = level.initial_state();
  EXPECT_FALSE(artillery_target(s, g).has_value());

  ScenarioBuilder high_target;  // the target is as high as the guns: the friend blocks
  g = make(high_target, true, true);
  s = high_target.initial_state();
  EXPECT_FALSE(artillery_target(s, g).has_value());
}

TEST(FireAndDisciplineKillZone, HillBetweenHidesLowGroundBeyond) {  // §6.3, §6.75
  ScenarioBuilder b;
  const int g = b.gun(0, north(100, 100));
  const int on_slope = b.line(1, {south(100, 210)});
  b.area(TerrainClass::kHill, box_yd(50, 200, 150, 250), 1);
  FdState s = b.initial_state();
  std::optional<GunTarget> t = artillery_target(s, g);
  ASSERT_TRUE(t.has_value());  // a stand on the hill is seen
  EXPECT_EQ(t->target, (StandRef{on_slope, 0}));
  ScenarioBuilder beyond;
  const int g2 = beyond.gun(0, north(100, 100));
  beyond.line(1, {south(100, 300)});
  beyond.area(TerrainClass::kHill, box_yd(50, 200, 150, 250), 1);
  s = beyond.initial_state();
  EXPECT_FALSE(artillery_target(s, g2).has_value());  // low ground behind the hill
}

TEST(FireAndDisciplineKillZone, HilltopGunsFireDownOnlyNearTheEdge) {  // §6.74
  // A level-1 hill from y 0 to 170 yd: the gun's stand (x 92.5..107.5, y 87.5..100) is
  // 70 yd from its north edge, too far to fire at the low ground beyond; at 60 it may.
  auto make = [](ScenarioBuilder& b, double gun_front) {
    b.area(TerrainClass::kHill, box_yd(20, 0, 180, 170), 1);
    const int g = b.gun(0, north(100, gun_front));
    b.line(1, {south(100, 300)});
    return g;
  };
  ScenarioBuilder far_from_edge;
  int g = make(far_from_edge, 100);
  FdState s = far_from_edge.initial_state();
  EXPECT_FALSE(artillery_target(s, g).has_value());
  ScenarioBuilder near_edge;
  g = make(near_edge, 110);
  s = near_edge.initial_state();
  std::optional<GunTarget> t = artillery_target(s, g);
  ASSERT_TRUE(t.has_value());
  EXPECT_NEAR(t->range_yd, 190, 1e-9);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
