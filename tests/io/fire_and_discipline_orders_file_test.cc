// fire-and-discipline orders in scenario files (§2.41, FD-52): the unit attributes `order`
// and `order-feature` load into the units, the shipped scenarios give sensible orders, and
// a bad order, an unknown feature or a feature the order cannot name is an error at the
// value's line and column. Also the free-text attribute type they rest on.
#include <string>
#include <string_view>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "io/diagnostics_test_util.h"
#include "io/scenario_file.h"
#include "rules/fire_and_discipline/orders.h"
#include "rules/param.h"

namespace smoothbore {
namespace {

using ::testing::HasSubstr;
namespace fd = fire_and_discipline;

using test::all_errors;

// Line numbers matter below: the unit's order lines are 25 and 26.
constexpr std::string_view kOrdersBase = R"([scenario]
name = "orders"
ruleset = "fire-and-discipline"

[table]
width = 600
height = 400

[[terrain]]
id = "village"
class = "building"
rect = { x = 300, y = 300, width = 100, depth = 60 }

[[sides]]
id = "allies"
home_edge = "south"

[[sides.units]]
id = "a-1"
type = "infantry"
figures = 6
x = 200
y = 150
morale-rating = 3
order = "assault"
order-feature = "village"

[[sides.units]]
id = "a-2"
type = "infantry"
figures = 4
x = 400
y = 150

[[sides]]
id = "french"
home_edge = "north"

[[sides.units]]
id = "f-1"
type = "infantry"
figures = 4
x = 300
y = 300
order = "hold"
order-feature = "village"

[[objectives]]
id = "mill"
name = "The mill"
x = 500
y = 80
radius = 20
)";

std::string orders_edit(std::string_view from, std::string_view to) {
  return test::replaced(kOrdersBase, from, to);
}

// Exactly one error, at `line`:`col`, containing `message`.
void expect_error_at(const std::string& text, int line, int col, std::string_view message) {
  auto s = load_scenario_text(text, "orders.toml");
  ASSERT_FALSE(s.has_value()) << "expected an error: " << message;
  ASSERT_EQ(s.error().size(), 1u) << all_errors(s.error());
  const Diagnostic& d = s.error()[0];
  EXPECT_THAT(d.message, HasSubstr(message)) << format(d);
  EXPECT_EQ(d.line, line) << format(d);
  EXPECT_EQ(d.column, col) << format(d);
}

TEST(FireAndDisciplineOrdersFile, OrdersLoadIntoTheUnits) {
  auto s = load_scenario_text(kOrdersBase, "orders.toml");
  ASSERT_TRUE(s.has_value()) << all_errors(s.error());
  const Unit& a1 = s->force.units[0];
  EXPECT_EQ(a1.attribute_string("order", ""), "assault");
  EXPECT_EQ(a1.attribute_string("order-feature", "x"), "village");
  const std::optional<fd::Order> o = fd::scenario_order(a1);
  ASSERT_TRUE(o.has_value());
  EXPECT_EQ(o->kind, fd::OrderKind::kAssault);
  EXPECT_EQ(o->feature, "village");
  // No order given: "none", and no scenario order (the unit starts on Hold, FD-52).
  const Unit& a2 = s->force.units[1];
  EXPECT_EQ(a2.attribute_string("order", ""), "none");
  EXPECT_EQ(a2.attribute_string("order-feature", "x"), "");
  EXPECT_FALSE(fd::scenario_order(a2).has_value());
  EXPECT_EQ(fd::scenario_order(s->force.units[2])->kind, fd::OrderKind::kHold);
  // An objective may be named too; General Advance and Withdrawal without a feature.
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"order-feature = \"village\"\n\n[[sides.units]]\nid = \"a-2\"",
            "order-feature = \"mill\"\n\n[[sides.units]]\nid = \"a-2\""},
           {"y = 150\n\n[[sides]]", "y = 150\norder = \"general-advance\"\n\n[[sides]]"},
           {"y = 150\n\n[[sides]]", "y = 150\norder = \"withdrawal\"\n\n[[sides]]"}}) {
    auto v = load_scenario_text(orders_edit(from, to), "variant.toml");
    EXPECT_TRUE(v.has_value()) << to << "\n" << (v ? "" : all_errors(v.error()));
  }
}

TEST(FireAndDisciplineOrdersFile, BadOrderValue) {
  expect_error_at(orders_edit("order = \"assault\"", "order = \"charge\""), 25, 9,
                  "order: expected one of none|general-advance|assault|hold|withdrawal, found "
                  "'charge'");
  expect_error_at(orders_edit("order-feature = \"village\"\n\n[[sides.units]]\nid = \"a-2\"",
                              "order-feature = 7\n\n[[sides.units]]\nid = \"a-2\""),
                  26, 17, "order-feature: expected a string, found 7");
}

TEST(FireAndDisciplineOrdersFile, UnknownFeature) {
  expect_error_at(orders_edit("order-feature = \"village\"\n\n[[sides.units]]\nid = \"a-2\"",
                              "order-feature = \"vilage\"\n\n[[sides.units]]\nid = \"a-2\""),
                  26, 17,
                  "unit 'a-1': order-feature: expected the id of an objective or terrain "
                  "feature (mill|village), found 'vilage'");
}

TEST(FireAndDisciplineOrdersFile, AssaultNeedsAFeature) {  // §2.41b
  expect_error_at(orders_edit("order-feature = \"village\"\n\n[[sides.units]]\nid = \"a-2\"",
                              "\n\n[[sides.units]]\nid = \"a-2\""),
                  25, 9, "an assault names the feature to charge and secure (§2.41b)");
}

TEST(FireAndDisciplineOrdersFile, GeneralAdvanceNamesNoFeature) {  // §2.41a
  expect_error_at(orders_edit("order = \"assault\"", "order = \"general-advance\""), 26, 17,
                  "only an assault, hold or withdrawal order names a feature (§2.41); found "
                  "order = 'general-advance'");
  expect_error_at(orders_edit("order = \"assault\"\n", ""), 25, 17, "found order = 'none'");
}

// §2.41d: the village (y 300) is farther from the allies' south edge than a-1 (y 150); the
// mill (y 80) is nearer.
TEST(FireAndDisciplineOrdersFile, WithdrawalTowardTheHomeEdge) {
  expect_error_at(orders_edit("order = \"assault\"", "order = \"withdrawal\""), 26, 17,
                  "a withdrawal goes to a feature closer to the side's home edge (south) than "
                  "the unit is (§2.41d); 'village' is not");
  auto ok = load_scenario_text(orders_edit("order = \"assault\"\norder-feature = \"village\"",
                                           "order = \"withdrawal\"\norder-feature = \"mill\""),
                               "withdraw.toml");
  EXPECT_TRUE(ok.has_value()) << (ok ? "" : all_errors(ok.error()));
}

TEST(FireAndDisciplineOrdersFile, ShippedScenariosGiveOrders) {
  const std::string dir = std::string(SMOOTHBORE_SOURCE_DIR) + "/scenarios/fire-and-discipline/";
  auto battle = load_scenario_file(dir + "battle.toml");
  ASSERT_TRUE(battle.has_value()) << all_errors(battle.error());
  auto order_of = [](const Scenario& s, std::string_view id) {
    return fd::scenario_order(s.force.units[static_cast<std::size_t>(s.force.unit_index(id))]);
  };
  // The defenders hold the village; the attackers assault it.
  ASSERT_TRUE(order_of(*battle, "fr-navarre").has_value());
  EXPECT_EQ(order_of(*battle, "fr-navarre")->kind, fd::OrderKind::kHold);
  EXPECT_EQ(order_of(*battle, "fr-navarre")->feature, "oberglau");
  ASSERT_TRUE(order_of(*battle, "al-ingoldsby").has_value());
  EXPECT_EQ(order_of(*battle, "al-ingoldsby")->kind, fd::OrderKind::kAssault);
  auto small = load_scenario_file(dir + "small.toml");
  ASSERT_TRUE(small.has_value()) << all_errors(small.error());
  ASSERT_TRUE(order_of(*small, "en-foot").has_value());
  EXPECT_EQ(order_of(*small, "en-foot")->kind, fd::OrderKind::kHold);
  EXPECT_EQ(order_of(*small, "en-foot")->feature, "crossroads");
}

// The free-text attribute type (ParamType::kString) the feature id uses.
TEST(FireAndDisciplineOrdersFile, StringParameters) {
  const ParamSpec spec = string_param("order-feature", "", "help", "§2.41");
  EXPECT_EQ(param_type_name(spec.type), "string");
  EXPECT_EQ(spec.signature(), "order-feature (a string, default \"\")");
  EXPECT_EQ(std::get<std::string>(*parse_param(spec, "hill 2")), "hill 2");
  EXPECT_EQ(std::get<std::string>(*check_param(spec, Value(std::string("x")))), "x");
  ASSERT_FALSE(check_param(spec, Value(true)).has_value());
  EXPECT_EQ(check_param(spec, Value(true)).error(), "order-feature: expected a string, found true");
}

}  // namespace
}  // namespace smoothbore
