// The Monte Carlo runner: trial i is the Match of stream i, results do not depend on the
// thread count, the stop flag leaves a prefix of the trials, and the summary adds up.
#include "analysis/monte_carlo.h"

#include <gtest/gtest.h>

#include <numeric>

#include "analysis/mc_output.h"
#include "analysis/mc_summary.h"
#include "analysis/mc_test_util.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"

namespace smoothbore {
namespace {

MonteCarloConfig config_of(std::int64_t trials, int threads) {
  MonteCarloConfig c;
  c.seed = 11;
  c.trials = trials;
  c.threads = threads;
  return c;
}

using test::csv_of;

TEST(MonteCarlo, TrialIIsTheMatchOfStreamI) {
  const Scenario s = load_embedded("fast-1805/small.toml");
  const Ruleset& rs = *find_ruleset(s.ruleset);
  const MonteCarloConfig c = config_of(4, 2);
  const MonteCarloRun run = run_monte_carlo(s, rs, c);
  ASSERT_EQ(run.records.size(), 4u);
  EXPECT_FALSE(run.stopped);
  for (std::int64_t i = 0; i < 4; ++i) {
    MatchConfig mc;
    mc.seed = c.seed;
    mc.stream = static_cast<std::uint64_t>(i);
    Match m(s, rs, mc);
    const MatchResult& r = m.run();
    const TrialRecord& t = run.records[static_cast<std::size_t>(i)];
    EXPECT_EQ(t.trial, i);
    EXPECT_EQ(t.result.winner, r.winner) << "trial " << i;
    EXPECT_EQ(t.result.turns, r.turns) << "trial " << i;
    EXPECT_EQ(t.result.losses, r.losses) << "trial " << i;
    for (std::size_t u = 0; u < t.units.size(); ++u) {
      EXPECT_EQ(t.units[u], m.battle().force().units[u].status) << "trial " << i << " unit " << u;
    }
  }
}

TEST(MonteCarlo, ThreadCountDoesNotChangeAnything) {
  const Scenario s = load_embedded("fast-1805/small.toml");
  const Ruleset& rs = *find_ruleset(s.ruleset);
  std::string csv1, text1, json1;
  for (int threads : {1, 2, 4}) {
    const MonteCarloConfig c = config_of(24, threads);
    const MonteCarloRun run = run_monte_carlo(s, rs, c);
    const McSummary summary = summarize(s, c, run);
    const std::string csv = csv_of(s, c, run);
    const std::string text = summary_text(summary);
    nlohmann::ordered_json j = summary_json(summary);
    j["trials"] = trials_json(s, c, run);
    if (threads == 1) {
      csv1 = csv;
      text1 = text;
      json1 = j.dump();
      continue;
    }
    EXPECT_EQ(csv, csv1) << threads << " threads";
    EXPECT_EQ(text, text1) << threads << " threads";
    EXPECT_EQ(j.dump(), json1) << threads << " threads";
  }
  // 24 rows and a header.
  EXPECT_EQ(std::count(csv1.begin(), csv1.end(), '\n'), 25);
}

TEST(MonteCarlo, ThreadCountDoesNotChangeAnythingForAnyRuleSet) {
  for (const Ruleset* rs : all_rulesets()) {
    if (!rs->playable()) continue;
    const Scenario s = load_embedded(std::string(rs->id()) + "/small.toml");
    std::string csv1;
    for (int threads : {1, 3}) {
      MonteCarloConfig c = config_of(6, threads);
      c.turn_limit = 6;
      const std::string csv = csv_of(s, c, run_monte_carlo(s, *rs, c));
      if (threads == 1) {
        csv1 = csv;
      } else {
        EXPECT_EQ(csv, csv1) << rs->id();
      }
    }
  }
}

TEST(MonteCarlo, TheFirstTrialsOfALongerRunAreAShorterRun) {
  const Scenario s = load_embedded("fast-1805/small.toml");
  const Ruleset& rs = *find_ruleset(s.ruleset);
  const MonteCarloRun shorter = run_monte_carlo(s, rs, config_of(3, 1));
  const MonteCarloRun longer = run_monte_carlo(s, rs, config_of(6, 2));
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(shorter.records[i].result.turns, longer.records[i].result.turns);
    EXPECT_EQ(shorter.records[i].result.points, longer.records[i].result.points);
  }
}

TEST(MonteCarlo, StopFlagLeavesAPrefixOfFinishedTrials) {
  const Scenario s = load_embedded("fast-1805/small.toml");
  const Ruleset& rs = *find_ruleset(s.ruleset);
  std::atomic<bool> stop{false};
  const MonteCarloConfig c = config_of(100000, 2);
  std::int64_t last_total = 0;
  const MonteCarloRun run = run_monte_carlo(
      s, rs, c,
      [&](std::int64_t done, std::int64_t total) {
        last_total = total;
        if (done >= 3) stop = true;
      },
      &stop);
  EXPECT_TRUE(run.stopped);
  EXPECT_EQ(run.requested, 100000);
  EXPECT_EQ(last_total, 100000);
  EXPECT_GE(run.records.size(), 3u);
  EXPECT_LT(run.records.size(), 100000u);
  for (std::size_t i = 0; i < run.records.size(); ++i) {
    EXPECT_EQ(run.records[i].trial, static_cast<std::int64_t>(i));
    EXPECT_FALSE(run.records[i].result.reason.empty()) << "trial " << i << " not finished";
  }
  const McSummary summary = summarize(s, c, run);
  EXPECT_TRUE(summary.partial);
  EXPECT_EQ(summary.battles, static_cast<std::int64_t>(run.records.size()));
  EXPECT_NE(summary_text(summary).find("PARTIAL"), std::string::npos);
}

TEST(MonteCarlo, StoppedBeforeTheStartFightsNothing) {
  const Scenario s = load_embedded("fast-1805/small.toml");
  std::atomic<bool> stop{true};
  const MonteCarloConfig c = config_of(10, 2);
  const MonteCarloRun run = run_monte_carlo(s, *find_ruleset(s.ruleset), c, {}, &stop);
  EXPECT_TRUE(run.stopped);
  EXPECT_TRUE(run.records.empty());
  const McSummary summary = summarize(s, c, run);
  EXPECT_EQ(summary.battles, 0);
  EXPECT_EQ(summary.turns.count, 0);
  // Printing the summary of nothing is fine.
  EXPECT_NE(summary_text(summary).find("no battles"), std::string::npos);
}

TEST(McSummary, CountsAddUp) {
  const Scenario s = load_embedded("fast-1805/small.toml");
  const MonteCarloConfig c = config_of(30, 2);
  const MonteCarloRun run = run_monte_carlo(s, *find_ruleset(s.ruleset), c);
  const McSummary summary = summarize(s, c, run);
  ASSERT_EQ(summary.sides.size(), 2u);
  std::int64_t draws = 0;
  for (const TrialRecord& r : run.records) draws += r.result.winner < 0;
  for (const SideSummary& side : summary.sides) {
    EXPECT_EQ(side.wins + side.draws + side.losses, 30);
    EXPECT_EQ(side.draws, draws);
    EXPECT_LE(side.win.low, static_cast<double>(side.wins) / 30);
    EXPECT_GE(side.win.high, static_cast<double>(side.wins) / 30);
    EXPECT_EQ(side.losses_percent.count, 30);
    // The report's histograms hold every battle: 5-point bins of losses, a bin per count
    // of units broken (0 to the side's 3 units).
    auto sum = [](const Histogram& h) {
      return std::accumulate(h.counts.begin(), h.counts.end(), std::int64_t{0});
    };
    EXPECT_EQ(side.losses_histogram.counts.size(), 20u);
    EXPECT_EQ(sum(side.losses_histogram), 30);
    EXPECT_EQ(side.units_broken_histogram.counts.size(), 4u);
    EXPECT_EQ(sum(side.units_broken_histogram), 30);
  }
  EXPECT_EQ(summary.turns_histogram.low, summary.turns.min);
  EXPECT_EQ(summary.turns_histogram.counts.size(),
            static_cast<std::size_t>(summary.turns.max - summary.turns.min + 1));
  EXPECT_EQ(std::accumulate(summary.turns_histogram.counts.begin(),
                            summary.turns_histogram.counts.end(), std::int64_t{0}),
            30);
  // Two sides: one side's wins are the other's losses.
  EXPECT_EQ(summary.sides[0].wins, summary.sides[1].losses);
  for (const UnitSummary& u : summary.units) {
    EXPECT_EQ(std::accumulate(u.status.begin(), u.status.end(), std::int64_t{0}), 30) << u.id;
  }
  std::int64_t ends = 0;
  for (const EndConditionCount& e : summary.ends) ends += e.count;
  EXPECT_EQ(ends, 30);
  // Units broken per side agree with the unit statuses.
  double broken = 0;
  for (const TrialRecord& r : run.records) broken += units_broken(s, r, 1);
  EXPECT_DOUBLE_EQ(summary.sides[1].units_broken.mean, broken / 30);
}

TEST(MonteCarlo, EveryPlayableRuleSetRuns) {
  // The runner knows no rule set: the small battle of each one that can fight.
  for (const Ruleset* rs : all_rulesets()) {
    if (!rs->playable()) continue;
    const Scenario s = load_embedded(std::string(rs->id()) + "/small.toml");
    MonteCarloConfig c = config_of(2, 2);
    c.turn_limit = 3;  // keeps slow rule sets quick
    const MonteCarloRun run = run_monte_carlo(s, *rs, c);
    ASSERT_EQ(run.records.size(), 2u) << rs->id();
    for (const TrialRecord& r : run.records) {
      EXPECT_LE(r.result.turns, 3) << rs->id();
      EXPECT_EQ(r.units.size(), s.force.units.size()) << rs->id();
    }
  }
}

}  // namespace
}  // namespace smoothbore
