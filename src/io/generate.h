// `smoothbore generate`: a valid synthetic battle of about N stands a side for any rule set
// that ships a brigade template (src/rules/<rule set>/data/generate.toml), for benchmarks,
// scale tests and curious players (issue 9). The output is a scenario file's text, built
// from the template's brigade (units, leader, terrain classes) repeated in a grid on a
// table sized to fit, and checked by loading it with the scenario loader.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <tl/expected.hpp>

#include "rules/ruleset.h"

namespace smoothbore {

struct GenerateRequest {
  int stands = 100;        // about this many stands per side
  std::uint64_t seed = 1;  // terrain placement and the scenario's own seed
};

// The embedded template path of a rule set ("fast_1805/data/generate.toml").
std::string generate_template_path(std::string_view ruleset_id);
// Whether `ruleset` ships a template.
bool can_generate(const Ruleset& ruleset);

// The scenario text, or an error naming what is wrong (no template; a template that does
// not load). The stands per side come out within one brigade of `request.stands`.
tl::expected<std::string, std::string> generate_scenario(const Ruleset& ruleset,
                                                         const GenerateRequest& request);

}  // namespace smoothbore
