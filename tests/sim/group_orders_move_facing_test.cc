// group-orders' moves offered without their facing (issue 9): for a commander that does not
// read a move's facing (OrderSource::reads_move_facing) the orders step leaves it to
// settle_facing, which works out the one chosen. Through a generated battle, every action
// of every unit's list so offered, once settled, is the action of the full list, field for
// field and bit for bit, and some facings were in fact left.
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "rules/battle.h"
#include "rules/group_orders/battle_impl.h"
#include "rules/registry.h"
#include "same_action.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using group_orders::BattleGO;
using testing_actions::same_action;

TEST(GroupOrdersMoveFacing, SettledMovesAreTheFullListsMoves) {
  const Ruleset* rs = find_ruleset("group-orders");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("group-orders", 200, 5);
  MatchConfig cfg;
  cfg.seed = 5;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  const auto& b = dynamic_cast<const BattleGO&>(m.battle());
  std::vector<Action> full, left;
  int compared = 0, deferred = 0;
  for (int turn = 0; turn < 4 && !m.finished(); ++turn) {
    const Force& f = b.force();
    for (std::size_t u = 0; u < f.units.size(); ++u) {
      const int unit = static_cast<int>(u);
      if (!b.active(unit)) continue;
      b.legal_actions_into(unit, full, true);
      b.legal_actions_into(unit, left, false);  // last: settle_facing answers for this list
      ASSERT_EQ(full.size(), left.size()) << f.units[u].id;
      for (std::size_t i = 0; i < left.size(); ++i) {
        Action a = left[i];
        if (a.kind == ActionKind::kMove && a.facing < 0) ++deferred;
        b.settle_facing(a);
        EXPECT_TRUE(same_action(a, full[i]))
            << f.units[u].id << " #" << i << ": " << a.describe() << " / " << full[i].describe();
        ++compared;
      }
    }
    m.play_turn();
  }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(deferred, 100);
}

}  // namespace
}  // namespace smoothbore
