// Terrain sight kept per thread across battles (terrain_sight.h, issue 9): every answer is the
// table's own, for battles on two terrains that differ in one wood's corner asked in turn on
// one thread, for a new battle on a terrain another replaced (and seeing deeper into woods),
// for a battle asked from another thread, and for one asker about two tables in turn.
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "rules/squad_skirmish/terrain_sight.h"

namespace smoothbore::squad_skirmish {
namespace {

smoothbore::Table sight_test_table(double corner) {
  smoothbore::Table t(1200, 1200);
  AreaFeature wood;
  wood.id = "wood";
  wood.cls = TerrainClass::kLightWoods;
  wood.blocks_sight = true;
  wood.shape.points = {{400, 400}, {800, 400}, {800, corner}, {400, 800}};
  t.add(wood);
  LinearFeature hedge;
  hedge.id = "hedge";
  hedge.cls = TerrainClass::kLinearObstacle;
  hedge.blocks_sight = true;
  hedge.width = 10;
  hedge.path = {{100, 1000}, {1100, 1000}};
  t.add(hedge);
  return t;
}

std::vector<std::pair<Vec2, Vec2>> random_sight_lines(std::uint64_t seed) {
  Rng rng(seed, 1);
  std::vector<std::pair<Vec2, Vec2>> out;
  for (int i = 0; i < 400; ++i) {
    auto at = [&] {
      return Vec2{static_cast<double>(rng.roll(1200)), static_cast<double>(rng.roll(1200))};
    };
    out.emplace_back(at(), at());
  }
  return out;
}

TEST(SquadSkirmishTerrainSight, EveryAnswerIsTheTablesOwn) {
  constexpr double kInto = 50.8;
  const smoothbore::Table a = sight_test_table(800);
  const smoothbore::Table b =
      sight_test_table(1100);  // one corner farther out: other lines blocked
  const std::vector<std::pair<Vec2, Vec2>> ls = random_sight_lines(7);
  TerrainSight on_a;
  TerrainSight on_b;
  int differ = 0;
  for (int round = 0; round < 3; ++round) {  // the memo refilled each time the terrain changes
    for (const auto& [p, q] : ls) {
      const bool want_a = !a.terrain_blocks_sight(p, q, kInto);
      const bool want_b = !b.terrain_blocks_sight(p, q, kInto);
      EXPECT_EQ(on_a.clear(a, kInto, p, q), want_a);
      EXPECT_EQ(on_b.clear(b, kInto, p, q), want_b);
      EXPECT_EQ(on_a.clear(a, kInto, p, q), want_a);  // asked again
      differ += want_a != want_b ? 1 : 0;
    }
  }
  EXPECT_GT(differ, 0);
  // A later battle on the first terrain (a copy of it), and one seeing deeper into woods.
  const smoothbore::Table a2 = sight_test_table(800);
  TerrainSight on_a2;
  for (const auto& [p, q] : ls) {
    EXPECT_EQ(on_a2.clear(a2, kInto, p, q), !a2.terrain_blocks_sight(p, q, kInto));
    EXPECT_EQ(on_a2.clear(a2, 500.0, p, q), !a2.terrain_blocks_sight(p, q, 500.0));
  }
  // The first battle asked from another thread (its own memo there), then here again.
  std::thread other([&] {
    for (const auto& [p, q] : ls) {
      EXPECT_EQ(on_a.clear(a, kInto, p, q), !a.terrain_blocks_sight(p, q, kInto));
    }
  });
  other.join();
  for (const auto& [p, q] : ls) {
    EXPECT_EQ(on_a.clear(a, kInto, p, q), !a.terrain_blocks_sight(p, q, kInto));
  }
  // One asker about two tables in turn.
  for (const auto& [p, q] : ls) {
    EXPECT_EQ(on_a.clear(b, kInto, p, q), !b.terrain_blocks_sight(p, q, kInto));
    EXPECT_EQ(on_a.clear(a, kInto, p, q), !a.terrain_blocks_sight(p, q, kInto));
  }
}

}  // namespace
}  // namespace smoothbore::squad_skirmish
