// A quiet event log (EventLog, MatchConfig::quiet; issue 9) is for battles nobody reads: it
// keeps no events and the rule sets build no narrative for it. It must not change the
// battle: every embedded scenario of every rule set, fought quiet and with its log under
// the same seed and commanders, draws the same dice, ends the same way and leaves every
// unit, stand and leader where the logged battle left it; the quiet log counts the same
// events of each kind.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "rules/registry.h"
#include "sim/embedded_scenario.h"
#include "sim/quiet_battle_compare.h"

namespace smoothbore {
namespace {

TEST(QuietLog, EveryScenarioEndsAsWithItsLog) {
  int battles = 0;
  for (const embedded::File& f : embedded::scenario_files()) {
    const Scenario sc = load_embedded(std::string(f.path));
    const Ruleset* rs = find_ruleset(sc.ruleset);
    ASSERT_NE(rs, nullptr) << f.path;
    if (!rs->playable()) continue;
    struct Trial {
      std::uint64_t seed;
      std::vector<std::string> commanders;
    };
    for (const auto& [seed, commanders] :
         {Trial{1, {"doctrine", "doctrine"}}, Trial{2, {"doctrine", "doctrine"}},
          Trial{3, {"random", "doctrine"}}}) {
      const std::string what = std::string(f.path) + " seed " + std::to_string(seed) + " " +
                               commanders[0] + "/" + commanders[1];
      const QuietAndLogged m = fight_quiet_and_logged(sc, seed, commanders);
      ASSERT_TRUE(m.logged) << what;
      expect_same_battle(*m.logged, *m.quiet, what);
      EXPECT_EQ(m.logged->log().count(EventKind::kBattleEnd), 1u) << what;
      ++battles;
    }
  }
  EXPECT_GE(battles, 5 * 3);  // every rule set has at least one playable scenario
}

// The kind counts are those of the events appended, kept or not; record_for.
TEST(QuietLog, CountsAreTheEventsOfEachKind) {
  EventLog log;
  for (EventKind k : {EventKind::kFire, EventKind::kMove, EventKind::kFire}) {
    Event e;
    e.kind = k;
    log.append(std::move(e));
  }
  EXPECT_EQ(log.size(), 3u);
  EXPECT_EQ(log.events().size(), 3u);
  EXPECT_EQ(log.count(EventKind::kFire), 2u);
  EXPECT_EQ(log.count(EventKind::kMove), 1u);
  EXPECT_EQ(log.count(EventKind::kMelee), 0u);
  EventLog quiet(true);
  Event e;
  e.kind = EventKind::kMelee;
  quiet.append(std::move(e));
  EXPECT_EQ(quiet.size(), 1u);
  EXPECT_TRUE(quiet.events().empty());
  EXPECT_EQ(quiet.count(EventKind::kMelee), 1u);
  // The records a resolution fills: the caller's for a logged battle, none for a quiet one.
  RollRecord one;
  std::vector<RollRecord> many;
  EXPECT_EQ(record_for(log, one), &one);
  EXPECT_EQ(record_for(log, many), &many);
  EXPECT_EQ(record_for(quiet, one), nullptr);
  EXPECT_EQ(record_for(quiet, many), nullptr);
}

}  // namespace
}  // namespace smoothbore
