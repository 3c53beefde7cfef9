// The group-orders battle driven through the Battle interface with scripted orders (shared/
// rules/004.md): the proposed sequence of play (H4-01), Groups under Generals choosing orders
// through their first unit (H4-02), an Advance halting 10 cm from Massed enemy and going to
// Stand (L6), a Reserve that may not close within 20 cm (L11, H4-26), a rout to the table
// edge (L27, H4-03), order changes after tests (H4-02, L218-L231), shooting removing stands
// (L132-L137), artillery firing only on Stand (L22), charges into melee (H4-08, L145-L165).
// Invariants are checked after every step.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "sim/group_orders_toml.h"
#include "sim/scripted_commander.h"

namespace smoothbore::sim_test {
namespace {

// H4-01: the phases in order for each side; Groups' units asked together, the first unit
// (the General's choice) offered every order, the others only their own (README "AI").
TEST(GroupOrdersBattle, SequenceAndGeneralsChoice_H4_01_H4_02) {
  const Scenario sc =
      go_scenario(group("b1", go_unit("b-a", "medium-infantry", 4, 40, 10, "orders = \"reserve\"") +
                                  go_unit("b-b", "medium-infantry", 4, 70, 10)),
                  group("r1", go_unit("r-a", "medium-infantry", 4, 50, 70)),
                  general("bg", "blue", "b1", 55, 4) + general("rg", "red", "r1", 50, 76));
  BattleHarness g(sc, 1);
  ScriptedCommander blue, red;
  g.play(blue, red);
  std::vector<std::string> phases;
  for (const Event* e : g.events(EventKind::kPhase)) phases.push_back(e->text);
  ASSERT_EQ(phases.size(), 14u);
  EXPECT_EQ(phases[0], "blue: orders");
  EXPECT_EQ(phases[6], "blue: morale");
  EXPECT_EQ(phases[7], "red: orders");
  EXPECT_EQ(phases[3], "blue: movement");
  EXPECT_EQ(phases[4], "blue: shooting");
  EXPECT_EQ(blue.asked(), (std::vector<int>{g.idx("b-a"), g.idx("b-b")}));
  int rates = 0;
  for (const Action& a : blue.offered(g.idx("b-a"))) rates += a.rate.empty() ? 0 : 1;
  EXPECT_GT(rates, 3);
  for (const Action& a : blue.offered(g.idx("b-b"))) EXPECT_TRUE(a.rate.empty());
  EXPECT_EQ(orders(g.battle(), g.idx("b-b")), "reserve");  // the Group's, from its first unit
  EXPECT_EQ(book(g.battle(), g.idx("b-b"), "stands"), "4 of 4");
  EXPECT_EQ(book(g.battle(), g.idx("b-b"), "disorganised"), "no");
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
}

// L6: an Advance halts 10 cm from a Massed enemy whose front faces it, and goes to Stand;
// a Light enemy does not halt it (H4-25 is for Massed enemy only).
TEST(GroupOrdersBattle, AdvanceHaltsAt10cmAndStands_L6) {
  for (const char* enemy : {"medium-infantry", "light-infantry"}) {
    const Scenario sc = go_scenario(
        group("b1", go_unit("b1", "medium-infantry", 4, 60, 10, "orders = \"advance\"")),
        group("r1", go_unit("r1", enemy, 4, 60, 39, "orders = \"stand\"")),
        general("bg", "blue", "b1", 60, 5) + general("rg", "red", "r1", 60, 45));
    BattleHarness g(sc, 3);
    ScriptedCommander blue, red;
    const double before = gap_cm(g, "b1", "r1");
    blue.set(g.idx("b1"), {ActionKind::kMove, -1, "", true, [&](const Action& a) {
                             const double d =
                                 distance(a.destination, g.unit("b1").footprint().centre);
                             return a.rate == "advance" && std::abs(d - 200) < 1;  // full move
                           }});
    g.play(blue, red);
    EXPECT_EQ(blue.unmatched(), 0);
    if (std::string(enemy) == "medium-infantry") {
      EXPECT_NEAR(gap_cm(g, "b1", "r1"), 10.0, 0.05) << before;
      EXPECT_EQ(orders(g.battle(), g.idx("b1")), "stand");
      EXPECT_FALSE(g.events_with("halts 10 cm from", "b1", 1).empty());
      EXPECT_FALSE(g.events_with("Advance -> Stand (halted, L6)", "b1", 1).empty());
    } else {
      EXPECT_NEAR(gap_cm(g, "b1", "r1"), before - 20, 0.05);  // the full 20 cm (L38-L55)
      EXPECT_EQ(orders(g.battle(), g.idx("b1")), "advance");
    }
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// L11, H4-26: a Reserve may not move to within 20 cm of the enemy; its legal moves never
// end there, and a move asked for stops at 20 cm; with friends between, it may close.
TEST(GroupOrdersBattle, ReserveMayNotCloseWithin20cm_L11_H4_26) {
  for (bool screened : {false, true}) {
    const std::string screen =
        screened ? go_unit("b-screen", "light-infantry", 3, 60, 28, "orders = \"stand\"") : "";
    const Scenario sc = go_scenario(
        group("b1", go_unit("b1", "medium-infantry", 4, 60, 10, "orders = \"reserve\"")) +
            (screened ? group("b2", screen) : ""),
        group("r1", go_unit("r1", "medium-infantry", 4, 60, 45, "orders = \"stand\"")),
        general("bg", "blue", "b1", 60, 5) + general("rg", "red", "r1", 60, 50));
    BattleHarness g(sc, 2);
    const int b1 = g.idx("b1");
    for (const Action& a : g.battle().legal_actions(b1)) {
      if (a.kind != ActionKind::kMove || a.rate != "reserve") continue;
      Rect end = g.unit("b1").footprint();
      end.centre = a.destination;
      EXPECT_GE(distance(end, g.unit("r1").footprint()), 200 - 1e-6);
    }
    Push blue(b1, g.unit("r1").footprint().centre);
    ScriptedCommander red;
    g.battle().play_turn({&blue, &red}, g.log());
    if (!screened) {
      EXPECT_NEAR(gap_cm(g, "b1", "r1"), 20.0, 0.05);
      EXPECT_FALSE(g.events_with("may not close within 20 cm", "b1", 1).empty());
    } else {
      EXPECT_TRUE(g.events_with("may not close", "b1", 1).empty());
    }
    EXPECT_EQ(orders(g.battle(), b1), "reserve");
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// L27, H4-03: a routing unit moves toward its own table edge every turn (the first at the rout
// rate) and is lost when it leaves the table (L27 "off = lost").
TEST(GroupOrdersBattle, RoutToTheTableEdge_L27_H4_03) {
  int lost = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const Scenario sc = go_scenario(
        group("b1", go_unit("b-guns", "heavy-artillery", 1, 60, 30, "orders = \"stand\"")),
        group("r1", go_unit("r-lights", "light-infantry", 3, 60, 42,
                            "orders = \"stand\"\nmorale = \"poor\"")),
        general("bg", "blue", "b1", 60, 20));
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b-guns"), g.idx("r-lights"));
    const double y0 = g.unit("r-lights").footprint().centre.y;
    g.play(blue, red);
    const auto routs = g.events(EventKind::kRout, "r-lights", 1);
    if (routs.empty()) continue;
    // The first move at once, at the rout rate: 1.5 x 24 cm (H4-03), toward the north edge.
    EXPECT_NE(routs.front()->text.find("rout rate, H4-03"), std::string::npos);
    EXPECT_NEAR(as_number(*field(*routs.front(), "distance_cm")), 36.0, 0.01);
    EXPECT_FALSE(g.events_with("Stand -> Rout (morale", "r-lights", 1).empty());
    // Then 24 + 2 cm (L27) in its own player turn: off the table, lost.
    EXPECT_EQ(g.unit("r-lights").status, UnitStatus::kOffTable) << "seed " << seed;
    EXPECT_GT(g.unit("r-lights").footprint().centre.y, y0 + 36 * 10 - 1);
    EXPECT_FALSE(g.events_with("off the table edge and is lost (L27)", "r-lights", 1).empty());
    EXPECT_EQ(g.battle().broken_fraction(1), 1.0);  // H4-23: all its stands gone
    ++lost;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_GT(lost, 0);
}

// H4-02: a Group on Retreat whose General wants Stand tests at 4+ with the Group's morale
// modifiers (L169-L194: here Poor Morale -1, L182, and the General's +1 with his D4, L174); a
// failure keeps Retreat (and says so), a success is the order change event "Retreat -> Stand".
TEST(GroupOrdersBattle, OrderChangeAfterATest_H4_02) {
  int changed = 0, failed = 0;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    const Scenario sc =
        go_scenario(group("b1", go_unit("b1", "medium-infantry", 4, 60, 40,
                                        "orders = \"retreat\"\nmorale = \"poor\"")),
                    group("r1", go_unit("r1", "medium-infantry", 4, 60, 75, "orders = \"stand\"")),
                    general("bg", "blue", "b1", 60, 35));
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.set(g.idx("b1"),
             {ActionKind::kShift, -1, "", {}, [](const Action& a) { return a.rate == "stand"; }});
    g.play(blue, red);
    const auto change = g.events_with("b1: Retreat -> Stand (order change, H4-02)", "", 1);
    const auto stay = g.events_with("b1: stays on Retreat, wanted Stand", "", 1);
    ASSERT_EQ(change.size() + stay.size(), 1u) << "seed " << seed;
    const Event& e = change.empty() ? *stay.front() : *change.front();
    ASSERT_EQ(e.rolls.size(), 1u);
    const RollRecord& r = e.rolls.front();
    ASSERT_EQ(r.faces.size(), 2u);  // the D6 and the General's D4 (H4-16)
    double sum = r.faces.front();
    bool poor = false;
    for (const Modifier& m : r.modifiers) {
      sum += m.value;
      poor = poor || (m.name == "the Group's morale modifiers" && m.value == -1);
    }
    EXPECT_TRUE(poor) << r.result;
    EXPECT_EQ(r.modifiers.size(), 2u) << r.result;  // the General 4 cm away: his D4 reaches
    EXPECT_EQ(r.target, sum);
    EXPECT_EQ(!change.empty(), sum >= 4) << r.result;
    EXPECT_EQ(orders(g.battle(), g.idx("b1")), change.empty() ? "retreat" : "stand");
    (change.empty() ? failed : changed)++;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_GT(changed, 0);
  EXPECT_GT(failed, 0);
}

// L218-L231: a failed morale test changes orders by the table, as an event naming the score
// ("b1: Advance -> Stand (morale 3)"), and shooting kills whole stands (L133-L137).
TEST(GroupOrdersBattle, MoraleTestChangesOrdersAfterLosses_L162_L218) {
  int tested = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Scenario sc = go_scenario(
        group("b1", go_unit("b1", "heavy-infantry", 4, 60, 30, "orders = \"stand\"")),
        group("r1", go_unit("r1", "medium-infantry", 4, 60, 37, "orders = \"advance\"")),
        general("bg", "blue", "b1", 60, 25) + general("rg", "red", "r1", 60, 50));
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    // Red's own player turn follows (its Advance must move, L4): read r1 after blue's.
    int figures = -1;
    bool on_table = false;
    std::string now;
    const Battle& b = g.battle();
    b.add_step_observer([&](std::string_view step) {
      if (step != "morale" || figures >= 0) return;
      const Unit& r1 = b.force().units[static_cast<std::size_t>(b.force().unit_index("r1"))];
      figures = r1.figures();
      on_table = r1.on_table();
      now = orders(b, b.force().unit_index("r1"));
    });
    g.play(blue, red);
    int killed = 0;
    for (const Event* e : g.events(EventKind::kFire, "b1", 1)) {
      killed += static_cast<int>(as_number(*field(*e, "kills")));
    }
    EXPECT_EQ(figures, std::max(0, 4 - killed));
    const auto tests = g.events_with("tests morale", "", 1);
    ASSERT_FALSE(tests.empty() && killed > 0) << "seed " << seed;  // L162: losses, then a test
    if (killed == 0 || !on_table) continue;
    ++tested;
    const int score = static_cast<int>(as_number(*field(*tests.front(), "score")));
    if (score >= 4) {
      EXPECT_EQ(now, "advance");  // L221-L223 Massed: stay
    }
    if (score == 3) {
      EXPECT_EQ(now, "stand");  // L224-L226: Advance goes to Stand
      EXPECT_FALSE(g.events_with("r1: Advance -> Stand (morale 3)", "", 1).empty());
    }
    if (score <= 0) {
      EXPECT_EQ(now, "rout");
    }
  }
  EXPECT_GT(tested, 3);
}

// L22: artillery fires only on Stand orders: on Advance, moving, it does not fire even in
// range; it may switch to Stand in range at any time (L4) and then fires.
TEST(GroupOrdersBattle, ArtilleryFiresOnlyOnStand_L22_L4) {
  for (bool switch_to_stand : {false, true}) {
    const Scenario sc = go_scenario(
        group("b1", go_unit("b-guns", "medium-artillery", 1, 60, 10, "orders = \"advance\"")),
        group("r1", go_unit("r1", "medium-infantry", 4, 60, 35, "orders = \"stand\"")),
        general("bg", "blue", "b1", 60, 4));
    BattleHarness g(sc, 4);
    ScriptedCommander blue, red;
    if (switch_to_stand) {
      blue.set(g.idx("b-guns"), {ActionKind::kFire, g.idx("r1"), "", {}, [](const Action& a) {
                                   return a.rate == "advance";
                                 }});
    } else {
      blue.set(g.idx("b-guns"), {ActionKind::kMove, -1, "", true,
                                 [](const Action& a) { return a.rate == "advance"; }});
    }
    g.play(blue, red);
    EXPECT_EQ(blue.unmatched(), 0);
    EXPECT_EQ(g.events(EventKind::kFire, "b-guns", 1).empty(), !switch_to_stand);
    EXPECT_EQ(orders(g.battle(), g.idx("b-guns")), switch_to_stand ? "stand" : "advance");
    EXPECT_EQ(g.events_with("artillery in range switches to Stand, L4-L5", "b-guns", 1).empty(),
              !switch_to_stand);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// H4-08, L145-L165: cavalry that passes its charge test moves into contact and both sides
// throw a melee die; the charged Group tests on contact (H4-09).
TEST(GroupOrdersBattle, ChargeIntoMelee_H4_08_L145) {
  int contacts = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    const Scenario sc = go_scenario(
        group("b1", go_unit("b-horse", "heavy-cavalry", 3, 60, 20, "orders = \"advance\"")),
        group("r1", go_unit("r-guns", "light-artillery", 1, 60, 40, "orders = \"stand\"") +
                        go_unit("r-foot", "militia", 4, 90, 40)),
        general("bg", "blue", "b1", 60, 12));
    BattleHarness g(sc, seed);
    ScriptedCommander blue, red;
    blue.charge(g.idx("b-horse"), g.idx("r-guns"));
    g.play(blue, red);
    const auto tests = g.events(EventKind::kCharge, "b-horse", 1);
    ASSERT_FALSE(tests.empty());
    const bool passed = std::get<bool>(*field(*tests.front(), "passed"));
    if (!passed) {
      EXPECT_TRUE(g.events(EventKind::kMelee, "", 1).empty());
      continue;
    }
    ++contacts;
    EXPECT_FALSE(g.events_with("charges into contact with", "b-horse", 1).empty());
    EXPECT_FALSE(g.events_with("charged by", "", 1).empty());  // H4-09
    if (g.unit("r-guns").status == UnitStatus::kActive) {
      EXPECT_FALSE(g.events(EventKind::kMelee, "b-horse", 1).empty());
    }
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  EXPECT_GT(contacts, 0);
}

}  // namespace
}  // namespace smoothbore::sim_test
