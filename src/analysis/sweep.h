// Parameter sweeps: the same Monte Carlo trials (same seed, same streams) over every cell
// of a grid of scenario changes. An axis is written NAME=V1,V2,... where NAME is a rule
// option of the scenario's rule set or unit.ID.KEY (a unit attribute or its figures; see
// io/scenario_overrides.h); each value is checked against the name's parameter schema.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "analysis/mc_summary.h"
#include "analysis/monte_carlo.h"
#include "io/scenario_overrides.h"

namespace smoothbore {

struct SweepAxis {
  std::string name;           // OPTION or unit.ID.KEY
  std::vector<Value> values;  // in the order given
};

// Parses "NAME=V1,V2,..." against `scenario` (loaded, of rule set `ruleset`). Errors say
// what is wrong and what was expected, without a prefix (the CLI adds "--vary: ").
tl::expected<SweepAxis, std::string> parse_sweep_axis(const Scenario& scenario,
                                                      const Ruleset& ruleset,
                                                      std::string_view text);

// Checks a set of axes: at least one, no name twice.
tl::expected<void, std::string> check_sweep_axes(const std::vector<SweepAxis>& axes);

// One cell of the grid: a value per axis, in axis order.
struct SweepCell {
  std::vector<ScenarioOverride> overrides;
  std::string label() const;  // "a2_army_break=0.3 unit.b-line.quality=green"
};

// Every cell, the first axis varying slowest (row-major).
std::vector<SweepCell> sweep_cells(const std::vector<SweepAxis>& axes);

// The scenario of every cell: the file at `path` loaded with the cell's overrides (so
// with every check the loader makes). The error names the first cell that does not load.
tl::expected<std::vector<Scenario>, std::string> load_sweep_scenarios(
    const std::string& path, const std::vector<SweepCell>& cells);

struct SweepCellResult {
  SweepCell cell;
  McSummary summary;
};

struct SweepRun {
  std::vector<SweepCellResult> cells;  // the cells fought, in grid order
  bool stopped = false;                // the stop flag ended the sweep early
};

// Fights `config.trials` trials (same seed, same streams) in each cell, one cell after the
// other, each on `config.threads` threads. `progress` sees the battles of the whole sweep;
// `stop` is checked between trials, and a stopped sweep ends with its partial cell.
// `runner` fights each cell (default run_monte_carlo; the MPI build passes one that splits
// the cell's trials across processes).
SweepRun run_sweep(const std::vector<SweepCell>& cells, const std::vector<Scenario>& scenarios,
                   const Ruleset& ruleset, const MonteCarloConfig& config,
                   const ProgressFn& progress = {}, const std::atomic<bool>* stop = nullptr,
                   const MonteCarloRunner& runner = {});

}  // namespace smoothbore
