// fast-1805 builds no narrative, roll records or event data for a quiet log (issue 9):
// battles under every option's alternative, and a generated battle of a few hundred
// stands, end quiet exactly as with their log (the embedded scenarios with the defaults
// are tests/sim/quiet_log_test.cc's).
#include <gtest/gtest.h>

#include "io/scenario_file.h"
#include "sim/embedded_scenario.h"
#include "sim/quiet_battle_compare.h"
#include "sim/scale_test_util.h"

namespace smoothbore {
namespace {

TEST(Fast1805Quiet, EveryOptionAlternativeEndsAsWithItsLog) {
  auto ground = load_scenario_file(std::string(SMOOTHBORE_SOURCE_DIR) +
                                   "/tests/sim/data/proving_ground.toml");
  ASSERT_TRUE(ground.has_value()) << format(ground.error().front());
  const std::vector<Scenario> base = {load_embedded("fast-1805/small.toml"), *ground};
  // The alternatives that add or skip events, rolls or texts (the rest change numbers).
  const std::vector<std::pair<std::string, Value>> alternatives = {
      {"a2_move_then_shoot", true},
      {"a2_shaken_applies", std::string("all")},
      {"a2_rout_immediate_move", true},
      {"a2_untrained_rout_disperses", false},
      {"a2_untrained_stand_percent", std::int64_t{10}},
      {"a2_percent_floor", std::string("total")},
      {"a2_melee_continues", false},
      {"a2_close_morale", std::string("both")},
      {"a2_morale_trigger", std::string("per-bound")},
      {"a2_counter_battery", std::string("simultaneous")},
      {"a2_limber_explosion_percent", std::int64_t{100}},
      {"a2_gun_repair_percent", std::int64_t{0}},
      {"a2_concealment", false},
      {"a2_routers_interpenetrate", true},
      {"a2_drop_affects_melee", true},
      {"a2_lower_band_inclusive", true},
      {"a2_melee_rowmajor", true},
  };
  expect_quiet_alternatives_as_logged(base, alternatives);
}

TEST(Fast1805Quiet, GeneratedBattleEndsAsWithItsLog) {
  const Scenario sc = generated_battle("fast-1805", 200, 1);
  expect_quiet_battle_as_logged(sc, 1, {"doctrine", "doctrine"}, "generated 200 stands");
}

}  // namespace
}  // namespace smoothbore
