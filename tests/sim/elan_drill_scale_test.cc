// Scale (issue 9): elan-drill keeps a live index of the units' footprints from the movement
// phase to the end of close action (rules/elan_drill/proximity.h, LiveIndex); every
// footprint change must re-file its unit, or the moves, placement, reactive fire and
// contact queries that take candidates from it could miss a unit. A generated battle
// fought turn by turn with the doctrine AI on both sides, checking after every phase that
// each filed footprint is the unit's footprint now. A correctness test, not a timing.
#include <gtest/gtest.h>

#include "rules/battle.h"
#include "rules/elan_drill/battle_impl.h"
#include "rules/registry.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using elan_drill::BattleED;

TEST(ElanDrillScale, LiveIndexFollowsEveryFootprintThroughABattle) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("elan-drill", 300, 2);
  ASSERT_FALSE(sc.force.units.empty());

  MatchConfig cfg;
  cfg.seed = 2;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  auto& b = const_cast<BattleED&>(dynamic_cast<const BattleED&>(m.battle()));
  b.check_live = true;
  int turns = 0;
  for (; turns < 6 && !m.finished(); ++turns) {
    ASSERT_NO_THROW(m.play_turn()) << "turn " << turns;
  }
  EXPECT_GT(turns, 1);
  int moves = 0, fire = 0;
  for (const Event& e : m.log().events()) {
    moves += e.kind == EventKind::kMove;
    fire += e.kind == EventKind::kFire;
  }
  EXPECT_GT(moves, 0);  // units moved and fired while the index was checked
  EXPECT_GT(fire, 0);
}

// The nearest-enemy searches of the frozen snapshot start from the distance to the enemy
// last found for the side; every answer through a generated battle is the full scan's.
TEST(ElanDrillScale, BoundedNearestEnemyIsTheFullScan) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("elan-drill", 300, 3);
  MatchConfig cfg;
  cfg.seed = 3;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  auto& b = const_cast<BattleED&>(dynamic_cast<const BattleED&>(m.battle()));
  b.check_nearest = true;
  int turns = 0;
  for (; turns < 4 && !m.finished(); ++turns) {
    ASSERT_NO_THROW(m.play_turn()) << "turn " << turns;
  }
  EXPECT_GT(turns, 1);
}

// The frames gap_in and within_in measure (BattleED::frame_of, kept per unit while its
// footprint is unchanged) give the distances of the footprints now, after every turn of a
// battle in which units move, fall back, flee and leave the table.
TEST(ElanDrillScale, KeptFramesMeasureTheFootprintsNow) {
  const Ruleset* rs = find_ruleset("elan-drill");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("elan-drill", 300, 4);
  MatchConfig cfg;
  cfg.seed = 4;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  const auto& b = dynamic_cast<const BattleED&>(m.battle());
  const auto& units = b.force().units;
  const int n = std::min(static_cast<int>(units.size()), 80);
  int turns = 0, checked = 0;
  for (; turns < 5 && !m.finished(); ++turns) {
    m.play_turn();
    for (int a = 0; a < n; ++a) {
      for (int c = a + 1; c < n; ++c) {
        const double gap = distance(units[a].footprint(), units[c].footprint()) / kMmPerInch;
        ASSERT_EQ(b.gap_in(a, c), gap) << a << " " << c << " turn " << turns;
        ASSERT_EQ(b.within_in(a, c, 6.0), gap <= 6.0) << a << " " << c << " turn " << turns;
        ++checked;
      }
    }
  }
  EXPECT_GT(turns, 1);
  EXPECT_GT(checked, 1000);
}

}  // namespace
}  // namespace smoothbore
