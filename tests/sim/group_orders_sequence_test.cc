// The group-orders sequence of play (shared/rules/004.md H4-01): the default alternate player
// turns against the option `simultaneous` (both sides together, a D6 each for initiative,
// simultaneous shooting, one melee and one morale step).
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/group_orders_toml.h"
#include "sim/scripted_commander.h"

namespace smoothbore::sim_test {
namespace {

// Two single-stand battalions 4 cm apart on Stand: each shoots at the other every turn.
Scenario duel(const std::string& sequence) {
  return go_scenario(
      group("b1", go_unit("b1", "medium-infantry", 1, 60, 30, "orders = \"stand\"")),
      group("r1", go_unit("r1", "medium-infantry", 1, 60, 36.4, "orders = \"stand\"")), "",
      "h4_01_sequence = \"" + sequence + "\"");
}

std::vector<std::string> phases(const BattleHarness& g) {
  std::vector<std::string> out;
  for (const Event* e : g.events(EventKind::kPhase)) out.push_back(e->text);
  return out;
}

// H4-01 default: blue's seven phases, then red's; no initiative die.
TEST(GroupOrdersSequence, AlternatePlayerTurns_H4_01) {
  BattleHarness g(duel("alternate"), 1);
  ScriptedCommander blue, red;
  g.play(blue, red);
  const std::vector<std::string> want = {
      "blue: orders",  "blue: rally",   "blue: charge tests", "blue: movement", "blue: shooting",
      "blue: melee",   "blue: morale",  "red: orders",        "red: rally",     "red: charge tests",
      "red: movement", "red: shooting", "red: melee",         "red: morale"};
  EXPECT_EQ(phases(g), want);
  EXPECT_TRUE(g.events(EventKind::kInitiative).empty());
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// H4-01 simultaneous: a D6 each for initiative, the higher side's orders and movement first
// (ties: the first side), then one shooting, melee and morale step for both sides.
TEST(GroupOrdersSequence, SimultaneousWithInitiative_H4_01) {
  int red_first = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    BattleHarness g(duel("simultaneous"), seed);
    ScriptedCommander blue, red;
    g.play(blue, red);
    const auto dice = g.events(EventKind::kInitiative);
    ASSERT_EQ(dice.size(), 3u);
    ASSERT_EQ(dice[0]->rolls.size(), 1u);
    const int b = dice[0]->rolls[0].faces.at(0), r = dice[1]->rolls[0].faces.at(0);
    EXPECT_EQ(dice[0]->side, "blue");
    EXPECT_EQ(dice[1]->side, "red");
    const std::string first = r > b ? "red" : "blue";
    const std::string second = r > b ? "blue" : "red";
    red_first += r > b ? 1 : 0;
    EXPECT_EQ(dice[2]->text, first + " moves first (H4-01)");
    const std::vector<std::string> want = {
        "both sides: initiative",  first + ": orders",   second + ": orders",
        first + ": rally",         second + ": rally",   first + ": charge tests",
        second + ": charge tests", first + ": movement", second + ": movement",
        "both sides: shooting",    "both sides: melee",  "both sides: morale"};
    EXPECT_EQ(phases(g), want) << "seed " << seed;
    // Simultaneous shooting: both fire even when the first shot kills the other's last stand.
    EXPECT_EQ(g.events(EventKind::kFire, "b1", 1).size(), 1u) << "seed " << seed;
    EXPECT_EQ(g.events(EventKind::kFire, "r1", 1).size(), 1u) << "seed " << seed;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_GT(red_first, 0);
  EXPECT_LT(red_first, 12);
}

// The difference the option makes: alternately, blue's kill of red's only stand comes before
// red's turn, so red does not fire back; simultaneously it always does.
TEST(GroupOrdersSequence, SimultaneousShootingLetsTheKilledFire_H4_01) {
  int silenced = 0;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    BattleHarness g(duel("alternate"), seed);
    ScriptedCommander blue, red;
    g.play(blue, red);
    if (g.unit("r1").status != UnitStatus::kActive && g.events(EventKind::kFire, "r1", 1).empty()) {
      ++silenced;
    }
  }
  EXPECT_GT(silenced, 0);
}

// L4: a Group on Advance whose units all hold (or creep) is refused with the reason, and a
// unit is asked again among the moves of at least half its maximum speed (10 cm for
// infantry, L42); a Group that keeps the pace is not.
TEST(GroupOrdersSequence, AdvanceMovesAtLeastHalfSpeed_L4) {
  for (const char* how : {"hold", "creep", "half"}) {
    const Scenario sc = go_scenario(
        group("b1", go_unit("b-a", "medium-infantry", 4, 40, 10, "orders = \"advance\"") +
                        go_unit("b-b", "medium-infantry", 4, 80, 10)),
        group("r1", go_unit("r1", "medium-infantry", 4, 60, 70, "orders = \"stand\"")),
        general("bg", "blue", "b1", 60, 4));
    BattleHarness g(sc, 5);
    ScriptedCommander blue, red;
    const Vec2 a0 = g.unit("b-a").footprint().centre, b0 = g.unit("b-b").footprint().centre;
    if (std::string(how) == "half") {
      blue.set(g.idx("b-b"), {ActionKind::kMove, -1, "", true, [&](const Action& a) {
                                return std::abs(distance(a.destination, b0) - 100) < 1;
                              }});
    }
    if (std::string(how) == "creep") {  // a referee's 3 cm step, not among the legal actions
      Push creep(g.idx("b-a"), a0 + Vec2{0, 30});
      g.battle().play_turn({&creep, &red}, g.log());
    } else {
      g.play(blue, red);
    }
    const auto refused = g.events_with("orders refused: on Advance at least one unit", "", 1);
    const double moved = std::max(distance(g.unit("b-a").footprint().centre, a0),
                                  distance(g.unit("b-b").footprint().centre, b0));
    EXPECT_GE(moved, 100 - 1e-6) << how;
    if (std::string(how) == "half") {
      EXPECT_TRUE(refused.empty());
      EXPECT_EQ(blue.unmatched(), 0);
    } else {
      ASSERT_EQ(refused.size(), 1u) << how;
      EXPECT_NE(refused.front()->text.find("(L4)"), std::string::npos);
      EXPECT_EQ(refused.front()->unit, "b-a");  // the first Advancing unit is asked again
    }
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
