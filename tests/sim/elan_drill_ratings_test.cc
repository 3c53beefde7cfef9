// D12-02 (d12_02_ratings): unrated Élan / Drill / Gunnery / Musketry factors come from the
// §2.2 proposals (default), or (`scenario`) every unit gives its own, and a unit that does
// not is a scenario error naming the file, the unit and the factor.
#include <string>

#include <gtest/gtest.h>

#include "io/scenario_file.h"
#include "rules/elan_drill/battle_impl.h"
#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

constexpr const char* kRated = "elan = 9\ndrill = 6\nmusketry = 4\n";

std::string text(std::string_view ratings, std::string_view b1_extra) {
  std::string t = scenario_toml(
      unit_toml("b1", "infantry", "line", 20, 24, 4, b1_extra),
      unit_toml("r1", "infantry", "line", 20, 24, 20, std::string("facing = 180\n") + kRated),
      std::string("d12_02_ratings = \"") + std::string(ratings) + "\"");
  t.replace(t.find("fast-1805"), 9, "elan-drill");
  return t;
}

// With `scenario`, b1 giving only its Élan is refused: one error per missing factor, naming
// the file and the unit; r1, fully rated, has none.
TEST(ElanDrillRatings, ScenarioRatingsRefuseAnUnratedUnit_D12_02) {
  const auto s = load_scenario_text(text("scenario", "elan = 9\n"), "ratings.toml");
  ASSERT_FALSE(s.has_value());
  std::string all;
  for (const Diagnostic& d : s.error()) all += format(d) + "\n";
  for (const char* factor : {"drill", "musketry"}) {
    EXPECT_NE(all.find(std::string("unit 'b1': d12_02_ratings = \"scenario\": the unit must give "
                                   "its ") +
                       factor + " factor"),
              std::string::npos)
        << all;
  }
  EXPECT_NE(all.find("ratings.toml:"), std::string::npos) << all;
  EXPECT_EQ(all.find("elan factor"), std::string::npos) << all;
  EXPECT_EQ(all.find("unit 'r1'"), std::string::npos) << all;
  EXPECT_EQ(s.error().size(), 2u) << all;
}

// By default the same unit loads and takes the proposed Steady ratings (Drill 7, §2.2); with
// `scenario` and every factor given the battle plays the given ones.
TEST(ElanDrillRatings, ProposedOrGivenRatings_D12_02) {
  const Scenario proposed = load_scenario(text("proposed", "elan = 9\n"));
  const elan_drill::BattleED a(proposed, 1, 0);
  EXPECT_EQ(a.elan(a.force().unit_index("b1")), 9);
  EXPECT_EQ(a.drill(a.force().unit_index("b1")), 7);
  const Scenario given = load_scenario(text("scenario", kRated));
  const elan_drill::BattleED b(given, 1, 0);
  EXPECT_EQ(b.elan(b.force().unit_index("b1")), 9);
  EXPECT_EQ(b.drill(b.force().unit_index("b1")), 6);
  EXPECT_EQ(b.musketry(b.force().unit_index("b1")), 4);
}

// A scenario built in code, past the check, with an unrated unit: the battle refuses to
// start (an internal check: user input never gets there).
TEST(ElanDrillRatingsDeathTest, UnratedUnitStopsTheBattle_D12_02) {
  Scenario sc = load_scenario(text("proposed", "elan = 9\n"));
  sc.options.set("d12_02_ratings", Value(std::string("scenario")));
  EXPECT_DEATH(elan_drill::BattleED(sc, 1, 0), "unit 'b1': d12_02_ratings");
}

}  // namespace
}  // namespace smoothbore::sim_test
