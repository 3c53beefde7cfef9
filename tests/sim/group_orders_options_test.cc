// Group-orders options the battle reads from the table (shared/rules/004.md §8), each default
// against its alternative: H4-27 uphill measured from the hills' elevation, H4-05's cover v
// artillery, H4-18's deep column and squares on any orders.
#include <string>

#include <gtest/gtest.h>

#include "sim/group_orders_toml.h"

namespace smoothbore::sim_test {
namespace {

std::string in_formation(std::string unit, std::string_view formation) {
  const std::string from = "formation = \"line\"";
  return unit.replace(unit.find(from), from.size(), fmt::format("formation = \"{}\"", formation));
}

// H4-27, L176: a Group on Retreat asks for Stand; its 4+ test adds the Group's morale
// modifiers (H4-02), "Uphill of all enemy" +1 among them. The hill (level 1) reaches y = `top`
// cm; b1 stands from y = 29 (rear) to 31 (front). With the hill under its rear only, b1 is
// uphill only under any-part-higher; with the hill under all of it, under both readings.
TEST(GroupOrdersOptions, UphillFromTheTable_H4_27) {
  struct Case {
    double top;
    const char* option;
    bool uphill;
  };
  for (const Case& c : {Case{29.6, "front-edge-higher", false}, Case{29.6, "any-part-higher", true},
                        Case{40, "front-edge-higher", true}, Case{0, "any-part-higher", false}}) {
    const std::string hill = c.top <= 0
                                 ? ""
                                 : fmt::format(
                                       "[[terrain]]\nid = \"h\"\nclass = \"hill\"\nelevation = 1\n"
                                       "polygon = [[0, 0], [120, 0], [120, {0}], [0, {0}]]\n\n",
                                       c.top);
    const Scenario sc = go_scenario(
        group("b1", go_unit("b1", "medium-infantry", 4, 60, 30, "orders = \"retreat\"")),
        group("r1", go_unit("r1", "medium-infantry", 4, 60, 60, "orders = \"stand\"")),
        general("bg", "blue", "b1", 60, 25), fmt::format("h4_27_uphill = \"{}\"", c.option), hill);
    BattleHarness g(sc, 1);
    ScriptedCommander blue, red;
    blue.set(g.idx("b1"),
             {ActionKind::kShift, -1, "", {}, [](const Action& a) { return a.rate == "stand"; }});
    g.play(blue, red);
    const auto tests = g.events_with("b1: ", "", 1);
    const RollRecord* test = nullptr;
    for (const Event* e : tests) {
      if (e->kind == EventKind::kOrder && !e->rolls.empty()) test = &e->rolls.front();
    }
    ASSERT_NE(test, nullptr) << c.option << " " << c.top;
    EXPECT_EQ(has_modifier(*test, "the Group's morale modifiers", 1), c.uphill)
        << c.option << " " << c.top << ": " << test->result;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// H4-05: soft cover (rough ground, type 1) gives nothing against artillery by default; at -1
// (option h4_05_soft_cover_artillery) the guns' roll shows it.
TEST(GroupOrdersOptions, SoftCoverVersusArtillery_H4_05) {
  for (int value : {0, -1}) {
    const Scenario sc = go_scenario(
        group("b1", go_unit("b-guns", "heavy-artillery", 1, 60, 10, "orders = \"stand\"")),
        group("r1", go_unit("r1", "medium-infantry", 4, 60, 30, "orders = \"stand\"")), "",
        fmt::format("h4_05_soft_cover_artillery = {}", value),
        "[[terrain]]\nid = \"r\"\nclass = \"rough\"\npolygon = [[0, 25], [120, 25], [120, 35], "
        "[0, 35]]\n\n");
    BattleHarness g(sc, 2);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b-guns"), g.idx("r1"));
    g.play(blue, red);
    const auto shots = g.events(EventKind::kFire, "b-guns", 1);
    ASSERT_FALSE(shots.empty());
    EXPECT_EQ(has_modifier(shots.front()->rolls.front(), "soft cover v artillery", -1),
              value == -1);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// H4-18, L148: a 4-stand column two stands wide is 2 deep: the +1 of a "3+ deep column" v
// cavalry is not its own by default, but is with h4_18_deep_column = 2.
TEST(GroupOrdersOptions, DeepColumnStands_H4_18_L148) {
  for (int deep : {3, 2}) {
    const Scenario sc = go_scenario(
        group("b1", in_formation(go_unit("b1", "medium-infantry", 4, 60, 30, "orders = \"stand\""),
                                 "column")),
        group("r1", go_unit("r1", "heavy-cavalry", 3, 60, 40, "orders = \"stand\"")), "",
        fmt::format("h4_18_deep_column = {}", deep));
    // Put the horse against the column's front, touching.
    Scenario placed = sc;
    const Rect col = placed.force.units[0].footprint();
    Unit& horse = placed.force.units[1];
    const Rect h = horse.footprint();
    horse.stands.front().rect.centre = col.front_centre() + col.forward() * (h.depth / 2);
    BattleHarness g(placed, 3);
    ScriptedCommander blue, red;
    g.play(blue, red);
    const auto fights = g.events(EventKind::kMelee, "b1", 1);
    ASSERT_FALSE(fights.empty()) << deep;
    EXPECT_EQ(has_modifier(fights.front()->rolls.front(), "3+ deep column", 1), deep == 2);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// H4-18, L22: Massed infantry forms square only on Stand by default; with any-orders it may
// form one on Reserve, and the square does not move.
TEST(GroupOrdersOptions, SquareOnAnyOrders_H4_18) {
  for (const char* rule : {"stand-orders", "any-orders"}) {
    const Scenario sc = go_scenario(
        group("b1", go_unit("b1", "medium-infantry", 4, 60, 20, "orders = \"reserve\"")),
        group("r1", go_unit("r1", "heavy-cavalry", 3, 60, 70, "orders = \"stand\"")),
        general("bg", "blue", "b1", 60, 14), fmt::format("h4_18_square = \"{}\"", rule));
    BattleHarness g(sc, 4);
    ScriptedCommander blue, red;
    const ScriptStep square{ActionKind::kFormation, -1, "square", {}, [](const Action& a) {
                              return a.rate == "reserve";
                            }};
    blue.set(g.idx("b1"), square);
    const Vec2 c0 = g.unit("b1").footprint().centre;
    g.play(blue, red);
    const bool any = std::string(rule) == "any-orders";
    EXPECT_EQ(blue.was_offered(g.idx("b1"), square), any);
    EXPECT_EQ(g.unit("b1").formation, any ? "square" : "line");
    EXPECT_EQ(orders(g.battle(), g.idx("b1")), "reserve");
    EXPECT_LT(distance(g.unit("b1").footprint().centre, c0), 1.0);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// H4-23, H4-17: the blue C-in-C stands alone in contact with a red unit and is removed in the
// first bound (he does not move: h4_17_general_move = 0). Blue has lost nothing, so its army breaks
// only if the C-in-C fraction is 0.
TEST(GroupOrdersOptions, CInCRemovedBreaksTheArmyPastItsFraction_H4_23) {
  for (double fraction : {1.0 / 3, 0.0}) {
    const Scenario sc = go_scenario(
        group("b1", go_unit("b1", "medium-infantry", 4, 60, 10, "orders = \"stand\"")),
        group("r1", go_unit("r1", "medium-infantry", 4, 60, 50, "orders = \"stand\"")),
        "[[leaders]]\nid = \"b-cinc\"\nside = \"blue\"\nx = 60\ny = 50\n\n",
        fmt::format("h4_23_c_in_c_break_fraction = {}\nh4_17_general_move = 0", fraction));
    BattleHarness g(sc, 5);
    ScriptedCommander blue, red;
    g.play(blue, red);
    bool removed = false;
    for (const Event* e : g.events(EventKind::kRemoved, "", 1)) {
      removed = removed || e->text.find("removed (H4-17)") != std::string::npos;
    }
    ASSERT_TRUE(removed) << fraction;
    const int side = g.unit("b1").side;
    EXPECT_EQ(g.battle().broken_fraction(side) == 1.0, fraction == 0.0) << fraction;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
