// Every resolution of every registered rule set goes through `smoothbore odds`: it
// enumerates, its exact fractions sum to exactly 1, and seeded samples of the same
// function agree with it (design.md "exact odds against Monte Carlo for every resolution":
// a fixed seed, tolerances from the standard error, a re-run before declaring a miss).
// Nothing here names a rule set: new ones are covered as they register.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include "analysis/odds.h"
#include "analysis/odds_compare.h"
#include "rules/registry.h"

namespace smoothbore {
namespace {

struct Case {
  const Resolution* resolution = nullptr;
  std::vector<std::string> assignments;  // empty: every parameter at its default
  std::string label;                     // "fast-1805 fire shooters=1000"
};

std::vector<Case> default_cases() {
  std::vector<Case> out;
  for (const Ruleset* rs : all_rulesets()) {
    for (const Resolution& r : rs->resolutions()) {
      out.push_back({&r, {}, fmt::format("{} {}", rs->id(), r.name)});
    }
  }
  return out;
}

// The values worth trying for one parameter besides its default: the other truth value,
// every other choice, and the ends of a numeric range.
std::vector<std::string> other_values(const ParamSpec& s) {
  std::vector<std::string> out;
  const std::string def = to_string(s.default_value);
  auto add = [&](const std::string& v) {
    if (v != def) out.push_back(v);
  };
  switch (s.type) {
    case ParamType::kBool:
      add("true");
      add("false");
      break;
    case ParamType::kChoice:
      for (const std::string& c : s.choices) add(c);
      break;
    case ParamType::kInt:
    case ParamType::kNumber:
      // Unbounded schemas (±1e18) have no end worth trying.
      if (s.min > -1e15) add(fmt::format("{}", static_cast<std::int64_t>(s.min)));
      if (s.max < 1e15) add(fmt::format("{}", static_cast<std::int64_t>(s.max)));
      break;
    case ParamType::kString:  // free text (e.g. an order's feature): no other value to try
      break;
  }
  return out;
}

// Each parameter moved on its own to each of its other values.
std::vector<Case> variant_cases() {
  std::vector<Case> out;
  for (const Case& d : default_cases()) {
    for (const ParamSpec& s : d.resolution->params) {
      for (const std::string& v : other_values(s)) {
        const std::string a = s.name + "=" + v;
        out.push_back({d.resolution, {a}, d.label + " " + a});
      }
    }
  }
  return out;
}

Params params_of(const Case& c) {
  auto p = parse_assignments(c.resolution->params, c.assignments);
  EXPECT_TRUE(p.has_value()) << c.label << ": " << (p ? "" : p.error());
  return p ? *p : Params();
}

// Samples agree with the odds: no |z| > 4 with seed 1, or failing that with seed 2.
void expect_samples_agree(const Case& c, const Params& p, const Odds& odds, std::int64_t n) {
  OddsComparison cmp = compare_with_samples(*c.resolution, p, odds, n, 1);
  if (cmp.flagged > 0) {
    std::cout << "re-run with seed 2: " << c.label << '\n';
    cmp = compare_with_samples(*c.resolution, p, odds, n, 2);
  }
  for (const SampledRow& row : cmp.rows) {
    EXPECT_FALSE(row.flagged) << c.label << ": outcome " << to_string(row.outcome.front().second)
                              << " exact " << row.exact << " sampled " << row.frequency << " (z "
                              << row.z << ", " << n << " samples, seeds 1 and 2)";
  }
}

// Every outcome carries the resolution's declared fields, in order.
void expect_declared_fields(const Case& c, const Odds& odds) {
  for (const OddsRow& row : odds.rows) {
    std::vector<std::string> fields;
    for (const auto& [name, value] : row.outcome) fields.push_back(name);
    EXPECT_EQ(fields, c.resolution->outcome_fields) << c.label;
  }
}

TEST(AllResolutionsOdds, RuleSetsHaveResolutions) { EXPECT_GE(default_cases().size(), 2u); }

// Every elan-drill resolution is among the cases (the rule set published them before its
// battle).
TEST(AllResolutionsOdds, CoversResolutionsOnlyRuleSets) {
  const Ruleset* ed = find_ruleset("elan-drill");
  ASSERT_NE(ed, nullptr);
  int found = 0;
  for (const Case& c : default_cases()) found += c.label.rfind("elan-drill ", 0) == 0 ? 1 : 0;
  EXPECT_EQ(found, static_cast<int>(ed->resolutions().size()));
  EXPECT_GE(found, 11);
}

// squad-skirmish too (issue 7): movement, reload, fire, morale, charge, melee; its battle calls
// the same six.
TEST(AllResolutionsOdds, CoversSquadSkirmish) {
  const Ruleset* sk = find_ruleset("squad-skirmish");
  ASSERT_NE(sk, nullptr);
  EXPECT_TRUE(sk->playable());
  std::vector<std::string> names;
  for (const Case& c : default_cases()) {
    if (c.label.rfind("squad-skirmish ", 0) == 0) names.push_back(c.resolution->name);
  }
  EXPECT_EQ(names,
            (std::vector<std::string>{"movement", "reload", "fire", "morale", "charge", "melee"}));
}

// group-orders too (issue 8's first half): shooting, melee, morale, infantry-charge,
// order-change.
TEST(AllResolutionsOdds, CoversGroupOrders) {
  const Ruleset* go = find_ruleset("group-orders");
  ASSERT_NE(go, nullptr);
  EXPECT_TRUE(go->playable());  // its battle rolls these same resolutions
  std::vector<std::string> names;
  for (const Case& c : default_cases()) {
    if (c.label.rfind("group-orders ", 0) == 0) names.push_back(c.resolution->name);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"shooting", "melee", "morale", "infantry-charge",
                                             "order-change"}));
}

TEST(AllResolutionsOdds, DefaultsAreExactAndAgreeWithSamples) {
  for (const Case& c : default_cases()) {
    const Params p = params_of(c);
    auto odds = compute_odds(*c.resolution, p);
    ASSERT_TRUE(odds) << c.label << ": " << odds.error();
    ASSERT_FALSE(odds->rows.empty()) << c.label;
    ASSERT_TRUE(odds->exact()) << c.label << " is not exact at its defaults";
    EXPECT_EQ(*odds->total, 1) << c.label << ": the fractions sum to " << to_string(*odds->total);
    for (const OddsRow& row : odds->rows) {
      EXPECT_EQ(row.probability, to_double(*row.fraction)) << c.label;
      EXPECT_GE(*row.fraction, 0) << c.label;
    }
    expect_declared_fields(c, *odds);
    expect_samples_agree(c, p, *odds, 20000);
  }
}

TEST(AllResolutionsOdds, EveryParameterValueEnumeratesAndAgreesWithSamples) {
  std::vector<std::string> not_exact;
  for (const Case& c : variant_cases()) {
    const Params p = params_of(c);
    auto odds = compute_odds(*c.resolution, p);
    ASSERT_TRUE(odds) << c.label << ": " << odds.error();
    ASSERT_FALSE(odds->rows.empty()) << c.label;
    if (odds->exact()) {
      EXPECT_EQ(*odds->total, 1) << c.label << ": the fractions sum to " << to_string(*odds->total);
    } else {
      not_exact.push_back(c.label);
      EXPECT_NEAR(odds->rows.back().cumulative, 1.0, 1e-9) << c.label;
    }
    expect_declared_fields(c, *odds);
    expect_samples_agree(c, p, *odds, 4000);
  }
  // Not a failure: a rule set may draw a large pool from a floating-point closed form
  // (Chance::pick); Chance::pick_cases would make it exact. Listed for whoever owns it.
  for (const std::string& label : not_exact) std::cout << "not exact: " << label << '\n';
}

// A random value of one parameter: its default, another listed value, or anywhere in its
// numeric range.
std::string random_value(const ParamSpec& s, Rng& rng) {
  std::vector<std::string> values = other_values(s);
  values.push_back(to_string(s.default_value));
  const bool ranged =
      (s.type == ParamType::kInt || s.type == ParamType::kNumber) && s.min > -1e15 && s.max < 1e15;
  if (ranged && rng.roll(2) == 1) {
    const double x = s.min + (s.max - s.min) * rng.uniform();
    return s.type == ParamType::kInt ? fmt::format("{}", static_cast<std::int64_t>(std::floor(x)))
                                     : fmt::format("{}", x);
  }
  return values[static_cast<std::size_t>(rng.roll(static_cast<int>(values.size())) - 1)];
}

// Parameters moved together: combinations reach pools and paths that single moves miss.
TEST(AllResolutionsOdds, RandomParameterCombinationsEnumerate) {
  Rng rng(2026, 4);
  for (const Case& d : default_cases()) {
    for (int i = 0; i < 25; ++i) {
      Case c{d.resolution, {}, d.label};
      for (const ParamSpec& s : d.resolution->params) {
        c.assignments.push_back(s.name + "=" + random_value(s, rng));
        c.label += " " + c.assignments.back();
      }
      const Params p = params_of(c);
      auto odds = compute_odds(*c.resolution, p);
      ASSERT_TRUE(odds) << c.label << ": " << odds.error();
      ASSERT_FALSE(odds->rows.empty()) << c.label;
      if (odds->exact()) {
        EXPECT_EQ(*odds->total, 1) << c.label;
      } else {
        EXPECT_NEAR(odds->rows.back().cumulative, 1.0, 1e-9) << c.label;
      }
      expect_declared_fields(c, *odds);
      expect_samples_agree(c, p, *odds, 1000);
    }
  }
}

}  // namespace
}  // namespace smoothbore
