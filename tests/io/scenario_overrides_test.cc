// Overrides (the cells of `smoothbore sweep`): the scenario loads as if the change were
// written in the file, with the loader's every check, and names it checks are errors.
#include "io/scenario_overrides.h"

#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/embedded.h"
#include "rules/registry.h"

namespace smoothbore {
namespace {

using ::testing::HasSubstr;

std::string embedded_text(const std::string& name) {
  auto text = embedded::find(embedded::scenario_files(), name);
  EXPECT_TRUE(text.has_value()) << name;
  return text ? std::string(*text) : std::string();
}

Scenario load(const std::string& name, std::vector<ScenarioOverride> overrides = {}) {
  auto s = load_scenario_text(embedded_text(name), name, overrides);
  EXPECT_TRUE(s.has_value()) << name << ": " << (s ? "" : format(s.error().front()));
  return s ? *s : Scenario{};
}

TEST(ScenarioOverrides, OptionIsSetAsIfWrittenInOptions) {
  Scenario s = load("fast-1805/small.toml", {{"a2_first_fire", std::string("target")}});
  EXPECT_EQ(s.options.get_string("a2_first_fire"), "target");
  // An option the file already sets is replaced.
  Scenario c = load("fast-1805/small.toml", {{"a2_concealment", false}});
  EXPECT_FALSE(c.options.get_bool("a2_concealment"));
}

TEST(ScenarioOverrides, ArmyBreakOptionAlsoReplacesEnd) {
  // small.toml has [end] army_break = 0.5; the option and [end] set the same thing.
  Scenario s = load("fast-1805/small.toml", {{"a2_army_break", 0.3}});
  EXPECT_DOUBLE_EQ(s.end.army_break, 0.3);
  EXPECT_DOUBLE_EQ(s.options.get_number("a2_army_break"), 0.3);
}

TEST(ScenarioOverrides, TurnLimitOptionAlsoReplacesEnd) {
  // fire-and-discipline's FD-60 turn limit; small.toml has [end] turn_limit = 30.
  Scenario s = load("fire-and-discipline/small.toml", {{"fd_60_turn_limit", std::int64_t{12}}});
  EXPECT_EQ(s.end.turn_limit, 12);
}

TEST(ScenarioOverrides, AScaleOptionRescalesTheFile) {
  // FD-01: the file's yards are 2.54 mm at 1in=10yd and 2 mm at 1cm=5yd, while stands keep
  // their size in mm. So the smaller table either still holds the units, or the loader's
  // geometry checks (made at the new scale) say where they no longer fit.
  Scenario inch = load("fire-and-discipline/small.toml");
  auto cm = load_scenario_text(
      embedded_text("fire-and-discipline/small.toml"), "small.toml",
      std::vector<ScenarioOverride>{{"fd_01_table_scale", std::string("1cm=5yd")}});
  if (cm.has_value()) {
    EXPECT_NEAR(cm->table.width() / inch.table.width(), 2.0 / 2.54, 1e-9);
  } else {
    for (const Diagnostic& d : cm.error()) {
      EXPECT_THAT(d.message, ::testing::AnyOf(HasSubstr("overlaps"), HasSubstr("off the table")))
          << format(d);
    }
  }
}

TEST(ScenarioOverrides, UnitAttributeAndFigures) {
  Scenario base = load("fast-1805/small.toml");
  Scenario s = load("fast-1805/small.toml", {{"unit.fr-5e-ligne.quality", std::string("green")},
                                             {"unit.ht-mutineers.figures", std::int64_t{9}}});
  const Unit& ligne = s.force.units[s.force.unit_index("fr-5e-ligne")];
  EXPECT_EQ(ligne.attribute_string("quality", ""), "green");
  const Unit& mutineers = s.force.units[s.force.unit_index("ht-mutineers")];
  EXPECT_EQ(mutineers.start_figures, 9);
  EXPECT_LT(mutineers.footprint().width,
            base.force.units[base.force.unit_index("ht-mutineers")].footprint().width);
}

TEST(ScenarioOverrides, TheLoaderChecksTheResult) {
  // fast-1805's own unit check (L164) and its geometry checks still apply.
  auto s = load_scenario_text(
      embedded_text("fast-1805/small.toml"), "small.toml",
      std::vector<ScenarioOverride>{{"unit.fr-hussars.haitian", std::string("irregular")}});
  ASSERT_FALSE(s.has_value());
  EXPECT_THAT(format(s.error().front()), HasSubstr("infantry regiments only (L164)"));
  auto big = load_scenario_text(
      embedded_text("fast-1805/small.toml"), "small.toml",
      std::vector<ScenarioOverride>{{"unit.fr-5e-ligne.figures", std::int64_t{100000}}});
  ASSERT_FALSE(big.has_value());
  EXPECT_THAT(format(big.error().front()), HasSubstr("off the table"));
}

TEST(ScenarioOverrides, AnOverrideOfNothingIsAnError) {
  auto s = load_scenario_text(
      embedded_text("fast-1805/small.toml"), "small.toml",
      std::vector<ScenarioOverride>{{"unit.nobody.quality", std::string("green")}});
  ASSERT_FALSE(s.has_value());
  EXPECT_THAT(format(s.error().front()), HasSubstr("no unit 'nobody'"));
  auto o = load_scenario_text(embedded_text("fast-1805/small.toml"), "small.toml",
                              std::vector<ScenarioOverride>{{"no_such_option", true}});
  ASSERT_FALSE(o.has_value());
  EXPECT_THAT(format(o.error().front()), HasSubstr("unknown option 'no_such_option'"));
}

TEST(OverrideSpec, NamesTheSchema) {
  Scenario s = load("fast-1805/small.toml");
  const Ruleset& rs = *find_ruleset("fast-1805");
  auto option = override_spec(s, rs, "a2_army_break");
  ASSERT_TRUE(option.has_value()) << option.error();
  EXPECT_EQ(option->type, ParamType::kNumber);
  auto attr = override_spec(s, rs, "unit.fr-5e-ligne.quality");
  ASSERT_TRUE(attr.has_value()) << attr.error();
  EXPECT_EQ(attr->name, "unit.fr-5e-ligne.quality");  // so value errors name it in full
  EXPECT_EQ(attr->type, ParamType::kChoice);
  auto figures = override_spec(s, rs, "unit.fr-5e-ligne.figures");
  ASSERT_TRUE(figures.has_value()) << figures.error();
  EXPECT_EQ(figures->type, ParamType::kInt);
  EXPECT_FALSE(override_spec(s, rs, "unit.fr-5e-ligne.x").has_value());
  EXPECT_FALSE(override_spec(s, rs, "unit..quality").has_value());
  EXPECT_FALSE(override_spec(s, rs, "fd_21_morale_base").has_value());  // another rule set's
}

}  // namespace
}  // namespace smoothbore
