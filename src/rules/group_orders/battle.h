// A battle under the Group-orders rules: alternate player turns (H4-01), Groups under
// Generals holding Advance / Reserve / Stand / Retreat / Rout orders (L1-L29).
#pragma once

#include <cstdint>
#include <memory>

#include "rules/battle.h"
#include "rules/scenario.h"

namespace smoothbore::group_orders {

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream);

}  // namespace smoothbore::group_orders
