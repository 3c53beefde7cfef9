// Scenario files: the shipped scenarios load cleanly, and malformed ones give precise,
// located diagnostics (design.md "Errors").
#include "io/scenario_file.h"

#include <fstream>
#include <string>
#include <string_view>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/embedded.h"
#include "io/check.h"
#include "io/diagnostics_test_util.h"
#include "rules/registry.h"

namespace smoothbore {
namespace {

using ::testing::HasSubstr;

// A minimal valid scenario; the malformed cases below edit one part of it.
constexpr std::string_view kBase = R"([scenario]
name = "test"
ruleset = "fast-1805"

[table]
width = 48
height = 36

[[terrain]]
id = "wood"
class = "light-woods"
polygon = [[30, 20], [40, 20], [40, 30]]

[[sides]]
id = "french"
home_edge = "south"

[[sides.units]]
id = "fr-1"
type = "infantry"
formation = "line"
figures = 16
x = 10
y = 6
quality = "veteran"

[[sides]]
id = "haiti"
home_edge = "north"

[[sides.units]]
id = "ht-1"
type = "infantry"
formation = "line"
figures = 20
x = 10
y = 30
haitian = "irregular"
)";

struct Pos {
  int line = 0;
  int column = 0;
};

// 1-based line and column of the `nth` occurrence (0-based) of `needle` in `text`.
Pos pos_of(std::string_view text, std::string_view needle, int nth = 0) {
  std::size_t at = text.find(needle);
  for (int i = 0; i < nth && at != std::string_view::npos; ++i) at = text.find(needle, at + 1);
  EXPECT_NE(at, std::string_view::npos) << needle;
  Pos p{1, 1};
  for (std::size_t i = 0; i < at; ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

// The base text with the `nth` occurrence of `from` replaced by `to`.
std::string edit(std::string_view from, std::string_view to, int nth = 0,
                 std::string_view text = kBase) {
  std::string out(text);
  std::size_t at = out.find(from);
  for (int i = 0; i < nth && at != std::string::npos; ++i) at = out.find(from, at + 1);
  EXPECT_NE(at, std::string::npos) << from;
  out.replace(at, from.size(), to);
  return out;
}

std::vector<Diagnostic> errors_of(const std::string& text) {
  auto loaded = load_scenario_text(text, "test.toml");
  EXPECT_FALSE(loaded.has_value()) << "expected errors in:\n" << text;
  if (loaded) return {};
  return loaded.error();
}

// Exactly one diagnostic, at `at`, whose message contains `message`.
void expect_one(const std::string& text, Pos at, std::string_view message) {
  std::vector<Diagnostic> d = errors_of(text);
  ASSERT_EQ(d.size(), 1u) << [&] {
    std::string all;
    for (const Diagnostic& x : d) all += format(x) + "\n";
    return all;
  }();
  EXPECT_EQ(d[0].file, "test.toml");
  EXPECT_EQ(d[0].line, at.line) << format(d[0]);
  EXPECT_EQ(d[0].column, at.column) << format(d[0]);
  EXPECT_THAT(d[0].message, HasSubstr(message)) << format(d[0]);
}

Pos shift(Pos p, int columns) { return {p.line, p.column + columns}; }

TEST(ScenarioFile, BaseLoads) {
  auto s = load_scenario_text(kBase, "base.toml");
  ASSERT_TRUE(s.has_value()) << format(s.error().front());
  EXPECT_EQ(s->source, "base.toml");
  EXPECT_EQ(s->ruleset, "fast-1805");
  EXPECT_EQ(s->length_unit, "in");
  EXPECT_DOUBLE_EQ(s->table.width(), 48 * 25.4);
  EXPECT_DOUBLE_EQ(s->table.height(), 36 * 25.4);
  ASSERT_EQ(s->force.sides.size(), 2u);
  ASSERT_EQ(s->force.units.size(), 2u);
  const Unit& fr = s->force.units[0];
  EXPECT_EQ(fr.side, 0);
  EXPECT_EQ(fr.command, -1);
  EXPECT_EQ(fr.name, "fr-1");  // defaults to the id
  EXPECT_EQ(fr.arm, Arm::kFoot);
  EXPECT_EQ(fr.start_figures, 16);
  ASSERT_EQ(fr.stands.size(), 1u);
  EXPECT_DOUBLE_EQ(fr.stands[0].rect.centre.x, 10 * 25.4);
  EXPECT_DOUBLE_EQ(fr.stands[0].rect.centre.y, 6 * 25.4);
  EXPECT_DOUBLE_EQ(fr.stands[0].rect.facing, 0);  // toward the far (north) edge
  EXPECT_DOUBLE_EQ(s->force.units[1].stands[0].rect.facing, 180);
  // Every attribute, in the rule set's order, defaults filled in.
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  ASSERT_EQ(fr.attributes.size(), rs->unit_attributes().size());
  for (std::size_t i = 0; i < fr.attributes.size(); ++i) {
    EXPECT_EQ(fr.attributes[i].first, rs->unit_attributes()[i].name);
  }
  EXPECT_EQ(fr.attribute_string("quality", ""), "veteran");
  EXPECT_EQ(fr.attribute_string("effectiveness", ""), "steady");
  EXPECT_EQ(fr.attribute_string("haitian", ""), "none");
  // Every option present; end conditions from the rule set.
  EXPECT_EQ(s->options.values().size(), rs->options().size());
  EXPECT_EQ(s->end.turn_limit, rs->default_turn_limit());
  EXPECT_DOUBLE_EQ(s->end.army_break, 0.5);
  EXPECT_TRUE(s->end.victory_points);
  EXPECT_EQ(s->first_side, 0);
  ASSERT_EQ(s->table.areas().size(), 1u);
  EXPECT_TRUE(s->table.areas()[0].blocks_sight);
  EXPECT_EQ(s->table.areas()[0].cls, TerrainClass::kLightWoods);
}

TEST(ScenarioFile, OptionalPartsAreRead) {
  std::string text = edit("[table]", R"([options]
a2_horses = 6
a2_army_break = 0.4

[table])");
  text = edit("[[sides]]", R"([[terrain]]
id = "stream"
class = "stream"
path = [[0, 18], [48, 18]]
width = 2

[[terrain]]
id = "hill"
class = "hill"
rect = { x = 40, y = 8, width = 6, depth = 4 }

[[sides]])",
              0, text);
  text = edit("[[sides.units]]\nid = \"fr-1\"", R"([[sides.commands]]
id = "brigade"
name = "Brigade"

[[sides.commands.units]]
id = "fr-1")",
              0, text);
  text += R"(
[[objectives]]
id = "wood"
x = 35
y = 25
radius = 3
points = 4

[end]
turn_limit = 7
victory_points = false
)";
  text = edit("ruleset = \"fast-1805\"",
              "ruleset = \"fast-1805\"\nfirst_side = \"haiti\"\nseed = 7", 0, text);
  auto s = load_scenario_text(text, "t.toml");
  ASSERT_TRUE(s.has_value()) << format(s.error().front());
  EXPECT_EQ(s->options.get_int("a2_horses"), 6);
  EXPECT_DOUBLE_EQ(s->end.army_break, 0.4);
  EXPECT_EQ(s->end.turn_limit, 7);
  EXPECT_FALSE(s->end.victory_points);
  EXPECT_EQ(s->first_side, 1);
  EXPECT_EQ(s->seed, 7u);
  ASSERT_EQ(s->force.commands.size(), 1u);
  EXPECT_EQ(s->force.units[0].command, 0);
  ASSERT_EQ(s->objectives.size(), 1u);
  EXPECT_DOUBLE_EQ(s->objectives[0].radius, 3 * 25.4);
  EXPECT_EQ(s->objectives[0].points, 4);
  ASSERT_EQ(s->table.linears().size(), 1u);
  EXPECT_DOUBLE_EQ(s->table.linears()[0].width, 2 * 25.4);
  EXPECT_FALSE(s->table.linears()[0].blocks_sight);
  ASSERT_EQ(s->table.areas().size(), 2u);
  EXPECT_EQ(s->table.areas()[1].elevation, 1);  // a hill defaults to level 1
  EXPECT_EQ(s->table.areas()[1].shape.points.size(), 4u);
}

TEST(ScenarioFile, LengthUnitCentimetres) {
  std::string text =
      edit("ruleset = \"fast-1805\"", "ruleset = \"fast-1805\"\nlength_unit = \"cm\"");
  text = edit("width = 48\nheight = 36", "width = 120\nheight = 90", 0, text);
  auto s = load_scenario_text(text, "t.toml");
  ASSERT_TRUE(s.has_value()) << format(s.error().front());
  EXPECT_DOUBLE_EQ(s->table.width(), 1200);
  EXPECT_DOUBLE_EQ(s->force.units[0].stands[0].rect.centre.x, 100);
}

// ---- malformed files: one diagnostic each, at the exact place

TEST(ScenarioFile, SyntaxError) {
  std::string text = edit("figures = 16", "figures = = 16");
  std::vector<Diagnostic> d = errors_of(text);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].line, pos_of(text, "figures = =").line);
  EXPECT_EQ(d[0].column, 11);
  EXPECT_FALSE(d[0].message.empty());
}

TEST(ScenarioFile, UnknownTopLevelKey) {
  std::string text = std::string(kBase) + "\n[weather]\nrain = true\n";
  expect_one(text, shift(pos_of(text, "[weather]"), 1),
             "unknown key 'weather'; expected one of scenario|options|table");
}

TEST(ScenarioFile, UnknownUnitKey) {
  std::string text = edit("quality = \"veteran\"", "qualty = \"veteran\"");
  expect_one(text, pos_of(text, "qualty"),
             "unit 'fr-1': unknown key 'qualty'; expected one of id|name|type");
}

TEST(ScenarioFile, UnknownRuleset) {
  std::string text = edit("\"fast-1805\"", "\"fast-1806\"");
  // The registered rule sets in id order (every one plays battles).
  expect_one(text, pos_of(text, "\"fast-1806\""),
             "[scenario]: ruleset: expected one of "
             "elan-drill|fast-1805|fire-and-discipline|group-orders|squad-skirmish, found "
             "'fast-1806'");
}

TEST(ScenarioFile, UnknownUnitType) {
  std::string text = edit("type = \"infantry\"", "type = \"grenadiers\"");
  expect_one(text, pos_of(text, "\"grenadiers\""),
             "unit 'fr-1': type: expected one of infantry|cavalry|artillery|wagon, found string "
             "'grenadiers'");
}

TEST(ScenarioFile, FormationNotAllowed) {
  std::string text = edit("type = \"infantry\"\nformation = \"line\"",
                          "type = \"cavalry\"\nformation = \"square\"");
  expect_one(text, pos_of(text, "\"square\""),
             "unit 'fr-1': formation: expected one of line|column (the formations of cavalry), "
             "found 'square'");
}

TEST(ScenarioFile, QualityNotInEnum) {
  std::string text = edit("\"veteran\"", "\"elite\"");
  expect_one(text, pos_of(text, "\"elite\""),
             "unit 'fr-1': quality: expected one of veteran|green|untrained, found 'elite'");
}

TEST(ScenarioFile, ZeroFigures) {
  std::string text = edit("figures = 16", "figures = 0");
  expect_one(text, shift(pos_of(text, "figures = 0"), 10),
             "unit 'fr-1': figures: expected an integer from 1 to");
}

TEST(ScenarioFile, UnknownOption) {
  std::string text = edit("[table]", "[options]\na2_fog = true\n\n[table]");
  expect_one(text, pos_of(text, "a2_fog"),
             "[options]: unknown option 'a2_fog' for rule set fast-1805; expected one of "
             "a2_move_then_shoot|");
}

TEST(ScenarioFile, OptionOutOfRange) {
  std::string text = edit("[table]", "[options]\na2_horses = 50\n\n[table]");
  expect_one(text, pos_of(text, "50"), "[options]: a2_horses: expected an integer 1..12, found 50");
}

TEST(ScenarioFile, OptionWrongType) {
  std::string text = edit("[table]", "[options]\na2_concealment = \"yes\"\n\n[table]");
  expect_one(text, pos_of(text, "\"yes\""),
             "[options]: a2_concealment: expected true or false, found 'yes'");
}

TEST(ScenarioFile, OverlappingUnits) {
  std::string text = edit("x = 10\ny = 30", "x = 11\ny = 6.5");
  expect_one(text, pos_of(text, "11"),
             "unit 'ht-1': overlaps unit 'fr-1' (line 18); expected units not to overlap");
}

TEST(ScenarioFile, UnitOffTheTable) {
  std::string text = edit("x = 10\ny = 6", "x = 1\ny = 6");
  expect_one(text, shift(pos_of(text, "x = 1\n"), 4),
             "unit 'fr-1': off the table: its footprint spans x -1..3, y 5.5..6.5 in; expected "
             "it within 0..48 x 0..36 in");
}

TEST(ScenarioFile, DuplicateUnitId) {
  std::string text = edit("\"ht-1\"", "\"fr-1\"");
  expect_one(text, pos_of(text, "\"fr-1\"", 1),
             "unit 'fr-1': duplicate unit id; expected ids unique across the scenario (first "
             "used at line 19)");
}

TEST(ScenarioFile, UnknownTerrainClass) {
  std::string text = edit("\"light-woods\"", "\"jungle\"");
  expect_one(text, pos_of(text, "\"jungle\""),
             "terrain 'wood': class: expected one of open|road|light-woods|heavy-woods|rough|"
             "marsh|stream|hill|obstacle|building|earthworks|protective, found string 'jungle'");
}

TEST(ScenarioFile, PolygonTooShort) {
  std::string text = edit("[[30, 20], [40, 20], [40, 30]]", "[[30, 20], [40, 20]]");
  expect_one(text, pos_of(text, "[[30"),
             "terrain 'wood': polygon: expected at least 3 points, found 2");
}

TEST(ScenarioFile, PolygonPointNotAPair) {
  std::string text = edit("[40, 30]", "[40, 30, 5]");
  expect_one(text, pos_of(text, "[40, 30, 5]"),
             "terrain 'wood': polygon: expected a point [x, y] of two numbers, found an array of "
             "3 element(s)");
}

TEST(ScenarioFile, StringForNumber) {
  std::string text = edit("x = 10", "x = \"10\"");
  expect_one(text, pos_of(text, "\"10\""), "unit 'fr-1': x: expected a number, found string '10'");
}

TEST(ScenarioFile, HaitianIrregularInSquare) {
  std::string text = edit("formation = \"line\"", "formation = \"square\"", 1);
  expect_one(text, pos_of(text, "[[sides.units]]", 1),
             "unit 'ht-1': Haitian irregulars may not form square (L168)");
}

TEST(ScenarioFile, OneSideOnly) {
  std::string text(kBase.substr(0, kBase.find("[[sides]]\nid = \"haiti\"")));
  expect_one(text, pos_of(text, "[[sides]]"), "a battle needs at least two [[sides]], found 1");
}

TEST(ScenarioFile, SideWithoutUnits) {
  std::string text(kBase.substr(0, kBase.find("[[sides.units]]\nid = \"ht-1\"")));
  expect_one(text, pos_of(text, "[[sides]]", 1),
             "side 'haiti': has no units; expected at least one [[sides.units]]");
}

TEST(ScenarioFile, UnknownFirstSide) {
  std::string text =
      edit("ruleset = \"fast-1805\"", "ruleset = \"fast-1805\"\nfirst_side = \"uk\"");
  expect_one(text, pos_of(text, "\"uk\""), "first_side: expected one of french|haiti, found 'uk'");
}

TEST(ScenarioFile, MissingTable) {
  std::string text = edit("[table]\nwidth = 48\nheight = 36\n", "");
  expect_one(text, Pos{1, 1}, "missing key 'table'");
}

TEST(ScenarioFile, ObjectiveOffTheTable) {
  std::string text =
      std::string(kBase) + "\n[[objectives]]\nid = \"far\"\nx = 50\ny = 5\nradius = 2\n";
  expect_one(text, pos_of(text, "50"), "objective 'far': position (50, 5) is off the table");
}

// Objective zones (capacity, fortified) belong to rule sets that fight over them (000's
// FD-49); fast-1805 refuses the keys rather than ignoring them.
TEST(ScenarioFile, ObjectiveZoneKeysInARuleSetWithoutZones) {
  std::string text = std::string(kBase) +
                     "\n[[objectives]]\nid = \"farm\"\nx = 10\ny = 10\nradius = 2\ncapacity = 4\n";
  Pos at = pos_of(text, "capacity = 4");
  at.column += static_cast<int>(std::string_view("capacity = ").size());  // at the value
  expect_one(text, at, "objective 'farm': capacity: rule set 'fast-1805' has no objective zones");
}

TEST(ScenarioFile, ArmyBreakOutOfRange) {
  std::string text = std::string(kBase) + "\n[end]\narmy_break = 1.5\n";
  expect_one(text, pos_of(text, "1.5"), "[end]: army_break: expected a fraction in (0, 1]");
}

// A2-27: 1805 has no leaders, so a [[leaders]] entry is an error at its first line.
TEST(ScenarioFile, LeadersInARuleSetWithoutLeaders) {
  std::string text =
      std::string(kBase) + "\n[[leaders]]\nid = \"g\"\nside = \"french\"\nx = 1\ny = 1\n";
  expect_one(text, pos_of(text, "[[leaders]]"), "rule set 'fast-1805' has no leaders");
}

TEST(ScenarioFile, TerrainWithTwoShapes) {
  std::string text = edit("polygon = [[30, 20], [40, 20], [40, 30]]",
                          "polygon = [[30, 20], [40, 20], [40, 30]]\npath = [[0, 0], [1, 1]]");
  expect_one(text, pos_of(text, "[[terrain]]"), "expected exactly one of polygon (area), rect");
}

TEST(ScenarioFile, HaitianCannotSkirmishUnlessOption) {
  std::string text = edit("formation = \"line\"", "formation = \"skirmish\"", 1);
  expect_one(text, pos_of(text, "[[sides.units]]", 1), "Haitian units cannot skirmish");
  text = edit("[table]", "[options]\na2_haitian_skirmish = true\n\n[table]", 0, text);
  EXPECT_TRUE(load_scenario_text(text, "t.toml").has_value());
}

TEST(ScenarioFile, ReportsEveryError) {
  std::string text = edit("\"veteran\"", "\"elite\"");
  text = edit("\"light-woods\"", "\"jungle\"", 0, text);
  text = edit("figures = 20", "figures = \"many\"", 0, text);
  std::vector<Diagnostic> d = errors_of(text);
  ASSERT_EQ(d.size(), 3u);
  // In file order.
  EXPECT_EQ(d[0].line, pos_of(text, "\"jungle\"").line);
  EXPECT_THAT(d[0].message, HasSubstr("class"));
  EXPECT_EQ(d[1].line, pos_of(text, "\"elite\"").line);
  EXPECT_THAT(d[1].message, HasSubstr("quality"));
  EXPECT_EQ(d[2].line, pos_of(text, "\"many\"").line);
  EXPECT_THAT(d[2].message, HasSubstr("unit 'ht-1': figures: expected an integer"));
}

TEST(ScenarioFile, MissingFile) {
  auto loaded = load_scenario_file("/nonexistent/nowhere.toml");
  ASSERT_FALSE(loaded.has_value());
  ASSERT_EQ(loaded.error().size(), 1u);
  EXPECT_EQ(loaded.error()[0].file, "/nonexistent/nowhere.toml");
  EXPECT_THAT(format(loaded.error()[0]),
              HasSubstr("/nonexistent/nowhere.toml: error: cannot open the scenario file"));
}

TEST(ScenarioFile, FormatDiagnostic) {
  EXPECT_EQ(format(Diagnostic{"s.toml", 14, 9, "bad"}), "s.toml:14:9: error: bad");
  EXPECT_EQ(format(Diagnostic{"s.toml", 0, 0, "gone"}), "s.toml: error: gone");
}

// ---- shipped scenarios

const char* const kShipped[] = {"fast-1805/small.toml", "fast-1805/battle.toml",
                                "fast-1805/default.toml"};

using test::all_errors;

TEST(ShippedScenarios, LoadFromSourceTree) {
  for (const char* name : kShipped) {
    std::string path = std::string(SMOOTHBORE_SOURCE_DIR) + "/scenarios/" + name;
    EXPECT_TRUE(check_scenario_file(path).empty()) << all_errors(check_scenario_file(path));
  }
}

TEST(ShippedScenarios, EveryEmbeddedScenarioLoads) {
  int count = 0;
  for (const embedded::File& f : embedded::scenario_files()) {
    auto s = load_scenario_text(f.data, std::string(f.path));
    EXPECT_TRUE(s.has_value()) << (s ? "" : all_errors(s.error()));
    ++count;
  }
  EXPECT_GE(count, 3);
  for (const char* name : kShipped) {
    EXPECT_TRUE(embedded::find(embedded::scenario_files(), name).has_value()) << name;
  }
}

TEST(ShippedScenarios, Shapes) {
  auto load = [](std::string_view name) {
    auto text = embedded::find(embedded::scenario_files(), name);
    EXPECT_TRUE(text.has_value());
    auto s = load_scenario_text(text.value_or(""), std::string(name));
    EXPECT_TRUE(s.has_value());
    return s.value_or(Scenario{});
  };
  Scenario small = load("fast-1805/small.toml");
  EXPECT_EQ(small.force.units.size(), 6u);
  EXPECT_DOUBLE_EQ(small.table.width(), 48 * 25.4);
  EXPECT_EQ(small.objectives.size(), 1u);
  Scenario def = load("fast-1805/default.toml");
  EXPECT_LE(def.force.units.size(), 8u);
  Scenario battle = load("fast-1805/battle.toml");
  EXPECT_DOUBLE_EQ(battle.table.width(), 72 * 25.4);
  EXPECT_EQ(battle.end.turn_limit, 12);
  EXPECT_GE(battle.objectives.size(), 2u);
  for (int side = 0; side < 2; ++side) {
    EXPECT_GE(battle.force.units_of(side).size(), 10u);
  }
  // Units of the two sides start 20-30" apart (closest footprints).
  for (const Scenario* s : {&small, &battle}) {
    double closest = 1e18;
    for (const Unit& a : s->force.units) {
      for (const Unit& b : s->force.units) {
        if (a.side == 0 && b.side == 1) {
          closest = std::min(closest, distance(a.stands[0].rect, b.stands[0].rect));
        }
      }
    }
    EXPECT_GE(closest / 25.4, 18.0) << s->name;
    EXPECT_LE(closest / 25.4, 30.0) << s->name;
  }
  // Guns on open, level ground (L137).
  for (const Unit& u : battle.force.units) {
    if (u.arm != Arm::kArtillery) continue;
    EXPECT_FALSE(battle.table.any_in(u.stands[0].rect, TerrainClass::kHill)) << u.id;
    EXPECT_FALSE(battle.table.any_in(u.stands[0].rect, TerrainClass::kLightWoods)) << u.id;
    EXPECT_FALSE(battle.table.any_in(u.stands[0].rect, TerrainClass::kHeavyWoods)) << u.id;
    EXPECT_FALSE(battle.table.any_in(u.stands[0].rect, TerrainClass::kStream)) << u.id;
  }
}

TEST(CheckScenarioFile, ReportsDiagnostics) {
  std::string path = ::testing::TempDir() + "/bad_scenario.toml";
  {
    std::ofstream out(path);
    out << edit("\"veteran\"", "\"elite\"");
  }
  std::vector<Diagnostic> d = check_scenario_file(path);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].file, path);
  EXPECT_THAT(format(d[0]), HasSubstr(":25:11: error: unit 'fr-1': quality"));
}

}  // namespace
}  // namespace smoothbore
