// D12-01 (d12_01_test_direction): every Élan test, Drill test and rally of the battle
// succeeds on a die <= the factor (roll-under, the digest's proposal) or, with `roll-over`,
// on a die >= 13 - the factor: the same odds, other faces. Checked on every test record of
// generated battles: the failures are the faces the option's direction fails.
#include <regex>
#include <string>

#include <gtest/gtest.h>

#include "rules/registry.h"
#include "sim/match.h"
#include "sim/scale_test_util.h"

namespace smoothbore {
namespace {

struct Directions {
  int tests = 0;            // test records ("F failures of Nd12 vs T: ...")
  int as_under = 0;         // whose failures are the faces above T
  int as_over = 0;          // whose failures are the faces below 13 - T
  int roll_over_notes = 0;  // records naming D12-01's roll-over
};

Directions directions(const char* direction, std::uint64_t seed) {
  const Ruleset& rs = *find_ruleset("elan-drill");
  Scenario sc = generated_battle("elan-drill", 150, seed);
  sc.options.set("d12_01_test_direction", Value(std::string(direction)));
  MatchConfig cfg;
  cfg.seed = seed;
  Match m(sc, rs, cfg);
  m.run();
  static const std::regex kTest(R"(^(\d+) failures? of (\d+)d12 vs (-?\d+):)");
  Directions d;
  for (const Event& e : m.log().events()) {
    for (const RollRecord& r : e.rolls) {
      std::smatch match;
      if (!std::regex_search(r.result, match, kTest)) continue;
      const int failures = std::stoi(match[1]), dice = std::stoi(match[2]);
      const int factor = std::stoi(match[3]);
      if (static_cast<int>(r.faces.size()) != dice) continue;  // not a single pool
      ++d.tests;
      int above = 0, below = 0;
      for (const int f : r.faces) {
        above += f > factor ? 1 : 0;
        below += f < 13 - factor ? 1 : 0;
      }
      d.as_under += failures == above ? 1 : 0;
      d.as_over += failures == below ? 1 : 0;
      d.roll_over_notes += r.result.find("roll-over") != std::string::npos ? 1 : 0;
    }
  }
  return d;
}

TEST(ElanDrillTestDirection, RollUnderAndRollOver_D12_01) {
  const Directions under = directions("roll-under", 1);
  ASSERT_GT(under.tests, 20);
  EXPECT_EQ(under.as_under, under.tests);
  EXPECT_LT(under.as_over, under.tests);  // some test's faces read the other way differ
  EXPECT_EQ(under.roll_over_notes, 0);
  const Directions over = directions("roll-over", 1);
  ASSERT_GT(over.tests, 20);
  EXPECT_EQ(over.as_over, over.tests);
  EXPECT_LT(over.as_under, over.tests);
  EXPECT_EQ(over.roll_over_notes, over.tests);
}

}  // namespace
}  // namespace smoothbore
