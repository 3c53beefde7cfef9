// Exact odds of a resolution: its distribution with cumulative probabilities and the
// mean of every numeric outcome field (what `smoothbore odds` prints).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "rules/resolution.h"

namespace smoothbore {

struct OddsRow {
  Outcome outcome;
  double probability = 0;
  double cumulative = 0;  // P(outcome ≤ this one) in the listed order
};

struct Odds {
  std::vector<OddsRow> rows;
  // Mean of each numeric (int or number) outcome field, in field order.
  std::vector<std::pair<std::string, double>> means;
};

Odds compute_odds(const Resolution& r, const Params& params);

}  // namespace smoothbore
