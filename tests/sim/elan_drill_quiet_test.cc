// elan-drill's quiet battles (EventLog::quiet, issue 9): generated battles of a few hundred
// stands, with D12-25's friendly hits on (the natural 12s of a shot's to-hit dice, which the
// shot's outcome counts as they are rolled, FireOutcome::natural_12s, so no decision reads a
// roll record), fought quiet and with their log under the same seed end the same way after
// the same dice, and count the same events of each kind.
#include <string>

#include <gtest/gtest.h>

#include "sim/quiet_battle_compare.h"
#include "sim/scale_test_util.h"

namespace smoothbore {
namespace {

TEST(ElanDrillQuiet, GeneratedBattlesEndAsWithTheirLog) {
  int with_option = 0;  // friendly hits in the natural-12 battles
  for (const std::uint64_t seed : {1, 2}) {
    for (const char* friendly : {"none", "natural-12"}) {
      Scenario sc = generated_battle("elan-drill", 150, seed);
      sc.options.set("d12_25_friendly_hits", Value(std::string(friendly)));
      const std::string what = "seed " + std::to_string(seed) + " " + friendly;
      const QuietAndLogged m = fight_quiet_and_logged(sc, seed, {"doctrine", "doctrine"});
      ASSERT_TRUE(m.logged) << what;
      expect_same_battle(*m.logged, *m.quiet, what);
      // The friendly hits happen (D12-25 natural-12), and only with the option.
      int friendly_hits = 0;
      for (const Event& e : m.logged->log().events()) {
        for (const auto& [k, v] : e.data) {
          friendly_hits += k == "how" && v == Value(std::string("friendly-hit"));
        }
      }
      if (std::string(friendly) == "none") {
        EXPECT_EQ(friendly_hits, 0) << what;
      } else {
        with_option += friendly_hits;
      }
    }
  }
  EXPECT_GT(with_option, 0);  // the quiet battles kept the to-hit records they needed
}

}  // namespace
}  // namespace smoothbore
