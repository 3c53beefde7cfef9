// Every rule set, registered explicitly (design.md: no static initialisers that a linker
// may drop).
#pragma once

#include <string_view>
#include <vector>

#include "rules/ruleset.h"

namespace smoothbore {

// All rule sets, in id order.
const std::vector<const Ruleset*>& all_rulesets();
// The rule set with `id`, or nullptr.
const Ruleset* find_ruleset(std::string_view id);

}  // namespace smoothbore
