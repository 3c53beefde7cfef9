// `smoothbore sweep --report FILE.html`: a sweep as one self-contained page: the win rate
// of each side across the grid (a heat map per side for a 2-D grid, bars with their 95%
// Wilson intervals otherwise), the mean losses per cell the same way, and the table the
// text output prints. A function of the cells' summaries alone, so the same bytes for any
// thread count or MPI layout.
#pragma once

#include <string>
#include <vector>

#include "analysis/sweep.h"

namespace smoothbore {

std::string sweep_report(const std::vector<SweepAxis>& axes,
                         const std::vector<SweepCellResult>& cells);

}  // namespace smoothbore
