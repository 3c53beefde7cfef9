// Exact odds beside Monte Carlo samples of the same resolution (`smoothbore odds
// --compare N`): design.md's "exact odds against Monte Carlo" check, offered to users.
// Sample i draws from the Rng stream (seed, i), so a comparison is the same on any run.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/odds.h"

namespace smoothbore {

// An outcome is flagged when |z| > kCompareFlagZ and its count is at least as unlikely
// under the exact binomial law: a one-sided tail below kCompareFlagTail, the normal tail
// beyond 4 standard errors. For a sound resolution that is about 6e-5 per outcome. The
// binomial test matters for rare outcomes, where z's normal approximation fails: one
// sample of an outcome expected 0.016 times has z ≈ 7.7 but happens 1.6% of the time.
inline constexpr double kCompareFlagZ = 4;
inline constexpr double kCompareFlagTail = 3.167e-5;

// P(X ≥ k) (upper) or P(X ≤ k) for X ~ Binomial(n, p), 0 < p < 1.
double binomial_tail(std::int64_t n, double p, std::int64_t k, bool upper);

struct SampledRow {
  Outcome outcome;
  double exact = 0;           // the exact probability (0 for an outcome not in the odds)
  std::int64_t count = 0;     // samples that gave this outcome
  double frequency = 0;       // count / samples
  double standard_error = 0;  // √(p(1 − p)/N) under the exact p
  double z = 0;               // (frequency − p) / standard_error; ±inf when that is 0
  // P(a count at least this far from N·p, on its side) under Binomial(N, p); 1 when
  // |z| ≤ kCompareFlagZ (not computed), 0 for an impossible count.
  double tail = 1;
  bool in_odds = true;   // false: sampled, but absent from the exact distribution
  bool flagged = false;  // |z| > kCompareFlagZ and tail < kCompareFlagTail
};

struct SampledMean {
  std::string field;
  double value = 0;
};

struct OddsComparison {
  std::int64_t samples = 0;
  std::uint64_t seed = 0;
  // One row per row of the odds, in order, then any sampled outcome the odds lack.
  std::vector<SampledRow> rows;
  std::vector<SampledMean> means;  // the odds' mean fields, from the samples
  int flagged = 0;                 // flagged rows
};

// Samples `r` `samples` times (≥ 1) with SampledChance on Rng(seed, i), i = 0..N−1.
OddsComparison compare_with_samples(const Resolution& r, const Params& params, const Odds& odds,
                                    std::int64_t samples, std::uint64_t seed);

}  // namespace smoothbore
