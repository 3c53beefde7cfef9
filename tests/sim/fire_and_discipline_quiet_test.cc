// fire-and-discipline under a quiet event log (issue 9 round 11, quiet_log.h): generated
// battles of a few hundred stands a side, played turn by turn quiet and with their log
// under the same seed and commanders, draw the same dice, leave every stand where the
// logged battle left it and count the same events of each kind (quiet_log_test.cc fights
// the shipped scenarios to their end).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/geometry/same_bits.h"
#include "rules/registry.h"
#include "scale_test_util.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

constexpr EventKind kKinds[] = {
    EventKind::kBattleStart, EventKind::kTurnStart, EventKind::kPhase,      EventKind::kOrder,
    EventKind::kMove,        EventKind::kFormation, EventKind::kFire,       EventKind::kCharge,
    EventKind::kMelee,       EventKind::kMorale,    EventKind::kInitiative, EventKind::kStatus,
    EventKind::kRout,        EventKind::kRemoved,   EventKind::kBattleEnd,
};

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
      EXPECT_EQ(loud.battle().dice_drawn(), quiet.battle().dice_drawn()) << what;
      EXPECT_TRUE(quiet.log().events().empty()) << what;
      EXPECT_EQ(quiet.log().size(), loud.log().size()) << what;
      for (const EventKind k : kKinds) {
        EXPECT_EQ(quiet.log().count(k), loud.log().count(k)) << what << " " << event_kind_name(k);
      }
      const Force& fa = loud.battle().force();
      const Force& fb = quiet.battle().force();
      ASSERT_EQ(fa.units.size(), fb.units.size()) << what;
      for (std::size_t u = 0; u < fa.units.size(); ++u) {
        const Unit& x = fa.units[u];
        const Unit& y = fb.units[u];
        EXPECT_EQ(x.status, y.status) << what << " " << x.id;
        ASSERT_EQ(x.stands.size(), y.stands.size()) << what << " " << x.id;
        for (std::size_t s = 0; s < x.stands.size(); ++s) {
          EXPECT_TRUE(same_bits(x.stands[s].rect, y.stands[s].rect)) << what << " " << x.id;
          EXPECT_EQ(x.stands[s].figures, y.stands[s].figures) << what << " " << x.id;
          EXPECT_EQ(x.stands[s].removed, y.stands[s].removed) << what << " " << x.id;
        }
      }
    }
    EXPECT_GT(loud.log().count(EventKind::kFire), 0u) << seed;
    EXPECT_GT(loud.log().count(EventKind::kMove), 0u) << seed;
  }
}

}  // namespace
}  // namespace smoothbore
