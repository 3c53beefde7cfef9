// A battle under the squad skirmish summary: card activation (SK-01), one figure a man (§1).
#pragma once

#include <cstdint>
#include <memory>

#include "rules/battle.h"
#include "rules/scenario.h"

namespace smoothbore::squad_skirmish {

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream);

}  // namespace smoothbore::squad_skirmish
