// The sight memo (issue 9): each figure's range to a target is kept
// while no figure is placed or killed, no squad leaves the table and no leader changes, and each
// cover judgement while the target's figures neither move nor fall, across
// decisions, fire and activations. After every turn of doctrine play (the memo as the battle
// left it) its answers equal the unmemoised traces, for every figure and enemy squad.
#include <gtest/gtest.h>

#include "embedded_scenario.h"
#include "rules/registry.h"
#include "rules/squad_skirmish/battle_impl.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using squad_skirmish::BattleSK;

// Compares every (figure, enemy squad) pair; returns how many had a target in sight, and counts
// the judgements of some cover in `covered`.
int check_memo(const BattleSK& b, int& covered) {
  const Force& f = b.force();
  int seen = 0;
  for (std::size_t u = 0; u < f.units.size(); ++u) {
    for (std::size_t t = 0; t < f.units.size(); ++t) {
      const int ui = static_cast<int>(u);
      const int ti = static_cast<int>(t);
      if (f.units[u].side == f.units[t].side || !f.units[u].on_table() || !f.units[t].on_table() ||
          b.figure_count(ti) == 0) {
        continue;
      }
      for (int k : b.living(ui)) {
        const double want = b.trace_range(ui, k, ti, 1e18);
        EXPECT_EQ(b.range_in(ui, k, ti), want)
            << f.units[u].id << " " << k << " at " << f.units[t].id;
        EXPECT_EQ(b.cover_of(ti, b.pos(ui, k)), b.judge_cover(ti, b.pos(ui, k)))
            << f.units[u].id << " " << k << " at " << f.units[t].id;
        // The figures' kept cover (ground, obstacles near) against the plain reading.
        EXPECT_EQ(b.judge_cover(ti, b.pos(ui, k)), b.judge_cover_scan(ti, b.pos(ui, k)))
            << f.units[u].id << " " << k << " at " << f.units[t].id;
        covered += b.judge_cover_scan(ti, b.pos(ui, k)) != "none" ? 1 : 0;
        // Sight past figures (the squads near the line by their footprints' boxes) as a scan
        // of every squad finds it; the trace's range is the least distance to a figure seen.
        double nearest_seen = -1;
        for (int j : b.living(ti)) {
          const bool sees = b.sees_figure(ui, k, ti, j);
          EXPECT_EQ(sees, b.sees_figure_scan(ui, k, ti, j))
              << f.units[u].id << " " << k << " at " << f.units[t].id << " " << j;
          const double d = distance(b.pos(ui, k), b.pos(ti, j)) / kMmPerInch;
          if (sees && (nearest_seen < 0 || d < nearest_seen)) nearest_seen = d;
        }
        EXPECT_EQ(want, nearest_seen) << f.units[u].id << " " << k << " at " << f.units[t].id;
        // Traced to a limit (the squad's footprint box first: none within it when that box is
        // farther): the nearest figure seen if it is within the limit, else none.
        for (double limit : {0.5, 4.0, 10.0, 24.0}) {
          const double within = nearest_seen >= 0 && nearest_seen <= limit ? nearest_seen : -1;
          EXPECT_EQ(b.trace_range(ui, k, ti, limit), within)
              << f.units[u].id << " " << k << " at " << f.units[t].id << " within " << limit;
        }
        seen += want >= 0 ? 1 : 0;
      }
    }
  }
  return seen;
}

TEST(SquadSkirmishSightMemo, EqualsTheTracesAfterEveryTurn) {
  const Scenario sc = load_embedded("squad-skirmish/raid.toml");
  const Ruleset* rs = find_ruleset("squad-skirmish");
  ASSERT_NE(rs, nullptr);
  int seen = 0;
  int covered = 0;
  int turns = 0;
  for (std::uint64_t seed : {1, 2, 3}) {
    MatchConfig cfg;
    cfg.seed = seed;
    Match m(sc, *rs, cfg);
    const auto& b = dynamic_cast<const BattleSK&>(m.battle());
    b.check_kept(true);  // each nearest enemy kept against a fresh search
    for (int turn = 0; turn < 8 && !m.finished(); ++turn) {
      m.play_turn();
      seen += check_memo(b, covered);
      ++turns;
    }
    EXPECT_EQ(b.kept_mismatches(), 0);
    EXPECT_GT(b.kept_checks(), 20);
  }
  EXPECT_GT(turns, 6);
  EXPECT_GT(seen, 50);
  EXPECT_GT(covered, 50);  // the farm's walls, fences, buildings and woods
}

TEST(SquadSkirmishSightMemo, EqualsTheTracesInAGeneratedBattle) {
  const Scenario sc = generated_battle("squad-skirmish", 100, 2);
  const Ruleset* rs = find_ruleset("squad-skirmish");
  ASSERT_NE(rs, nullptr);
  MatchConfig cfg;
  cfg.seed = 2;
  Match m(sc, *rs, cfg);
  const auto& b = dynamic_cast<const BattleSK&>(m.battle());
  b.check_kept(true);
  int seen = 0;
  int covered = 0;
  for (int turn = 0; turn < 2 && !m.finished(); ++turn) {
    m.play_turn();
    seen += check_memo(b, covered);
  }
  EXPECT_GT(seen, 50);
  EXPECT_EQ(b.kept_mismatches(), 0);
}

}  // namespace
}  // namespace smoothbore
