// Sampled line of sight between footprints (common.md §3.5; rules in sight.h).
#include <gtest/gtest.h>

#include <map>

#include "core/dice/rng.h"
#include "core/geometry/sight.h"

namespace smoothbore {
namespace {

Rect make_rect(double x, double y, double width, double depth) {
  Rect r;
  r.centre = {x, y};
  r.width = width;
  r.depth = depth;
  return r;
}

// A footprint 10-60 mm wide and 10-40 deep, anywhere in [lo, hi]² and facing anywhere.
Rect random_footprint(Rng& rng, double lo, double hi) {
  auto uniform = [&](double a, double b) { return a + (b - a) * (rng.next_u32() / 4294967296.0); };
  Rect r = make_rect(uniform(lo, hi), uniform(lo, hi), uniform(10, 60), uniform(10, 40));
  r.facing = uniform(0, 360);
  return r;
}

// A 300 mm table with a light and a heavy copse (blocking sight) and a hill.
Table copses_and_hill() {
  Table table(300, 300);
  table.add(AreaFeature{
      "c1", TerrainClass::kLightWoods, {{{60, 60}, {110, 60}, {110, 100}, {60, 100}}}, 0, true});
  table.add(AreaFeature{"c2",
                        TerrainClass::kHeavyWoods,
                        {{{180, 150}, {230, 150}, {230, 240}, {180, 240}}},
                        0,
                        true});
  table.add(
      AreaFeature{"h", TerrainClass::kHill, {{{120, 200}, {170, 200}, {170, 280}, {120, 280}}}, 1});
  return table;
}

// Observer front edge y = 225, x 400..600; target y 775..825, x 400..600, both facing
// north, so the 45 sight lines fill the band x 400..600 between them.
class SightTest : public ::testing::Test {
 protected:
  Table table_{2000, 2000};
  Rect observer_ = make_rect(500, 200, 200, 50);
  Rect target_ = make_rect(500, 800, 200, 50);
};

TEST_F(SightTest, Clear) {
  EXPECT_EQ(line_of_sight(table_, observer_, target_, {}), Sight::kClear);
  // A blocker off to the side does not matter.
  EXPECT_EQ(line_of_sight(table_, observer_, target_, {{make_rect(900, 500, 40, 20), false}}),
            Sight::kClear);
  EXPECT_STREQ(sight_name(Sight::kClear), "clear");
}

TEST_F(SightTest, TouchingNeighbourDoesNotBlock) {
  // A friend in line with the observer, sharing its right edge x = 600.
  EXPECT_EQ(line_of_sight(table_, observer_, target_, {{make_rect(700, 200, 200, 50), true}}),
            Sight::kClear);
}

TEST_F(SightTest, BlockedByAnEnemyLine) {
  // An enemy block x 0..1000 across y 475..525 cuts every line.
  EXPECT_EQ(line_of_sight(table_, observer_, target_, {{make_rect(500, 500, 1000, 50), false}}),
            Sight::kBlocked);
}

TEST_F(SightTest, PartiallyBlockedByEnemy) {
  // A 40 × 20 enemy at (500, 500) cuts the centre line (x = 500) but not the line
  // straight up the left edge x = 400.
  EXPECT_EQ(line_of_sight(table_, observer_, target_, {{make_rect(500, 500, 40, 20), false}}),
            Sight::kPartiallyBlockedByEnemy);
}

TEST_F(SightTest, PartiallyBlockedByFriend) {
  EXPECT_EQ(line_of_sight(table_, observer_, target_, {{make_rect(500, 500, 40, 20), true}}),
            Sight::kPartiallyBlockedByFriend);
  // A friend and an enemy: the lines through the friend alone still make it "by friend".
  EXPECT_EQ(
      line_of_sight(table_, observer_, target_,
                    {{make_rect(420, 500, 20, 20), true}, {make_rect(580, 500, 20, 20), false}}),
      Sight::kPartiallyBlockedByFriend);
  // A friend standing wholly behind an enemy on the same lines: no line is friend-only.
  EXPECT_EQ(
      line_of_sight(table_, observer_, target_,
                    {{make_rect(500, 400, 40, 20), false}, {make_rect(500, 600, 4, 4), true}}),
      Sight::kPartiallyBlockedByEnemy);
}

TEST_F(SightTest, TerrainBlocksAndPartlyBlocks) {
  Table woods(2000, 2000);
  woods.add(AreaFeature{
      "w", TerrainClass::kHeavyWoods, {{{0, 450}, {2000, 450}, {2000, 550}, {0, 550}}}, 0, true});
  EXPECT_EQ(line_of_sight(woods, observer_, target_, {}), Sight::kBlocked);
  Table copse(2000, 2000);
  copse.add(AreaFeature{
      "c", TerrainClass::kLightWoods, {{{480, 450}, {520, 450}, {520, 550}, {480, 550}}}, 0, true});
  // Terrain alone hides part: reported as "by enemy" (only friends forbid a target).
  EXPECT_EQ(line_of_sight(copse, observer_, target_, {}), Sight::kPartiallyBlockedByEnemy);
}

// any_sight_line_clear() is line_of_sight() over a bare table, short of kBlocked: random
// observers, targets and crowds of blockers (some blocked, some clear, some partly).
TEST(AnySightLineClear, AgreesWithLineOfSightOnABareTable) {
  Rng rng(20261123, 3);
  auto random_rect = [&](double lo, double hi) { return random_footprint(rng, lo, hi); };
  const Table bare;
  int blocked = 0;
  int clear = 0;
  for (int i = 0; i < 2000; ++i) {
    const Rect observer = random_rect(0, 300);
    const Rect target = random_rect(0, 300);
    std::vector<Blocker> blockers;
    const int n = static_cast<int>(rng.next_u32() % 12);
    for (int b = 0; b < n; ++b) blockers.push_back({random_rect(0, 300), rng.next_u32() % 2 == 0});
    const bool want = line_of_sight(bare, observer, target, blockers) != Sight::kBlocked;
    EXPECT_EQ(any_sight_line_clear(observer, target, blockers), want) << "case " << i;
    (want ? clear : blocked) += 1;
  }
  EXPECT_GT(blocked, 50);
  EXPECT_GT(clear, 50);
}

// seen_past_friends() is line_of_sight() being kClear or kPartiallyBlockedByEnemy: random
// observers, targets and crowds of friends and enemies on a table with copses (seen into
// 30 mm) and a hill, so that terrain, enemies and friends block lines alone and together.
TEST(SeenPastFriends, AgreesWithLineOfSight) {
  Rng rng(20261123, 4);
  auto random_rect = [&](double lo, double hi) { return random_footprint(rng, lo, hi); };
  const Table table = copses_and_hill();
  std::map<Sight, int> seen;
  for (int i = 0; i < 3000; ++i) {
    const Rect observer = random_rect(0, 300);
    const Rect target = random_rect(0, 300);
    std::vector<Blocker> blockers;
    const int n = static_cast<int>(rng.next_u32() % 10);
    for (int b = 0; b < n; ++b) blockers.push_back({random_rect(0, 300), rng.next_u32() % 2 == 0});
    const Sight s = line_of_sight(table, observer, target, blockers, 30);
    const bool want = s == Sight::kClear || s == Sight::kPartiallyBlockedByEnemy;
    EXPECT_EQ(seen_past_friends(table, observer, target, blockers, 30), want) << "case " << i;
    ++seen[s];
  }
  for (Sight s : {Sight::kClear, Sight::kPartiallyBlockedByFriend, Sight::kPartiallyBlockedByEnemy,
                  Sight::kBlocked}) {
    EXPECT_GT(seen[s], 50) << sight_name(s);
  }
}

// terrain_hides() is line_of_sight() with no blockers being kBlocked: random observers and
// targets on a table with copses (light woods seen into 30 mm, heavy woods 10 mm) and a
// hill, so that terrain blocks every line, some or none.
TEST(TerrainHides, AgreesWithLineOfSight) {
  Rng rng(20261124, 5);
  auto random_rect = [&](double lo, double hi) { return random_footprint(rng, lo, hi); };
  const Table table = copses_and_hill();
  const SeeIntoFn into = [](const AreaFeature& a) {
    return a.cls == TerrainClass::kLightWoods ? 30.0 : 10.0;
  };
  std::map<Sight, int> seen;
  for (int i = 0; i < 3000; ++i) {
    const Rect observer = random_rect(0, 300);
    const Rect target = random_rect(0, 300);
    const Sight s = line_of_sight(table, observer, target, {}, into);
    EXPECT_EQ(terrain_hides(table, observer, target, into), s == Sight::kBlocked) << "case " << i;
    ++seen[s];
  }
  EXPECT_GT(seen[Sight::kClear], 50);
  EXPECT_GT(seen[Sight::kBlocked], 50);
  EXPECT_GT(seen[Sight::kPartiallyBlockedByEnemy], 50);  // terrain hides part
}

}  // namespace
}  // namespace smoothbore
