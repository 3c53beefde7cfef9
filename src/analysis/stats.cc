#include "analysis/stats.h"

#include <algorithm>
#include <cmath>

#include "core/check.h"

namespace smoothbore {

Interval wilson_interval(std::int64_t successes, std::int64_t trials, double z) {
  SB_CHECK(successes >= 0 && successes <= trials, "successes outside 0..trials");
  if (trials == 0) return {0, 1};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z2 = z * z;
  const double denominator = 1 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denominator;
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
  // At 0/n and n/n the exact bound is 0 or 1; rounding must not push it past.
  return {successes == 0 ? 0.0 : std::max(0.0, centre - half),
          successes == trials ? 1.0 : std::min(1.0, centre + half)};
}

double quantile_sorted(std::span<const double> sorted, double p) {
  SB_CHECK(!sorted.empty(), "quantile of an empty sample");
  SB_CHECK(p >= 0 && p <= 1, "quantile probability outside [0, 1]");
  const double h = static_cast<double>(sorted.size() - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  if (lo + 1 >= sorted.size()) return sorted.back();
  return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[lo + 1] - sorted[lo]);
}

Distribution describe(std::vector<double> values) {
  Distribution d;
  d.count = static_cast<std::int64_t>(values.size());
  if (values.empty()) return d;
  const double n = static_cast<double>(values.size());
  double sum = 0;
  for (double v : values) sum += v;
  d.mean = sum / n;
  if (values.size() > 1) {
    // Two passes: the textbook one-pass formula loses precision when sd << mean.
    double squares = 0;
    for (double v : values) squares += (v - d.mean) * (v - d.mean);
    d.sd = std::sqrt(squares / (n - 1));
  }
  std::sort(values.begin(), values.end());
  d.min = values.front();
  d.max = values.back();
  d.q05 = quantile_sorted(values, 0.05);
  d.q25 = quantile_sorted(values, 0.25);
  d.q50 = quantile_sorted(values, 0.50);
  d.q75 = quantile_sorted(values, 0.75);
  d.q95 = quantile_sorted(values, 0.95);
  return d;
}

Histogram histogram(std::span<const double> values, double low, double width, std::size_t bins) {
  SB_CHECK(width > 0 && bins > 0, "a histogram needs bins of positive width");
  Histogram h{low, width, {}};
  if (values.empty()) return h;
  h.counts.assign(bins, 0);
  for (double v : values) {
    const double k = std::floor((v - low) / width);
    const double last = static_cast<double>(bins - 1);
    ++h.counts[static_cast<std::size_t>(std::clamp(k, 0.0, last))];
  }
  return h;
}

Histogram integer_histogram(std::span<const double> values, std::size_t max_bins) {
  if (values.empty()) return Histogram{};
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  const double span = std::floor(*hi) - std::floor(*lo) + 1;
  const double width = std::max(1.0, std::ceil(span / static_cast<double>(max_bins)));
  const auto bins = static_cast<std::size_t>(std::ceil(span / width));
  return histogram(values, std::floor(*lo), width, bins);
}

}  // namespace smoothbore
