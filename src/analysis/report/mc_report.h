// `smoothbore mc --report FILE.html`: the Monte Carlo summary as one self-contained page:
// the summary tables, win-rate bars with their 95% Wilson intervals, histograms of battle
// length, losses and units broken per side, each unit's fates and the end conditions.
// A function of the summary alone (the one the text and --json print), so the same bytes
// for any thread count or MPI layout.
#pragma once

#include <string>

#include "analysis/mc_summary.h"

namespace smoothbore {

std::string mc_report(const McSummary& summary);

}  // namespace smoothbore
