// `smoothbore odds RULESET RESOLUTION name=value ...`: the exact distribution of one test,
// from the same resolution function that battles sample (design.md "central idea").
#include <algorithm>
#include <iostream>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "analysis/odds.h"
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
};

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

int run_odds(const OddsOptions& o) {
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
  const Odds odds = compute_odds(*resolution, *params);

  if (o.json) {
    Json j;
    j["ruleset"] = o.ruleset;
    j["resolution"] = o.resolution;
    Json inputs = Json::object();
    for (const ParamSpec& s : resolution->params) {
      inputs[s.name] = to_json(params->values().at(s.name));
    }
    j["inputs"] = std::move(inputs);
    Json outcomes = Json::array();
    for (const OddsRow& row : odds.rows) {
      Json outcome = Json::object();
      for (const auto& [name, value] : row.outcome) outcome[name] = to_json(value);
      outcomes.push_back(Json{{"outcome", std::move(outcome)}, {"probability", row.probability}});
    }
    j["outcomes"] = std::move(outcomes);
    Json m = Json::object();
    for (const auto& [name, value] : odds.means) m[name] = value;
    j["mean"] = std::move(m);
    std::cout << j.dump() << std::endl;
    return kExitOk;
  }

  std::string inputs;
  for (const ParamSpec& s : resolution->params) {
    inputs += (inputs.empty() ? "" : " ") + s.name + "=" + to_string(params->values().at(s.name));
  }
  std::cout << o.ruleset << " " << o.resolution;
  if (!resolution->ref.empty()) std::cout << " [" << resolution->ref << "]";
  std::cout << '\n' << inputs << "\n\n";
  std::size_t width = 7;
  for (const OddsRow& row : odds.rows) width = std::max(width, outcome_text(row.outcome).size());
  std::cout << fmt::format("{:<{}}  {:>11}  {:>10}\n", "outcome", width, "probability",
                           "cumulative");
  for (const OddsRow& row : odds.rows) {
    std::cout << fmt::format("{:<{}}  {:>10.2f}%  {:>9.2f}%\n", outcome_text(row.outcome), width,
                             row.probability * 100, row.cumulative * 100);
  }
  for (const auto& [name, value] : odds.means) {
    std::cout << fmt::format("mean {} = {:.2f}\n", name, value);
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
  sub->add_flag("--json", o->json, "Print the distribution as one JSON object");
  sub->footer(
      "Example: smoothbore odds fast-1805 fire shooters=12 quality=veteran range=4 "
      "first-fire=true");
  return [o] { return run_odds(*o); };
}

}  // namespace smoothbore::cli
