// The named resolutions of the Group-orders rules (digest shared/rules/004.md), what
// `smoothbore odds group-orders ...` and (a later increment) the battle call. Each rolls
// real dice when sampled (every face recorded) and enumerates exactly for the odds.
#pragma once

#include <vector>

#include "rules/resolution.h"

namespace smoothbore::group_orders {

// All of them, in the order `smoothbore rulesets group-orders` lists them.
const std::vector<Resolution>& resolutions();

// One file each: shooting_resolutions.cc (shooting), melee_resolutions.cc (melee),
// morale_resolutions.cc (morale, infantry-charge), orders_resolutions.cc (order-change).
Resolution shooting_resolution();
Resolution melee_resolution();
Resolution morale_resolution();
Resolution infantry_charge_resolution();
Resolution order_change_resolution();

}  // namespace smoothbore::group_orders
