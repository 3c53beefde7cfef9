// Group-orders options the battle reads from the table (shared/rules/004.md §8), each default
// against its alternative: H4-27 uphill measured from the hills' elevation, H4-05's cover v
// artillery, H4-18's deep column and squares on any orders; and, in hand-built fights, those
// the sample battles seldom reach: H4-03 routed artillery, H4-11 overlaps, H4-14 a fall back
// blocked by the enemy.
#include <stdexcept>
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

// A unit of the scenario (a group-orders unit is one block: one stand whose rect is the
// footprint), placed or measured before the battle starts.
Unit& scenario_unit(Scenario& sc, std::string_view id) {
  for (Unit& u : sc.force.units) {
    if (u.id == id) return u;
  }
  throw std::runtime_error("no unit " + std::string(id));
}
Rect scenario_footprint(Scenario& sc, std::string_view id) {
  return scenario_unit(sc, id).footprint();
}
void place_unit(Scenario& sc, std::string_view id, Vec2 centre) {
  scenario_unit(sc, id).stands.front().rect.centre = centre;
}

// H4-03 (L230): "0 or less: Go to Rout, move immediately"; artillery that routs is removed
// (default), or (routs) it routs like the rest. The blue Group is poor guns (its tester) and a
// line of foot that heavy horse, in contact, beats in melee; seeds whose Group test scores 0
// or less rout the guns.
TEST(GroupOrdersOptions, RoutedArtilleryRemovedOrRouts_H4_03) {
  for (const char* rule : {"removed", "routs"}) {
    Scenario sc = go_scenario(
        group("b1", go_unit("b-guns", "heavy-artillery", 1, 15, 60,
                            "orders = \"stand\"\nmorale = \"poor\"") +
                        go_unit("b-foot", "medium-infantry", 4, 70, 30, "orders = \"stand\"")),
        group("r1", go_unit("r1", "heavy-cavalry", 3, 70, 40, "orders = \"stand\"")), "",
        fmt::format("h4_03_routed_artillery = \"{}\"", rule));
    const Rect foot = scenario_footprint(sc, "b-foot");
    place_unit(sc, "r1",
               foot.front_centre() + foot.forward() * (scenario_footprint(sc, "r1").depth / 2));
    int routed = 0;
    for (std::uint64_t seed = 1; seed <= 60 && routed < 2; ++seed) {
      BattleHarness g(sc, seed);
      ScriptedCommander blue, red;
      g.play(blue, red);
      bool rout_score = false;
      for (const Event* e : g.events(EventKind::kMorale, "b-guns", 1)) {
        rout_score = rout_score || as_number(*field(*e, "score")) <= 0;
      }
      if (!rout_score) continue;
      ++routed;
      const bool removed = std::string(rule) == "removed";
      EXPECT_EQ(g.events_with("routed artillery is removed (H4-03)", "b-guns", 1).size(),
                removed ? 1u : 0u)
          << "seed " << seed;
      EXPECT_EQ(g.unit("b-guns").status, removed ? UnitStatus::kRemoved : UnitStatus::kRouted)
          << "seed " << seed;
      EXPECT_EQ(g.events(EventKind::kRout, "b-guns", 1).size(), removed ? 0u : 1u)
          << "seed " << seed;
      EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    }
    EXPECT_GE(routed, 1) << rule;
  }
}

// H4-11, L149: b2, a column, touches b1's left side facing the same way but set back by 3/4
// of its depth, so its front is not level with b1's: it overlaps b1's fight with r1 (+1 "at
// least 1 overlap in support") only under any-side-contact.
TEST(GroupOrdersOptions, OverlapNeedsALevelFront_H4_11_L149) {
  for (const char* rule : {"level-side-contact", "any-side-contact"}) {
    Scenario sc = go_scenario(
        group("b1",
              go_unit("b1", "medium-infantry", 4, 60, 30, "orders = \"stand\"") +
                  in_formation(go_unit("b2", "medium-infantry", 4, 20, 30, "orders = \"stand\""),
                               "column")),
        group("r1", go_unit("r1", "medium-infantry", 4, 60, 60, "orders = \"stand\"")), "",
        fmt::format("h4_11_overlap = \"{}\"", rule));
    const Rect b1 = scenario_footprint(sc, "b1");
    const Rect b2 = scenario_footprint(sc, "b2");
    const double back = b2.depth * 3 / 4;
    place_unit(sc, "b2",
               b1.centre - b1.right() * ((b1.width + b2.width) / 2) - b1.forward() * back);
    place_unit(sc, "r1",
               b1.front_centre() + b1.forward() * (scenario_footprint(sc, "r1").depth / 2));
    // The setup: in side contact, not level (the fronts' centres more than 1 mm past level).
    ASSERT_LE(distance(scenario_footprint(sc, "b2"), b1), 0.5);
    ASSERT_GT(distance(scenario_footprint(sc, "b2").front_centre(), b1.front_centre()),
              (b1.width + b2.width) / 2 + 1);
    ASSERT_GE(distance(scenario_footprint(sc, "b2"), scenario_footprint(sc, "r1")), 0.5);
    BattleHarness g(sc, 6);
    ScriptedCommander blue, red;
    g.play(blue, red);
    const auto fights = g.events(EventKind::kMelee, "b1", 1);
    ASSERT_FALSE(fights.empty()) << rule;
    EXPECT_EQ(has_modifier(fights.front()->rolls.front(), "overlap", 1),
              std::string(rule) == "any-side-contact")
        << rule << ": " << fights.front()->rolls.front().result;
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// H4-14: a Light unit scoring 3-5 falls back 10 cm at once, directly away from the nearest
// enemy (L221-L226); here r1, in contact at its front, beats it in melee and r2 stands 3 cm
// behind it. Blocked by the enemy, it is destroyed (enemy-destroys) or stops (stop).
TEST(GroupOrdersOptions, FallBackBlockedByTheEnemy_H4_14) {
  for (const char* rule : {"enemy-destroys", "stop"}) {
    Scenario sc = go_scenario(
        group("b1", go_unit("b-lt", "light-infantry", 4, 60, 30, "orders = \"stand\"")),
        group("r1", go_unit("r1", "heavy-cavalry", 3, 60, 60, "orders = \"stand\"") +
                        go_unit("r2", "medium-infantry", 4, 60, 10, "orders = \"stand\"")),
        "", fmt::format("h4_14_fall_back_blocked = \"{}\"", rule));
    const Rect lt = scenario_footprint(sc, "b-lt");
    place_unit(sc, "r1",
               lt.front_centre() + lt.forward() * (scenario_footprint(sc, "r1").depth / 2));
    place_unit(sc, "r2",
               lt.centre - lt.forward() * (lt.depth / 2 + 30 +  // mm
                                           scenario_footprint(sc, "r2").depth / 2));
    int blocked = 0;
    for (std::uint64_t seed = 1; seed <= 60 && blocked < 2; ++seed) {
      BattleHarness g(sc, seed);
      ScriptedCommander blue, red;
      g.play(blue, red);
      const auto falls = g.events_with("falls back", "b-lt", 1);
      if (falls.empty()) continue;
      ++blocked;
      const double moved = as_number(*field(*falls.front(), "distance_cm"));
      EXPECT_NEAR(moved, 3.0, 0.6) << "seed " << seed;
      const bool destroys = std::string(rule) == "enemy-destroys";
      EXPECT_EQ(g.events_with("blocked by the enemy as it falls back (H4-14)", "b-lt", 1).size(),
                destroys ? 1u : 0u)
          << "seed " << seed;
      EXPECT_EQ(g.unit("b-lt").on_table(), !destroys) << "seed " << seed;
      EXPECT_TRUE(g.violations().empty()) << g.violations().front();
    }
    EXPECT_GE(blocked, 1) << rule;
  }
}

}  // namespace
}  // namespace smoothbore::sim_test
