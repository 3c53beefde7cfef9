// Battle::unit_bounds (issue 9) is unit_footprint(unit).bounds() bit for bit, whether a rule
// set keeps its own (group-orders: the boxes its spatial index filed) or takes the default;
// and the generic objective holders read through it are those of the units' own footprints.
// Every rule set's full battle, checked after each of its first turns.
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/battle.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(UnitBounds, AreTheFootprintsBoundsInEveryRuleSet) {
  const std::vector<std::string> battles = {"elan-drill/battle.toml", "fast-1805/battle.toml",
                                            "fire-and-discipline/battle.toml",
                                            "group-orders/battle.toml", "squad-skirmish/raid.toml"};
  int checked = 0;
  for (const std::string& file : battles) {
    const Scenario sc = load_embedded(file);
    const Ruleset* rs = find_ruleset(sc.ruleset);
    ASSERT_NE(rs, nullptr) << file;
    MatchConfig cfg;
    cfg.seed = 3;
    cfg.commanders = {"doctrine", "doctrine"};
    Match m(sc, *rs, cfg);
    for (int turn = 0; turn < 6 && !m.finished(); ++turn) {
      m.play_turn();
      const Battle& b = m.battle();
      const Force& f = b.force();
      for (std::size_t i = 0; i < f.units.size(); ++i) {
        const int u = static_cast<int>(i);
        const Box want = b.unit_footprint(u).bounds();
        const Box got = b.unit_bounds(u);
        EXPECT_TRUE(same_bits(got.min.x, want.min.x) && same_bits(got.min.y, want.min.y) &&
                    same_bits(got.max.x, want.max.x) && same_bits(got.max.y, want.max.y))
            << file << " turn " << turn << " unit " << f.units[i].id;
        ++checked;
      }
      EXPECT_EQ(generic_objective_holders(b.scenario(), f, &b),
                generic_objective_holders(b.scenario(), f, nullptr))
          << file << " turn " << turn;
    }
  }
  EXPECT_GT(checked, 500);
}

}  // namespace
}  // namespace smoothbore
