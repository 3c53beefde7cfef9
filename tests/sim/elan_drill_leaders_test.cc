// elan-drill leaders (shared/rules/001.md §3 L7, D12-22, R-001-4): a leader attaches to a
// unit in the command phase (where his commander places him) and adds +1 (d12_22_leader_bonus) to
// its Élan and Drill factors; a special casualty (natural 12 save, L261) hits him instead of adding
// a DM. Reinforcements (L8, D12-23) roll to arrive in their side's command phase.
#include <string>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "sim/commander.h"
#include "sim/elan_drill_scenario.h"

namespace smoothbore::sim_test {
namespace {

constexpr std::string_view kLeader = "[[leaders]]\nid = \"ney\"\nside = \"blue\"\nx = 24\ny = 3\n";

// D12-22: b1 (Élan 7, 2 DMs) rallies at factor 7 - 2 + 1 = 6 with the leader attached; at
// 5 with d12_22_leader_bonus = 0.
TEST(ElanDrillLeaders, AttachedLeaderAddsToTheFactor_L7_D12_22) {
  for (const int bonus : {1, 0}) {
    const Scenario sc = ed(unit_toml("b1", "infantry", "line", 20, 24, 4, "elan = 7\ndms = 2\n"),
                           unit_toml("r1", "infantry", "line", 20, 24, 32, "facing = 180\n"),
                           fmt::format("d12_22_leader_bonus = {}", bonus), "", kLeader);
    BattleHarness g(sc, 3);
    ScriptedCommander blue, red;
    g.play(blue, red);
    const auto attach = g.events_with("attaches to", "b1", 1);
    ASSERT_EQ(attach.size(), 1u);
    EXPECT_LT(g.position(attach.front()), g.position(g.events_with("rallies", "b1", 1).front()));
    const auto rally = g.events_with("rallies", "b1", 1);
    ASSERT_EQ(rally.size(), 1u);
    EXPECT_EQ(rally.front()->rolls.front().target, 5 + bonus);
    EXPECT_EQ(g.force().leaders.front().attached_unit, g.idx("b1"));
  }
}

// R-001-4: the first special casualty on b1 hits the leader (wounded or killed, he leaves
// the battle) before any special casualty adds a DM; with r001_4_special = none, never.
TEST(ElanDrillLeaders, SpecialCasualtyHitsTheLeader_R001_4) {
  for (const bool special : {true, false}) {
    int hit = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      const Scenario sc = ed(unit_toml("b1", "infantry", "line", 20, 24, 8, "elan = 12\n"),
                             unit_toml("r1", "infantry", "line", 24, 24, 13, "facing = 180\n"),
                             special ? "" : "r001_4_special = \"none\"", "", kLeader);
      BattleHarness g(sc, seed);
      ScriptedCommander blue, red;
      red.fire(g.idx("r1"), g.idx("b1"));
      g.play(blue, red);
      const auto hits = g.events_with("(special casualty, R-001-4)", "b1", 1);
      const auto dms = g.events_with("DM (special casualty", "b1", 1);
      if (!special) {
        EXPECT_TRUE(hits.empty());
        EXPECT_TRUE(dms.empty());
        continue;
      }
      if (hits.empty()) {
        EXPECT_TRUE(dms.empty());  // no special casualty at all
        continue;
      }
      ++hit;
      ASSERT_EQ(hits.size(), 1u);
      EXPECT_EQ(hits.front()->rolls.front().faces.size(), 1u);
      for (const Event* d : dms) EXPECT_GT(g.position(d), g.position(hits.front()));
      EXPECT_FALSE(g.force().leaders.front().alive);
      EXPECT_EQ(g.force().leaders.front().attached_unit, -1);
    }
    if (special) {
      EXPECT_GT(hit, 0);
    }
  }
}

// D12-23: b2 (arrival 1) waits off the table, not counted as lost, and rolls 1D12 each
// blue command phase against 1, 3, 5, ... (+2 per failure; +0 with the option at 0) until
// the roll arrives; b3 (arrival 12) always arrives at once.
TEST(ElanDrillLeaders, ReinforcementsArriveByRoll_D12_23) {
  for (const int step : {2, 0}) {
    const Scenario sc = ed(unit_toml("b1", "infantry", "line", 20, 24, 4) +
                               unit_toml("b2", "infantry", "line", 20, 10, 2, "arrival = 1\n") +
                               unit_toml("b3", "infantry", "line", 20, 38, 2, "arrival = 12\n"),
                           unit_toml("r1", "infantry", "line", 20, 24, 33, "facing = 180\n"),
                           fmt::format("d12_23_reinforcement_step = {}", step));
    BattleHarness g(sc, 7);
    EXPECT_EQ(g.unit("b2").status, UnitStatus::kOffTable);
    EXPECT_EQ(g.battle().broken_fraction(0), 0.0);
    ScriptedCommander blue, red;
    int expected_target = 1;
    bool arrived = false;
    for (int turn = 1; turn <= 6 && !arrived; ++turn) {
      g.play(blue, red);
      const auto rolls = g.events_with("(reinforcements, D12-23)", "b2", turn);
      ASSERT_EQ(rolls.size(), 1u);
      EXPECT_EQ(rolls.front()->rolls.front().target, expected_target) << "turn " << turn;
      arrived = std::get<bool>(*field(*rolls.front(), "arrives"));
      EXPECT_EQ(g.unit("b2").status == UnitStatus::kActive, arrived);
      expected_target = std::min(12, expected_target + step);
      ASSERT_EQ(g.events_with("arrives (reinforcements", "b3", 1).size(), 1u);
    }
    EXPECT_EQ(g.unit("b3").status, UnitStatus::kActive);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// Holds every unit; places its leader with `want` when offered (OrderSource::react).
class LeaderPlacer final : public OrderSource {
 public:
  int want = -1;
  std::vector<Action> offered;
  Action choose(const Battle&, int, const std::vector<Action>& legal) override {
    return legal.front();
  }
  Action react(const Battle&, int, const std::vector<Action>& legal) override {
    offered = legal;
    for (const Action& a : legal) {
      if (a.target == want) return a;
    }
    return legal.front();
  }
};

// L7: with b1 and b2 both within his 24" (D12-07) the leader's commander is asked; the
// default offered first is the unit nearest the enemy (b1). He attaches to b2 as told, then
// detaches and goes to b1; the doctrine keeps the default.
TEST(ElanDrillLeaders, CommanderPlacesTheLeader_L7) {
  const Scenario sc =
      ed(unit_toml("b1", "infantry", "line", 20, 24, 4) +
             unit_toml("b2", "infantry", "line", 20, 36, 2),
         unit_toml("r1", "infantry", "line", 20, 24, 32, "facing = 180\n"), "", "", kLeader);
  BattleHarness g(sc, 1);
  LeaderPlacer blue;
  ScriptedCommander red;
  blue.want = g.idx("b2");
  g.battle().play_turn({&blue, &red}, g.log());
  ASSERT_EQ(blue.offered.size(), 2u);
  EXPECT_EQ(blue.offered.front().target, g.idx("b1"));
  EXPECT_EQ(g.force().leaders.front().attached_unit, g.idx("b2"));
  blue.want = g.idx("b1");
  g.battle().play_turn({&blue, &red}, g.log());
  EXPECT_EQ(g.events_with("detaches from b2 and attaches to b1", "b1", 2).size(), 1u);
  EXPECT_EQ(g.force().leaders.front().attached_unit, g.idx("b1"));
  BattleHarness h(sc, 1);
  auto doctrine = make_commander("doctrine", Rng(1, 1));
  h.battle().play_turn({doctrine.get(), &red}, h.log());
  EXPECT_EQ(h.force().leaders.front().attached_unit, h.idx("b1"));
}

}  // namespace
}  // namespace smoothbore::sim_test
