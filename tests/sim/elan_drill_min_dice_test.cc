// R-001-1 (options r001_1_min_dice and r001_1_factor_cap): every Élan test, Drill test and
// rally the battle rolls takes at least the option's dice and, with the cap, a factor within
// 1..11. The battle once filled neither into its tests (they kept the resolution's defaults
// whatever the scenario said).
#include <algorithm>
#include <regex>
#include <string>

#include <gtest/gtest.h>

#include "rules/registry.h"
#include "sim/match.h"
#include "sim/scale_test_util.h"

namespace smoothbore {
namespace {

struct TestRolls {
  int tests = 0;      // records of a test against the D12 factor
  int raised = 0;     // of them, dice raised to the minimum
  int clamped = 0;    // of them, factor clamped to 1..11
  int fewest = 99;    // the fewest dice rolled
  int lowest = 99;    // the lowest factor rolled against
  int highest = -99;  // the highest
};

TestRolls test_rolls(const char* option, const Value& value, std::uint64_t seed) {
  const Ruleset& rs = *find_ruleset("elan-drill");
  Scenario sc = generated_battle("elan-drill", 150, seed);
  sc.options.set(option, value);
  MatchConfig cfg;
  cfg.seed = seed;
  Match m(sc, rs, cfg);
  m.run();
  // run_test's record: "F failures of Nd12 vs T: ..." (test_resolutions.cc).
  static const std::regex kTest(R"(failures? of (\d+)d12 vs (-?\d+):)");
  TestRolls t;
  for (const Event& e : m.log().events()) {
    for (const RollRecord& r : e.rolls) {
      std::smatch match;
      if (!std::regex_search(r.result, match, kTest)) continue;
      ++t.tests;
      const int dice = std::stoi(match[1]), factor = std::stoi(match[2]);
      t.fewest = std::min(t.fewest, dice);
      t.lowest = std::min(t.lowest, factor);
      t.highest = std::max(t.highest, factor);
      if (r.result.find("(minimum, R-001-1)") != std::string::npos) ++t.raised;
      for (const Modifier& mod : r.modifiers) {
        if (mod.name == "factor clamped to 1..11") ++t.clamped;
      }
    }
  }
  return t;
}

TEST(ElanDrillMinDice, EveryTestRollsAtLeastTheOptionsDice_R0011) {
  const TestRolls t = test_rolls("r001_1_min_dice", Value(std::int64_t{3}), 1);
  ASSERT_GT(t.tests, 20);
  EXPECT_GE(t.fewest, 3);
  EXPECT_GT(t.raised, 0);  // some test had fewer dice of its own
  // At the default (1) a test may roll fewer than 3 dice: the option is what raised them.
  EXPECT_LT(test_rolls("r001_1_min_dice", Value(std::int64_t{1}), 1).fewest, 3);
}

TEST(ElanDrillMinDice, CappedFactorsStayWithinOneToEleven_R0011) {
  int uncapped_highest = -99;
  for (const std::uint64_t seed : {1, 2}) {
    const TestRolls t = test_rolls("r001_1_factor_cap", Value(std::string("1-11")), seed);
    ASSERT_GT(t.tests, 20);
    EXPECT_GE(t.lowest, 1) << "seed " << seed;
    EXPECT_LE(t.highest, 11) << "seed " << seed;
    uncapped_highest =
        std::max(uncapped_highest,
                 test_rolls("r001_1_factor_cap", Value(std::string("none")), seed).highest);
  }
  // Uncapped (the default), some factor is 12 or more: the cap is what kept them within 11.
  EXPECT_GT(uncapped_highest, 11);
}

}  // namespace
}  // namespace smoothbore
