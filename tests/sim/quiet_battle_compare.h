// Shared by the rule sets' quiet tests (issue 9): one battle fought with its event log and
// quiet (EventLog::quiet, MatchConfig::quiet) under the same seed and commanders must draw
// the same dice, end the same way, leave every unit where the logged one left it, and count
// the same events of each kind (tests/sim/quiet_log_test.cc does this for every embedded
// scenario; these helpers serve option variants and generated battles).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/geometry/same_bits.h"
#include "rules/registry.h"
#include "sim/match.h"

namespace smoothbore {

inline void expect_quiet_battle_as_logged(const Scenario& sc, std::uint64_t seed,
                                          const std::vector<std::string>& commanders,
                                          const std::string& what) {
  const Ruleset* rs = find_ruleset(sc.ruleset);
  ASSERT_NE(rs, nullptr) << what;
  MatchConfig cfg;
  cfg.seed = seed;
  cfg.commanders = commanders;
  Match loud(sc, *rs, cfg);
  cfg.quiet = true;
  Match quiet(sc, *rs, cfg);
  loud.run();
  quiet.run();
  const MatchResult& a = *loud.result();
  const MatchResult& b = *quiet.result();
  EXPECT_EQ(a.winner, b.winner) << what;
  EXPECT_EQ(a.reason, b.reason) << what;
  EXPECT_EQ(a.turns, b.turns) << what;
  EXPECT_EQ(a.losses, b.losses) << what;
  EXPECT_EQ(a.summary, b.summary) << what;
  EXPECT_EQ(loud.battle().dice_drawn(), quiet.battle().dice_drawn()) << what;
  EXPECT_TRUE(quiet.log().events().empty()) << what;
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
    ASSERT_EQ(x.stands.size(), y.stands.size()) << what << " " << x.id;
    for (std::size_t s = 0; s < x.stands.size(); ++s) {
      EXPECT_TRUE(same_bits(x.stands[s].rect, y.stands[s].rect)) << what << " " << x.id;
      EXPECT_EQ(x.stands[s].figures, y.stands[s].figures) << what << " " << x.id;
    }
  }
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
