// Splitting a Monte Carlo run between processes: the slices hold every trial once, their
// records survive the byte encoding exactly, and merged they are the single-process run
// (the same CSV), or its longest finished prefix when a slice stopped early.
#include "analysis/trial_slices.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>

#include "analysis/mc_output.h"
#include "analysis/mc_test_util.h"
#include "rules/registry.h"
#include "sim/embedded_scenario.h"

namespace smoothbore {
namespace {

MonteCarloConfig slices_config(std::int64_t trials) {
  MonteCarloConfig c;
  c.seed = 5;
  c.trials = trials;
  c.threads = 2;
  return c;
}

using test::csv_of;

TEST(TrialSlices, SlicesHoldEveryTrialOnce) {
  EXPECT_EQ(slice_size(TrialSlice{}, 7), 7);
  EXPECT_EQ(slice_size(TrialSlice{0, 3}, 7), 3);  // 0 3 6
  EXPECT_EQ(slice_size(TrialSlice{1, 3}, 7), 2);  // 1 4
  EXPECT_EQ(slice_size(TrialSlice{2, 3}, 7), 2);  // 2 5
  EXPECT_EQ(slice_size(TrialSlice{3, 4}, 2), 0);  // more ranks than trials
  for (std::int64_t n : {1, 2, 5, 12}) {
    for (std::int64_t k : {1, 2, 3, 5, 8}) {
      std::int64_t total = 0;
      for (std::int64_t r = 0; r < k; ++r) total += slice_size(TrialSlice{r, k}, n);
      EXPECT_EQ(total, n) << n << " trials in " << k << " slices";
    }
  }
}

TEST(TrialSlices, EncodingKeepsEveryFieldExactly) {
  TrialRecord a;
  a.trial = 123456789012;
  a.result.winner = -1;
  a.result.reason = "turn-limit";
  a.result.turns = 17;
  a.result.broken = {0.1, 1.0 / 3.0, std::nextafter(0.5, 1.0)};
  a.result.losses = {std::numeric_limits<double>::denorm_min(), 0.0};
  a.result.points = {-4, 9};
  a.units = {UnitStatus::kActive, UnitStatus::kRouted, UnitStatus::kRemoved, UnitStatus::kOffTable};
  TrialRecord b;
  b.trial = 3;
  b.result.winner = 1;
  b.result.reason = "";
  const std::vector<TrialRecord> back = decode_records(encode_records({a, b}));
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].trial, a.trial);
  EXPECT_EQ(back[0].result.winner, -1);
  EXPECT_EQ(back[0].result.reason, "turn-limit");
  EXPECT_EQ(back[0].result.turns, 17);
  EXPECT_EQ(back[0].result.broken, a.result.broken);  // bit for bit: == on doubles
  EXPECT_EQ(back[0].result.losses, a.result.losses);
  EXPECT_EQ(back[0].result.points, a.result.points);
  EXPECT_EQ(back[0].units, a.units);
  EXPECT_EQ(back[1].trial, 3);
  EXPECT_EQ(back[1].result.winner, 1);
  EXPECT_TRUE(back[1].result.broken.empty());
  EXPECT_TRUE(decode_records("").empty());
}

TEST(TrialSlices, MergedSlicesAreTheSingleProcessRun) {
  const Scenario s = load_embedded("fast-1805/small.toml");
  const Ruleset& rs = *find_ruleset(s.ruleset);
  const MonteCarloConfig c = slices_config(11);
  const std::string whole = csv_of(s, c, run_monte_carlo(s, rs, c));
  for (std::int64_t k : {1, 2, 3, 12}) {
    std::vector<std::vector<TrialRecord>> slices;
    for (std::int64_t r = 0; r < k; ++r) {
      MonteCarloRun part = run_monte_carlo_slice(s, rs, c, TrialSlice{r, k});
      EXPECT_FALSE(part.stopped);
      EXPECT_EQ(static_cast<std::int64_t>(part.records.size()),
                slice_size(TrialSlice{r, k}, c.trials));
      slices.push_back(decode_records(encode_records(part.records)));
    }
    const MonteCarloRun merged = merge_slices(c.trials, std::move(slices));
    EXPECT_FALSE(merged.stopped) << k;
    EXPECT_EQ(merged.requested, 11);
    EXPECT_EQ(csv_of(s, c, merged), whole) << k << " slices";
  }
}

TEST(TrialSlices, AStoppedSliceLeavesTheLongestFinishedPrefix) {
  const Scenario s = load_embedded("fast-1805/small.toml");
  const Ruleset& rs = *find_ruleset(s.ruleset);
  const MonteCarloConfig c = slices_config(10);
  std::vector<std::vector<TrialRecord>> slices;
  for (std::int64_t r = 0; r < 3; ++r) {
    slices.push_back(run_monte_carlo_slice(s, rs, c, TrialSlice{r, 3}).records);
  }
  // Slice 0 holds 0 3 6 9, slice 1 holds 1 4 7, slice 2 holds 2 5 8. Slice 1 stopped after
  // trial 1: trials 0 .. 3 are finished, 4 is not (5 and 6 are, but are dropped).
  slices[1].resize(1);
  const MonteCarloRun merged = merge_slices(c.trials, std::move(slices));
  EXPECT_TRUE(merged.stopped);
  EXPECT_EQ(merged.requested, 10);
  ASSERT_EQ(merged.records.size(), 4u);
  for (std::int64_t i = 0; i < 4; ++i) {
    EXPECT_EQ(merged.records[static_cast<std::size_t>(i)].trial, i);
  }
  const MonteCarloConfig c4 = slices_config(4);
  MonteCarloRun prefix = run_monte_carlo(s, rs, c4);
  prefix.requested = 10;
  prefix.stopped = true;
  EXPECT_EQ(csv_of(s, c, merged), csv_of(s, c, prefix));

  // A slice that finished nothing stops the merge at its first trial.
  std::vector<std::vector<TrialRecord>> none(2);
  EXPECT_TRUE(merge_slices(10, std::move(none)).records.empty());
}

}  // namespace
}  // namespace smoothbore
