// squad-skirmish fought quiet (EventLog::quiet, issue 9) builds no text, roll records nor event
// data; it must end exactly as the same battle with its log. quiet_log_test.cc checks the
// embedded scenarios under their own options; this fights them under the options whose
// emitting code the defaults leave out (the per-side deck, immediate morale tests, rolled
// retreats, officers replaced, Heroes, melee rolled per pairing or falling back, a roll per
// figure) and a generated battle of a few hundred figures a side.
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "core/geometry/same_bits.h"
#include "io/generate.h"
#include "io/scenario_file.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

using SkQuietOptions = std::vector<std::pair<std::string, Value>>;

// Fights `sc` with its log and quiet under seed `seed`: the same dice, the same end, every
// figure where the logged battle left it, and the same count of events of each kind.
void expect_sk_quiet_as_logged(const Scenario& sc, std::uint64_t seed, const std::string& what) {
  const Ruleset* rs = find_ruleset("squad-skirmish");
  ASSERT_NE(rs, nullptr);
  MatchConfig cfg;
  cfg.seed = seed;
  cfg.commanders = {"doctrine", "doctrine"};
  Match loud(sc, *rs, cfg);
  cfg.quiet = true;
  Match quiet(sc, *rs, cfg);
  loud.run();
  quiet.run();
  const MatchResult& a = *loud.result();
  const MatchResult& b = *quiet.result();
  EXPECT_EQ(a.winner, b.winner) << what;
  EXPECT_EQ(a.turns, b.turns) << what;
  EXPECT_EQ(a.losses, b.losses) << what;
  EXPECT_EQ(a.summary, b.summary) << what;
  EXPECT_EQ(loud.battle().dice_drawn(), quiet.battle().dice_drawn()) << what;
  const Force& fa = loud.battle().force();
  const Force& fb = quiet.battle().force();
  ASSERT_EQ(fa.units.size(), fb.units.size()) << what;
  for (std::size_t u = 0; u < fa.units.size(); ++u) {
    EXPECT_EQ(fa.units[u].status, fb.units[u].status) << what << " " << fa.units[u].id;
    ASSERT_EQ(fa.units[u].stands.size(), fb.units[u].stands.size()) << what;
    for (std::size_t s = 0; s < fa.units[u].stands.size(); ++s) {
      EXPECT_TRUE(same_bits(fa.units[u].stands[s].rect, fb.units[u].stands[s].rect))
          << what << " " << fa.units[u].id << " figure " << s;
      EXPECT_EQ(fa.units[u].stands[s].removed, fb.units[u].stands[s].removed) << what;
    }
  }
  EXPECT_GT(loud.log().count(EventKind::kFire), 0u) << what;  // a battle, not a stand-off
  EXPECT_TRUE(quiet.log().events().empty()) << what;
  EXPECT_EQ(quiet.log().size(), loud.log().size()) << what;
  for (int k = 0; k <= static_cast<int>(EventKind::kBattleEnd); ++k) {
    const auto kind = static_cast<EventKind>(k);
    EXPECT_EQ(quiet.log().count(kind), loud.log().count(kind))
        << what << " " << event_kind_name(kind);
  }
}

TEST(SquadSkirmishQuiet, OptionsEndAsWithTheirLog) {
  const std::vector<SkQuietOptions> variants = {
      {{"sk_01_cards", Value(std::string("per-side"))},
       {"sk_14_retreat", Value(std::string("rolled-move"))}},
      {{"sk_02_casualty_test", Value(std::string("immediate"))},
       {"sk_18_officer_killed", Value(std::string("leader-promoted"))},
       {"sk_heroes", Value(true)},
       {"sk_21_heroes_officers", Value(true)}},
      {{"sk_13_versus_two", Value(std::string("roll-each"))},
       {"sk_13_loser", Value(std::string("falls-back"))},
       {"sk_11_move_roll", Value(std::string("per-figure"))},
       {"sk_12_charge_reach", Value(std::string("any-distance"))}},
  };
  for (const char* path : {"squad-skirmish/raid.toml", "squad-skirmish/small.toml"}) {
    for (std::size_t v = 0; v < variants.size(); ++v) {
      Scenario sc = load_embedded(path);
      for (const auto& [name, value] : variants[v]) sc.options.set(name, value);
      for (std::uint64_t seed : {1, 2, 3}) {
        expect_sk_quiet_as_logged(
            sc, seed,
            std::string(path) + " variant " + std::to_string(v) + " seed " + std::to_string(seed));
      }
    }
  }
}

TEST(SquadSkirmishQuiet, GeneratedBattleEndsAsWithItsLog) {
  const Ruleset* rs = find_ruleset("squad-skirmish");
  ASSERT_NE(rs, nullptr);
  const auto text = generate_scenario(*rs, GenerateRequest{300, 1});
  ASSERT_TRUE(text.has_value()) << (text ? "" : text.error());
  auto sc = load_scenario_text(*text, "generated");
  ASSERT_TRUE(sc.has_value());
  sc->end.turn_limit = 3;
  expect_sk_quiet_as_logged(*sc, 1, "generated 300 stands");
}

}  // namespace
}  // namespace smoothbore
