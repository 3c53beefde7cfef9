// fire-and-discipline under a quiet event log (issue 9 round 11): generated
// battles of a few hundred stands a side, played turn by turn quiet and with their log
// under the same seed and commanders, draw the same dice, leave every stand where the
// logged battle left it and count the same events of each kind (quiet_log_test.cc fights
// the shipped scenarios to their end).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "rules/registry.h"
#include "sim/quiet_battle_compare.h"
#include "sim/scale_test_util.h"

namespace smoothbore {
namespace {

TEST(FireAndDisciplineQuiet, GeneratedBattlesPlayAsWithTheirLog) {
  const Ruleset* rs = find_ruleset("fire-and-discipline");
  ASSERT_NE(rs, nullptr);
  for (const std::uint64_t seed : {1u, 2u}) {
    const Scenario sc = generated_battle("fire-and-discipline", 300, seed);
    MatchConfig cfg;
    cfg.seed = seed;
    cfg.commanders = {"doctrine", "doctrine"};
    Match loud(sc, *rs, cfg);
    cfg.quiet = true;
    Match quiet(sc, *rs, cfg);
    for (int turn = 1; turn <= 4; ++turn) {
      loud.play_turn();
      quiet.play_turn();
      const std::string what = "seed " + std::to_string(seed) + " turn " + std::to_string(turn);
      expect_same_battle(loud, quiet, what);
    }
    EXPECT_GT(loud.log().count(EventKind::kFire), 0u) << seed;
    EXPECT_GT(loud.log().count(EventKind::kMove), 0u) << seed;
  }
}

}  // namespace
}  // namespace smoothbore
