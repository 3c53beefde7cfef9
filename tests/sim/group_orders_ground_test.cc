// group-orders keeps what the terrain under a unit's footprint gives it (BattleGO::ground:
// a building under it, its cover), found once per footprint, and a footprint with no
// terrain feature's box near it is open ground without looking at its nine points (issue
// 9). Here, through played battles (the shipped one and a generated one, whose units stand
// in the open and in woods, rough, buildings and marsh), every unit's kept answer is the
// one its nine points give, and uphill_of reads the elevations at its footprint's points.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "core/geometry/rect_points.h"
#include "rules/group_orders/battle_impl.h"
#include "rules/registry.h"
#include "scale_test_util.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using group_orders::BattleGO;

struct Counts {
  int open = 0, covered = 0, uphill = 0;
};

// The cover and building of a footprint from every class at its nine points.
void check_ground(const BattleGO& b, int u, Counts& n) {
  const Table& table = b.scenario().table;
  const Rect fp = b.force().units[static_cast<std::size_t>(u)].footprint();
  std::array<bool, static_cast<std::size_t>(TerrainClass::kProtective) + 1> any{};
  for (Vec2 p : nine_points(fp)) {
    for (TerrainClass c : table.terrain_at(p).classes) any[static_cast<std::size_t>(c)] = true;
  }
  auto in = [&](TerrainClass c) { return any[static_cast<std::size_t>(c)]; };
  const bool building = in(TerrainClass::kBuilding);
  std::string cover = "none";
  if (building || in(TerrainClass::kEarthworks) || in(TerrainClass::kProtective)) {
    cover = "hard";
  } else if (in(TerrainClass::kLightWoods) || in(TerrainClass::kLinearObstacle) ||
             in(TerrainClass::kRough)) {
    cover = "soft";
  }
  const BattleGO::Ground& g = b.ground(u);
  EXPECT_EQ(g.building, building) << b.force().units[static_cast<std::size_t>(u)].id;
  EXPECT_EQ(std::string(g.cover.text), cover) << b.force().units[static_cast<std::size_t>(u)].id;
  EXPECT_EQ(b.cover_of(u), cover);
  const bool anything = std::any_of(any.begin(), any.end(), [](bool x) { return x; });
  ++(anything ? n.covered : n.open);
}

// uphill_of from the elevations at the footprints' points (H4-27).
void check_uphill(const BattleGO& b, int u, int e, Counts& n) {
  const Table& table = b.scenario().table;
  const Rect us = b.force().units[static_cast<std::size_t>(u)].footprint();
  const Rect them = b.force().units[static_cast<std::size_t>(e)].footprint();
  int ours = table.elevation_at(us.front_centre());
  if (b.step_options().uphill_any_part) {
    ours = std::max(ours, table.elevation_at(us.centre));
    for (Vec2 c : us.corners()) ours = std::max(ours, table.elevation_at(c));
  }
  const bool want = ours > table.elevation_at(them.front_centre());
  EXPECT_EQ(b.uphill_of(u, e), want);
  n.uphill += want;
}

void play_and_check(const Scenario& sc, std::uint64_t seed, Counts& n) {
  const Ruleset* rs = find_ruleset("group-orders");
  ASSERT_NE(rs, nullptr);
  MatchConfig cfg;
  cfg.seed = seed;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  const auto& b = dynamic_cast<const BattleGO&>(m.battle());
  for (int turn = 0; turn < 8 && !m.finished(); ++turn) {
    m.play_turn();
    const Force& f = b.force();
    for (std::size_t i = 0; i < f.units.size(); ++i) {
      if (!f.units[i].on_table()) continue;
      const int u = static_cast<int>(i);
      check_ground(b, u, n);
      for (std::size_t j = 0; j < f.units.size(); ++j) {
        if (j != i && f.units[j].on_table()) check_uphill(b, u, static_cast<int>(j), n);
      }
    }
  }
}

TEST(GroupOrdersGround, KeptGroundIsTheNinePointsOwn) {
  Counts n;
  play_and_check(load_embedded("group-orders/battle.toml"), 1, n);
  play_and_check(load_embedded("group-orders/battle.toml"), 2, n);
  play_and_check(generated_battle("group-orders", 60, 3), 3, n);
  EXPECT_GT(n.open, 100);
  EXPECT_GT(n.covered, 10);  // some units stand in terrain: the nine points' path too
}

}  // namespace
}  // namespace smoothbore
