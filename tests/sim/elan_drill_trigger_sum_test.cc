// D12-03 (d12_03_trigger_sum): simultaneous Élan triggers of a fire step are summed into one
// test (the digest's proposal), or tested one by one (`per-trigger`).
#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

// b1's battalion volley at close range (L36) strikes r1 with 2+ casualties (L34): by
// default r1 takes one test with both triggers' dice; with `per-trigger` two tests, the
// first with L34's dice only, the second with L36's only.
TEST(ElanDrillTriggerSum, PerTriggerOption_D12_03) {
  int struck = 0, split = 0;
  for (const bool per : {false, true}) {
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      BattleHarness g(volley_scenario(9, fmt::format("d12_03_trigger_sum = \"{}\"",
                                                     per ? "per-trigger" : "one-test")),
                      seed);
      const Event* fired = volley_at_r1(g);
      ASSERT_NE(fired, nullptr);
      const Event& volley = *fired;
      ASSERT_LE(as_number(*field(volley, "range_in")), 6.0);  // the musket's Close (L138)
      if (int_field(volley, "casualties") < 2) continue;
      ++struck;
      const auto tests = rest_of_phase(g, volley, "tests Elan after", "r1");
      const char* kTwo = "Each two casualties from fire";
      const char* kVolley = "Casualty by Battalion Volley or Canister (close)";
      if (!per) {
        ASSERT_EQ(tests.size(), 1u) << seed;
        EXPECT_TRUE(cites(*tests[0], kTwo) && cites(*tests[0], kVolley)) << seed;
      } else {
        ASSERT_FALSE(tests.empty()) << seed;
        // Special casualties (R-001-4) may have left r1 few enough to break on the first.
        if (tests[0]->text.find("broken (R-001-3)") != std::string::npos) continue;
        ASSERT_EQ(tests.size(), 2u) << seed;
        ++split;
        EXPECT_NE(tests[0]->text.find("from fire (L34)"), std::string::npos);
        EXPECT_TRUE(cites(*tests[0], kTwo) && !cites(*tests[0], kVolley)) << seed;
        EXPECT_NE(tests[1]->text.find("from fire (L36)"), std::string::npos);
        EXPECT_TRUE(!cites(*tests[1], kTwo) && cites(*tests[1], kVolley)) << seed;
      }
      EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    }
  }
  EXPECT_GT(struck, 4);
  EXPECT_GT(split, 2);
}

}  // namespace
}  // namespace smoothbore::sim_test
