// R-001-3 (option r001_3_break_dms): a unit with that many DMs is broken, in every Élan test
// the battle rolls, the L45 / D12-36 test of a friend broken within 4" included (it once
// rolled at the resolution's default of 4 whatever the option said). With the option at 1,
// every friends-broken test that adds a DM breaks the unit.
#include <string>

#include <gtest/gtest.h>

#include "rules/registry.h"
#include "sim/match.h"
#include "sim/scale_test_util.h"

namespace smoothbore {
namespace {

TEST(ElanDrillBreakDms, FriendsBrokenTestsBreakAtTheOptionsDms_R0013_L45) {
  const Ruleset& rs = *find_ruleset("elan-drill");
  int with_dm = 0;
  for (const std::uint64_t seed : {1, 2}) {
    Scenario sc = generated_battle("elan-drill", 150, seed);
    sc.options.set("r001_3_break_dms", Value(std::int64_t{1}));
    MatchConfig cfg;
    cfg.seed = seed;
    Match m(sc, rs, cfg);
    m.run();
    for (const Event& e : m.log().events()) {
      if (e.kind != EventKind::kMorale ||
          e.text.find("broken within 4\" (L45)") == std::string::npos)
        continue;
      ASSERT_EQ(e.rolls.size(), 1u) << e.text;
      const std::string& result = e.rolls.front().result;
      if (result.find(" DM") == std::string::npos) continue;  // no DM added
      ++with_dm;
      EXPECT_NE(result.find("broken (R-001-3)"), std::string::npos) << e.text << ": " << result;
    }
  }
  EXPECT_GT(with_dm, 0);  // the case happens
}

}  // namespace
}  // namespace smoothbore
