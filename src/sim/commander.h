// Who decides (design.md, sim layer): a doctrine AI that fights a sensible battle and a
// random-legal-action commander for tests. Both implement the rules layer's OrderSource.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice/rng.h"
#include "rules/battle.h"

namespace smoothbore {

// Commander kinds a scenario or the CLI may name.
inline constexpr std::string_view kDoctrine = "doctrine";
inline constexpr std::string_view kRandom = "random";
const std::vector<std::string>& commander_kinds();

// nullptr for an unknown kind. `rng` is the commander's own stream (never the battle's),
// so a commander's choices do not shift the battle's dice.
std::unique_ptr<OrderSource> make_commander(std::string_view kind, Rng rng);

}  // namespace smoothbore
