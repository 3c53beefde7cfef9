// Parameter sweeps: axes are checked against the scenario's rule set, the grid is every
// combination, and a sweep over an option that matters moves the win rate the right way.
#include "analysis/sweep.h"

#include <gtest/gtest.h>

#include "rules/registry.h"
#include "sim/embedded_scenario.h"

namespace smoothbore {
namespace {

const std::string kHorseFoot =
    std::string(SMOOTHBORE_SOURCE_DIR) + "/tests/sim/data/horse_against_untrained_foot.toml";

Scenario load(const std::string& path) {
  auto s = load_scenario_file(path);
  EXPECT_TRUE(s.has_value()) << (s ? "" : format(s.error().front()));
  return s ? *s : Scenario{};
}

tl::expected<SweepAxis, std::string> axis(const std::string& text) {
  const Scenario s = load_embedded("fast-1805/small.toml");
  return parse_sweep_axis(s, *find_ruleset(s.ruleset), text);
}

TEST(SweepAxis, OptionValuesAreParsedWithTheOptionsSchema) {
  auto a = axis("a2_army_break=0.3,0.5");
  ASSERT_TRUE(a.has_value()) << a.error();
  EXPECT_EQ(a->name, "a2_army_break");
  ASSERT_EQ(a->values.size(), 2u);
  EXPECT_EQ(a->values[0], Value(0.3));
  auto b = axis("a2_first_fire=target,game");
  ASSERT_TRUE(b.has_value()) << b.error();
  EXPECT_EQ(b->values[0], Value(std::string("target")));
  auto c = axis("a2_horses=2,4");
  ASSERT_TRUE(c.has_value()) << c.error();
  EXPECT_EQ(c->values[1], Value(std::int64_t{4}));
}

TEST(SweepAxis, UnitAttributesAndFigures) {
  auto a = axis("unit.fr-5e-ligne.quality=veteran,green,untrained");
  ASSERT_TRUE(a.has_value()) << a.error();
  EXPECT_EQ(a->values.size(), 3u);
  auto f = axis("unit.fr-5e-ligne.figures=8,24");
  ASSERT_TRUE(f.has_value()) << f.error();
  EXPECT_EQ(f->values[1], Value(std::int64_t{24}));
}

TEST(SweepAxis, ErrorsSayWhatWasExpected) {
  auto expect_error = [](const std::string& text, const std::string& part) {
    auto a = axis(text);
    ASSERT_FALSE(a.has_value()) << text;
    EXPECT_NE(a.error().find(part), std::string::npos) << text << ": " << a.error();
  };
  expect_error("a2_army_break", "expected NAME=V1,V2");
  expect_error("=1,2", "expected NAME=V1,V2");
  expect_error("no_such_option=1", "neither an option of rule set fast-1805");
  expect_error("no_such_option=1", "a2_army_break");  // lists the options
  expect_error("a2_army_break=0.3,lots", "a2_army_break: expected a number");
  expect_error("a2_army_break=2", "a2_army_break: expected a number 0.05..1");
  expect_error("a2_army_break=0.3,,0.5", "empty value");
  expect_error("a2_army_break=0.3,0.3", "given twice");
  expect_error("unit.nobody.quality=green", "no unit 'nobody'");
  expect_error("unit.fr-5e-ligne.colour=red", "'colour' is not a unit attribute");
  expect_error("unit.fr-5e-ligne.quality=elite", "expected one of veteran|green|untrained");
  expect_error("unit.quality=green", "expected unit.ID.ATTRIBUTE");
}

TEST(SweepAxis, ANameTwiceIsAnError) {
  std::vector<SweepAxis> axes = {*axis("a2_horses=2,4"), *axis("a2_horses=6")};
  auto ok = check_sweep_axes(axes);
  ASSERT_FALSE(ok.has_value());
  EXPECT_NE(ok.error().find("a2_horses is varied twice"), std::string::npos);
  EXPECT_FALSE(check_sweep_axes({}).has_value());
}

TEST(SweepCells, EveryCombinationFirstAxisSlowest) {
  std::vector<SweepAxis> axes = {*axis("a2_horses=2,4"),
                                 *axis("unit.fr-5e-ligne.quality=veteran,green,untrained")};
  std::vector<SweepCell> cells = sweep_cells(axes);
  ASSERT_EQ(cells.size(), 6u);
  EXPECT_EQ(cells[0].label(), "a2_horses=2 unit.fr-5e-ligne.quality=veteran");
  EXPECT_EQ(cells[2].label(), "a2_horses=2 unit.fr-5e-ligne.quality=untrained");
  EXPECT_EQ(cells[3].label(), "a2_horses=4 unit.fr-5e-ligne.quality=veteran");
}

TEST(SweepCells, EachCellIsTheFileWithTheChangeWrittenIn) {
  const Scenario base = load(kHorseFoot);
  const Ruleset& rs = *find_ruleset(base.ruleset);
  std::vector<SweepAxis> axes = {*parse_sweep_axis(base, rs, "a2_untrained_stand_percent=0,90"),
                                 *parse_sweep_axis(base, rs, "unit.militia.figures=16,24")};
  auto scenarios = load_sweep_scenarios(kHorseFoot, sweep_cells(axes));
  ASSERT_TRUE(scenarios.has_value()) << scenarios.error();
  ASSERT_EQ(scenarios->size(), 4u);
  EXPECT_EQ((*scenarios)[0].options.get_int("a2_untrained_stand_percent"), 0);
  EXPECT_EQ((*scenarios)[2].options.get_int("a2_untrained_stand_percent"), 90);
  const int militia = base.force.unit_index("militia");
  EXPECT_EQ((*scenarios)[0].force.units[militia].start_figures, 16);
  EXPECT_EQ((*scenarios)[1].force.units[militia].start_figures, 24);
  // The rule set laid the bigger unit out again.
  EXPECT_GT((*scenarios)[1].force.units[militia].footprint().width,
            (*scenarios)[0].force.units[militia].footprint().width);
}

TEST(SweepCells, ACellTheRuleSetRejectsIsAnErrorNamingTheCell) {
  // fast-1805 (L164): the haitian attribute is for infantry only.
  const Scenario base = load_embedded("fast-1805/small.toml");
  auto a =
      parse_sweep_axis(base, *find_ruleset(base.ruleset), "unit.fr-hussars.haitian=none,irregular");
  ASSERT_TRUE(a.has_value()) << a.error();
  const std::string path = std::string(SMOOTHBORE_SOURCE_DIR) + "/scenarios/fast-1805/small.toml";
  auto scenarios = load_sweep_scenarios(path, sweep_cells({*a}));
  ASSERT_FALSE(scenarios.has_value());
  EXPECT_NE(scenarios.error().find("unit.fr-hussars.haitian=irregular"), std::string::npos)
      << scenarios.error();
  EXPECT_NE(scenarios.error().find("infantry regiments only (L164)"), std::string::npos)
      << scenarios.error();
}

double win_rate(const SweepCellResult& cell, int side) {
  const McSummary& s = cell.summary;
  return static_cast<double>(s.sides.at(static_cast<std::size_t>(side)).wins) /
         static_cast<double>(s.battles);
}

TEST(Sweep, StandingAgainstHorseFavoursTheFoot) {
  // A2-05 sets how often untrained foot stands against cavalry: the more it does, the less
  // the hussars win. The intervals must not even overlap.
  const Scenario base = load(kHorseFoot);
  const Ruleset& rs = *find_ruleset(base.ruleset);
  std::vector<SweepAxis> axes = {*parse_sweep_axis(base, rs, "a2_untrained_stand_percent=0,100")};
  const std::vector<SweepCell> cells = sweep_cells(axes);
  auto scenarios = load_sweep_scenarios(kHorseFoot, cells);
  ASSERT_TRUE(scenarios.has_value()) << scenarios.error();
  MonteCarloConfig config;
  config.seed = 5;
  config.trials = 40;
  config.threads = 2;
  std::int64_t last_done = 0, last_total = 0;
  const SweepRun sweep =
      run_sweep(cells, *scenarios, rs, config, [&](std::int64_t done, std::int64_t total) {
        EXPECT_GE(done, last_done);
        last_done = done;
        last_total = total;
      });
  ASSERT_EQ(sweep.cells.size(), 2u);
  EXPECT_FALSE(sweep.stopped);
  EXPECT_EQ(last_done, 80);
  EXPECT_EQ(last_total, 80);
  const int horse = base.force.side_index("horse");
  const SideSummary& never = sweep.cells[0].summary.sides[horse];
  const SideSummary& always = sweep.cells[1].summary.sides[horse];
  EXPECT_GT(win_rate(sweep.cells[0], horse), 0.5);
  EXPECT_LT(win_rate(sweep.cells[1], horse), 0.2);
  EXPECT_GT(never.win.low, always.win.high);
}

TEST(Sweep, BetterFootWinsMore) {
  // A unit attribute as the axis: the same foot, untrained or veteran, with the option set
  // so that untrained foot never stands.
  const Scenario base = load(kHorseFoot);
  const Ruleset& rs = *find_ruleset(base.ruleset);
  std::vector<SweepAxis> axes = {
      *parse_sweep_axis(base, rs, "a2_untrained_stand_percent=0"),
      *parse_sweep_axis(base, rs, "unit.militia.quality=untrained,veteran")};
  const std::vector<SweepCell> cells = sweep_cells(axes);
  auto scenarios = load_sweep_scenarios(kHorseFoot, cells);
  ASSERT_TRUE(scenarios.has_value()) << scenarios.error();
  MonteCarloConfig config;
  config.trials = 40;
  config.threads = 2;
  const SweepRun sweep = run_sweep(cells, *scenarios, rs, config);
  const int foot = base.force.side_index("foot");
  EXPECT_GT(sweep.cells[1].summary.sides[foot].win.low,
            sweep.cells[0].summary.sides[foot].win.high);
}

}  // namespace
}  // namespace smoothbore
