// The HTML reports (`mc --report`, `sweep --report`): they show the summary's numbers as
// the text output prints them, draw a chart element per thing counted, escape the names,
// mark partial runs, name no URL, and are the same bytes for any thread count.
#include "analysis/report/mc_report.h"

#include <gtest/gtest.h>

#include "analysis/report/sweep_report.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"

namespace smoothbore {
namespace {

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

void expect_self_contained(const std::string& html) {
  for (const char* part :
       {"http", "//www", "src=", "href=", "<script", "<link", "@import", "url("}) {
    EXPECT_EQ(html.find(part), std::string::npos) << part;
  }
}

// Ten battles: a wins 7, b wins 2, one draw; three units.
McSummary tiny() {
  McSummary s;
  s.scenario = "The <ford> & the mill";
  s.source = "tiny.toml";
  s.ruleset = "fast-1805";
  s.seed = 7;
  s.requested = 10;
  s.battles = 10;
  const std::vector<double> turns{3, 4, 4, 5, 5, 5, 6, 6, 7, 9};
  s.turns_histogram = integer_histogram(turns);  // 7 bins: 3..9
  s.turns = describe(turns);
  for (auto [id, wins, losses] : {std::tuple{"a", 7, 2}, std::tuple{"b", 2, 7}}) {
    SideSummary side;
    side.id = id;
    side.name = std::string("Side ") + id;
    side.commander = "doctrine";
    side.wins = wins;
    side.draws = 1;
    side.losses = losses;
    side.win = wilson_interval(wins, 10);
    side.draw = wilson_interval(1, 10);
    side.loss = wilson_interval(losses, 10);
    const std::vector<double> lost{10, 20, 20, 30, 35, 40, 40, 50, 60, 95};
    side.losses_percent = describe(lost);
    side.losses_histogram = histogram(lost, 0, kLossesBinWidth, 20);
    s.sides.push_back(side);
  }
  for (auto [id, side, active] :
       {std::tuple{"a-foot", 0, 6}, std::tuple{"a-horse", 0, 9}, std::tuple{"b-foot", 1, 3}}) {
    UnitSummary u;
    u.id = id;
    u.name = id;
    u.side = side;
    u.status = {active, 10 - active, 0, 0};
    u.survived = wilson_interval(active, 10);
    s.units.push_back(u);
  }
  s.ends = {{"army-break", 9}, {"turn-limit", 1}};
  return s;
}

TEST(McReport, ShowsTheNumbersAsTheTextDoes) {
  const std::string html = mc_report(tiny());
  // 7 of 10 with its Wilson interval [0.3968, 0.8922] (stats_test: SevenOfTen).
  EXPECT_NE(html.find("70.0% [39.7, 89.2]"), std::string::npos);
  EXPECT_NE(html.find("10.0% [1.8, 40.4]"), std::string::npos);  // the draw, 1 of 10
  EXPECT_NE(html.find("N = 10 battles"), std::string::npos);
  EXPECT_NE(html.find("seed 7"), std::string::npos);
  EXPECT_NE(html.find("fast-1805"), std::string::npos);
  EXPECT_NE(html.find("any --threads"), std::string::npos);
  EXPECT_NE(html.find("9 (90.0%)"), std::string::npos);  // army-break decided 9 battles
  EXPECT_EQ(html.find("PARTIAL"), std::string::npos);
  expect_self_contained(html);
}

TEST(McReport, DrawsAChartElementPerThingCounted) {
  const std::string html = mc_report(tiny());
  EXPECT_EQ(count(html, "<svg class=\"chart outcome\""), 1u);
  EXPECT_EQ(count(html, "<rect class=\"bar win "), 2u);  // a win bar per side
  EXPECT_EQ(count(html, "<rect class=\"bar draw\""), 1u);
  EXPECT_EQ(count(html, "<g class=\"unit-bar\">"), 3u);  // one per unit
  EXPECT_EQ(count(html, "<rect class=\"bar end\""), 2u);
  // Bins: 7 of battle length, 20 of losses per side; units broken has no data here.
  EXPECT_EQ(count(html, "<rect class=\"bin\""), 7u + 2 * 20u);
  // A whisker per win/draw bar and per unit.
  EXPECT_EQ(count(html, "<path class=\"ci\""), 3u + 3u);
}

TEST(McReport, EscapesNamesAndMarksPartialRuns) {
  McSummary s = tiny();
  s.requested = 50;
  s.partial = true;
  const std::string html = mc_report(s);
  EXPECT_NE(html.find("The &lt;ford&gt; &amp; the mill"), std::string::npos);
  EXPECT_EQ(html.find("<ford>"), std::string::npos);
  EXPECT_NE(html.find("<title>PARTIAL"), std::string::npos);
  EXPECT_NE(html.find("PARTIAL: interrupted after 10 of 50 battles"), std::string::npos);
}

TEST(McReport, SameBytesForAnyThreadCount) {
  const Scenario s = load_embedded("fast-1805/small.toml");
  const Ruleset& rs = *find_ruleset(s.ruleset);
  std::string first;
  for (int threads : {1, 2, 3}) {
    MonteCarloConfig c;
    c.seed = 5;
    c.trials = 12;
    c.threads = threads;
    const std::string html = mc_report(summarize(s, c, run_monte_carlo(s, rs, c)));
    if (threads == 1) {
      first = html;
      EXPECT_EQ(count(html, "<g class=\"unit-bar\">"), s.force.units.size());
      continue;
    }
    EXPECT_EQ(html, first) << threads << " threads";
  }
}

SweepCellResult cell(const std::string& name, const Value& v, std::int64_t a_wins,
                     std::int64_t battles, std::int64_t requested) {
  McSummary s = tiny();
  s.requested = requested;
  s.battles = battles;
  s.partial = battles < requested;
  s.sides[0].wins = a_wins;
  s.sides[0].win = wilson_interval(a_wins, battles);
  return SweepCellResult{SweepCell{{ScenarioOverride{name, v}}}, s};
}

TEST(SweepReport, OneAxisDrawsBarsWithIntervals) {
  const SweepAxis axis{"a2_army_break", {Value(0.3), Value(0.5)}};
  const std::string html = sweep_report({axis}, {cell("a2_army_break", Value(0.3), 7, 10, 10),
                                                 cell("a2_army_break", Value(0.5), 3, 10, 10)});
  EXPECT_EQ(count(html, "<svg class=\"chart sweep-wins\""), 1u);
  EXPECT_EQ(count(html, "<path class=\"ci\""), 4u);  // 2 cells x 2 sides
  EXPECT_NE(html.find("70.0% [39.7, 89.2]"), std::string::npos);
  EXPECT_NE(html.find("30.0% [10.8, 60.3]"), std::string::npos);
  EXPECT_NE(html.find("a2_army_break = 0.3"), std::string::npos);
  EXPECT_EQ(html.find("heatmap"), std::string::npos);
  expect_self_contained(html);
}

TEST(SweepReport, TwoAxesDrawHeatMapsAndMarkCellsNotFought) {
  const SweepAxis q{"unit.x.quality", {Value(std::string("veteran")), Value(std::string("green"))}};
  const SweepAxis f{"unit.x.figures", {Value(std::int64_t{8}), Value(std::int64_t{24})}};
  auto two = [](const std::string& quality, std::int64_t figures, std::int64_t wins,
                std::int64_t battles) {
    SweepCellResult c = cell("unit.x.quality", Value(quality), wins, battles, 10);
    c.cell.overrides.push_back(ScenarioOverride{"unit.x.figures", Value(figures)});
    return c;
  };
  // Interrupted in the third cell: 3 of the 4 cells, the last one partial.
  const std::string html = sweep_report(
      {q, f}, {two("veteran", 8, 7, 10), two("veteran", 24, 5, 10), two("green", 8, 2, 4)});
  // Win and losses maps per side: 2 x 2 maps of 3 cells fought and 1 not.
  EXPECT_EQ(count(html, "<svg class=\"chart heatmap\""), 4u);
  EXPECT_EQ(count(html, "<rect class=\"heat\""), 12u);
  EXPECT_EQ(count(html, "<rect class=\"heat missing\""), 4u);
  EXPECT_NE(html.find("[39.7, 89.2]"), std::string::npos);
  EXPECT_NE(html.find("PARTIAL: interrupted after 24 of 40 battles"), std::string::npos);
  expect_self_contained(html);
}

}  // namespace
}  // namespace smoothbore
