// elan-drill's quiet battles (EventLog::quiet, issue 9): generated battles of a few hundred
// stands, with D12-25's friendly hits on (the one place the battle reads a roll record:
// the natural 12s of a shot's to-hit dice), fought quiet and with their log under the same
// seed end the same way after the same dice, and count the same events of each kind.
#include <string>

#include <gtest/gtest.h>

#include "core/geometry/same_bits.h"
#include "rules/registry.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

TEST(ElanDrillQuiet, GeneratedBattlesEndAsWithTheirLog) {
  const Ruleset& rs = *find_ruleset("elan-drill");
  int with_option = 0;  // friendly hits in the natural-12 battles
  for (const std::uint64_t seed : {1, 2}) {
    for (const char* friendly : {"none", "natural-12"}) {
      Scenario sc = generated_battle("elan-drill", 150, seed);
      sc.options.set("d12_25_friendly_hits", Value(std::string(friendly)));
      const std::string what = "seed " + std::to_string(seed) + " " + friendly;
      MatchConfig cfg;
      cfg.seed = seed;
      Match loud(sc, rs, cfg);
      cfg.quiet = true;
      Match quiet(sc, rs, cfg);
      loud.run();
      quiet.run();
      EXPECT_EQ(loud.result()->winner, quiet.result()->winner) << what;
      EXPECT_EQ(loud.result()->turns, quiet.result()->turns) << what;
      EXPECT_EQ(loud.result()->summary, quiet.result()->summary) << what;
      EXPECT_EQ(loud.battle().dice_drawn(), quiet.battle().dice_drawn()) << what;
      const Force& a = loud.battle().force();
      const Force& b = quiet.battle().force();
      ASSERT_EQ(a.units.size(), b.units.size()) << what;
      for (std::size_t u = 0; u < a.units.size(); ++u) {
        EXPECT_EQ(a.units[u].status, b.units[u].status) << what << " " << a.units[u].id;
        EXPECT_EQ(a.units[u].figures(), b.units[u].figures()) << what << " " << a.units[u].id;
        EXPECT_TRUE(same_bits(a.units[u].footprint(), b.units[u].footprint()))
            << what << " " << a.units[u].id;
      }
      EXPECT_TRUE(quiet.log().events().empty()) << what;
      EXPECT_EQ(quiet.log().size(), loud.log().size()) << what;
      for (int k = 0; k <= static_cast<int>(EventKind::kBattleEnd); ++k) {
        const auto kind = static_cast<EventKind>(k);
        EXPECT_EQ(quiet.log().count(kind), loud.log().count(kind))
            << what << " " << event_kind_name(kind);
      }
      // The friendly hits happen (D12-25 natural-12), and only with the option.
      int friendly_hits = 0;
      for (const Event& e : loud.log().events()) {
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
