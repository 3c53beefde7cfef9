// group-orders builds no narrative, roll records or event data for a quiet log (issue 9):
// battles under every option's alternative that adds, skips or words events differently,
// and a generated battle of a few hundred stands, end quiet exactly as with their log (the
// embedded scenarios with the defaults are tests/sim/quiet_log_test.cc's). The morale score
// that orders follow comes from the roll (OrderChange::score), not from its record.
#include <gtest/gtest.h>

#include "sim/embedded_scenario.h"
#include "sim/quiet_battle_compare.h"
#include "sim/scale_test_util.h"

namespace smoothbore {
namespace {

TEST(GroupOrdersQuiet, EveryOptionAlternativeEndsAsWithItsLog) {
  const std::vector<Scenario> base = {load_embedded("group-orders/small.toml"),
                                      load_embedded("group-orders/battle.toml")};
  const std::vector<std::pair<std::string, Value>> alternatives = {
      {"h4_01_sequence", std::string("simultaneous")},
      {"h4_01_morale_after_shooting", false},
      {"h4_03_routed_artillery", std::string("routs")},
      {"h4_07_disorder_clears", std::string("next-turn")},
      {"h4_09_charged_test", std::string("none")},
      {"h4_10_results", std::string("attacker-first")},
      {"h4_13_artillery_killed", std::string("tester")},
      {"h4_14_fall_back_blocked", std::string("stop")},
      {"h4_15_test_scope", std::string("unit")},
      {"h4_16_general_range", std::string("fixed-20")},
      {"h4_17_general_contacted", std::string("retires")},
      {"h4_18_square", std::string("any-orders")},
      {"h4_22_light_split", std::string("one-die")},
      {"h4_24_note_reconstructed", false},
      {"h4_25_missile_halt", std::string("halt-only")},
  };
  expect_quiet_alternatives_as_logged(base, alternatives);
}

TEST(GroupOrdersQuiet, GeneratedBattleEndsAsWithItsLog) {
  const Scenario sc = generated_battle("group-orders", 200, 1);
  expect_quiet_battle_as_logged(sc, 1, {"doctrine", "doctrine"}, "generated 200 stands");
}

}  // namespace
}  // namespace smoothbore
