// fire-and-discipline scenario files: the shipped ones load without diagnostics (yards,
// leaders, the FD-01 scale, stands from the rule set's layout), and malformed F&D unit
// attributes give precise messages.
#include <string>
#include <string_view>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "io/check.h"
#include "io/diagnostics_test_util.h"
#include "io/scenario_file.h"
#include "rules/registry.h"

namespace smoothbore {
namespace {

using ::testing::HasSubstr;

using test::all_errors;

std::string source(std::string_view name) {
  return std::string(SMOOTHBORE_SOURCE_DIR) + "/scenarios/fire-and-discipline/" + std::string(name);
}

Scenario load_shipped(std::string_view name) {
  auto s = load_scenario_file(source(name));
  EXPECT_TRUE(s.has_value()) << (s ? "" : all_errors(s.error()));
  return s.value_or(Scenario{});
}

const Unit* unit(const Scenario& s, std::string_view id) {
  int i = s.force.unit_index(id);
  EXPECT_GE(i, 0) << id;
  return i >= 0 ? &s.force.units[i] : nullptr;
}

TEST(FireAndDisciplineScenarios, CheckCleanly) {
  for (const char* name : {"small.toml", "battle.toml"}) {
    std::vector<Diagnostic> d = check_scenario_file(source(name));
    EXPECT_TRUE(d.empty()) << name << ":\n" << all_errors(d);
  }
}

TEST(FireAndDisciplineScenarios, Small) {
  Scenario s = load_shipped("small.toml");
  EXPECT_EQ(s.ruleset, "fire-and-discipline");
  EXPECT_EQ(s.length_unit, "yd");
  EXPECT_DOUBLE_EQ(s.table.width(), 720 * 2.54);
  EXPECT_DOUBLE_EQ(s.table.height(), 480 * 2.54);
  EXPECT_EQ(s.force.units.size(), 3u);
  EXPECT_EQ(s.force.leaders.size(), 2u);
  EXPECT_EQ(s.end.turn_limit, 30);
  EXPECT_DOUBLE_EQ(s.end.army_break, 0.5);
  const Unit* foot = unit(s, "en-foot");
  ASSERT_NE(foot, nullptr);
  EXPECT_EQ(foot->stands.size(), 8u);
  EXPECT_EQ(foot->castings(), 48);
  EXPECT_EQ(foot->attribute_string("fire-tactic", ""), "platoon");
  const Unit* guns = unit(s, "en-guns");
  ASSERT_NE(guns, nullptr);
  ASSERT_EQ(guns->stands.size(), 1u);
  EXPECT_EQ(guns->stands[0].castings, 4);
  const Rect& r = guns->stands[0].rect;
  EXPECT_NEAR(r.width, 15 * 2.54, 1e-9);
  EXPECT_NEAR(r.centre.x, 410 * 2.54, 1e-9);  // facing the French line (§6.3)
}

TEST(FireAndDisciplineScenarios, Battle) {
  Scenario s = load_shipped("battle.toml");
  EXPECT_DOUBLE_EQ(s.table.width(), 1200 * 2.54);
  EXPECT_GE(s.force.leaders.size(), 6u);
  EXPECT_GE(s.force.commands.size(), 4u);
  EXPECT_EQ(s.objectives.size(), 2u);
  for (int side = 0; side < 2; ++side) EXPECT_GE(s.force.units_of(side).size(), 6u);
  const Unit* artois = unit(s, "fr-artois");
  ASSERT_NE(artois, nullptr);
  EXPECT_EQ(artois->attribute_string("melee-weapon", ""), "pike");
  const Unit* how = unit(s, "fr-howitzers");
  ASSERT_NE(how, nullptr);
  EXPECT_EQ(how->stands.size(), 2u);  // limbered: gun and limber
  const Unit* dragoons = unit(s, "fr-dragons");
  ASSERT_NE(dragoons, nullptr);
  EXPECT_NEAR(dragoons->stands[0].rect.width, 7.5 * 2.54, 1e-9);  // dismounted half-stands
}

constexpr std::string_view kFdBase = R"([scenario]
name = "test"
ruleset = "fire-and-discipline"

[table]
width = 600
height = 400

[[sides]]
id = "allies"
home_edge = "south"

[[sides.units]]
id = "a-1"
type = "infantry"
figures = 6
x = 200
y = 100
morale-rating = 3

[[sides]]
id = "french"
home_edge = "north"

[[sides.units]]
id = "f-1"
type = "cavalry"
figures = 4
x = 200
y = 300
cavalry-tactic = "fire"

[[leaders]]
id = "colonel"
side = "allies"
x = 200
y = 100
)";

std::string fd_edit(std::string_view from, std::string_view to) {
  return test::replaced(kFdBase, from, to);
}

void expect_one_error(const std::string& text, std::string_view message) {
  auto s = load_scenario_text(text, "test.toml");
  ASSERT_FALSE(s.has_value()) << "expected an error: " << message;
  ASSERT_EQ(s.error().size(), 1u) << all_errors(s.error());
  EXPECT_THAT(s.error()[0].message, HasSubstr(message)) << format(s.error()[0]);
  EXPECT_GT(s.error()[0].line, 0);
}

TEST(FireAndDisciplineScenarios, BaseLoadsInYards) {
  auto s = load_scenario_text(kFdBase, "base.toml");
  ASSERT_TRUE(s.has_value()) << all_errors(s.error());
  EXPECT_EQ(s->length_unit, "yd");  // the rule set's unit
  EXPECT_DOUBLE_EQ(s->table.width(), 600 * 2.54);
  EXPECT_EQ(s->force.units[0].formation, "line");
  EXPECT_EQ(s->force.units[0].stands.size(), 6u);
  EXPECT_EQ(s->force.leaders.size(), 1u);
  EXPECT_EQ(s->end.turn_limit, 30);
  // FD-01: at 1 cm = 5 yd a yard is 2 mm of table.
  auto cm = load_scenario_text(fd_edit("[table]",
                                       "[options]\nfd_01_table_scale = \"1cm=5yd\"\n\n"
                                       "[table]"),
                               "cm.toml");
  ASSERT_TRUE(cm.has_value()) << all_errors(cm.error());
  EXPECT_DOUBLE_EQ(cm->table.width(), 600 * 2.0);
}

// FD-60: the option fd_60_turn_limit sets the default turn limit; [end] turn_limit wins.
TEST(FireAndDisciplineScenarios, TurnLimitOptionIsTheDefault) {
  auto opt = load_scenario_text(fd_edit("[table]", "[options]\nfd_60_turn_limit = 12\n\n[table]"),
                                "opt.toml");
  ASSERT_TRUE(opt.has_value()) << all_errors(opt.error());
  EXPECT_EQ(opt->end.turn_limit, 12);
  auto both = load_scenario_text(fd_edit("[table]",
                                         "[options]\nfd_60_turn_limit = 12\n\n"
                                         "[end]\nturn_limit = 8\n\n[table]"),
                                 "both.toml");
  ASSERT_TRUE(both.has_value()) << all_errors(both.error());
  EXPECT_EQ(both->end.turn_limit, 8);
}

TEST(FireAndDisciplineScenarios, MalformedAttributes) {
  expect_one_error(fd_edit("morale-rating = 3", "morale-rating = 5"), "morale-rating");
  expect_one_error(fd_edit("morale-rating = 3", "morale-rating = 3\nfire-tactic = \"skirmish\""),
                   "expected one of volley|platoon");
  expect_one_error(fd_edit("morale-rating = 3", "morale-rating = 3\nfirearm = \"rifle\""),
                   "rifles are not allowed in this period (§7.14)");
  expect_one_error(
      fd_edit("cavalry-tactic = \"fire\"", "cavalry-tactic = \"fire\"\nmelee-weapon = \"pike\""),
      "pike is an infantry weapon");
  expect_one_error(fd_edit("morale-rating = 3", "morale-rating = 3\npdr = 6"),
                   "pdr applies to artillery sections only");
  expect_one_error(fd_edit("morale-rating = 3", "morale-rating = 3\ncastings = 2"), "3-8 castings");
  expect_one_error(fd_edit("type = \"infantry\"", "type = \"infantry\"\nformation = \"square\""),
                   "expected one of line|column|open-order");
  // An army break in [end] is the option fd_60_army_break.
  expect_one_error(std::string(kFdBase) + std::string("\n[options]\nfd_60_army_break = 0.4\n") +
                       "\n[end]\narmy_break = 0.6\n",
                   "fd_60_army_break");
}

// FD-49: an [[objectives]] entry with a capacity is an objective zone; `fortified` makes
// it earthworks (FD-57).
TEST(FireAndDisciplineScenarios, ObjectiveZones) {
  const std::string zone =
      std::string(kFdBase) + "\n[[objectives]]\nid = \"farm\"\nx = 300\ny = 200\nradius = 40\n";
  auto s = load_scenario_text(zone + "capacity = 4\nfortified = true\n", "zone.toml");
  ASSERT_TRUE(s.has_value()) << all_errors(s.error());
  ASSERT_EQ(s->objectives.size(), 1u);
  EXPECT_EQ(s->objectives[0].capacity, 4);
  EXPECT_TRUE(s->objectives[0].fortified);
  auto plain = load_scenario_text(zone, "plain.toml");
  ASSERT_TRUE(plain.has_value()) << all_errors(plain.error());
  EXPECT_EQ(plain->objectives[0].capacity, 0);  // only a place to hold
  EXPECT_FALSE(plain->objectives[0].fortified);
  expect_one_error(zone + "capacity = 0\n", "capacity");
  expect_one_error(zone + "capacity = \"six\"\n", "capacity");
  expect_one_error(zone + "fortified = \"yes\"\n", "fortified");
  expect_one_error(zone + "fortified = true\n", "only an objective zone can be fortified");
}

TEST(FireAndDisciplineScenarios, BattleVillageIsAnObjectiveZone) {
  Scenario s = load_shipped("battle.toml");
  ASSERT_EQ(s.objectives.size(), 2u);
  EXPECT_EQ(s.objectives[0].id, "village");
  EXPECT_EQ(s.objectives[0].capacity, 6);
  EXPECT_DOUBLE_EQ(s.objectives[0].radius, 55 * 2.54);
  EXPECT_FALSE(s.objectives[0].fortified);
}

}  // namespace
}  // namespace smoothbore
