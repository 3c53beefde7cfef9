// The battle's typed situations against what the resolutions read from their named
// parameters completed by their schemas, for the raid after two turns of doctrine play:
// fire (BattleSK::squad_fire and figure_fire, which the fire phase rolls through
// detail::fire_outcome, against fire_params()): every field equal, for every figure and enemy
// squad, with and without a volley; morale (morale_step rolls the `morale` resolution's body,
// detail::morale_test, on morale_situation(), against the resolution given morale_params()):
// the same dice, result and roll record for every squad, rallied or not.
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/chance.h"
#include "core/dice/rng.h"
#include "embedded_scenario.h"
#include "rules/registry.h"
#include "rules/roll_helpers.h"
#include "rules/squad_skirmish/battle_impl.h"
#include "rules/squad_skirmish/resolution_util.h"
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

// The raid after two turns of doctrine play, at seeds 1 and 4, handed to `check` with the
// rule set and its resolution `name`.
template <typename Check>
void after_two_turns(std::string_view name, Check check) {
  const Ruleset* rs = find_ruleset("squad-skirmish");
  ASSERT_NE(rs, nullptr);
  const Resolution* resolution = rs->resolution(name);
  ASSERT_NE(resolution, nullptr);
  const Scenario sc = load_embedded("squad-skirmish/raid.toml");
  for (std::uint64_t seed : {1, 4}) {
    MatchConfig cfg;
    cfg.seed = seed;
    Match m(sc, *rs, cfg);
    m.play_turn();
    m.play_turn();
    check(*rs, *resolution, dynamic_cast<const BattleSK&>(m.battle()));
  }
}

TEST(SquadSkirmishFireSituation, TypedEqualsTheResolutionsParameters) {
  int compared = 0;
  after_two_turns("fire", [&](const Ruleset&, const Resolution& fire, const BattleSK& b) {
    const Force& f = b.force();
    for (std::size_t u = 0; u < f.units.size(); ++u) {
      for (std::size_t t = 0; t < f.units.size(); ++t) {
        const int ui = static_cast<int>(u);
        const int ti = static_cast<int>(t);
        if (f.units[u].side == f.units[t].side || !b.can_act(ui) || !b.can_act(ti)) continue;
        for (int k : b.living(ui)) {
          if (!b.in_range(ui, k, ti)) continue;
          for (bool volley : {false, true}) {
            const Params p = *complete_params(fire.params, b.fire_params(ui, k, ti, volley));
            FireSituation got = b.squad_fire(ui, ti, volley);
            b.figure_fire(ui, k, ti, got);
            expect_same(got, squad_skirmish::detail::fire_situation(p),
                        f.units[u].id + " " + std::to_string(k) + " at " + f.units[t].id);
            ++compared;
          }
        }
      }
    }
  });
  EXPECT_GT(compared, 20) << compared;
}

void expect_same(const RollRecord& got, const RollRecord& want, const std::string& what) {
  EXPECT_EQ(got.purpose, want.purpose) << what;
  EXPECT_EQ(got.dice, want.dice) << what;
  EXPECT_EQ(got.faces, want.faces) << what;
  EXPECT_EQ(got.base, want.base) << what;
  EXPECT_EQ(got.base_ref, want.base_ref) << what;
  ASSERT_EQ(got.modifiers.size(), want.modifiers.size()) << what;
  for (std::size_t i = 0; i < got.modifiers.size(); ++i) {
    EXPECT_EQ(got.modifiers[i].name, want.modifiers[i].name) << what;
    EXPECT_EQ(got.modifiers[i].value, want.modifiers[i].value) << what;
    EXPECT_EQ(got.modifiers[i].ref, want.modifiers[i].ref) << what;
  }
  EXPECT_EQ(got.target, want.target) << what;
  EXPECT_EQ(got.result, want.result) << what;
}

TEST(SquadSkirmishMoraleSituation, TypedTestEqualsTheResolution) {
  int compared = 0;
  after_two_turns("morale", [&](const Ruleset& rs, const Resolution& morale, const BattleSK& b) {
    for (std::size_t u = 0; u < b.force().units.size(); ++u) {
      const int ui = static_cast<int>(u);
      if (b.figure_count(ui) == 0) continue;
      for (bool rallying : {false, true}) {
        for (std::uint64_t dice_seed = 1; dice_seed <= 6; ++dice_seed) {
          const std::string what = b.force().units[u].id + (rallying ? " rallying" : "") +
                                   " dice " + std::to_string(dice_seed);
          Rng rng_a(dice_seed, 7);
          SampledChance a(rng_a);
          std::vector<RollRecord> want_rolls;
          const Outcome want = morale.resolve(
              rs.battle_params("morale", b.morale_params(ui, rallying, "")), a, &want_rolls);
          Rng rng_b(dice_seed, 7);
          SampledChance c(rng_b);
          std::vector<RollRecord> got_rolls;
          const std::string got = with_record(&got_rolls, [&](RollRecord* rec) {
            return squad_skirmish::detail::morale_test(b.morale_situation(ui, rallying), c, rec,
                                                       "morale")
                .result->key;
          });
          EXPECT_EQ(got, std::get<std::string>(want.front().second)) << what;
          EXPECT_EQ(rng_a.draws(), rng_b.draws()) << what;
          ASSERT_EQ(got_rolls.size(), want_rolls.size()) << what;
          for (std::size_t i = 0; i < got_rolls.size(); ++i) {
            expect_same(got_rolls[i], want_rolls[i], what);
          }
          ++compared;
        }
      }
    }
  });
  EXPECT_GT(compared, 100);
}

}  // namespace
}  // namespace smoothbore
