// The battle's typed fire situations (BattleSK::squad_fire and figure_fire, which the fire
// phase rolls through detail::fire_outcome) against what the `fire` resolution reads from
// fire_params() completed by its schema: every field equal, for every figure and enemy squad
// of the raid after two turns of doctrine play, with and without a volley.
#include <string>

#include <gtest/gtest.h>

#include "embedded_scenario.h"
#include "rules/registry.h"
#include "rules/squad_skirmish/battle_impl.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using squad_skirmish::BattleSK;
using squad_skirmish::detail::FireSituation;

void expect_same(const FireSituation& got, const FireSituation& want, const std::string& what) {
  EXPECT_EQ(got.weapon, want.weapon) << what;
  EXPECT_EQ(got.range, want.range) << what;
  EXPECT_EQ(got.quality, want.quality) << what;
  EXPECT_EQ(got.mounted, want.mounted) << what;
  EXPECT_EQ(got.wounded, want.wounded) << what;
  EXPECT_EQ(got.cover, want.cover) << what;
  EXPECT_EQ(got.target_formed, want.target_formed) << what;
  EXPECT_EQ(got.volley, want.volley) << what;
  EXPECT_EQ(got.canister, want.canister) << what;
  EXPECT_EQ(got.tap, want.tap) << what;
  EXPECT_EQ(got.target_size, want.target_size) << what;
  EXPECT_EQ(got.leader, want.leader) << what;
  EXPECT_EQ(got.officer, want.officer) << what;
  EXPECT_EQ(got.natural_face, want.natural_face) << what;
  EXPECT_EQ(got.natural_kills, want.natural_kills) << what;
  EXPECT_EQ(got.missing_ranker, want.missing_ranker) << what;
  EXPECT_EQ(got.chain, want.chain) << what;
  EXPECT_EQ(got.ball_close, want.ball_close) << what;
}

TEST(SquadSkirmishFireSituation, TypedEqualsTheResolutionsParameters) {
  const Scenario sc = load_embedded("squad-skirmish/raid.toml");
  const Ruleset* rs = find_ruleset("squad-skirmish");
  ASSERT_NE(rs, nullptr);
  const Resolution* fire = rs->resolution("fire");
  ASSERT_NE(fire, nullptr);
  int compared = 0;
  for (std::uint64_t seed : {1, 4}) {
    MatchConfig cfg;
    cfg.seed = seed;
    Match m(sc, *rs, cfg);
    m.play_turn();
    m.play_turn();
    const auto& b = dynamic_cast<const BattleSK&>(m.battle());
    const Force& f = b.force();
    for (std::size_t u = 0; u < f.units.size(); ++u) {
      for (std::size_t t = 0; t < f.units.size(); ++t) {
        const int ui = static_cast<int>(u);
        const int ti = static_cast<int>(t);
        if (f.units[u].side == f.units[t].side || !b.can_act(ui) || !b.can_act(ti)) continue;
        for (int k : b.living(ui)) {
          if (!b.in_range(ui, k, ti)) continue;
          for (bool volley : {false, true}) {
            const Params p = *complete_params(fire->params, b.fire_params(ui, k, ti, volley));
            FireSituation got = b.squad_fire(ui, ti, volley);
            b.figure_fire(ui, k, ti, got);
            expect_same(got, squad_skirmish::detail::fire_situation(p),
                        f.units[u].id + " " + std::to_string(k) + " at " + f.units[t].id);
            ++compared;
          }
        }
      }
    }
  }
  EXPECT_GT(compared, 20) << compared;
}

}  // namespace
}  // namespace smoothbore
