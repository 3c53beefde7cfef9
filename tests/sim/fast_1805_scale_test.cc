// Scale (issue 9): a generated fast-1805 battle of thousands of stands a side plays a turn
// with the doctrine AI on both sides, and afterwards its invariants hold (no overlaps, none
// off the table, the spatial index in step with every footprint) and the index's nearest
// enemy is the one a scan of every unit finds. A correctness test, not a timing: it runs
// under the asan build too. The size is 3,000 stands a side, not the 10,000: a
// 10,000-stand turn takes about 1 s in release (so 5-10 s under asan, over the CI budget).
#include <gtest/gtest.h>

#include <limits>

#include "core/force/proximity.h"
#include "io/generate.h"
#include "io/scenario_file.h"
#include "rules/registry.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

constexpr int kStands = 3000;

// The scan the doctrine commander falls back on: the active enemy nearest edge to edge,
// ties to the lower index.
int scan_nearest(const Force& f, int unit, double* gap) {
  int best = -1;
  *gap = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < f.units.size(); ++i) {
    const Unit& e = f.units[i];
    if (e.side == f.units[unit].side || e.status != UnitStatus::kActive) continue;
    const double d = distance(f.units[unit].footprint(), e.footprint());
    if (d < *gap) {
      *gap = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

TEST(Fast1805Scale, GeneratedBattlePlaysATurnWithInvariants) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  GenerateRequest req;
  req.stands = kStands;
  req.seed = 1;
  const auto text = generate_scenario(*rs, req);
  ASSERT_TRUE(text.has_value()) << text.error();
  auto sc = load_scenario_text(*text, "generated");
  ASSERT_TRUE(sc.has_value());
  ASSERT_GT(sc->force.units.size(), 1000u);

  MatchConfig cfg;
  cfg.seed = 1;
  cfg.commanders = {"doctrine", "doctrine"};
  Match m(*sc, *rs, cfg);
  m.play_turn();
  EXPECT_EQ(m.battle().turn(), 1);
  EXPECT_GT(m.log().size(), sc->force.units.size());  // at least an order per unit
  for (const std::string& v : m.battle().invariant_violations()) ADD_FAILURE() << v;

  const auto* index = dynamic_cast<const NearestEnemyIndex*>(&m.battle());
  ASSERT_NE(index, nullptr);
  const Force& f = m.battle().force();
  int found = 0;
  for (std::size_t u = 0; u < f.units.size(); u += 37) {  // a spread of units, both sides
    if (!f.units[u].on_table()) continue;
    double want_gap = 0, got_gap = 0;
    const int want = scan_nearest(f, static_cast<int>(u), &want_gap);
    EXPECT_EQ(index->nearest_active_enemy(static_cast<int>(u), &got_gap), want) << f.units[u].id;
    EXPECT_EQ(got_gap, want_gap) << f.units[u].id;
    if (want >= 0) ++found;
  }
  EXPECT_GT(found, 50);
}

}  // namespace
}  // namespace smoothbore
