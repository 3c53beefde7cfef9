// `smoothbore odds RULESET RESOLUTION name=value ...`: the exact distribution of one test,
// from the same resolution function that battles sample (design.md "central idea"), as
// decimals, as fractions (--exact) and beside N seeded samples (--compare N).
#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analysis/odds.h"
#include "analysis/odds_compare.h"
#include "apps/cli.h"
#include "core/json_value.h"
#include "rules/registry.h"

namespace smoothbore::cli {

namespace {

using Json = nlohmann::ordered_json;

struct OddsOptions {
  std::string ruleset;
  std::string resolution;
  std::vector<std::string> assignments;
  bool json = false;
  bool exact = false;
  // Texts, parsed in run_odds so that errors say what was expected (as `run` does).
  std::string compare;  // samples; empty: no comparison
  std::string seed;     // empty: 1
};

inline constexpr std::int64_t kMaxCompareSamples = 1'000'000'000;

std::string outcome_text(const Outcome& o) {
  std::string out;
  for (const auto& [name, value] : o) {
    out += (out.empty() ? "" : ", ") + name + "=" + to_string(value);
  }
  return out.empty() ? "-" : out;
}

std::string names_of(const std::vector<Resolution>& rs) {
  std::string out;
  for (const Resolution& r : rs) out += (out.empty() ? "" : ", ") + r.name;
  return out;
}

// "68.00%"; a probability too small for `decimals` keeps two significant digits
// ("3.1e-07%") rather than reading as impossible.
std::string percent_text(double p, int decimals) {
  const double percent = p * 100;
  if (percent > 0 && percent < 0.5 * std::pow(10.0, -decimals)) {
    return fmt::format("{:.2g}%", percent);
  }
  return fmt::format("{:.{}f}%", percent, decimals);
}

// "p = 17/25 (68.000%)", or "p ≈ 68.000%" when the fraction is unknown.
std::string exact_text(const std::optional<Fraction>& f, double p) {
  if (!f) return "p ≈ " + percent_text(p, 3);
  return fmt::format("p = {} ({})", to_string(*f), percent_text(p, 3));
}

std::string z_text(double z) {
  if (std::isinf(z)) return z > 0 ? "+inf" : "-inf";
  return fmt::format("{:+.2f}", z);
}

// Column widths count characters, not bytes ("≈" is three bytes).
std::size_t display_width(const std::string& s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string pad_right(const std::string& s, std::size_t width) {
  return s + std::string(width - std::min(width, display_width(s)), ' ');
}

Json fraction_json(const Fraction& f) {
  // Strings: numerators and denominators outgrow every JSON reader's integers.
  return Json{{"numerator", f.get_num().get_str()}, {"denominator", f.get_den().get_str()}};
}

Json outcome_json(const Outcome& o) {
  Json out = Json::object();
  for (const auto& [name, value] : o) out[name] = to_json(value);
  return out;
}

Json sampled_json(const SampledRow& s) {
  Json j{{"count", s.count}, {"frequency", s.frequency}, {"standard_error", s.standard_error}};
  j["z"] = std::isinf(s.z) ? Json(nullptr) : Json(s.z);  // JSON has no infinity
  j["tail"] = s.tail;
  j["flagged"] = s.flagged;
  return j;
}

void print_json(const OddsOptions& o, const Resolution& resolution, const Params& params,
                const Odds& odds, const std::optional<OddsComparison>& cmp) {
  Json j;
  j["ruleset"] = o.ruleset;
  j["resolution"] = o.resolution;
  Json inputs = Json::object();
  for (const ParamSpec& s : resolution.params) inputs[s.name] = to_json(params.values().at(s.name));
  j["inputs"] = std::move(inputs);
  j["exact"] = odds.exact();
  Json outcomes = Json::array();
  for (std::size_t i = 0; i < odds.rows.size(); ++i) {
    const OddsRow& row = odds.rows[i];
    Json r{{"outcome", outcome_json(row.outcome)}, {"probability", row.probability}};
    if (row.fraction) r.update(fraction_json(*row.fraction));
    if (cmp) r["sampled"] = sampled_json(cmp->rows[i]);
    outcomes.push_back(std::move(r));
  }
  j["outcomes"] = std::move(outcomes);
  Json mean = Json::object();
  Json mean_exact = Json::object();
  for (const OddsMean& m : odds.means) {
    mean[m.field] = m.value;
    if (m.exact) mean_exact[m.field] = fraction_json(*m.exact);
  }
  j["mean"] = std::move(mean);
  if (odds.exact()) j["mean_exact"] = std::move(mean_exact);
  if (cmp) {
    Json c{{"samples", cmp->samples}, {"seed", cmp->seed}, {"flagged", cmp->flagged}};
    Json sampled_mean = Json::object();
    for (const SampledMean& m : cmp->means) sampled_mean[m.field] = m.value;
    c["mean"] = std::move(sampled_mean);
    Json unexpected = Json::array();
    for (std::size_t i = odds.rows.size(); i < cmp->rows.size(); ++i) {
      Json u{{"outcome", outcome_json(cmp->rows[i].outcome)}};
      u.update(sampled_json(cmp->rows[i]));
      unexpected.push_back(std::move(u));
    }
    c["unexpected"] = std::move(unexpected);
    j["compare"] = std::move(c);
  }
  std::cout << j.dump() << std::endl;
}

void print_text(const OddsOptions& o, const Resolution& resolution, const Params& params,
                const Odds& odds, const std::optional<OddsComparison>& cmp) {
  std::string inputs;
  for (const ParamSpec& s : resolution.params) {
    inputs += (inputs.empty() ? "" : " ") + s.name + "=" + to_string(params.values().at(s.name));
  }
  std::cout << o.ruleset << " " << o.resolution;
  if (!resolution.ref.empty()) std::cout << " [" << resolution.ref << "]";
  std::cout << '\n' << inputs << "\n\n";

  // Rows: the odds, then (with --compare) outcomes sampled but absent from the odds.
  const std::size_t n_rows = cmp ? cmp->rows.size() : odds.rows.size();
  auto outcome_of = [&](std::size_t i) -> const Outcome& {
    return i < odds.rows.size() ? odds.rows[i].outcome : cmp->rows[i].outcome;
  };
  std::vector<std::string> probability(n_rows);
  std::vector<std::string> cumulative(n_rows);
  for (std::size_t i = 0; i < n_rows; ++i) {
    if (i >= odds.rows.size()) {
      probability[i] = o.exact ? "p = 0 (not in the odds)" : "0 (not in the odds)";
      continue;
    }
    const OddsRow& row = odds.rows[i];
    probability[i] =
        o.exact ? exact_text(row.fraction, row.probability) : percent_text(row.probability, 2);
    cumulative[i] = fmt::format("{:.2f}%", row.cumulative * 100);
  }
  std::size_t w_outcome = 7;
  std::size_t w_probability = 11;
  for (std::size_t i = 0; i < n_rows; ++i) {
    w_outcome = std::max(w_outcome, display_width(outcome_text(outcome_of(i))));
    w_probability = std::max(w_probability, display_width(probability[i]));
  }
  // --exact left-aligns its "p = n/d (x%)" texts; plain percentages align right.
  auto prob_cell = [&](const std::string& s) {
    return o.exact
               ? pad_right(s, w_probability)
               : std::string(w_probability - std::min(w_probability, display_width(s)), ' ') + s;
  };
  std::string header = fmt::format("{:<{}}  {}  {:>10}", "outcome", w_outcome,
                                   prob_cell("probability"), "cumulative");
  if (cmp) header += fmt::format("  {:>8}  {:>8}  {:>6}", "sampled", "std.err", "z");
  std::cout << header << '\n';
  for (std::size_t i = 0; i < n_rows; ++i) {
    std::string line = fmt::format("{:<{}}  {}  {:>10}", outcome_text(outcome_of(i)), w_outcome,
                                   prob_cell(probability[i]), cumulative[i]);
    if (cmp) {
      const SampledRow& s = cmp->rows[i];
      line += fmt::format("  {:>8}  {:>8}  {:>6}", percent_text(s.frequency, 3),
                          percent_text(s.standard_error, 3), z_text(s.z));
      if (s.flagged) line += fmt::format("  <- |z| > {:g}, tail {:.1e}", kCompareFlagZ, s.tail);
    }
    std::cout << line << '\n';
  }
  for (std::size_t i = 0; i < odds.means.size(); ++i) {
    const OddsMean& m = odds.means[i];
    std::string line = o.exact && m.exact ? fmt::format("mean {} = {} ({:.2f})", m.field,
                                                        to_string(*m.exact), m.value)
                                          : fmt::format("mean {} = {:.2f}", m.field, m.value);
    if (cmp) line += fmt::format(", sampled {:.4f}", cmp->means[i].value);
    std::cout << line << '\n';
  }
  if (o.exact && !odds.exact()) {
    std::cout << "not exact: some outcomes come from a closed form with floating-point "
                 "weights (Chance::pick), so their fractions are unknown\n";
  }
  if (odds.total && *odds.total != 1) {
    std::cout << "warning: the exact probabilities sum to " << to_string(*odds.total)
              << ", not 1\n";
  }
  if (cmp) {
    std::cout << fmt::format("compared with {} samples (seed {}, streams 0-{}): ", cmp->samples,
                             cmp->seed, cmp->samples - 1);
    if (cmp->flagged == 0) {
      std::cout << "no outcome flagged\n";
    } else {
      std::cout << fmt::format(
          "warning: {} outcome{} flagged (|z| > {:g} and a binomial tail below {:.1e})\n",
          cmp->flagged, cmp->flagged == 1 ? "" : "s", kCompareFlagZ, kCompareFlagTail);
    }
  }
}

int run_odds(const OddsOptions& o) {
  std::int64_t samples = 0;
  if (!o.compare.empty()) {
    auto n = parse_integer<std::int64_t>(o.compare);
    if (!n || *n < 1 || *n > kMaxCompareSamples) {
      print_error(fmt::format("--compare: expected a number of samples from 1 to {}, found '{}'",
                              kMaxCompareSamples, o.compare));
      return kExitBadInput;
    }
    samples = *n;
  }
  std::uint64_t seed = 1;
  if (!o.seed.empty()) {
    auto s = parse_integer<std::uint64_t>(o.seed);
    if (!s) {
      print_error(fmt::format("--seed: expected a non-negative integer, found '{}'", o.seed));
      return kExitBadInput;
    }
    seed = *s;
  }
  const Ruleset* ruleset = find_ruleset(o.ruleset);
  if (ruleset == nullptr) {
    std::string ids;
    for (const Ruleset* r : all_rulesets()) ids += (ids.empty() ? "" : ", ") + std::string(r->id());
    print_error(fmt::format("unknown rule set '{}'; valid rule sets: {}", o.ruleset, ids));
    return kExitBadInput;
  }
  const Resolution* resolution = ruleset->resolution(o.resolution);
  if (resolution == nullptr) {
    print_error(fmt::format("{} has no resolution '{}'; valid resolutions: {}", o.ruleset,
                            o.resolution, names_of(ruleset->resolutions())));
    return kExitBadInput;
  }
  auto params = parse_assignments(resolution->params, o.assignments);
  if (!params) {
    print_error(fmt::format("{} {}: {}", o.ruleset, o.resolution, params.error()));
    return kExitBadInput;
  }
  const auto odds = compute_odds(*resolution, *params);
  if (!odds) {
    print_error(fmt::format("{} {}: cannot enumerate these inputs: {}", o.ruleset, o.resolution,
                            odds.error()));
    return kExitBadInput;
  }
  std::optional<OddsComparison> cmp;
  if (samples > 0) cmp = compare_with_samples(*resolution, *params, *odds, samples, seed);
  if (o.json) {
    print_json(o, *resolution, *params, *odds, cmp);
  } else {
    print_text(o, *resolution, *params, *odds, cmp);
  }
  return kExitOk;
}

}  // namespace

Command add_odds(CLI::App& app) {
  auto o = std::make_shared<OddsOptions>();
  CLI::App* sub = app.add_subcommand(
      "odds", "Exact outcome distribution of one resolution (a volley, a melee, a morale test)");
  sub->add_option("ruleset", o->ruleset, "Rule set id (see: smoothbore rulesets)")->required();
  sub->add_option("resolution", o->resolution, "Resolution name (see: smoothbore rulesets RULESET)")
      ->required();
  sub->add_option("params", o->assignments, "name=value inputs; the rest take their defaults");
  sub->add_flag("--exact", o->exact,
                "Print each probability as a reduced fraction too: p = 17/25 (68.000%)");
  CLI::Option* compare = sub->add_option(
      "--compare", o->compare,
      "Also draw N (1 to 1e9) seeded samples of the resolution and print, per outcome, the "
      "sampled frequency, its standard error under the exact p and z; flags outcomes with "
      "|z| > 4 whose count is also that unlikely under the exact binomial law");
  sub->add_option("--seed", o->seed,
                  "Seed of the --compare samples; sample i draws from stream i (default 1)")
      ->needs(compare);
  sub->add_flag("--json", o->json,
                "Print one JSON object (exact fractions as \"numerator\"/\"denominator\" "
                "strings; with --compare, a \"sampled\" object per outcome)");
  sub->footer(
      "Examples:\n"
      "  smoothbore odds fast-1805 fire shooters=12 quality=veteran range=4 first-fire=true\n"
      "  smoothbore odds fire-and-discipline morale castings=3 --exact\n"
      "  smoothbore odds fire-and-discipline musketry stands=4 --compare 100000 --seed 7");
  return [o] { return run_odds(*o); };
}

}  // namespace smoothbore::cli
