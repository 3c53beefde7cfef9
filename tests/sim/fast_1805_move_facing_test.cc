// fast-1805's moves offered without their facing (issue 9): for a commander that does not
// read a move's facing (OrderSource::reads_move_facing) the orders step leaves the facing of
// each approach to an objective and of the withdrawal to settle_facing, which works out the
// one chosen. Through a generated battle, every action of every unit's list so offered, once
// settled, is the action of the full list, field for field and bit for bit, and some
// facings were in fact left.
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "rules/battle.h"
#include "rules/fast_1805/battle_impl.h"
#include "rules/registry.h"
#include "same_action.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using fast_1805::Battle1805;
using testing_actions::same_action;

TEST(Fast1805MoveFacing, SettledMovesAreTheFullListsMoves) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("fast-1805", 200, 5);
  ASSERT_FALSE(sc.objectives.empty());
  MatchConfig cfg;
  cfg.seed = 5;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  const auto& b = dynamic_cast<const Battle1805&>(m.battle());
  std::vector<Action> left;
  int compared = 0, deferred = 0;
  for (int turn = 0; turn < 4 && !m.finished(); ++turn) {
    const Force& f = b.force();
    for (std::size_t u = 0; u < f.units.size(); ++u) {
      const int unit = static_cast<int>(u);
      if (!b.active(unit)) continue;
      b.legal_actions_into(unit, left, false);
      // legal_actions (facings worked out) leaves the directions kept for `left` alone.
      const std::vector<Action> full = b.legal_actions(unit);
      ASSERT_EQ(full.size(), left.size()) << f.units[u].id;
      for (std::size_t i = 0; i < left.size(); ++i) {
        Action a = left[i];
        if (a.facing < 0) {
          EXPECT_EQ(a.kind, ActionKind::kMove);
          ++deferred;
        }
        b.settle_facing(a);
        EXPECT_TRUE(same_action(a, full[i]))
            << f.units[u].id << " #" << i << ": " << a.describe() << " / " << full[i].describe();
        ++compared;
      }
    }
    m.play_turn();
  }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(deferred, 500);
}

}  // namespace
}  // namespace smoothbore
