// Helpers shared by the fast-1805 resolution tests: look a resolution up, parse CLI-style
// assignments, and compare exact distributions keyed by the outcome's single field.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "rules/fast_1805/resolutions.h"

namespace smoothbore::fast_1805 {

using Dist = std::map<std::string, double>;

inline const Resolution& res(std::string_view name) {
  for (const Resolution& r : resolutions()) {
    if (r.name == name) return r;
  }
  ADD_FAILURE() << "no resolution " << name;
  return resolutions().front();
}

inline Params params(const Resolution& r, const std::vector<std::string>& assignments) {
  auto p = parse_assignments(r.params, assignments);
  EXPECT_TRUE(p.has_value()) << (p ? "" : p.error());
  return p ? *p : Params();
}

// The outcome's single field, as text: "2", "shaken".
inline std::string key(const Outcome& o) {
  EXPECT_EQ(o.size(), 1u);
  return to_string(o.front().second);
}

inline Dist exact(std::string_view name, const std::vector<std::string>& a) {
  const Resolution& r = res(name);
  Dist d;
  for (const auto& op : exact_distribution(r, params(r, a))) {
    if (op.probability > 0) d[key(op.outcome)] += op.probability;
  }
  return d;
}

inline void expect_dist(const Dist& got, const Dist& want) {
  for (const auto& [k, p] : want) {
    auto it = got.find(k);
    const double g = it == got.end() ? 0 : it->second;
    EXPECT_NEAR(g, p, 1e-12) << "outcome " << k;
  }
  for (const auto& [k, p] : got) EXPECT_TRUE(want.count(k)) << "unexpected " << k << " " << p;
}

}  // namespace smoothbore::fast_1805
