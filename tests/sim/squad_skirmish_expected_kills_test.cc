// The doctrine's expected kills (BattleSK::expected_kills: typed shots, each shot's mean kept
// by its rules) against the reference they replace: the mean of the `fire` resolution's exact
// distribution over fire_params() for each loaded figure in range (a cannon: one shot with its
// gun's canister), ranges in whole inches, capped at the target's figures. Bit for bit, for
// every pair of squads of the raid after two turns of doctrine play.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "embedded_scenario.h"
#include "rules/registry.h"
#include "rules/squad_skirmish/battle_impl.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using squad_skirmish::BattleSK;

double reference_kills(const BattleSK& b, int unit, int target) {
  const Resolution* fire = find_ruleset("squad-skirmish")->resolution("fire");
  auto mean = [&](const std::map<std::string, Value>& p) {
    return outcome_mean(*fire, *complete_params(fire->params, p), "kills");
  };
  const std::vector<int> figs = b.living(unit);
  int ready = 0;
  for (int k : figs) {
    if (b.figure(unit, k).loaded && b.in_range(unit, k, target)) ++ready;
  }
  const bool volley = (b.formed(unit) || b.option("sk_23_volley_source") == "any-squads") &&
                      ready >= static_cast<int>(b.option_number("sk_23_volley_min"));
  if (b.cannon(unit)) {
    if (!b.squad(unit).gun_loaded || figs.empty() || !b.in_range(unit, figs.front(), target)) {
      return 0;
    }
    auto p = b.fire_params(unit, figs.front(), target, false);
    p["canister"] = Value(b.squad(unit).gun_canister);
    return mean(p);
  }
  double sum = 0;
  for (int k : figs) {
    if (!b.figure(unit, k).loaded || !b.in_range(unit, k, target)) continue;
    auto p = b.fire_params(unit, k, target, volley);
    p["range"] = Value(std::round(as_number(p["range"])));
    sum += mean(p);
  }
  return std::min(sum, static_cast<double>(b.figure_count(target)));
}

TEST(SquadSkirmishExpectedKills, TypedShotsEqualTheResolutionsMean) {
  const Scenario sc = load_embedded("squad-skirmish/raid.toml");
  const Ruleset* rs = find_ruleset("squad-skirmish");
  ASSERT_NE(rs, nullptr);
  MatchConfig cfg;
  cfg.seed = 3;
  Match m(sc, *rs, cfg);
  m.play_turn();
  m.play_turn();
  const auto& b = dynamic_cast<const BattleSK&>(m.battle());
  const Force& f = b.force();
  int firing = 0;
  for (std::size_t u = 0; u < f.units.size(); ++u) {
    for (std::size_t t = 0; t < f.units.size(); ++t) {
      const int ui = static_cast<int>(u);
      const int ti = static_cast<int>(t);
      if (f.units[u].side == f.units[t].side || !b.can_act(ui) || !b.can_act(ti)) continue;
      const double want = reference_kills(b, ui, ti);
      EXPECT_EQ(b.expected_kills(ui, ti), want) << f.units[u].id << " at " << f.units[t].id;
      if (want > 0) ++firing;
    }
  }
  EXPECT_GT(firing, 3);
}

}  // namespace
}  // namespace smoothbore
