// Overrides: changes to a scenario file made before it is loaded, so that a parameter
// sweep (`smoothbore sweep --vary`) gets exactly what the file with the change written in
// would give: the same checks, the same layout, the same scale and end conditions.
//
// An override names either
//   OPTION          a rule option of the scenario's rule set ("a2_army_break"), or
//   unit.ID.KEY     unit ID's rule-set attribute KEY ("unit.b-line.quality") or its
//                   `figures`.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "io/scenario_file.h"
#include "rules/param.h"
#include "rules/ruleset.h"

namespace smoothbore {

struct ScenarioOverride {
  std::string name;  // OPTION or unit.ID.KEY
  Value value;       // of the type the name's schema asks for (override_spec)
};

// The schema that values of `name` must satisfy in `scenario` (loaded, of rule set
// `ruleset`): the option's or unit attribute's ParamSpec, renamed to `name`; or a message
// saying what `name` should have been.
tl::expected<ParamSpec, std::string> override_spec(const Scenario& scenario, const Ruleset& ruleset,
                                                   std::string_view name);

// load_scenario_text / load_scenario_file with `overrides` written into the file first.
// Varying the rule set's army-break or turn-limit option (Ruleset::army_break_option,
// turn_limit_option) also replaces the file's [end] army_break or turn_limit, which set
// the same thing. An override that names nothing in the file is a Diagnostic.
tl::expected<Scenario, std::vector<Diagnostic>> load_scenario_text(
    std::string_view text, const std::string& source_name,
    std::span<const ScenarioOverride> overrides);
tl::expected<Scenario, std::vector<Diagnostic>> load_scenario_file(
    const std::string& path, std::span<const ScenarioOverride> overrides);

}  // namespace smoothbore
