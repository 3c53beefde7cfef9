// Every fast-1805 option's alternative is wired into play (design.md: "Tests pin the
// default and at least the main alternative"): battles with the alternative keep every
// invariant after every step, and change what happens in at least one of a set of seeded
// battles. The behaviour of each alternative is tested in detail where it is cheap to
// isolate (fast_1805_options_test.cc, fast_1805_battle_test.cc, fast_1805_combat_test.cc).
#include <gtest/gtest.h>

#include <set>

#include "core/events/jsonl.h"
#include "io/scenario_file.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"
#include "sim/options_sweep.h"

namespace smoothbore {
namespace {

// Hashes of a fixed set of battles (the small shipped battle and a proving ground where
// every optional rule comes up; doctrine and random commanders; 10 seeds each), checking
// invariants after every step.
std::vector<std::uint64_t> play_set(const std::vector<Scenario>& scenarios,
                                    const std::string& label) {
  return options_sweep::play(scenarios, label, 10);
}

struct Alternative {
  std::string option;
  Value value;
};

// Alternatives that these battles rarely or never reach, with the test that pins them.
const std::set<std::string> kRare = {
    // Differs from the default only for routed skirmishers (18" vs 12") and routed cavalry
    // columns (12" vs 18"), which these battles seldom produce. The table lookup it switches
    // is pinned by the movement golden test (tests/rules/fast_1805_tables_test.cc), and the
    // battle reads rout rates through the same movement_rate() as a2_wood_swap, which does
    // change these battles.
    "a2_rout_literal",
    // Matters only when a unit re-enters a building after it burnt and its occupants fled;
    // the default (closed) is pinned by Fast1805Combat.ArtilleryFireOnBuilding_L139_A2_16.
    "a2_burnt_building_closed",
    // The two readings give the same kills for a unit whose figures share one %; the roll
    // record differs only when modifiers drive the % below 0 (trenches): pinned by
    // tests/rules/fast_1805_options_test.cc.
    "a2_percent_floor",
};

TEST(Fast1805OptionsSweep, EveryAlternativeIsPlayableAndChangesPlay) {
  auto ground = load_scenario_file(std::string(SMOOTHBORE_SOURCE_DIR) +
                                   "/tests/sim/data/proving_ground.toml");
  ASSERT_TRUE(ground.has_value()) << format(ground.error().front());
  std::vector<Scenario> base = {load_embedded("fast-1805/small.toml"), *ground};
  const std::vector<std::uint64_t> defaults = play_set(base, "defaults");
  const std::vector<Alternative> alternatives = {
      {"a2_move_then_shoot", true},
      {"a2_shaken_applies", std::string("all")},
      {"a2_shaken_until", std::string("this-bound")},
      {"a2_rout_immediate_move", true},
      {"a2_untrained_rout_disperses", false},
      {"a2_untrained_stand_percent", std::int64_t{10}},
      {"a2_cavalry_vs_square", std::string("full")},
      {"a2_column_shooters", std::string("all")},
      {"a2_lower_band_inclusive", true},
      {"a2_percent_floor", std::string("total")},
      {"a2_first_fire", std::string("target")},
      {"a2_overlap", std::string("one")},
      {"a2_first_charge_once_per_game", true},
      {"a2_melee_continues", false},
      {"a2_close_morale", std::string("both")},
      {"a2_morale_trigger", std::string("per-bound")},
      {"a2_burnt_building_closed", false},
      {"a2_large_target_vs_building", false},
      {"a2_counter_battery", std::string("simultaneous")},
      {"a2_limber_explosion_percent", std::int64_t{100}},
      {"a2_horses", std::int64_t{2}},
      {"a2_gun_destroyed_percent", std::int64_t{0}},
      {"a2_gun_repair_percent", std::int64_t{0}},
      {"a2_concealment", false},
      {"a2_mixed_terrain", std::string("slowest")},
      {"a2_routers_interpenetrate", true},
      {"a2_drop_affects_melee", true},
      {"a2_army_break", 0.3},
      {"a2_shaken_may_charge", true},
      {"a2_haitian_skirmish", true},
      {"a2_rout_literal", true},
      {"a2_wood_swap", true},
      {"a2_melee_rowmajor", true},
  };
  // Every option of the rule set is in the sweep.
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  std::set<std::string> swept;
  for (const Alternative& a : alternatives) swept.insert(a.option);
  for (const ParamSpec& spec : rs->options()) {
    EXPECT_TRUE(swept.count(spec.name)) << spec.name << " is not in the sweep";
  }
  std::vector<std::string> unchanged;
  for (const Alternative& a : alternatives) {
    std::vector<Scenario> alt = base;
    options_sweep::apply(*rs, {a.option, a.value}, alt);  // with a2_army_break's [end] copy
    const std::vector<std::uint64_t> hashes = play_set(alt, a.option);
    if (hashes == defaults) unchanged.push_back(a.option);
  }
  for (const std::string& name : unchanged) {
    EXPECT_TRUE(kRare.count(name)) << name << "'s alternative changed no battle";
  }
}

}  // namespace
}  // namespace smoothbore
