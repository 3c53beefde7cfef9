// Helpers shared by the Monte Carlo tests: the trials of a run as `mc --csv` writes them.
#pragma once

#include <sstream>
#include <string>

#include "analysis/mc_output.h"

namespace smoothbore::test {

inline std::string csv_of(const Scenario& s, const MonteCarloConfig& c, const MonteCarloRun& run) {
  std::ostringstream out;
  write_trials_csv(out, s, c, run);
  return out.str();
}

}  // namespace smoothbore::test
