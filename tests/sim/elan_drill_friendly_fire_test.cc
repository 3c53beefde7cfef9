// elan-drill fire at an enemy in contact only with friends (L205 -1, D12-25; friendly_fire.cc):
// b2 fires at r1, which is touching b1 (and only b1). By default the fire takes -1 and never
// strikes b1
// (`none`); with `natural-12` each natural 12 among b2's to-hit dice strikes b1 instead.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

TEST(ElanDrillFriendlyFire, FireIntoAMeleeTakesMinusOneAndNatural12sStrikeTheFriend_D12_25) {
  for (const bool natural12 : {false, true}) {
    // Lines of 20 are 1.2" deep (two ranks of 0.6"): 1.3" apart they touch.
    const Scenario sc = ed(unit_toml("b1", "infantry", "line", 20, 24, 20, "elan = 12\n") +
                               unit_toml("b2", "infantry", "line", 12, 34, 16, "facing = 292\n"),
                           unit_toml("r1", "infantry", "line", 20, 24, 21.3,
                                     "facing = 180\nelan = 12\nweapon = \"none\"\n"),
                           natural12 ? "d12_25_friendly_hits = \"natural-12\"" : "");
    int twelves_seen = 0;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      BattleHarness g(sc, seed);
      ScriptedCommander blue, red;
      blue.set(g.idx("b2"), {ActionKind::kFire, g.idx("r1"), "", {}, nullptr});
      g.play(blue, red);
      // b2's fire at r1: its ordered fire, and its reactive fire in red's player turn.
      int twelves = 0, fired = 0;
      for (const Event* e : g.events(EventKind::kFire, "b2", 1)) {
        if (e->target != "r1" || field(*e, "how") != nullptr) continue;
        ++fired;
        const RollRecord& to_hit = e->rolls.front();
        bool l205 = false;
        for (const Modifier& m : to_hit.modifiers) {
          l205 = l205 || (m.value == -1 && m.ref.find("L205") != std::string::npos);
        }
        EXPECT_TRUE(l205) << "seed " << seed;
        twelves += static_cast<int>(std::count(to_hit.faces.begin(), to_hit.faces.end(), 12));
      }
      EXPECT_GE(fired, 1) << "seed " << seed;
      twelves_seen += twelves;
      int struck = 0;
      for (const Event* e : g.events_with("in contact with it", "b2", 1)) {
        EXPECT_EQ(e->target, "b1");
        struck += int_field(*e, "hits");
      }
      EXPECT_EQ(struck, natural12 ? twelves : 0) << "seed " << seed;
      EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    }
    EXPECT_GT(twelves_seen, 0);
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
