// A resolution is a named function from a situation to an outcome (design.md): a volley,
// an artillery shot, a melee round, a morale check. The same function is sampled in
// battles and enumerated by `smoothbore odds`, so the odds are what the battle does.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <tl/expected.hpp>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/param.h"

namespace smoothbore {

// An outcome: ordered fields such as {"kills": 2} or {"result": "shaken"}.
using Outcome = Fields;

struct Resolution {
  std::string name;  // "fire"
  std::string help;  // one line
  std::string ref;   // rule references ("L116-L124, R-002-4, M-1")
  std::vector<ParamSpec> params;
  std::vector<std::string> outcome_fields;  // "kills" / "result"
  // Resolves a situation with dice from `chance`. When `explain` is not null, appends
  // the roll records (dice, faces, modifiers with rule references, result).
  std::function<Outcome(const Params&, Chance&, std::vector<RollRecord>* explain)> resolve;
  // Optional, for enumeration only: reads `params` once into the resolution's typed
  // situation and returns the function of the dice alone that resolve(params, chance,
  // nullptr) is for an enumerating chance (the same chance nodes in the same order, the
  // same outcome). An exact enumeration runs the resolution once per dice path (101 paths
  // for a 100-die volley's hit counts), so a resolution whose parameter reading costs more
  // than its dice gives one; without it, enumerate_distribution() calls resolve on every
  // path. Sampling and explaining always go through resolve.
  std::function<std::function<Outcome(Chance&)>(const Params&)> prepare;
};

struct OutcomeProbability {
  Outcome outcome;
  double probability = 0;  // the double nearest the exact probability
  // The exact probability, unless a path to this outcome drew from floating-point
  // weights (Chance::pick rather than Chance::pick_cases).
  std::optional<Fraction> fraction;
};

// The exact distribution of a resolution for `params`, by enumerating every die face.
// Sorted by outcome (numeric fields ascending; "pass" < "rout" < "shaken" alphabetically
// unless the resolution orders them). An error value when there are more than
// `max_paths` dice paths.
tl::expected<std::vector<OutcomeProbability>, std::string> enumerate_distribution(
    const Resolution& r, const Params& params, long max_paths = kMaxChancePaths);
// Same, for resolutions known to enumerate (aborts otherwise).
std::vector<OutcomeProbability> exact_distribution(const Resolution& r, const Params& params);
// Under that exact distribution: the probability that `field` is `value`, and the mean of a
// numeric `field` (what a battle's assessments weigh).
double outcome_probability(const Resolution& r, const Params& params, std::string_view field,
                           const Value& value);
double outcome_mean(const Resolution& r, const Params& params, std::string_view field);
// Samples it once.
Outcome sample(const Resolution& r, const Params& params, Rng& rng,
               std::vector<RollRecord>* explain = nullptr);

}  // namespace smoothbore
