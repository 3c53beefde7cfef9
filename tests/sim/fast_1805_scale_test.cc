// Scale (issue 9): a generated fast-1805 battle of 10,000 stands a side plays a turn with
// the doctrine AI on both sides, and afterwards its invariants hold (no overlaps, none off
// the table, the spatial index in step with every footprint) and the index's nearest enemy
// is the one a scan of every unit finds. A correctness test, not a timing: it runs under
// the asan build too, as issue 9 asks (about 2.5 s in release with the scans).
#include <gtest/gtest.h>

#include "core/force/proximity.h"
#include "rules/registry.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

constexpr int kStands = 10000;

TEST(Fast1805Scale, GeneratedBattlePlaysATurnWithInvariants) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  const Scenario sc = generated_battle("fast-1805", kStands, 1);
  ASSERT_GT(sc.force.units.size(), 1000u);

  MatchConfig cfg;
  cfg.seed = 1;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(sc, *rs, cfg);
  m.play_turn();
  EXPECT_EQ(m.battle().turn(), 1);
  EXPECT_GT(m.log().size(), sc.force.units.size());  // at least an order per unit
  for (const std::string& v : m.battle().invariant_violations()) ADD_FAILURE() << v;

  const auto* index = dynamic_cast<const NearestEnemyIndex*>(&m.battle());
  ASSERT_NE(index, nullptr);
  const Force& f = m.battle().force();
  int found = 0;
  for (std::size_t u = 0; u < f.units.size(); u += 37) {  // a spread of units, both sides
    if (!f.units[u].on_table()) continue;
    double want_gap = 0, got_gap = 0;
    const int want = scan_nearest_active(f, static_cast<int>(u), &want_gap);
    EXPECT_EQ(index->nearest_active_enemy(static_cast<int>(u), &got_gap), want) << f.units[u].id;
    EXPECT_EQ(got_gap, want_gap) << f.units[u].id;
    if (want >= 0) ++found;
  }
  EXPECT_GT(found, 50);
}

}  // namespace
}  // namespace smoothbore
