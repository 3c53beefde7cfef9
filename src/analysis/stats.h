// Summary statistics for Monte Carlo runs: Wilson score intervals for rates, and the
// mean, standard deviation and quantiles of a sample.
//
// Written here rather than taken from a library: each is a few lines of textbook formula,
// and the Debian packages that have them (Boost.Math, GSL) would be a large dependency
// (GSL also a licence question) for three functions that the tests pin to known values.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace smoothbore {

// z of a two-sided 95% normal interval (the 97.5% quantile of the standard normal).
inline constexpr double kZ95 = 1.959963984540054;

// A closed interval of proportions (0..1).
struct Interval {
  double low = 0;
  double high = 1;
};

// The Wilson score interval for `successes` out of `trials` (Wilson 1927): unlike the
// normal ("Wald") interval it stays inside [0, 1] and is honest at 0/n and n/n, which
// lopsided battles produce. 0 trials give [0, 1] (nothing is known).
Interval wilson_interval(std::int64_t successes, std::int64_t trials, double z = kZ95);

// The sample quantile of `sorted` (ascending, not empty) at probability `p` in [0, 1],
// by Hyndman and Fan's definition 7 (R's default, NumPy's "linear"): linear interpolation
// between the order statistics at h = (n - 1) p.
double quantile_sorted(std::span<const double> sorted, double p);

// Mean, sample standard deviation and the quantiles the reports show.
struct Distribution {
  std::int64_t count = 0;  // number of values; the other fields are 0 when it is 0
  double mean = 0;
  double sd = 0;  // sample standard deviation (n - 1 denominator), 0 for fewer than 2 values
  double min = 0;
  double max = 0;
  double q05 = 0;  // quantiles (definition 7) at 5%, 25%, 50%, 75% and 95%
  double q25 = 0;
  double q50 = 0;
  double q75 = 0;
  double q95 = 0;
};

// Sums in the given order, so equal inputs give bit-identical results.
Distribution describe(std::vector<double> values);

// Counts of a sample in equal bins: bin k holds [low + k width, low + (k + 1) width);
// values below `low` count in the first bin, values past the last bin in the last.
struct Histogram {
  double low = 0;
  double width = 1;
  std::vector<std::int64_t> counts;  // empty for an empty sample
};

Histogram histogram(std::span<const double> values, double low, double width, std::size_t bins);

// A histogram of whole numbers (battle lengths, units broken): bins of width 1 from the
// smallest to the largest value, or wider bins (a whole number) so that there are at most
// `max_bins`.
Histogram integer_histogram(std::span<const double> values, std::size_t max_bins = 40);

}  // namespace smoothbore
