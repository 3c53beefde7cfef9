// Helpers shared by the resolution tests of every rule set: look a resolution up in a rule
// set's list, parse CLI-style assignments, compare exact distributions keyed by the
// outcome's fields, and check seeded Monte Carlo against the exact distribution.
#pragma once

#include <cmath>
#include <cstdint>
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

}  // namespace smoothbore::test
