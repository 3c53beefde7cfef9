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

#include "io/generate.h"
#include "io/scenario_file.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"
#include "sim/quiet_battle_compare.h"

namespace smoothbore {
namespace {

using SkQuietOptions = std::vector<std::pair<std::string, Value>>;

// Fights `sc` with its log and quiet under seed `seed` (quiet_battle_compare.h); the
// battle fires, so the fire, kill and reload code quiet skips is exercised.
void expect_sk_quiet_as_logged(const Scenario& sc, std::uint64_t seed, const std::string& what) {
  const QuietAndLogged m = fight_quiet_and_logged(sc, seed, {"doctrine", "doctrine"});
  ASSERT_TRUE(m.logged) << what;
  expect_same_battle(*m.logged, *m.quiet, what);
  EXPECT_GT(m.logged->log().count(EventKind::kFire), 0u) << what;  // a battle, not a stand-off
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
