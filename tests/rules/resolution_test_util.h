// Helpers shared by the resolution tests of every rule set: look a resolution up in a rule
// set's list, parse CLI-style assignments, compare exact distributions keyed by the
// outcome's fields, and check seeded Monte Carlo against the exact distribution.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/dice/rng.h"
#include "rules/resolution.h"

namespace smoothbore::test {

using Dist = std::map<std::string, double>;

inline const Resolution& find_resolution(const std::vector<Resolution>& list,
                                         std::string_view name) {
  for (const Resolution& r : list) {
    if (r.name == name) return r;
  }
  ADD_FAILURE() << "no resolution " << name;
  return list.front();
}

inline Params params(const Resolution& r, const std::vector<std::string>& assignments) {
  auto p = parse_assignments(r.params, assignments);
  EXPECT_TRUE(p.has_value()) << (p ? "" : p.error());
  return p ? *p : Params();
}

// The outcome's fields as text joined by '/': "2", "shaken", "1/halt-hit".
inline std::string key(const Outcome& o) {
  std::string out;
  for (const auto& [name, v] : o) out += (out.empty() ? "" : "/") + to_string(v);
  return out;
}

inline Dist exact(const Resolution& r, const std::vector<std::string>& a) {
  Dist d;
  for (const auto& op : exact_distribution(r, params(r, a))) {
    if (op.probability > 0) d[key(op.outcome)] += op.probability;
  }
  return d;
}

inline void expect_dist(const Dist& got, const Dist& want) {
  for (const auto& [k, p] : want) {
    auto it = got.find(k);
    EXPECT_NEAR(it == got.end() ? 0 : it->second, p, 1e-12) << "outcome " << k;
  }
  for (const auto& [k, p] : got) EXPECT_TRUE(want.count(k)) << "unexpected " << k << " " << p;
}

// P(k) = C(n,k) p^k (1−p)^(n−k) for k = 0..n, keyed "k".
inline Dist binomial(int n, double p) {
  Dist d;
  double c = 1;
  for (int k = 0; k <= n; ++k) {
    if (k > 0) c = c * (n - k + 1) / k;
    d[std::to_string(k)] = c * std::pow(p, k) * std::pow(1 - p, n - k);
  }
  return d;
}

// `n` seeded samples (Rng(20240805, stream)) agree with the exact distribution within 4
// standard errors, and sample nothing the enumeration does not list.
inline void expect_monte_carlo(const Resolution& r, const std::vector<std::string>& a,
                               std::uint64_t stream, int n = 20000) {
  const Params p = params(r, a);
  Rng rng(20240805, stream);
  Dist freq;
  for (int i = 0; i < n; ++i) freq[key(sample(r, p, rng))] += 1.0 / n;
  const Dist want = exact(r, a);
  for (const auto& [k, f] : freq) EXPECT_TRUE(want.count(k)) << r.name << ": sampled " << k;
  for (const auto& [k, prob] : want) {
    const double se = std::sqrt(prob * (1 - prob) / n);
    EXPECT_NEAR(freq[k], prob, 4 * se + 1e-12) << r.name << " outcome " << k;
  }
}

// Values to try for a parameter: both flags, every choice, and an integer's or a number's
// ends, default and values around it (a number's at fractions and multiples of the default,
// which cross the range bands of the rule sets' tables).
inline std::vector<Value> sample_values(const ParamSpec& s) {
  std::vector<Value> out;
  switch (s.type) {
    case ParamType::kBool:
      return {Value(false), Value(true)};
    case ParamType::kChoice:
      for (const std::string& c : s.choices) out.emplace_back(c);
      return out;
    case ParamType::kInt: {
      const auto lo = static_cast<std::int64_t>(s.min);
      const auto hi = static_cast<std::int64_t>(s.max);
      const std::int64_t def = std::get<std::int64_t>(s.default_value);
      for (std::int64_t v : {lo, lo + 1, def - 1, def, def + 1, (lo + hi) / 2, hi - 1, hi}) {
        if (v >= lo && v <= hi) out.emplace_back(v);
      }
      return out;
    }
    case ParamType::kNumber: {
      const double def = std::get<double>(s.default_value);
      for (double v : {s.min, s.max, def, def * 0.25, def * 0.5, def * 0.6, def * 1.2, def * 1.5,
                       def * 2, def * 3}) {
        out.emplace_back(std::clamp(v, s.min, s.max));
      }
      return out;
    }
    case ParamType::kString:
      return {s.default_value};
  }
  return out;
}

// A resolution's prepare step enumerates as its resolve does: the same outcomes in the same
// order with bit-identical probabilities and the same exact fractions.
inline void expect_prepared_as_resolved(const Resolution& r, const Params& p) {
  ASSERT_TRUE(static_cast<bool>(r.prepare)) << r.name << " has no prepare step";
  const std::function<Outcome(Chance&)> resolved = [&](Chance& c) {
    return r.resolve(p, c, nullptr);
  };
  const auto want = enumerate_exact(resolved);
  const auto got = enumerate_distribution(r, p);
  ASSERT_TRUE(want.has_value() && got.has_value()) << r.name;
  ASSERT_EQ(got->size(), want->size()) << r.name;
  for (std::size_t i = 0; i < want->size(); ++i) {
    const auto& w = (*want)[i];
    const auto& g = (*got)[i];
    EXPECT_EQ(g.outcome, w.outcome) << r.name << " outcome " << i;
    EXPECT_EQ(g.probability, w.probability) << r.name << " " << key(w.outcome);
    EXPECT_EQ(g.fraction.has_value(), w.fraction.has_value()) << r.name << " " << key(w.outcome);
    if (g.fraction && w.fraction) {
      EXPECT_EQ(*g.fraction, *w.fraction) << r.name;
    }
  }
}

// expect_prepared_as_resolved() over each parameter's sample_values() one at a time (the
// others at their defaults), then over `mixes` seeded mixes of them all.
inline void expect_prepared_as_resolved_everywhere(const Resolution& r, int mixes = 200) {
  std::vector<std::vector<Value>> values;
  for (const ParamSpec& s : r.params) values.push_back(sample_values(s));
  auto check = [&](const std::map<std::string, Value>& given) {
    auto p = complete_params(r.params, given);
    ASSERT_TRUE(p.has_value()) << (p ? "" : p.error());
    expect_prepared_as_resolved(r, *p);
  };
  for (std::size_t i = 0; i < r.params.size(); ++i) {
    for (const Value& v : values[i]) check({{r.params[i].name, v}});
  }
  Rng rng(20261127, 9);
  for (int m = 0; m < mixes; ++m) {
    std::map<std::string, Value> given;
    for (std::size_t i = 0; i < r.params.size(); ++i) {
      const auto n = static_cast<int>(values[i].size());
      given[r.params[i].name] = values[i][static_cast<std::size_t>(rng.roll(n) - 1)];
    }
    check(given);
  }
}

}  // namespace smoothbore::test
