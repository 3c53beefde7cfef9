// The replay recorder follows the units the battle says it touched
// (Battle::take_touched_units) instead of comparing every unit after every event (issue
// 9: that made `run --log` quadratic). Its lines must be exactly those of the comparison
// of every unit.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "io/generate.h"
#include "io/replay/recorder.h"
#include "io/scenario_file.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"
#include "sim/match.h"

namespace smoothbore {
namespace {

std::vector<std::string> record(const Scenario& sc, std::uint64_t seed, bool hints, bool* hinted) {
  const Ruleset* rs = find_ruleset(sc.ruleset);
  EXPECT_NE(rs, nullptr);
  std::vector<std::string> lines;
  if (rs == nullptr) return lines;
  MatchConfig cfg;
  cfg.seed = seed;
  cfg.turn_limit = 4;
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

void expect_same_lines(const Scenario& sc, std::uint64_t seed) {
  bool hinted = false;
  const std::vector<std::string> with_hints = record(sc, seed, true, &hinted);
  EXPECT_TRUE(hinted) << "fast-1805 names the units it touches";
  const std::vector<std::string> every_unit = record(sc, seed, false, &hinted);
  ASSERT_EQ(with_hints.size(), every_unit.size()) << sc.name << " seed " << seed;
  std::size_t states = 0;
  for (std::size_t i = 0; i < with_hints.size(); ++i) {
    ASSERT_EQ(with_hints[i], every_unit[i]) << sc.name << " seed " << seed << " line " << i;
    if (with_hints[i].find("\"units\":{") != std::string::npos) ++states;
  }
  EXPECT_GT(states, 10u) << "the battle changes units";
}

TEST(ReplayHints, Fast1805ShippedScenariosGiveTheLinesOfTheFullComparison) {
  for (const char* name : {"fast-1805/battle.toml", "fast-1805/small.toml"}) {
    const Scenario sc = load_embedded(name);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) expect_same_lines(sc, seed);
  }
}

TEST(ReplayHints, Fast1805GeneratedBattleGivesTheLinesOfTheFullComparison) {
  const Ruleset* rs = find_ruleset("fast-1805");
  ASSERT_NE(rs, nullptr);
  const auto text = generate_scenario(*rs, {60, 5});
  ASSERT_TRUE(text.has_value()) << text.error();
  auto sc = load_scenario_text(*text, "generated");
  ASSERT_TRUE(sc.has_value());
  for (std::uint64_t seed = 1; seed <= 2; ++seed) expect_same_lines(*sc, seed);
}

}  // namespace
}  // namespace smoothbore
