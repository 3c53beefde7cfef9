// Group-orders movement by unit type and drill class (shared/rules/004.md §2-§3): wheels at
// half speed for the badly drilled and Militia (L88, H4-19), incline marches at 45° at full
// speed for the well drilled, half for the others, not at all for the badly drilled (L89-L91),
// terrain types (H4-04), Reserve formation changes by drill (L13-L19), Stand's 5 cm, about
// face and square (L21), Retreat's facing (L25), Disorganised clearing (H4-07), the Lights'
// second die (H4-22) and a General caught alone (H4-17). Invariants after every step.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "sim/group_orders_toml.h"

namespace smoothbore::sim_test {
namespace {

constexpr double kPi = 3.14159265358979323846;

// A lone blue unit on Reserve at (60, 20) facing north, red far off; `extra` its attributes.
Scenario lone(std::string_view type, std::string_view extra, std::string_view terrain = "",
              std::string_view orders = "reserve") {
  return go_scenario(group("b1", go_unit("b1", type, 4, 60, 20,
                                         fmt::format("orders = \"{}\"\n{}", orders, extra))),
                     group("r1", go_unit("r1", "medium-infantry", 4, 60, 76, "orders = \"stand\"")),
                     general("bg", "blue", "b1", 60, 12), "", terrain);
}

struct Moved {
  double cm = 0;      // how far the centre went
  double facing = 0;  // the facing at the end
};

Moved push(const Scenario& sc, Vec2 dest_cm) {
  BattleHarness g(sc, 1);
  const Vec2 c0 = g.unit("b1").footprint().centre;
  Push blue(g.idx("b1"), dest_cm * 10.0);
  ScriptedCommander red;
  g.battle().play_turn({&blue, &red}, g.log());
  EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  return {distance(c0, g.unit("b1").footprint().centre) / 10.0, g.unit("b1").footprint().facing};
}

// L88, H4-19: a wheel costs the arc of the outer front corner (16 cm frontage x the angle);
// the badly drilled pay double. 90° costs 25.1 cm: a 20 cm move wheels 20/25.1 of it.
TEST(GroupOrdersMovement, WheelsCostTheArcAndDoubleForBadlyDrilled_L88_H4_19) {
  const double arc = 16 * kPi / 2;
  const Moved normal = push(lone("medium-infantry", "drill = \"normal\""), {100, 24});
  EXPECT_NEAR(normal.cm, 0, 1e-6);
  EXPECT_NEAR(normal.facing, 90 * 20 / arc, 0.01);
  const Moved badly = push(lone("medium-infantry", "drill = \"badly\""), {100, 24});
  EXPECT_NEAR(badly.facing, 90 * 20 / (2 * arc), 0.01);
  const Moved militia = push(lone("militia", ""), {100, 24});  // Militia: their own class (L88)
  EXPECT_NEAR(militia.facing, badly.facing, 1e-6);
}

// L89-L91: inclines at 45° cost nothing to the well drilled, double to normal troops and
// cavalry; the badly drilled may not incline and must wheel instead.
TEST(GroupOrdersMovement, InclineMarchByDrillClass_L89_L91) {
  const Vec2 ne{60 + 40, 20 + 40};  // 45° off the north facing
  EXPECT_NEAR(push(lone("medium-infantry", "drill = \"well\""), ne).cm, 20, 0.3);
  EXPECT_NEAR(push(lone("medium-infantry", "drill = \"normal\""), ne).cm, 10, 0.3);
  EXPECT_NEAR(push(lone("medium-cavalry", "drill = \"well\""), ne).cm, 30, 0.3);
  EXPECT_NEAR(push(lone("medium-cavalry", "drill = \"normal\""), ne).cm, 15, 0.3);
  const Moved badly = push(lone("medium-infantry", "drill = \"badly\""), ne);
  EXPECT_NEAR(badly.cm, 0, 1e-6);  // 45° wheel at double cost: 25.1 cm > 20
  EXPECT_NEAR(badly.facing, 45 * 20 / (2 * 16 * kPi / 4), 0.01);
}

// H4-04 (proposed): in woods (type 2) Massed infantry move at 1/2, Lights at 3/4; in marsh
// (type 3) Massed cavalry cannot move.
TEST(GroupOrdersMovement, TerrainTypesSlowByClass_H4_04) {
  const std::string woods =
      "[[terrain]]\nid = \"w\"\nclass = \"light-woods\"\npolygon = [[0, 0], [120, 0], [120, 50], "
      "[0, 50]]\n";
  const std::string marsh =
      "[[terrain]]\nid = \"m\"\nclass = \"marsh\"\npolygon = [[0, 0], [120, 0], [120, 50], [0, "
      "50]]\n";
  EXPECT_NEAR(push(lone("medium-infantry", "", woods), {60, 60}).cm, 10, 0.3);
  EXPECT_NEAR(push(lone("light-infantry", "", woods), {60, 60}).cm, 18, 0.3);
  EXPECT_NEAR(push(lone("medium-cavalry", "", marsh), {60, 60}).cm, 0, 1e-6);
  EXPECT_NEAR(push(lone("medium-infantry", ""), {60, 60}).cm, 20, 0.3);  // open: full
}

bool offers(const Battle& b, int unit, ActionKind kind, bool moves) {
  for (const Action& a : b.legal_actions(unit)) {
    if (a.kind == kind && a.rate == "reserve" && a.moves == moves) return true;
  }
  return false;
}

// L15-L19: on Reserve the well drilled change formation and still move; normal troops only
// line to column (or back) and move, or any change without moving; the badly drilled change
// or move.
TEST(GroupOrdersMovement, ReserveFormationChangesByDrill_L15_L19) {
  for (const char* drill : {"well", "normal", "badly"}) {
    BattleHarness g(lone("medium-infantry", fmt::format("drill = \"{}\"", drill)), 1);
    const int b1 = g.idx("b1");
    EXPECT_TRUE(offers(g.battle(), b1, ActionKind::kFormation, false)) << drill;
    EXPECT_EQ(offers(g.battle(), b1, ActionKind::kFormation, true), std::string(drill) != "badly")
        << drill;
    for (const Action& a : g.battle().legal_actions(b1)) {
      EXPECT_FALSE(a.kind == ActionKind::kFormation && a.formation == "square" &&
                   a.rate == "reserve");  // square only on Stand (H4-18)
    }
  }
}

// L21: on Stand, no move but 5 cm, about face, or square (Massed infantry only).
TEST(GroupOrdersMovement, StandMovesFiveCmAboutFacesFormsSquare_L21) {
  {
    BattleHarness g(lone("medium-infantry", "", "", "stand"), 1);
    const Vec2 c0 = g.unit("b1").footprint().centre;
    ScriptedCommander blue, red;
    blue.set(g.idx("b1"), {ActionKind::kShift, -1, "", true, nullptr});
    g.play(blue, red);
    EXPECT_NEAR(distance(c0, g.unit("b1").footprint().centre), 50, 0.5);
    blue.set(g.idx("b1"), {ActionKind::kFace, -1, "", {}, nullptr});
    g.play(blue, red);
    EXPECT_NEAR(g.unit("b1").footprint().facing, 180, 1e-6);
    blue.form(g.idx("b1"), "square");
    g.play(blue, red);
    EXPECT_EQ(g.unit("b1").formation, "square");
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
  BattleHarness lights(lone("light-infantry", "", "", "stand"), 1);
  EXPECT_FALSE(lights.battle().legal_actions(lights.idx("b1")).empty());
  for (const Action& a : lights.battle().legal_actions(lights.idx("b1"))) {
    EXPECT_NE(a.formation, "square");
  }
}

// L23-L25: Retreat moves away from the enemy at least half speed; poorly drilled troops end
// facing the opposite way, others keep their facing.
TEST(GroupOrdersMovement, RetreatAwayAndPoorlyDrilledFaceAbout_L23_L25) {
  for (const char* drill : {"normal", "badly"}) {
    const Scenario sc = go_scenario(
        group("b1", go_unit("b1", "medium-infantry", 4, 60, 40,
                            fmt::format("orders = \"retreat\"\ndrill = \"{}\"", drill))),
        group("r1", go_unit("r1", "medium-infantry", 4, 60, 70, "orders = \"stand\"")));
    BattleHarness g(sc, 1);
    ScriptedCommander blue, red;
    const double y0 = g.unit("b1").footprint().centre.y;
    g.play(blue, red);
    EXPECT_LE(g.unit("b1").footprint().centre.y, y0 - 100 + 1e-6) << drill;  // >= 10 cm away
    EXPECT_NEAR(g.unit("b1").footprint().facing, std::string(drill) == "badly" ? 180 : 0, 1e-6);
    EXPECT_TRUE(g.violations().empty()) << g.violations().front();
  }
}

// H4-07: a unit Disorganised by shooting clears at the end of its own player turn when it
// rested (moved no more than 5 cm, did not shoot, no melee); option never keeps it.
TEST(GroupOrdersMovement, DisorganisedClearsAfterARestedTurn_H4_07) {
  for (const char* rule : {"rested-turn", "never"}) {
    int seen = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      const Scenario sc =
          go_scenario(group("b1", go_unit("b1", "heavy-infantry", 4, 60, 30, "orders = \"stand\"")),
                      group("r1", go_unit("r1", "heavy-cavalry", 3, 60, 38, "orders = \"stand\"")),
                      "", fmt::format("h4_07_disorder_clears = \"{}\"", rule));
      BattleHarness g(sc, seed);
      ScriptedCommander blue, red;
      blue.fire(g.idx("b1"), g.idx("r1"));
      g.play(blue, red);
      const auto hits = g.events(EventKind::kFire, "b1", 1);
      if (hits.empty() || field_text(*hits.front(), "result") == "none") continue;
      if (!g.unit("r1").on_table() || g.unit("r1").status != UnitStatus::kActive) continue;
      if (orders(g.battle(), g.idx("r1")) != "stand") continue;
      ++seen;
      const bool cleared = !g.events_with("is no longer Disorganised (H4-07)", "r1", 1).empty();
      EXPECT_EQ(cleared, std::string(rule) == "rested-turn") << "seed " << seed;
      EXPECT_EQ(book(g.battle(), g.idx("r1"), "disorganised"),
                std::string(rule) == "rested-turn" ? "no" : "yes (H4-07)");
    }
    EXPECT_GT(seen, 0) << rule;
  }
}

// H4-22: a Light unit with 3+ stands able to shoot throws a second die with its other stands
// (option one-die: one die).
TEST(GroupOrdersMovement, LightsThrowASecondDie_H4_22) {
  for (const char* rule : {"second-die", "one-die"}) {
    const Scenario sc =
        go_scenario(group("b1", go_unit("b1", "light-infantry", 4, 60, 30, "orders = \"stand\"")),
                    group("r1", go_unit("r1", "medium-infantry", 4, 60, 38, "orders = \"stand\"")),
                    "", fmt::format("h4_22_light_split = \"{}\"", rule));
    BattleHarness g(sc, 7);
    ScriptedCommander blue, red;
    blue.fire(g.idx("b1"), g.idx("r1"));
    g.play(blue, red);
    EXPECT_EQ(g.events(EventKind::kFire, "b1", 1).size(),
              std::string(rule) == "second-die" ? 2u : 1u);
  }
}

// H4-17: a General contacted by an enemy unit with no friend in contact with him is removed
// (the cavalry's half move, 15 cm, ends on him).
TEST(GroupOrdersMovement, GeneralCaughtAloneIsRemoved_H4_17) {
  const Scenario sc =
      go_scenario(group("b1", go_unit("b1", "medium-cavalry", 3, 60, 20, "orders = \"advance\"")),
                  group("r1", go_unit("r1", "medium-infantry", 4, 60, 75, "orders = \"stand\"")),
                  general("bg", "blue", "b1", 60, 12) + general("rg", "red", "r1", 60, 35));
  BattleHarness g(sc, 1);
  ScriptedCommander blue, red;
  blue.set(g.idx("b1"),
           {ActionKind::kMove, -1, "", true, [&](const Action& a) {
              return a.rate == "advance" && std::abs(a.destination.x - 600) < 1 &&
                     std::abs(distance(a.destination, g.unit("b1").footprint().centre) - 150) < 1;
            }});
  g.play(blue, red);
  EXPECT_FALSE(g.force().leaders[1].alive);
  EXPECT_FALSE(g.events_with("is contacted by the enemy alone and removed (H4-17)").empty());
}

}  // namespace
}  // namespace smoothbore::sim_test
