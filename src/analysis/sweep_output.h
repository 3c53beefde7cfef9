// A sweep as a user sees it: per cell of the grid, each side's win rate with its 95%
// Wilson interval and mean losses, as a text table, CSV (one row per cell) and JSON (every
// cell's full Monte Carlo summary).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/mc_summary.h"
#include "analysis/sweep.h"

namespace smoothbore {

std::string sweep_text(const std::vector<SweepAxis>& axes,
                       const std::vector<SweepCellResult>& cells);

// One row per cell: the axis values, battles, draws and mean turns, then per side <id>_wins,
// <id>_win_rate, <id>_win_low, <id>_win_high (fractions 0..1), <id>_mean_losses and
// <id>_mean_broken (fractions 0..1 of starting strength).
void write_sweep_csv(std::ostream& out, const std::vector<SweepAxis>& axes,
                     const std::vector<SweepCellResult>& cells);

nlohmann::ordered_json sweep_json(const std::vector<SweepAxis>& axes,
                                  const std::vector<SweepCellResult>& cells);

}  // namespace smoothbore
