// The summary of a Monte Carlo run (what `smoothbore mc` prints): win / draw / loss per
// side with 95% Wilson intervals, distributions of battle length, losses, units broken and
// points (with histograms of length, losses and units broken), per-unit fates, and how
// often each end condition decided the battle.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/monte_carlo.h"
#include "analysis/stats.h"

namespace smoothbore {

inline constexpr std::size_t kUnitStatusCount = 4;  // UnitStatus values, kActive first
inline constexpr double kLossesBinWidth = 5;        // percent of starting strength

struct SideSummary {
  std::string id;
  std::string name;
  std::string commander;  // commander kind
  std::int64_t wins = 0;
  std::int64_t draws = 0;   // battles nobody won
  std::int64_t losses = 0;  // battles another side won
  Interval win;             // 95% Wilson intervals of the three rates
  Interval draw;
  Interval loss;
  Distribution losses_percent;       // percent of the side's starting strength lost
  Distribution broken_percent;       // percent of starting strength routed or removed
  Distribution units_broken;         // units not active at the end (routed, removed, off table)
  Distribution points;               // victory points
  Histogram losses_histogram;        // of losses_percent: kLossesBinWidth-point bins from 0 to 100
  Histogram units_broken_histogram;  // of units_broken: one bin per count, 0 to the side's units
};

struct UnitSummary {
  std::string id;
  std::string name;
  int side = 0;
  // Battles that ended with the unit in each UnitStatus (active, routed, removed,
  // off-table), indexed by the enum's value.
  std::array<std::int64_t, kUnitStatusCount> status{};
  Interval survived;  // 95% Wilson interval of ending active
};

struct EndConditionCount {
  std::string reason;  // MatchResult::reason
  std::int64_t count = 0;
};

struct McSummary {
  std::string scenario;  // the scenario's name
  std::string source;    // its file
  std::string ruleset;
  std::uint64_t seed = 0;
  int turn_limit = 0;          // the battles' turn limit; 0 = the rule set's default
  std::int64_t requested = 0;  // N
  std::int64_t battles = 0;    // battles fought (N unless partial)
  bool partial = false;        // stopped early (Ctrl-C)
  Distribution turns;
  Histogram turns_histogram;  // integer_histogram of the battles' lengths
  std::vector<SideSummary> sides;
  std::vector<UnitSummary> units;       // in Force::units order
  std::vector<EndConditionCount> ends;  // by reason, alphabetical
};

McSummary summarize(const Scenario& scenario, const MonteCarloConfig& config,
                    const MonteCarloRun& run);

// Units of `side` not active at the end of `record`'s battle.
int units_broken(const Scenario& scenario, const TrialRecord& record, int side);

}  // namespace smoothbore
