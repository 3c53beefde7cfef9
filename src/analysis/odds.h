// Exact odds of a resolution: its distribution with cumulative probabilities and the
// mean of every numeric outcome field (what `smoothbore odds` prints), as doubles and,
// where every path is exact, as reduced fractions (`smoothbore odds --exact`).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <tl/expected.hpp>

#include "core/dice/fraction.h"
#include "rules/resolution.h"

namespace smoothbore {

struct OddsRow {
  Outcome outcome;
  double probability = 0;
  double cumulative = 0;             // P(outcome ≤ this one) in the listed order
  std::optional<Fraction> fraction;  // exact probability; nullopt when not known exactly
};

struct OddsMean {
  std::string field;
  double value = 0;
  std::optional<Fraction> exact;  // when every row's fraction is known
};

struct Odds {
  std::vector<OddsRow> rows;
  // Mean of each numeric (int or number) outcome field, in field order.
  std::vector<OddsMean> means;
  // The sum of the rows' fractions when all are known: exactly 1 for a sound
  // resolution. nullopt when some row is not exact.
  std::optional<Fraction> total;

  bool exact() const { return total.has_value(); }
};

// Enumerates `r` for `params`. Errors: more than `max_paths` dice paths.
tl::expected<Odds, std::string> compute_odds(const Resolution& r, const Params& params,
                                             long max_paths = kMaxChancePaths);

}  // namespace smoothbore
