// Road marches and tactical shifts in Fire and Discipline battles (000.md §6): a column on a
// road far from the enemy is offered a road march and makes it at its chart road rate
// (§4.2c, §4.3c, FD-06, FD-08); a line whose kill zone a friend blocks (§7.23) shifts
// sideways to clear it (§4.6, FD-07), and the doctrine takes both.
//
// An open 600 × 900 yd table with a road up its middle (x = 300); side "blue" (home south,
// facing north), side "red" (home north, facing south). Orders are advisory (FD-52).
#include <cmath>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "sim/commander.h"
#include "sim/fire_and_discipline_toml.h"
#include "sim/scripted_commander.h"

namespace smoothbore {
namespace {

using sim_test::BattleHarness;
using sim_test::ScriptedCommander;
using sim_test::ScriptStep;

using fd_toml::unit;

// The 600 × 900 yd table with its road.
std::string road_scenario(std::string_view blue, std::string_view red,
                          std::string_view options = "") {
  return fd_toml::scenario({"march test", 600, 900,
                            "[[terrain]]\nid = \"road\"\nclass = \"road\"\npath = [[300, 0], "
                            "[300, 900]]\nwidth = 10\n\n"},
                           blue, red, options);
}

constexpr double kMmPerYd = 2.54;  // FD-01 default

ScriptStep road_march() {
  return {ActionKind::kMove, -1, "", true, [](const Action& a) { return a.rate == "road"; }};
}
ScriptStep shift() { return {ActionKind::kShift, -1, "", true, nullptr}; }

// A horse column on the road 700 yd from the enemy: far beyond 300 yd at both ends of a
// 180 yd march (FD-08), so it marches the chart's 180 yd (FD-06, R-000-3), or the text's
// 120 under the option, twice the 90 of its Field rate.
void expect_horse_road_march(double yd) {
  BattleHarness h(sim_test::load_scenario(road_scenario(
                      unit("b-horse", "cavalry", "column", 3, 300, 60, "morale-rating = 3"),
                      unit("r-foot", "infantry", "line", 4, 300, 800))),
                  1);
  ScriptedCommander blue, red;
  blue.set(h.idx("b-horse"), road_march());
  const double y0 = h.unit("b-horse").footprint().centre.y;
  h.play(blue, red);
  ASSERT_TRUE(blue.was_offered(h.idx("b-horse"), road_march()));
  EXPECT_EQ(blue.unmatched(), 0);
  EXPECT_EQ(
      h.events_with(fmt::format("b-horse marches by road {:.1f} yd at road rate", yd), "b-horse", 1)
          .size(),
      1u);
  EXPECT_NEAR((h.unit("b-horse").footprint().centre.y - y0) / kMmPerYd, yd, 0.01);
  EXPECT_TRUE(h.violations().empty());
}

TEST(FireAndDisciplineMarch, HorseColumnOnTheRoadMarches180Yards) { expect_horse_road_march(180); }

TEST(FireAndDisciplineMarch, HorseRoadRateIsTheTextsChargeRateUnderFd06) {
  BattleHarness h(
      sim_test::load_scenario(road_scenario(
          unit("b-horse", "cavalry", "column", 3, 300, 60, "morale-rating = 3"),
          unit("r-foot", "infantry", "line", 4, 300, 800), "fd_06_cavalry_road_yd = 120")),
      1);
  ScriptedCommander blue, red;
  blue.set(h.idx("b-horse"), road_march());
  const double y0 = h.unit("b-horse").footprint().centre.y;
  h.play(blue, red);
  EXPECT_EQ(h.events_with("b-horse marches by road 120.0 yd", "b-horse", 1).size(), 1u);
  EXPECT_NEAR((h.unit("b-horse").footprint().centre.y - y0) / kMmPerYd, 120, 0.01);
}

// FD-08: the march is planned to stop outside 300 yd of the enemy. Foot column of 4 stands
// (12.5 yd deep each, §1.21) centred at y 100: its front edge is at 125; the enemy line's
// front edge (centre 560, 6.25 deep) is at 553.75. A 120 yd march would end 308.75 yd
// away... so with the enemy at 540 (front 533.75) the march stops at 533.75 − 300 − 125 =
// 108.75 yd; under fd_08 "start" it goes the full 120.
TEST(FireAndDisciplineMarch, FootRoadMarchStopsOutside300YardsOfTheEnemy) {
  for (const auto& [opt, yd] :
       {std::pair<std::string, double>{"", 108.75},
        std::pair<std::string, double>{"fd_08_road_test = \"start\"", 120}}) {
    BattleHarness h(sim_test::load_scenario(road_scenario(
                        unit("b-foot", "infantry", "column", 4, 300, 100, "morale-rating = 3"),
                        unit("r-foot", "infantry", "line", 4, 300, 540), opt)),
                    1);
    ScriptedCommander blue, red;
    blue.set(h.idx("b-foot"), road_march());
    const double y0 = h.unit("b-foot").footprint().centre.y;
    h.play(blue, red);
    EXPECT_EQ(blue.unmatched(), 0) << opt;
    EXPECT_NEAR((h.unit("b-foot").footprint().centre.y - y0) / kMmPerYd, yd, 0.01) << opt;
  }
}

// No road march for a line (§4.2c: "it MUST be in column"), nor within 300 yd of the enemy.
TEST(FireAndDisciplineMarch, NoRoadMarchForALineOrNearTheEnemy) {
  BattleHarness h(sim_test::load_scenario(road_scenario(
                      unit("b-line", "infantry", "line", 2, 300, 60, "morale-rating = 3") +
                          unit("b-near", "infantry", "column", 2, 300, 500, "morale-rating = 3"),
                      unit("r-foot", "infantry", "line", 4, 300, 800))),
                  1);
  ScriptedCommander blue, red;
  h.play(blue, red);
  EXPECT_FALSE(blue.was_offered(h.idx("b-line"), road_march()));
  EXPECT_FALSE(blue.was_offered(h.idx("b-near"), road_march()));
}

// The doctrine marches a column on the road by road: 120 yd (§4.7 chart, L666) goes
// farther toward the enemy than the 60 of its Field rate. (Foot: the doctrine keeps its
// rearmost horse in reserve for two turns.)
TEST(FireAndDisciplineMarch, DoctrineMarchesByRoad) {
  BattleHarness h(sim_test::load_scenario(road_scenario(
                      unit("b-foot", "infantry", "column", 4, 300, 60, "morale-rating = 3"),
                      unit("r-foot", "infantry", "line", 4, 300, 800))),
                  1);
  auto doctrine = make_commander(kDoctrine, Rng(1, 0));
  ScriptedCommander red;
  h.battle().play_turn({doctrine.get(), &red}, h.log());
  EXPECT_EQ(h.events_with("b-foot marches by road 120.0 yd", "b-foot", 1).size(), 1u);
}

// A two-stand line (285-315) with a friend's stand (292.5-307.5) 12.5 yd in front: the
// enemy line (four stands, 270-330) 47.5 yd ahead is blocked (§7.23), so standing fire hits
// nothing. A shift of the TACTICAL 30 yd (FD-07, R-000-4) to the left (255-285) clears the
// friend and brings the enemy stand at 270-285 into the zone: two dice (one per stand,
// §7.3; rating 2, volley fire: no modifier, §7.4), flintlock at 31-60 yd hits on 0-1
// (§7.5): expected 2 × 0.2 = 0.4 hits. The doctrine shifts (ties go to the first offered,
// the left).
std::string blocked_line(std::string_view options = "", int rating = 2) {
  return road_scenario(unit("b-foot", "infantry", "line", 2, 300, 100,
                            fmt::format("morale-rating = {}\nfirearm = \"flintlock\"\n"
                                        "fire-tactic = \"volley\"",
                                        rating)) +
                           unit("b-block", "infantry", "line", 1, 300, 125, "morale-rating = 2"),
                       unit("r-foot", "infantry", "line", 4, 300, 160, "morale-rating = 2"),
                       options);
}

TEST(FireAndDisciplineMarch, LineBlockedByAFriendShifts) {
  BattleHarness h(sim_test::load_scenario(blocked_line()), 1);
  const int foot = h.idx("b-foot");
  const std::vector<Action> legal = h.battle().legal_actions(foot);
  EXPECT_DOUBLE_EQ(h.battle().assess(legal.front()).expected_kills, 0.0);  // §7.23
  const Action* left = nullptr;
  for (const Action& a : legal) {
    if (a.kind == ActionKind::kShift && left == nullptr) left = &a;
  }
  ASSERT_NE(left, nullptr);
  EXPECT_NEAR((h.unit("b-foot").footprint().centre.x - left->destination.x) / kMmPerYd, 30, 1e-9);
  EXPECT_NEAR(h.battle().assess(*left).expected_kills, 0.4, 1e-12);
  const double x0 = h.unit("b-foot").footprint().centre.x;
  auto doctrine = make_commander(kDoctrine, Rng(1, 0));
  ScriptedCommander red;
  h.battle().play_turn({doctrine.get(), &red}, h.log());
  EXPECT_EQ(h.events_with("b-foot makes a tactical shift of 30.0 yd", "b-foot", 1).size(), 1u);
  EXPECT_NEAR((x0 - h.unit("b-foot").footprint().centre.x) / kMmPerYd, 30, 1e-6);
  EXPECT_TRUE(h.violations().empty());
}

// FD-07 "flat20": the shift is 20 yd (§4.6's "up to a maximum of twenty yards").
TEST(FireAndDisciplineMarch, ShiftIsTwentyYardsUnderFlat20) {
  BattleHarness h(sim_test::load_scenario(blocked_line("fd_07_tactical_shift = \"flat20\"")), 1);
  ScriptedCommander blue, red;
  blue.set(h.idx("b-foot"), shift());
  h.play(blue, red);
  EXPECT_EQ(h.events_with("b-foot makes a tactical shift of 20.0 yd", "b-foot", 1).size(), 1u);
}

// FD-07: "trained units" are Morale Rating 2 or more; a rating-1 line is offered no shift
// unless fd_07_shift_min_rating allows it.
TEST(FireAndDisciplineMarch, UntrainedLineIsOfferedNoShift) {
  {
    BattleHarness h(sim_test::load_scenario(blocked_line("", 1)), 1);
    ScriptedCommander blue, red;
    h.play(blue, red);
    EXPECT_FALSE(blue.was_offered(h.idx("b-foot"), shift()));
  }
  {
    BattleHarness h(sim_test::load_scenario(blocked_line("fd_07_shift_min_rating = 0", 1)), 1);
    ScriptedCommander blue, red;
    h.play(blue, red);
    EXPECT_TRUE(blue.was_offered(h.idx("b-foot"), shift()));
  }
}

}  // namespace
}  // namespace smoothbore
