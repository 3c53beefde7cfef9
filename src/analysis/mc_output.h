// A Monte Carlo run as a user sees it: the text summary, one CSV row per battle, and JSON
// (the summary plus the rows). Everything is a function of the records in trial order,
// so the output is byte-identical for any thread count.
#pragma once

#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "analysis/mc_summary.h"

namespace smoothbore {

// The summary as aligned text tables (stdout of `smoothbore mc`).
std::string summary_text(const McSummary& summary);

// CSV, one row per battle: trial, seed, winner (side id or "draw"), reason, turns, then per
// side <id>_losses and <id>_broken (fractions 0..1 of starting strength), <id>_units_broken
// and <id>_points, then per unit status_<id> (active, routed, removed, off-table).
void write_trials_csv(std::ostream& out, const Scenario& scenario, const MonteCarloConfig& config,
                      const MonteCarloRun& run);

nlohmann::ordered_json summary_json(const McSummary& summary);
nlohmann::ordered_json distribution_json(const Distribution& d);
nlohmann::ordered_json histogram_json(const Histogram& h);
// The rows of the CSV as JSON objects.
nlohmann::ordered_json trials_json(const Scenario& scenario, const MonteCarloConfig& config,
                                   const MonteCarloRun& run);

}  // namespace smoothbore
