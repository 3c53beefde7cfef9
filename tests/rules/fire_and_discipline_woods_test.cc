// Fire at stands inside woods and rough (§6.32 L374, §6.36 L382, §6.9 L484-486, §7.24 L506):
// the wood or rough a stand stands in hides it only beyond fd_woods_see_into_yd of it (the
// text gives no depth; default 20 yd), features between the firer and the stand still
// block, and the guns' shot takes the §6.9 woods or rough modifier of the `artillery`
// resolution. Coordinates in yards, facing 0 = north; the firers face north with their
// front edge at y = 100, the woods' south edge is at y = 280.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_fire_odds.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::expect_int_dist;
using fd_test::fire_hits;
using fd_test::IntDist;
using fd_test::ScenarioBuilder;

// An area feature of class `c` over x0..x1, y0..y1 yd (woods hide, rough does not: the
// scenario reader's default, common.md §3.5).
void area(ScenarioBuilder& b, TerrainClass c, double x0, double y0, double x1, double y1) {
  Table& t = b.scenario().table;
  t.add(AreaFeature{"f" + std::to_string(t.areas().size()), c,
                    Polygon{{b.at(x0, y0), b.at(x1, y0), b.at(x1, y1), b.at(x0, y1)}}, 0,
                    c != TerrainClass::kRough});
}

// A gun (u0) 180 yd short of a wood, and one enemy stand (u1) whose front edge is `depth`
// yd inside it.
ScenarioBuilder gun_and_wood(TerrainClass c, double depth, int see_into_yd = 20) {
  ScenarioBuilder b;
  b.option("fd_woods_see_into_yd", Value(std::int64_t{see_into_yd}));
  b.gun(0, b.north(100, 100));
  b.line(1, {b.south(100, 280 + depth)});
  area(b, c, 50, 280, 150, 450);
  return b;
}

// The gun's first target (artillery_target) and its §6.35 path in gun_and_wood.
struct Seen {
  std::optional<GunTarget> first;
  std::size_t path = 0;
};
Seen seen(TerrainClass c, double depth, int see_into_yd = 20) {
  const ScenarioBuilder b = gun_and_wood(c, depth, see_into_yd);
  const FdState s = b.state();  // refers to b's scenario: used while b lives
  return {artillery_target(s, 0), extended_kill_zone_targets(s, 0).size()};
}

TEST(FireAndDisciplineWoods, GunsFireAtAStandInsideTheWoodItsCorridorEnters) {  // §6.36
  for (TerrainClass c :
       {TerrainClass::kLightWoods, TerrainClass::kHeavyWoods, TerrainClass::kRough}) {
    // 10 yd in: seen through 10 of the 20 yd; the range is to its front edge (FD-36).
    const Seen ten = seen(c, 10);
    ASSERT_TRUE(ten.first.has_value()) << terrain_class_name(c);
    EXPECT_EQ(ten.first->target, (StandRef{1, 0}));
    EXPECT_NEAR(ten.first->range_yd, 190, 1e-9);
    EXPECT_EQ(ten.path, 1u);
    // 20 yd in: the limit is inclusive; 21 yd in: hidden by the wood.
    EXPECT_TRUE(seen(c, 20).first.has_value()) << terrain_class_name(c);
    const Seen deep = seen(c, 21);
    EXPECT_FALSE(deep.first.has_value()) << terrain_class_name(c);
    EXPECT_EQ(deep.path, 0u);
  }
  // The option's other readings: 0 (only a stand at the very edge), 900 (its own wood
  // never hides it).
  EXPECT_FALSE(seen(TerrainClass::kLightWoods, 10, 0).first.has_value());
  EXPECT_TRUE(seen(TerrainClass::kLightWoods, 0, 0).first.has_value());
  const Seen far = seen(TerrainClass::kLightWoods, 150, 900);
  ASSERT_TRUE(far.first.has_value());
  EXPECT_NEAR(far.first->range_yd, 330, 1e-9);
}

TEST(FireAndDisciplineWoods, AWoodBetweenStillBlocksAStandInAnother) {  // §6.36, §6.32
  ScenarioBuilder b = gun_and_wood(TerrainClass::kLightWoods, 10);
  area(b, TerrainClass::kLightWoods, 50, 150, 150, 170);  // 20 yd of wood in between
  FdState s = b.state();
  EXPECT_FALSE(artillery_target(s, 0).has_value());
  // A stand in a wood whose edge runs obliquely (y = 262 + 2 (x − 100)): the corridor
  // (x 92.5..107.5) enters it first at x 92.5, y 247, 33 yd before the stand's front edge
  // (y 280): the wood hides it although the centre line enters it only 18 yd before.
  ScenarioBuilder oblique;
  oblique.gun(0, oblique.north(100, 100));
  oblique.line(1, {oblique.south(100, 280)});
  Table& t = oblique.scenario().table;
  t.add(AreaFeature{"w", TerrainClass::kLightWoods,
                    Polygon{{oblique.at(80, 222), oblique.at(120, 302), oblique.at(120, 450),
                             oblique.at(80, 450)}},
                    0, true});
  s = oblique.state();
  EXPECT_FALSE(artillery_target(s, 0).has_value());
}

TEST(FireAndDisciplineWoods, ShellFindsAStandInAWoodToo) {  // FD-15, §6.36
  ScenarioBuilder b;
  b.add(0, "artillery", "unlimbered", {b.north(100, 100)}, {{"howitzer", Value(true)}}, 4);
  b.line(1, {b.south(100, 290)});
  area(b, TerrainClass::kHeavyWoods, 50, 280, 150, 450);
  FdState s = b.state();
  const std::vector<GunTarget> t = shell_targets(s, 0);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_NEAR(t[0].range_yd, 190, 1e-9);
}

// Musketry (§7.24: a stand partly hidden by features is still a target) sees the same
// 20 yd into a wood, and a wood takes no die off (§7.4 has no woods modifier).
TEST(FireAndDisciplineWoods, MusketryIntoAndOutOfAWood) {  // §7.24, §7.4
  for (const int depth : {10, 25}) {
    ScenarioBuilder b;
    b.line(0, {b.north(100, 100)});
    b.line(1, {b.south(100, 130 + depth)});
    area(b, TerrainClass::kLightWoods, 50, 130, 150, 300);
    FdState s = b.state();
    const std::vector<MusketTarget> t = musketry_targets(s, 0, 100);
    EXPECT_EQ(t.size(), depth == 10 ? 1u : 0u) << depth;
    if (depth == 10) {
      EXPECT_NEAR(t[0].range_yd, 40, 1e-9);
    }
  }
  // Out of a wood: the firer's front edge (y 100) 10 yd inside its north edge (y 110).
  ScenarioBuilder out;
  out.line(0, {out.north(100, 100)});
  out.line(1, {out.south(100, 140)});
  area(out, TerrainClass::kHeavyWoods, 50, 0, 150, 110);
  FdState s = out.state();
  EXPECT_EQ(musketry_targets(s, 0, 100).size(), 1u);
  out.option("fd_woods_see_into_yd", Value(std::int64_t{0}));
  s = out.state();
  EXPECT_TRUE(musketry_targets(s, 0, 100).empty());
}

// The named `artillery` resolution's exact hits (the odds CLI).
IntDist named_artillery(const std::vector<std::string>& assignments) {
  return fd_test::named_fire_hits("artillery", assignments);
}

// §6.9 L484-486 in battle: a 2-gun 6 pdr at 190 yd (151-300: 80) on a stand 10 yd inside
// light woods or rough hits at 80 − 20 = 60 %, inside heavy woods at 80 − 30 = 50 %; at
// 330 yd (301-600: 20) beyond the 300 yd break (FD-11) light woods take 30: automatic miss.
TEST(FireAndDisciplineWoods, TheBattlesWoodsModifierIsTheResolutions) {  // §6.9, FD-11
  struct Case {
    TerrainClass c;
    double depth;
    const char* cover;
    double p;
  };
  for (const Case& k : {Case{TerrainClass::kLightWoods, 10, "light-woods", 0.6},
                        Case{TerrainClass::kRough, 10, "rough", 0.6},
                        Case{TerrainClass::kHeavyWoods, 10, "heavy-woods", 0.5}}) {
    const ScenarioBuilder b = gun_and_wood(k.c, k.depth);
    FdState s = b.state();
    const IntDist battle = fd_test::exact_step(
        s, [](FdState& t, Chance& c, EventLog& log) { artillery_phase(t, {}, {}, c, log); },
        [](const FdState&, const EventLog& log) { return fire_hits(log, "u0"); }, 1);
    expect_int_dist(battle, {{0, 1 - k.p}, {1, k.p}});
    expect_int_dist(
        battle, named_artillery({"pdr=6", "range=190", std::string("target-cover=") + k.cover}));
  }
  // 150 yd deep under the 900 yd reading: range 330, 20 − 30 < 0, no hit and no roll.
  const ScenarioBuilder b = gun_and_wood(TerrainClass::kLightWoods, 150, 900);
  FdState s = b.state();
  const IntDist far = fd_test::exact_step(
      s, [](FdState& t, Chance& c, EventLog& log) { artillery_phase(t, {}, {}, c, log); },
      [](const FdState&, const EventLog& log) { return fire_hits(log, "u0"); }, 1);
  expect_int_dist(far, {{0, 1}});
  expect_int_dist(named_artillery({"pdr=6", "range=330", "target-cover=light-woods"}), {{0, 1}});
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
