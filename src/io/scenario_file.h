// Scenario files (TOML): the table, terrain, forces, objectives, end conditions and rule
// options of a battle, validated against its rule set (docs/scenarios.md is the format).
// User input never crashes the loader: every problem becomes a Diagnostic naming the file,
// line and column, what was found and what was expected (design.md "Errors"). All problems
// are reported, not just the first; only a TOML syntax error stops the load.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "rules/scenario.h"

namespace smoothbore {

struct Diagnostic {
  std::string file;     // path or source name as given to the loader
  int line = 0;         // 1-based; 0 when the problem is the file itself (cannot be read)
  int column = 0;       // 1-based; 0 when unknown
  std::string message;  // what was found and what was expected
};

// "file:line:col: error: message" ("file: error: message" without a line).
std::string format(const Diagnostic& d);

// Loads and validates a scenario. On success every rule option and unit attribute is
// filled in (defaults included), lengths are in mm, stands are laid out by the rule set.
tl::expected<Scenario, std::vector<Diagnostic>> load_scenario_file(const std::string& path);
// Same, from text; `source_name` names it in diagnostics and in Scenario::source.
tl::expected<Scenario, std::vector<Diagnostic>> load_scenario_text(std::string_view text,
                                                                   const std::string& source_name);

}  // namespace smoothbore
