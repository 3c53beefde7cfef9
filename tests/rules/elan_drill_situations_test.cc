// elan-drill's typed situations (situations.h, issue 9): the battle weighs and rolls them
// without a parameter map, so on random situations each must give back the parameters it
// came from, and its odds must be the generic resolution's on those parameters, bit for bit.
#include <gtest/gtest.h>

#include <random>

#include "rules/elan_drill/pool_odds.h"
#include "rules/elan_drill/situations.h"
#include "rules/elan_drill/tables.h"
#include "rules/registry.h"
#include "rules/resolution.h"

namespace smoothbore::elan_drill {
namespace {

class Situations : public ::testing::Test {
 protected:
  const Ruleset& rs() const { return *find_ruleset("elan-drill"); }
  const Resolution& resolution(const std::string& name) const { return *rs().resolution(name); }
  Params complete(const std::string& name, const std::map<std::string, Value>& given) const {
    return rs().battle_params(name, given);
  }
  bool coin() { return rng_() % 2 == 0; }
  int between(int lo, int hi) { return lo + static_cast<int>(rng_() % (hi - lo + 1)); }
  double inches(double hi) { return std::uniform_real_distribution<double>(0, hi)(rng_); }
  const Row* any_row(const std::string& table_name) {
    const auto& rows = table(table_name).rows;
    return &rows[rng_() % rows.size()];
  }
  FireModifiers any_fire_modifiers() { return {coin(), between(0, 12), coin(), coin()}; }
  std::mt19937 rng_{2026};
};

TEST_F(Situations, SmallArmsAreTheResolution) {
  const Resolution& r = resolution("small-arms");
  for (int trial = 0; trial < 300; ++trial) {
    SmallArmsSituation s;
    s.weapon = any_row("fire.weapons");
    s.fire = any_row("fire.fire_types");
    s.figures = between(1, 60);
    s.skill = between(0, 12);
    s.range = trial % 5 == 0 ? static_cast<double>(between(0, 30)) : inches(30);
    s.mounted = coin();
    s.two_rank_line = coin();
    s.first_fire = coin();
    s.general = any_fire_modifiers();
    s.platoon_round_up = coin();
    s.pistol_no_penalty = coin();
    s.duplicates_twice = coin();
    const Params p = complete("small-arms", small_arms_params(s));
    EXPECT_EQ(small_arms_situation(p), s) << trial;
    EXPECT_EQ(success_mean(small_arms_pool(s)), outcome_mean(r, p, "hits")) << trial;
  }
}

}  // namespace
}  // namespace smoothbore::elan_drill
