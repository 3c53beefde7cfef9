// fast-1805 keeps Table::reachable's and Table::path_cost's answers for the move costs it
// keeps (reachable_kept, path_cost_kept, issue 9): legal_actions weighs the same moves and
// charges again each bound for units that stand still. Checked here bit for bit against
// Table::reachable on a generated battle with woods, hills and walls: paths from beside each unit,
// short and long, at several budgets, for the move and charge costs of each unit, asked three times
// over (the second and third time mostly from the memo, some after other queries took their slots:
// more queries than slots).
#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fast_1805/battle_impl.h"
#include "scale_test_util.h"
#include "sim/commander.h"

namespace smoothbore {
namespace {

struct Query {
  Vec2 a, b;
  double budget = 0;
  const CostFn* cost = nullptr;
};

TEST(Fast1805ReachMemo, KeptAnswersEqualTableReachable) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("fast-1805", 300, 3);
  std::unique_ptr<Battle> battle = rs->start(sc, 3);
  const auto& b = dynamic_cast<const fast_1805::Battle1805&>(*battle);
  std::vector<Query> queries;
  std::uint64_t state = 12345;
  auto uniform = [&state] {  // a fixed LCG: [0, 1)
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / 9007199254740992.0;
  };
  const int units = static_cast<int>(b.force().units.size());
  for (int u = 0; u < units; ++u) {
    if (!b.force().units[static_cast<std::size_t>(u)].on_table()) continue;
    const Vec2 c = b.unit_footprint(u).centre;
    for (const bool charge : {false, true}) {
      const CostFn& cost = b.move_cost(u, charge);
      for (int k = 0; k < 4; ++k) {
        const Vec2 a = c + Vec2{(uniform() - 0.5) * 50, (uniform() - 0.5) * 50};
        const double far = k % 2 == 0 ? 60.0 : 600.0;  // mm: a step, or past the move
        const Vec2 to = a + Vec2{(uniform() - 0.5) * far, (uniform() - 0.5) * far};
        const double budget = k < 2 ? (k == 0 ? 1.0 : 0.5) : uniform() * 1.5;
        queries.push_back({a, to, budget, &cost});
      }
    }
  }
  ASSERT_GT(queries.size(), 2000u);  // more than the memo's slots
  int short_of_end = 0;
  int impassable = 0;
  for (int pass = 0; pass < 3; ++pass) {
    for (const Query& q : queries) {
      const double want = sc.table.reachable(q.a, q.b, q.budget, *q.cost);
      const double got = b.reachable_kept(q.a, q.b, q.budget, *q.cost);
      EXPECT_EQ(std::bit_cast<std::uint64_t>(got), std::bit_cast<std::uint64_t>(want))
          << "pass " << pass << ": " << got << " vs " << want;
      // The path's cost, kept in the same memo: not confused with the reach along it.
      const double cost = sc.table.path_cost(q.a, q.b, *q.cost);
      EXPECT_EQ(std::bit_cast<std::uint64_t>(b.path_cost_kept(q.a, q.b, *q.cost)),
                std::bit_cast<std::uint64_t>(cost))
          << "pass " << pass;
      if (pass == 0 && !std::isfinite(cost)) ++impassable;
      if (pass == 0 && want < distance(q.a, q.b) - 1) ++short_of_end;
    }
  }
  EXPECT_GT(short_of_end, 100);  // budgets and terrain stop some paths short
  EXPECT_LT(short_of_end, static_cast<int>(queries.size()));
  EXPECT_GT(impassable, 0);  // charges cross clear terrain only
}

// A query that differs from a kept one in a single bit (the budget's sign of zero, a point's
// last bit, the cost function) is worked out, not answered from the memo.
TEST(Fast1805ReachMemo, NearlySameQueriesAreNotConfused) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("fast-1805", 300, 3);
  std::unique_ptr<Battle> battle = rs->start(sc, 3);
  const auto& b = dynamic_cast<const fast_1805::Battle1805&>(*battle);
  const Vec2 a = b.unit_footprint(0).centre;
  const Vec2 to = a + Vec2{400, 300};
  const CostFn& move = b.move_cost(0, false);
  const CostFn& charge = b.move_cost(0, true);
  const double full = b.reachable_kept(a, to, 1.0, move);
  EXPECT_EQ(full, sc.table.reachable(a, to, 1.0, move));
  EXPECT_EQ(b.reachable_kept(a, to, 0.0, move), 0.0);
  EXPECT_EQ(b.reachable_kept(a, to, -0.0, move), 0.0);
  const double half = b.reachable_kept(a, to, 0.5, move);
  EXPECT_EQ(half, sc.table.reachable(a, to, 0.5, move));
  const Vec2 nudged{std::nextafter(a.x, 1e9), a.y};
  EXPECT_EQ(b.reachable_kept(nudged, to, 1.0, move), sc.table.reachable(nudged, to, 1.0, move));
  EXPECT_EQ(b.reachable_kept(a, to, 1.0, charge), sc.table.reachable(a, to, 1.0, charge));
  EXPECT_EQ(b.reachable_kept(a, to, 1.0, move), full);
  EXPECT_EQ(b.path_cost_kept(a, to, move), sc.table.path_cost(a, to, move));
  EXPECT_EQ(b.reachable_kept(a, to, 0.0, move), 0.0);  // not the path's cost
}

// uniform_cost_near keeps each unit's answer until the unit is placed anew: checked after
// each of six bounds of a generated battle with terrain (units that stood still answer from
// earlier bounds) against uniform_ground_near worked out again, for the move and charge
// costs, each asked twice.
TEST(Fast1805ReachMemo, KeptUniformGroundEqualsFreshOne) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("fast-1805", 300, 3);
  std::unique_ptr<Battle> battle = rs->start(sc, 3);
  const auto& b = dynamic_cast<const fast_1805::Battle1805&>(*battle);
  std::unique_ptr<OrderSource> blue = make_commander("doctrine", Rng(1, 1));
  std::unique_ptr<OrderSource> red = make_commander("doctrine", Rng(1, 2));
  EventLog log;
  const double radius = 0.25 * fast_1805::kMm;  // legal_actions' least move
  int uniform = 0, not_uniform = 0;
  for (int bound = 0; bound < 6; ++bound) {
    for (int u = 0; u < static_cast<int>(b.force().units.size()); ++u) {
      if (!b.force().units[static_cast<std::size_t>(u)].on_table()) continue;
      for (const bool charge : {false, true, false}) {
        const CostFn& cost = b.move_cost(u, charge);
        TerrainAt at;
        const double want =
            fast_1805::uniform_ground_near(sc.table, b.unit_footprint(u).centre, radius, &at)
                ? cost(at)
                : -1;
        for (int ask = 0; ask < 2; ++ask) {
          EXPECT_EQ(std::bit_cast<std::uint64_t>(b.uniform_cost_near(u, radius, cost)),
                    std::bit_cast<std::uint64_t>(want))
              << "bound " << bound << ", unit " << u;
        }
        (want >= 0 ? uniform : not_uniform) += 1;
      }
    }
    battle->play_turn({blue.get(), red.get()}, log);
  }
  EXPECT_GT(uniform, 100);
  EXPECT_GT(not_uniform, 10);  // woods, walls and streams near some units
}

// allowance_in reads a table of movement_rate's answers made once per option pair: checked
// against movement_rate for every unit and column under each of the four pairs (the rout and
// wood columns differ by them), over two bounds (foot, horse and guns in the formations the
// generated battle and its orders give them).
TEST(Fast1805ReachMemo, AllowanceEqualsMovementRate) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  for (int o = 0; o < 4; ++o) {
    Scenario sc = generated_battle("fast-1805", 300, 5);
    const fast_1805::MovementOptions mo{o >= 2, o % 2 == 1};
    sc.options.set("a2_rout_literal", Value(mo.rout_literal));
    sc.options.set("a2_wood_swap", Value(mo.wood_swap));
    std::unique_ptr<Battle> battle = rs->start(sc, 5);
    const auto& b = dynamic_cast<const fast_1805::Battle1805&>(*battle);
    std::unique_ptr<OrderSource> blue = make_commander("doctrine", Rng(1, 1));
    std::unique_ptr<OrderSource> red = make_commander("doctrine", Rng(1, 2));
    EventLog log;
    int checked = 0;
    for (int bound = 0; bound < 2; ++bound) {
      for (std::size_t u = 0; u < b.force().units.size(); ++u) {
        const fast_1805::MoveRow row = fast_1805::move_row(b.force().units[u]);
        for (int c = 0; c < 7; ++c) {
          const auto column = static_cast<fast_1805::MoveColumn>(c);
          EXPECT_EQ(b.allowance_in(static_cast<int>(u), column),
                    fast_1805::movement_rate(row, column, mo).value_or(0.0))
              << "options " << o << ", unit " << u << ", column " << c;
          ++checked;
        }
      }
      battle->play_turn({blue.get(), red.get()}, log);
    }
    EXPECT_GT(checked, 1000);
  }
}

}  // namespace
}  // namespace smoothbore
