// A Fire and Discipline battle: the seven phases of a turn (000.md §4) over FdState,
// using the rule set's modules (command, fire_phase, melee_phase, movement, casualties).
#pragma once

#include <cstdint>
#include <memory>

#include "rules/battle.h"
#include "rules/scenario.h"

namespace smoothbore::fire_and_discipline {

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream);

}  // namespace smoothbore::fire_and_discipline
