#include "analysis/odds_compare.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "core/check.h"

namespace smoothbore {

namespace {

SampledRow row_for(Outcome outcome, double p, std::int64_t count, std::int64_t samples) {
  SampledRow row;
  row.outcome = std::move(outcome);
  row.exact = p;
  row.count = count;
  const auto n = static_cast<double>(samples);
  row.frequency = static_cast<double>(count) / n;
  row.standard_error = std::sqrt(p * (1 - p) / n);
  const double diff = row.frequency - p;
  if (row.standard_error > 0) {
    row.z = diff / row.standard_error;
  } else if (count > 0 && p == 0) {
    row.z = std::numeric_limits<double>::infinity();
  } else if (count < samples && p == 1) {
    row.z = -std::numeric_limits<double>::infinity();
  }
  if (std::abs(row.z) > kCompareFlagZ) {
    row.tail = std::isinf(row.z) ? 0 : binomial_tail(samples, p, count, row.z > 0);
    row.flagged = row.tail < kCompareFlagTail;
  }
  return row;
}

}  // namespace

double binomial_tail(std::int64_t n, double p, std::int64_t k, bool upper) {
  SB_CHECK(n >= 1 && p > 0 && p < 1 && k >= 0 && k <= n, "bad binomial tail");
  // Terms in log space from k away from the mean, where they shrink at least geometrically
  // (Gaussian-fast once past the mean): stop when they no longer change the sum.
  const double nd = static_cast<double>(n);
  const double log_p = std::log(p);
  const double log_q = std::log1p(-p);
  const double log_n_fact = std::lgamma(nd + 1);
  auto log_pmf = [&](std::int64_t j) {
    const double jd = static_cast<double>(j);
    return log_n_fact - std::lgamma(jd + 1) - std::lgamma(nd - jd + 1) + jd * log_p +
           (nd - jd) * log_q;
  };
  double sum = 0;
  for (std::int64_t j = k; upper ? j <= n : j >= 0; j += upper ? 1 : -1) {
    const double term = std::exp(log_pmf(j));
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return std::min(sum, 1.0);
}

OddsComparison compare_with_samples(const Resolution& r, const Params& params, const Odds& odds,
                                    std::int64_t samples, std::uint64_t seed) {
  SB_CHECK(samples >= 1, "at least one sample");
  std::map<Outcome, std::int64_t> counts;
  for (std::int64_t i = 0; i < samples; ++i) {
    Rng rng(seed, static_cast<std::uint64_t>(i));
    ++counts[sample(r, params, rng)];
  }
  OddsComparison out;
  out.samples = samples;
  out.seed = seed;
  for (const OddsRow& row : odds.rows) {
    auto it = counts.find(row.outcome);
    const std::int64_t count = it == counts.end() ? 0 : it->second;
    if (it != counts.end()) counts.erase(it);
    out.rows.push_back(row_for(row.outcome, row.probability, count, samples));
  }
  for (auto& [outcome, count] : counts) {
    out.rows.push_back(row_for(outcome, 0, count, samples));
    out.rows.back().in_odds = false;
  }
  for (const SampledRow& row : out.rows) out.flagged += row.flagged ? 1 : 0;
  for (const OddsMean& m : odds.means) {
    SampledMean mean{m.field, 0};
    for (const SampledRow& row : out.rows) {
      for (const auto& [name, value] : row.outcome) {
        if (name == m.field) mean.value += row.frequency * as_number(value);
      }
    }
    out.means.push_back(std::move(mean));
  }
  return out;
}

}  // namespace smoothbore
