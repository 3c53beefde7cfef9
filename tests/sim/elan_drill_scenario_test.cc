// The rule-cited elan-drill scenarios (shared/rules/001.md) and the doctrine's use of
// the arms: a square receiving cavalry (L42, L234), a failed close-to-melee that fires instead
// (L24, D12-15), a three-round close action (L38-L40, D12-17), a broken unit rallying
// (R-001-2, R-001-3); squares against cavalry within charge reach, columns deploying to
// fire, guns choosing their shot (§8, D12-14). Invariants are checked after every step.
#include <string>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "sim/commander.h"
#include "sim/elan_drill_scenario.h"
#include "sim/scripted_commander.h"

namespace smoothbore::sim_test {
namespace {

std::string red_foot(std::string_view id, std::string_view formation, double y,
                     std::string_view extra = "") {
  return unit_toml(id, "infantry", formation, 20, 24, y, "facing = 180\n" + std::string(extra));
}
std::string blue_cavalry(double y, std::string_view extra) {
  return unit_toml("b1", "cavalry", "line", 10, 24, y,
                   "weapon = \"carbine\"\n" + std::string(extra));
}

// L42: cavalry closes on a square with 3D (Elan 12: it always closes, L71); in contact its
// blows are at -2 (L234).
TEST(ElanDrillScenario, SquareReceivesCavalry_L42_L234) {
  const Scenario sc =
      ed(blue_cavalry(4, "elan = 12\n"), red_foot("r1", "square", 12, "weapon = \"none\"\n"));
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    EXPECT_EQ(blue.unmatched(), 0);
    const auto closes = g.events_with("closes to melee", "b1", 1);
    if (g.unit("b1").status != UnitStatus::kActive && closes.empty()) continue;
    ASSERT_EQ(closes.size(), 1u) << "seed " << seed;
    EXPECT_EQ(closes.front()->rolls.front().faces.size(), 3u);  // vs Square 3D (L42)
    EXPECT_TRUE(std::get<bool>(*field(*closes.front(), "contact")));
    const auto rounds = g.events(EventKind::kMelee, "b1", 1);
    ASSERT_FALSE(rounds.empty());
    bool minus_two = false;
    for (const Modifier& m : rounds.front()->rolls.front().modifiers) {
      minus_two |= m.value == -2 && m.ref.find("L234") != std::string::npos;
    }
    EXPECT_TRUE(minus_two) << "seed " << seed;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// L24, D12-15: a charger with factor 0 (Elan 1, 1 DM) fails its 1D close-to-melee test:
// disrupted with 2 DMs it halts (L72) and fires its carbines instead.
TEST(ElanDrillScenario, FailedCloseToMeleeFiresInstead_L24_D12_15) {
  const Scenario sc =
      ed(blue_cavalry(4, "elan = 1\ndms = 1\n"), red_foot("r1", "line", 12, "weapon = \"none\"\n"));
  BattleHarness g(sc, 1);
  ScriptedCommander blue, red;
  blue.charge(g.idx("b1"), g.idx("r1"));
  g.play(blue, red);
  const auto closes = g.events_with("closes to melee", "b1", 1);
  ASSERT_EQ(closes.size(), 1u);
  EXPECT_FALSE(std::get<bool>(*field(*closes.front(), "contact")));
  EXPECT_TRUE(g.events(EventKind::kMelee, "b1", 1).empty());
  const auto fires = g.events_with("fires small-arms at", "b1", 1);
  ASSERT_FALSE(fires.empty());  // (and later its reactive fire in red's player turn)
  EXPECT_EQ(fires.front()->target, "r1");
  EXPECT_GT(g.position(fires.front()), g.position(closes.front()));  // later: close action
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// L38-L40, D12-17: neither side can fail (Elan 12, the column +3; so few hits, at
// musketry 1, that no special casualty costs a DM): three rounds, each
// with its end-of-round test of N dice (+1 per figure lost more), then the side that
// caused fewer casualties falls back.
TEST(ElanDrillScenario, ThreeRoundCloseAction_L38_D12_17) {
  const Scenario sc =
      ed(unit_toml("b1", "infantry", "column", 20, 24, 4, "elan = 12\nmusketry = 1\n"),
         red_foot("r1", "line", 12, "elan = 12\nmusketry = 1\nweapon = \"none\"\n"));
  int full = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    const auto rounds = g.events(EventKind::kMelee, "b1", 1);
    ASSERT_EQ(rounds.size(), 3u) << "seed " << seed;
    for (int n = 1; n <= 3; ++n) {
      const auto tests =
          g.events_with(fmt::format("tests Elan at the end of round {}", n), "r1", 1);
      ASSERT_EQ(tests.size(), 1u);
      EXPECT_GE(tests.front()->rolls.front().faces.size(), static_cast<std::size_t>(n));
    }
    EXPECT_EQ(g.events_with("falls back ½ move after 3 rounds", "", 1).size(), 1u);
    ++full;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_EQ(full, 5);
}

// R-001-2, R-001-3: r1 (Elan 12, 3 DMs) breaks at 4+ DMs after blue's volley; in its own
// command phase it rallies moving (1D vs 12 - its DMs, L32, L55): a success removes a DM
// and, under 4 DMs, it is no longer broken; otherwise it stays broken and flees on.
TEST(ElanDrillScenario, BrokenUnitRallies_R001_2) {
  const Scenario sc = ed(unit_toml("b1", "infantry", "line", 20, 24, 6, "musketry = 8\n"),
                         red_foot("r1", "line", 12.5, "elan = 12\ndms = 3\n"));
  int rallied = 0, still = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    if (g.events_with("breaks", "r1", 1).empty()) continue;
    const auto rally = g.events_with("rallies", "r1", 1);
    if (rally.empty()) continue;  // destroyed by the volley
    ASSERT_EQ(rally.size(), 1u) << "seed " << seed;
    const RollRecord& r = rally.front()->rolls.front();
    ASSERT_EQ(r.faces.size(), 1u);                    // Rally (Moving) 1D12 (L32)
    const int dms = 12 - static_cast<int>(r.target);  // Elan 12 - 1 per DM (L55)
    ASSERT_GE(dms, 4);
    const bool rallies = r.faces.front() <= r.target && dms - 1 < 4;
    EXPECT_EQ(int_field(*rally.front(), "dms"), r.faces.front() <= r.target ? dms - 1 : dms);
    EXPECT_EQ(rally.front()->text.find("no longer broken") != std::string::npos, rallies)
        << "seed " << seed;
    if (rallies) {
      ++rallied;
      EXPECT_EQ(g.unit("r1").status, UnitStatus::kActive);
    } else {
      ++still;  // still broken: it flees on in its movement phase (D12-05), here off the table
      EXPECT_NE(g.unit("r1").status, UnitStatus::kActive);
    }
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_GT(rallied, 2);
  EXPECT_GT(still, 2);
}

// The doctrine: red's line forms square when blue's cavalry, the nearest enemy, is within
// its charge reach (12" + 4", D12-07), before any charge is declared.
TEST(ElanDrillScenario, DoctrineFormsSquareWhenCavalryThreatens) {
  const Scenario sc = ed(blue_cavalry(4, ""), red_foot("r1", "line", 18));
  BattleHarness g(sc, 1);
  ScriptedCommander blue;
  auto red = make_commander("doctrine", Rng(1, 1));
  g.battle().play_turn({&blue, red.get()}, g.log());
  EXPECT_EQ(g.unit("r1").formation, "square");
  EXPECT_FALSE(g.events_with("forms square", "r1", 1).empty());
  // Beyond its reach (26" away) the line stays a line.
  const Scenario far = ed(blue_cavalry(2, ""), red_foot("r1", "line", 30));
  BattleHarness h(far, 1);
  auto red2 = make_commander("doctrine", Rng(1, 1));
  h.battle().play_turn({&blue, red2.get()}, h.log());
  EXPECT_NE(h.unit("r1").formation, "square");
}

// The doctrine: red's line has no room for a square (the small r2 stands where the square's
// corner would be) but room for a closed column (narrower, L113): against cavalry in reach it
// forms closed column, for the +3 Élan in close action (L62) that makes its close-to-melee
// test (L41-L44) fail less often; with room, it forms square as above.
TEST(ElanDrillScenario, DoctrineFormsClosedColumnWithoutRoomForSquare_L62) {
  for (const bool room : {false, true}) {
    const std::string r2 =
        unit_toml("r2", "infantry", "column", 2, room ? 20 : 22.05, 16.95, "facing = 180\n");
    const Scenario sc = ed(blue_cavalry(4, "elan = 12\n"), red_foot("r1", "line", 18) + r2);
    BattleHarness g(sc, 1);
    ScriptedCommander blue;
    auto red = make_commander("doctrine", Rng(1, 1));
    g.battle().play_turn({&blue, red.get()}, g.log());
    EXPECT_EQ(g.unit("r1").formation, room ? "square" : "closed-column");
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// The doctrine: a column within musket range of a line it cannot beat by charging deploys
// (its four front figures against twenty, D12-11), then fires as a line.
TEST(ElanDrillScenario, DoctrineDeploysColumnToFire_D12_11) {
  const Scenario sc = ed(unit_toml("b1", "infantry", "column", 20, 24, 6, ""),
                         red_foot("r1", "line", 17, "weapon = \"none\"\n"));
  BattleHarness g(sc, 1);
  auto blue = make_commander("doctrine", Rng(1, 1));
  ScriptedCommander red;
  g.battle().play_turn({blue.get(), &red}, g.log());
  const std::string& f = g.unit("b1").formation;
  EXPECT_TRUE(f == "line" || f == "two-rank-line") << f;
}

// The doctrine's guns fire the shot with the most expected casualties among those the range
// allows: canister at a column 8" away (6D, L159), solid shot beyond canister range.
TEST(ElanDrillScenario, DoctrineChoosesTheShot_D12_14) {
  for (const auto& [y, want] : {std::pair{10.0, "canister"}, std::pair{30.0, "solid-shot"}}) {
    const Scenario sc =
        ed(unit_toml("bg", "foot-artillery", "unlimbered", 4, 24, 2, "gun = \"medium\"\n"),
           red_foot("r1", "column", y, "weapon = \"none\"\n"));
    BattleHarness g(sc, 1);
    auto blue = make_commander("doctrine", Rng(1, 1));
    ScriptedCommander red;
    g.battle().play_turn({blue.get(), &red}, g.log());
    const auto orders = g.events_with("orders fire", "bg", 1);
    ASSERT_FALSE(orders.empty());
    EXPECT_NE(orders.front()->text.find(std::string("shot=") + want), std::string::npos)
        << orders.front()->text;
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
