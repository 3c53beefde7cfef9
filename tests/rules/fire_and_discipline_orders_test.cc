// Fire and Discipline orders given by the scenario (§2.41, FD-52; orders.h): the state
// starts on them, the features they name (their distances and the points units make for),
// and what a scenario Hold of a feature permits. Positions in yards on a 1000 yd table
// (fire_and_discipline_scenario.h); distances below are worked by hand.
#include "rules/fire_and_discipline/orders.h"

#include <gtest/gtest.h>

#include "rules/fire_and_discipline/brigade_orders.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline_dice.h"
#include "rules/fire_and_discipline_scenario.h"

namespace smoothbore::fire_and_discipline {
namespace {

using fd_test::kYd;
using fd_test::ScenarioBuilder;
using fd_test::text;
using fd_test::yd;

// The wood covers x 600..700, y 450..550; the objective "knoll" (The knoll) is at
// (200, 300) with a 20 yd radius; the lane runs east-west along y = 600.
class FireAndDisciplineOrders : public ::testing::Test {
 protected:
  FireAndDisciplineOrders() {
    AreaFeature wood;
    wood.id = "wood";
    wood.cls = TerrainClass::kLightWoods;
    wood.shape.points = {yd(600, 450), yd(700, 450), yd(700, 550), yd(600, 550)};
    b_.table().add(wood);
    LinearFeature lane;
    lane.id = "lane";
    lane.cls = TerrainClass::kRoad;
    lane.path = {yd(0, 600), yd(1000, 600)};
    lane.width = 8 * kYd;
    b_.table().add(lane);
    b_.scenario().objectives.push_back({"knoll", "The knoll", yd(200, 300), 20 * kYd, 5});
  }
  static Rect moved(Rect r, double dx, double dy) {
    r.centre = r.centre + yd(dx, dy);
    return r;
  }

  ScenarioBuilder b_{fd_test::kBlueRedSideIds};
};

// FD-52: "Units with no order start on the scenario-given order"; no order: Hold.
TEST_F(FireAndDisciplineOrders, StateStartsOnTheScenarioOrder) {
  const int held =
      b_.foot(0, 4, 500, 300, 0, {{"order", text("hold")}, {"order-feature", text("wood")}});
  const int assault =
      b_.foot(0, 4, 300, 300, 0, {{"order", text("assault")}, {"order-feature", text("knoll")}});
  const int advance = b_.foot(1, 4, 500, 800, 180, {{"order", text("general-advance")}});
  const int none = b_.foot(1, 4, 300, 800, 180);
  const FdState s = b_.state();
  EXPECT_EQ(s.units[held].order.kind, OrderKind::kHold);
  EXPECT_EQ(s.units[held].order.feature, "wood");
  EXPECT_EQ(s.units[assault].order.kind, OrderKind::kAssault);
  EXPECT_EQ(s.units[assault].order.feature, "knoll");
  EXPECT_EQ(s.units[advance].order.kind, OrderKind::kGeneralAdvance);
  EXPECT_EQ(s.units[none].order.kind, OrderKind::kHold);
  EXPECT_EQ(s.units[none].order.feature, "");
  EXPECT_EQ(describe_order(b_.scenario(), s.units[assault].order), "Assault (The knoll)");
  EXPECT_EQ(describe_order(b_.scenario(), s.units[held].order), "Hold (wood)");
}

// Distances (engine reading, orders.h) and the points a unit makes for, from (500, 300).
TEST_F(FireAndDisciplineOrders, Features) {
  const Scenario& sc = b_.scenario();
  const Vec2 p = yd(500, 300);
  // The wood's nearest corner (600, 450): √(100² + 150²) = 180.28 yd.
  EXPECT_NEAR(*feature_distance(sc, "wood", p) / kYd, std::hypot(100.0, 150.0), 1e-9);
  EXPECT_DOUBLE_EQ(*feature_distance(sc, "wood", yd(650, 500)), 0.0);  // inside
  EXPECT_NEAR(*feature_distance(sc, "knoll", p) / kYd, 300 - 20, 1e-9);
  EXPECT_NEAR(*feature_distance(sc, "lane", p) / kYd, 300, 1e-9);
  EXPECT_FALSE(feature_distance(sc, "mill", p).has_value());
  EXPECT_FALSE(feature_distance(sc, "", p).has_value());
  const Vec2 wood = *feature_goal(sc, "wood", p);
  EXPECT_NEAR(wood.x / kYd, 600, 1e-9);
  EXPECT_NEAR(wood.y / kYd, 450, 1e-9);
  EXPECT_NEAR(feature_goal(sc, "knoll", p)->x / kYd, 200, 1e-9);
  const Vec2 lane = *feature_goal(sc, "lane", p);
  EXPECT_NEAR(lane.x / kYd, 500, 1e-9);
  EXPECT_NEAR(lane.y / kYd, 600, 1e-9);
  EXPECT_EQ(feature_ids(sc), (std::vector<std::string>{"knoll", "wood", "lane"}));
}

// §2.41c, FD-52: a Hold of a feature the unit is not yet in lets it go there; once its
// centre is in it, only a tactical shift (30 yd foot).
TEST_F(FireAndDisciplineOrders, HoldOfAFeatureGoesToItThenStands) {
  const int u =
      b_.foot(0, 4, 500, 300, 0, {{"order", text("hold")}, {"order-feature", text("wood")}});
  b_.foot(1, 4, 500, 900, 180);
  FdState s = b_.state();
  const Rect r = s.force.units[u].footprint();
  EXPECT_TRUE(may_move(s, u, r, moved(r, 0, 40), 30));    // 148.7 yd < 180.3 from the wood
  EXPECT_TRUE(may_move(s, u, r, moved(r, 40, 0), 30));    // 161.6 yd: closer
  EXPECT_FALSE(may_move(s, u, r, moved(r, 0, -40), 30));  // 214.7 yd: away
  EXPECT_FALSE(may_move(s, u, r, moved(r, -40, 0), 30));  // away
  EXPECT_TRUE(may_move(s, u, r, moved(r, -30, 0), 30));   // a tactical shift is always allowed
  Rect in = r;
  in.centre = yd(650, 500);
  EXPECT_FALSE(may_move(s, u, in, moved(in, 0, 40), 30));  // in the wood: it stands
  EXPECT_TRUE(may_move(s, u, in, moved(in, 0, 30), 30));
  // Option advisory lifts it (FD-52).
  s.options.order_constraints = "advisory";
  EXPECT_TRUE(may_move(s, u, r, moved(r, 0, -40), 30));
}

// FD-52: a Hold charges (and counter-charges) only enemy in or near (60 yd) the held
// position.
TEST_F(FireAndDisciplineOrders, HoldChargesOnlyNearTheHeldPosition) {
  const int u =
      b_.foot(0, 4, 500, 300, 0, {{"order", text("hold")}, {"order-feature", text("wood")}});
  // 70 yd in front of the unit but ~92 yd from the wood: its stand centres (477.5..522.5,
  // 390) are √(77.5² + 60²) − 6.25 = 91.8 yd from the wood's corner.
  const int front = b_.foot(1, 4, 500, 390, 180);
  // In front of the wood: its centre 10 yd north of it.
  const int at_wood = b_.foot(1, 4, 650, 560, 180);
  const FdState s = b_.state();
  EXPECT_FALSE(may_charge(s, u, front));
  EXPECT_FALSE(may_counter_charge(s, u, front));
  EXPECT_TRUE(may_charge(s, u, at_wood));
  EXPECT_TRUE(may_counter_charge(s, u, at_wood));
}

// The brigade doctrine's intent follows the situation (brigade_orders.h): an Assault that
// has secured its feature becomes a Hold of it (§2.41b "charge and secure"), not while an
// enemy stand's centre is in it; over half shattered, Withdrawal is wanted (FD-52).
TEST_F(FireAndDisciplineOrders, AnAssaultThatTakesItsFeatureHoldsIt) {
  const int u =
      b_.foot(0, 4, 650, 500, 0, {{"order", text("assault")}, {"order-feature", text("wood")}});
  const int enemy = b_.foot(1, 1, 690, 540, 180);  // one stand, its centre in the wood
  FdState s = b_.state();
  s.force.commands = {{"bde", "Brigade", 0, 0}};
  s.force.units[u].command = 0;
  Leader brigadier;  // on the unit's first stand: orders it in person (FD-53)
  brigadier.id = "brig";
  brigadier.side = 0;
  brigadier.command = 0;
  brigadier.position = s.force.units[u].stands[0].rect.centre;
  s.force.leaders.push_back(brigadier);
  BrigadeOrders brigades(s);
  EventLog log;
  EXPECT_FALSE(secured(s, u, "wood"));
  brigades.give(s, log);
  EXPECT_EQ(brigades.intent(u).kind, OrderKind::kAssault);
  EXPECT_TRUE(log.events().empty());  // already on the order wanted
  // The enemy gone from the wood: secured, and the brigadier signals Hold (wood).
  for (Stand& st : s.force.units[enemy].stands) st.rect.centre = st.rect.centre + yd(0, 100);
  EXPECT_TRUE(secured(s, u, "wood"));
  brigades.give(s, log);
  EXPECT_EQ(brigades.intent(u).kind, OrderKind::kHold);
  EXPECT_EQ(brigades.intent(u).feature, "wood");
  EXPECT_EQ(s.units[u].order.kind, OrderKind::kHold);
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log.events()[0].text, "brig signals the order Hold (wood) to b0 in person (FD-53)");
  // Over half its boxes marked (5 of 4 stands × rating 2): Withdrawal is wanted.
  s.units[u].boxes_marked = s.units[u].shatter_boxes / 2 + 1;
  EXPECT_EQ(brigades.wanted(s, u).kind, OrderKind::kWithdrawal);
  brigades.give(s, log);
  EXPECT_EQ(s.units[u].order.kind, OrderKind::kWithdrawal);
}

}  // namespace
}  // namespace smoothbore::fire_and_discipline
