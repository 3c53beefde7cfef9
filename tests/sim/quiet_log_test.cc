// A quiet event log (EventLog, MatchConfig::quiet; issue 9) is for battles nobody reads: it
// keeps no events and the rule sets build no narrative for it. It must not change the
// battle: every embedded scenario of every rule set, fought quiet and with its log under
// the same seed and commanders, draws the same dice, ends the same way and leaves every
// unit, stand and leader where the logged battle left it; the quiet log counts the same
// events of each kind.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/geometry/same_bits.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

constexpr EventKind kKinds[] = {
    EventKind::kBattleStart, EventKind::kTurnStart, EventKind::kPhase,      EventKind::kOrder,
    EventKind::kMove,        EventKind::kFormation, EventKind::kFire,       EventKind::kCharge,
    EventKind::kMelee,       EventKind::kMorale,    EventKind::kInitiative, EventKind::kStatus,
    EventKind::kRout,        EventKind::kRemoved,   EventKind::kBattleEnd,
};

void expect_same_battle(const Match& loud, const Match& quiet, const std::string& what) {
  const MatchResult& a = *loud.result();
  const MatchResult& b = *quiet.result();
  EXPECT_EQ(a.winner, b.winner) << what;
  EXPECT_EQ(a.reason, b.reason) << what;
  EXPECT_EQ(a.turns, b.turns) << what;
  EXPECT_EQ(a.broken, b.broken) << what;
  EXPECT_EQ(a.losses, b.losses) << what;
  EXPECT_EQ(a.points, b.points) << what;
  EXPECT_EQ(a.summary, b.summary) << what;
  EXPECT_EQ(loud.battle().dice_drawn(), quiet.battle().dice_drawn()) << what;
  const Force& fa = loud.battle().force();
  const Force& fb = quiet.battle().force();
  ASSERT_EQ(fa.units.size(), fb.units.size()) << what;
  for (std::size_t u = 0; u < fa.units.size(); ++u) {
    const Unit& x = fa.units[u];
    const Unit& y = fb.units[u];
    EXPECT_EQ(x.status, y.status) << what << " " << x.id;
    EXPECT_EQ(x.formation, y.formation) << what << " " << x.id;
    ASSERT_EQ(x.stands.size(), y.stands.size()) << what << " " << x.id;
    for (std::size_t s = 0; s < x.stands.size(); ++s) {
      EXPECT_TRUE(same_bits(x.stands[s].rect, y.stands[s].rect)) << what << " " << x.id;
      EXPECT_EQ(x.stands[s].figures, y.stands[s].figures) << what << " " << x.id;
      EXPECT_EQ(x.stands[s].castings, y.stands[s].castings) << what << " " << x.id;
      EXPECT_EQ(x.stands[s].removed, y.stands[s].removed) << what << " " << x.id;
    }
    ASSERT_EQ(x.markers.size(), y.markers.size()) << what << " " << x.id;
  }
  ASSERT_EQ(fa.leaders.size(), fb.leaders.size()) << what;
  for (std::size_t l = 0; l < fa.leaders.size(); ++l) {
    EXPECT_EQ(fa.leaders[l].alive, fb.leaders[l].alive) << what;
    EXPECT_EQ(fa.leaders[l].position.x, fb.leaders[l].position.x) << what;
    EXPECT_EQ(fa.leaders[l].position.y, fb.leaders[l].position.y) << what;
  }
}

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
      {
        const std::string what = std::string(f.path) + " seed " + std::to_string(seed) + " " +
                                 commanders[0] + "/" + commanders[1];
        MatchConfig cfg;
        cfg.seed = seed;
        cfg.commanders = commanders;
        Match loud(sc, *rs, cfg);
        cfg.quiet = true;
        Match quiet(sc, *rs, cfg);
        loud.run();
        quiet.run();
        expect_same_battle(loud, quiet, what);
        EXPECT_FALSE(loud.log().quiet());
        EXPECT_TRUE(quiet.log().quiet());
        EXPECT_TRUE(quiet.log().events().empty()) << what;
        EXPECT_EQ(loud.log().events().size(), loud.log().size()) << what;
        EXPECT_EQ(quiet.log().size(), loud.log().size()) << what;
        for (EventKind k : kKinds) {
          EXPECT_EQ(quiet.log().count(k), loud.log().count(k)) << what << " " << event_kind_name(k);
        }
        EXPECT_EQ(loud.log().count(EventKind::kBattleEnd), 1u) << what;
        ++battles;
      }
    }
  }
  EXPECT_GE(battles, 5 * 3);  // every rule set has at least one playable scenario
}

// The kind counts are those of the events kept.
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
}

}  // namespace
}  // namespace smoothbore
