// Shared by the rule sets' quiet tests (issue 9): one battle fought with its event log and
// quiet (EventLog::quiet, MatchConfig::quiet) under the same seed and commanders must draw
// the same dice, end the same way, leave every unit where the logged one left it, and count
// the same events of each kind (tests/sim/quiet_log_test.cc does this for every embedded
// scenario; these helpers serve option variants and generated battles).
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/geometry/same_bits.h"
#include "rules/registry.h"
#include "sim/match.h"

namespace smoothbore {

// One scenario fought twice under the same seed and commanders: with its log and quiet.
struct QuietAndLogged {
  std::unique_ptr<Match> logged;
  std::unique_ptr<Match> quiet;
};

inline QuietAndLogged fight_quiet_and_logged(const Scenario& sc, std::uint64_t seed,
                                             const std::vector<std::string>& commanders) {
  const Ruleset* rs = find_ruleset(sc.ruleset);
  if (rs == nullptr) {
    ADD_FAILURE() << "no rule set " << sc.ruleset;
    return {};
  }
  MatchConfig cfg;
  cfg.seed = seed;
  cfg.commanders = commanders;
  QuietAndLogged out;
  out.logged = std::make_unique<Match>(sc, *rs, cfg);
  cfg.quiet = true;
  out.quiet = std::make_unique<Match>(sc, *rs, cfg);
  out.logged->run();
  out.quiet->run();
  return out;
}

// The same dice, the same end (once there is one), every unit, stand and leader as the logged
// battle left them, and the same count of events of each kind; the quiet log keeps none. Between
// turns too: the results are compared once both have one.
inline void expect_same_battle(Match& loud, Match& quiet, const std::string& what) {
  ASSERT_EQ(loud.finished(), quiet.finished()) << what;
  if (loud.finished()) {
    const MatchResult& a = *loud.result();
    const MatchResult& b = *quiet.result();
    EXPECT_EQ(a.winner, b.winner) << what;
    EXPECT_EQ(a.reason, b.reason) << what;
    EXPECT_EQ(a.turns, b.turns) << what;
    EXPECT_EQ(a.broken, b.broken) << what;
    EXPECT_EQ(a.losses, b.losses) << what;
    EXPECT_EQ(a.points, b.points) << what;
    EXPECT_EQ(a.summary, b.summary) << what;
  }
  EXPECT_EQ(loud.battle().turn(), quiet.battle().turn()) << what;
  EXPECT_EQ(loud.battle().dice_drawn(), quiet.battle().dice_drawn()) << what;
  EXPECT_FALSE(loud.log().quiet()) << what;
  EXPECT_TRUE(quiet.log().quiet()) << what;
  EXPECT_TRUE(quiet.log().events().empty()) << what;
  EXPECT_EQ(loud.log().events().size(), loud.log().size()) << what;
  EXPECT_EQ(quiet.log().size(), loud.log().size()) << what;
  for (int k = 0; k <= static_cast<int>(EventKind::kBattleEnd); ++k) {
    const auto kind = static_cast<EventKind>(k);
    EXPECT_EQ(quiet.log().count(kind), loud.log().count(kind))
        << what << " " << event_kind_name(kind);
  }
  const Force& fa = loud.battle().force();
  const Force& fb = quiet.battle().force();
  ASSERT_EQ(fa.units.size(), fb.units.size()) << what;
  for (std::size_t u = 0; u < fa.units.size(); ++u) {
    const Unit& x = fa.units[u];
    const Unit& y = fb.units[u];
    EXPECT_EQ(x.status, y.status) << what << " " << x.id;
    EXPECT_EQ(x.formation, y.formation) << what << " " << x.id;
    EXPECT_EQ(x.markers.size(), y.markers.size()) << what << " " << x.id;
    ASSERT_EQ(x.stands.size(), y.stands.size()) << what << " " << x.id;
    for (std::size_t s = 0; s < x.stands.size(); ++s) {
      EXPECT_TRUE(same_bits(x.stands[s].rect, y.stands[s].rect)) << what << " " << x.id;
      EXPECT_EQ(x.stands[s].figures, y.stands[s].figures) << what << " " << x.id;
      EXPECT_EQ(x.stands[s].castings, y.stands[s].castings) << what << " " << x.id;
      EXPECT_EQ(x.stands[s].removed, y.stands[s].removed) << what << " " << x.id;
    }
  }
  ASSERT_EQ(fa.leaders.size(), fb.leaders.size()) << what;
  for (std::size_t l = 0; l < fa.leaders.size(); ++l) {
    EXPECT_EQ(fa.leaders[l].alive, fb.leaders[l].alive) << what << " " << fa.leaders[l].id;
    EXPECT_TRUE(same_bits(fa.leaders[l].position.x, fb.leaders[l].position.x)) << what;
    EXPECT_TRUE(same_bits(fa.leaders[l].position.y, fb.leaders[l].position.y)) << what;
  }
}

inline void expect_quiet_battle_as_logged(const Scenario& sc, std::uint64_t seed,
                                          const std::vector<std::string>& commanders,
                                          const std::string& what) {
  const QuietAndLogged m = fight_quiet_and_logged(sc, seed, commanders);
  if (m.logged) expect_same_battle(*m.logged, *m.quiet, what);
}

// expect_quiet_battle_as_logged for each of `alternatives` (an option and its value) set on
// each of `base`: seeds 1 and 2, doctrine and random commanders on both sides.
inline void expect_quiet_alternatives_as_logged(
    const std::vector<Scenario>& base,
    const std::vector<std::pair<std::string, Value>>& alternatives) {
  for (const auto& [option, value] : alternatives) {
    for (Scenario sc : base) {
      sc.options.set(option, value);
      for (std::uint64_t seed : {1, 2}) {
        for (const std::vector<std::string>& commanders :
             {std::vector<std::string>{"doctrine", "doctrine"},
              std::vector<std::string>{"random", "random"}}) {
          expect_quiet_battle_as_logged(
              sc, seed, commanders,
              option + " " + sc.name + " seed " + std::to_string(seed) + " " + commanders[0]);
        }
      }
    }
  }
}

}  // namespace smoothbore
