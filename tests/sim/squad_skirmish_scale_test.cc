// Scale (issue 9): a generated squad-skirmish battle of 2,000 figures a side plays two turns
// with the doctrine AI on both sides; afterwards its invariants hold and the spatial indexes
// answer what the scans of every unit answer: the commanders' nearest active enemy
// (footprint to footprint), the rule set's nearest enemy (figure to figure, gap_in; and each
// one kept during the turns equals a fresh search; so do the layout offsets a squad's placing
// keeps between its attempts, the figure that stopped its last attempt, and the middle of a
// side's squads its officers keep behind), the enemies near a squad (gap_within against gap_in
// too), sight past other squads' figures and the officers near a point. A correctness test,
// not a timing (it runs under the asan build too).
#include <cmath>

#include <gtest/gtest.h>

#include "core/force/proximity.h"
#include "core/geometry/same_bits.h"
#include "rules/registry.h"
#include "rules/squad_skirmish/battle_impl.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

constexpr int kSkirmishStands = 2000;

TEST(SquadSkirmishScale, GeneratedBattleIndexesAgreeWithScans) {
  const Ruleset* rs = find_ruleset("squad-skirmish");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("squad-skirmish", kSkirmishStands, 1);
  ASSERT_GT(sc.force.units.size(), 200u);

  MatchConfig cfg;
  cfg.seed = 1;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  // Every nearest enemy kept for the world's version is compared with a fresh search.
  dynamic_cast<const squad_skirmish::BattleSK&>(m.battle()).check_kept(true);
  m.play_turn();
  m.play_turn();
  EXPECT_EQ(m.battle().turn(), 2);
  EXPECT_GT(m.log().size(), sc.force.units.size());  // at least an order per squad
  for (const std::string& v : m.battle().invariant_violations()) ADD_FAILURE() << v;

  const auto* sk = dynamic_cast<const squad_skirmish::BattleSK*>(&m.battle());
  ASSERT_NE(sk, nullptr);
  const auto* index = dynamic_cast<const NearestEnemyIndex*>(&m.battle());
  ASSERT_NE(index, nullptr);
  const Force& f = m.battle().force();
  int found = 0;
  int killed = 0;
  int near = 0;
  int sights = 0;
  int blocked = 0;
  for (std::size_t u = 0; u < f.units.size(); ++u) {
    killed += f.units[u].start_figures - f.units[u].figures();
    if (u % 7 != 0 || !f.units[u].on_table()) continue;  // a spread of squads, both sides
    const int ui = static_cast<int>(u);
    double want_gap = 0, got_gap = 0;
    const int want = scan_nearest_active(f, ui, &want_gap);
    EXPECT_EQ(index->nearest_active_enemy(ui, &got_gap), want) << f.units[u].id;
    EXPECT_EQ(got_gap, want_gap) << f.units[u].id;
    EXPECT_EQ(sk->nearest_enemy(ui), sk->nearest_enemy_scan(ui)) << f.units[u].id;
    if (want >= 0) ++found;
    // The enemies near it from the squads' footprint index, as a scan of every unit finds them.
    for (double in : {0.0, 6.0, 24.0}) {
      std::vector<int> got;
      sk->enemies_near(ui, in * kMmPerInch, got);
      EXPECT_EQ(got, sk->enemies_near_scan(ui, in * kMmPerInch)) << f.units[u].id << " " << in;
      near += static_cast<int>(got.size());
    }
    // Sight past figures (the squads' footprint index) as a scan of every figure finds it:
    // from its first living figure to each living figure of the squads near it.
    std::vector<int> close;
    sk->enemies_near(ui, 24.0 * kMmPerInch, close);
    const std::vector<int> mine = sk->living(ui);
    for (int ti : close) {
      if (mine.empty()) break;
      for (int j : sk->living(ti)) {
        const bool seen = sk->sees_figure(ui, mine.front(), ti, j);
        EXPECT_EQ(seen, sk->sees_figure_scan(ui, mine.front(), ti, j)) << f.units[u].id;
        ++sights;
        blocked += seen ? 0 : 1;
      }
    }
    // Whether the gap to a squad is within a limit (gap_within) as the least gap says (gap_in),
    // at the gap itself and just either side of it.
    if (want >= 0) {
      const double g = sk->gap_in(ui, want);
      for (double limit :
           {g, std::nextafter(g, 0.0), std::nextafter(g, 1e300), g / 2, g * 2, 0.0, 12.0}) {
        EXPECT_EQ(sk->gap_within(ui, want, limit), g <= limit) << f.units[u].id << " " << limit;
      }
    }
  }
  EXPECT_GT(found, 30);
  EXPECT_GT(near, 30);
  EXPECT_GT(sights, 100);
  EXPECT_GT(blocked, 0);
  EXPECT_GT(killed, 0);  // fire happened, so the index has seen figures removed
  EXPECT_EQ(sk->kept_mismatches(), 0);
  EXPECT_GT(sk->kept_checks(), 500);
  EXPECT_GT(sk->layout_checks(), 100);  // moves placed again from kept layout offsets
  // Attempts stopped by the figure that stopped the squad's previous one, each also laid out
  // in full: no layout that fits was refused.
  EXPECT_GT(sk->blocker_checks(), 100);
  // The most central slot, kept with the layout's offsets, is the one the placed slots give
  // (kept_mismatches).
  EXPECT_GT(sk->central_checks(), 100);
  // Whether an officer stands with a target (SK-05), kept for the world's and the statuses'
  // versions, is the one the officers give now (every kept one used: kept_mismatches).
  EXPECT_GT(sk->officer_checks(), 10);
  // A leaderless squad's anchor, kept for the world's version, is the figure nearest its
  // centre now (every kept one used: kept_mismatches).
  EXPECT_GT(sk->anchor_checks(), 10);
  // A squad's shots at a target, worked out once per decision for every formation the doctrine
  // weighs, give the expected kills that shots worked out again give (kept_mismatches).
  EXPECT_GT(sk->shots_checks(), 10);
  // The commanders' nearest enemy, found with the rule set's in one walk of the squads' index
  // and kept for the world's and the statuses' versions, is the one searched alone now
  // (kept_mismatches).
  EXPECT_GT(sk->active_checks(), 10);

  // The middle of a side's squads that its officers move behind, kept for the world's and the
  // squads' statuses' versions, is the one summed now, bit for bit (the turns above compared
  // every kept one they used: kept_mismatches).
  EXPECT_GT(sk->middle_checks(), 10);
  for (int side = 0; side < 2; ++side) {
    const squad_skirmish::BattleSK::SideMiddle fresh = sk->squads_middle_fresh(side);
    for (int ask = 0; ask < 2; ++ask) {  // worked out, then kept
      const squad_skirmish::BattleSK::SideMiddle kept = sk->squads_middle(side);
      EXPECT_EQ(kept.n, fresh.n);
      EXPECT_TRUE(same_bits(kept.sum.x, fresh.sum.x) && same_bits(kept.sum.y, fresh.sum.y));
    }
    EXPECT_GT(fresh.n, 50);
  }

  // The officers near a point from the figures' index (a side has more than a few) answer
  // what the scan of every officer does, around every tenth squad, within 6" and 20".
  int officers = 0;
  for (std::size_t u = 0; u < f.units.size(); u += 10) {
    if (f.units[u].stands.empty()) continue;
    const Vec2 at = f.units[u].stands.front().rect.centre;
    for (int side = 0; side < 2; ++side) {
      for (double in : {6.0, 20.0}) {
        const std::vector<int> want = sk->officers_near_scan(side, at, in);
        EXPECT_EQ(sk->officers_near(side, at, in), want) << f.units[u].id;
        officers += static_cast<int>(want.size());
      }
    }
  }
  EXPECT_GT(officers, 20);

  // The battle's terrain sight memo (asked again and again by the turns above) answers what
  // the table does, between figures of squads far apart and near.
  const Table& table = sc.table;
  int hidden = 0;
  for (std::size_t u = 0; u + 40 < f.units.size(); u += 13) {
    for (std::size_t v : {u + 1, u + 40}) {
      if (f.units[u].stands.empty() || f.units[v].stands.empty()) continue;
      const Vec2 a = f.units[u].stands.front().rect.centre;
      const Vec2 b = f.units[v].stands.back().rect.centre;
      const bool want = !table.terrain_blocks_sight(a, b, 2.0 * kMmPerInch);
      EXPECT_EQ(sk->sees(a, b), want);
      EXPECT_EQ(sk->sees(a, b), want);  // the memo's answer
      hidden += want ? 0 : 1;
    }
  }
  EXPECT_GT(hidden, 0);
}

}  // namespace
}  // namespace smoothbore
