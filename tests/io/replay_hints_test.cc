// The replay recorder follows the units the battle says it touched
// (Battle::take_touched_units) instead of comparing every unit after every event (issue
// 9: that made `run --log` quadratic). Its lines must be exactly those of the comparison
// of every unit.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/embedded.h"
#include "io/generate.h"
#include "io/replay/recorder.h"
#include "io/scenario_file.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

std::vector<std::string> record(const Scenario& sc, std::uint64_t seed, bool hints, bool* hinted,
                                int turns) {
  const Ruleset* rs = find_ruleset(sc.ruleset);
  EXPECT_NE(rs, nullptr);
  std::vector<std::string> lines;
  if (rs == nullptr) return lines;
  MatchConfig cfg;
  cfg.seed = seed;
  cfg.turn_limit = turns;
  Match m(sc, *rs, cfg);
  std::vector<int> touched;
  *hinted = m.battle().take_touched_units(&touched);
  ReplayRecorder rec(m.battle(), *rs, [&](const std::string& l) { lines.push_back(l); });
  if (!hints) rec.compare_every_unit();
  for (const Event& e : m.log().events()) rec.on_event(e);
  m.log().add_sink(rec.sink());
  m.run();
  rec.finish();
  return lines;
}

// `turns` 0: the scenario's own limit. Returns the lines.
std::vector<std::string> expect_same_lines(const Scenario& sc, std::uint64_t seed, int turns = 4) {
  bool hinted = false;
  const std::vector<std::string> with_hints = record(sc, seed, true, &hinted, turns);
  EXPECT_TRUE(hinted) << sc.ruleset << " names the units it touches";
  const std::vector<std::string> every_unit = record(sc, seed, false, &hinted, turns);
  EXPECT_EQ(with_hints.size(), every_unit.size()) << sc.name << " seed " << seed;
  std::size_t states = 0;
  for (std::size_t i = 0; i < with_hints.size() && i < every_unit.size(); ++i) {
    if (with_hints[i] != every_unit[i]) {
      ADD_FAILURE() << sc.name << " seed " << seed << " line " << i << ":\n"
                    << with_hints[i] << "\nvs\n"
                    << every_unit[i];
      break;
    }
    if (with_hints[i].find("\"units\":{") != std::string::npos) ++states;
  }
  EXPECT_GT(states, 10u) << sc.name << " seed " << seed << ": the battle changes units";
  return with_hints;
}

// Every scenario shipped for the rule set (scenarios/<id>/*.toml), seeds 1-3.
void expect_shipped_scenarios(const std::string& id) {
  int scenarios = 0;
  for (const embedded::File& f : embedded::scenario_files()) {
    if (!f.path.starts_with(id + "/")) continue;
    const Scenario sc = load_embedded(std::string(f.path));
    for (std::uint64_t seed = 1; seed <= 3; ++seed) expect_same_lines(sc, seed);
    ++scenarios;
  }
  EXPECT_GE(scenarios, 2) << id;
}

void expect_generated_battle(const std::string& id) {
  const Ruleset* rs = find_ruleset(id);
  ASSERT_NE(rs, nullptr);
  const auto text = generate_scenario(*rs, {60, 5});
  ASSERT_TRUE(text.has_value()) << text.error();
  auto sc = load_scenario_text(*text, "generated");
  ASSERT_TRUE(sc.has_value());
  for (std::uint64_t seed = 1; seed <= 2; ++seed) expect_same_lines(*sc, seed);
}

TEST(ReplayHints, Fast1805ShippedScenariosGiveTheLinesOfTheFullComparison) {
  expect_shipped_scenarios("fast-1805");
}

TEST(ReplayHints, Fast1805GeneratedBattleGivesTheLinesOfTheFullComparison) {
  expect_generated_battle("fast-1805");
}

TEST(ReplayHints, SquadSkirmishShippedScenariosGiveTheLinesOfTheFullComparison) {
  expect_shipped_scenarios("squad-skirmish");
}

TEST(ReplayHints, SquadSkirmishGeneratedBattleGivesTheLinesOfTheFullComparison) {
  expect_generated_battle("squad-skirmish");
}

TEST(ReplayHints, ElanDrillShippedScenariosGiveTheLinesOfTheFullComparison) {
  expect_shipped_scenarios("elan-drill");
}

TEST(ReplayHints, ElanDrillGeneratedBattleGivesTheLinesOfTheFullComparison) {
  expect_generated_battle("elan-drill");
}

TEST(ReplayHints, GroupOrdersShippedScenariosGiveTheLinesOfTheFullComparison) {
  expect_shipped_scenarios("group-orders");
}

TEST(ReplayHints, GroupOrdersGeneratedBattleGivesTheLinesOfTheFullComparison) {
  expect_generated_battle("group-orders");
}

TEST(ReplayHints, FireAndDisciplineShippedScenariosGiveTheLinesOfTheFullComparison) {
  expect_shipped_scenarios("fire-and-discipline");
}

TEST(ReplayHints, FireAndDisciplineGeneratedBattleGivesTheLinesOfTheFullComparison) {
  expect_generated_battle("fire-and-discipline");
}

// Four turns are mostly the approach: whole battles bring the fire, melees, surrenders,
// captured guns, messengers and the FD-60 holders and points that change with them.
TEST(ReplayHints, FireAndDisciplineWholeBattlesGiveTheLinesOfTheFullComparison) {
  const Scenario small = load_embedded("fire-and-discipline/small.toml");
  for (std::uint64_t seed = 1; seed <= 2; ++seed) expect_same_lines(small, seed, 0);
  expect_same_lines(load_embedded("fire-and-discipline/battle.toml"), 1, 0);
}

bool any_line_has(const std::vector<std::string>& lines, const std::string& text) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

// The options that add to what a unit shows: chits, intercepted messengers, replaced
// commanders, shattered units retiring and surrendering, fanatics.
TEST(ReplayHints, FireAndDisciplineOptionsGiveTheLinesOfTheFullComparison) {
  Scenario sc = load_embedded("fire-and-discipline/battle.toml");
  for (const char* flag :
       {"fd_opt_tactical_chits", "fd_50_courier_interception", "fd_53_replace_regimental",
        "fd_58_shattered_retire", "fd_opt_fanaticism"}) {
    sc.options.set(flag, Value(true));
  }
  const std::vector<std::string> lines = expect_same_lines(sc, 2, 0);
  EXPECT_TRUE(any_line_has(lines, "[\"chit\",")) << "chits are placed";
  EXPECT_TRUE(any_line_has(lines, "\"shattered\"")) << "units shatter and retire";
}

}  // namespace
}  // namespace smoothbore
