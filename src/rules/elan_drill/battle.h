// A battle under the Élan/Drill D12 sheet: IGOUGO player turns (§3).
#pragma once

#include <cstdint>
#include <memory>

#include "rules/battle.h"
#include "rules/scenario.h"

namespace smoothbore::elan_drill {

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream);

}  // namespace smoothbore::elan_drill
