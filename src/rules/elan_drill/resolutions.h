// The named resolutions of the Élan/Drill D12 rules (digest shared/rules/001.md), what
// `smoothbore odds elan-drill ...` and (next increment) the battle call. Each resolves with
// real D12 faces when sampled and enumerates exactly (pool.h) for the odds.
#pragma once

#include <vector>

#include "rules/resolution.h"

namespace smoothbore::elan_drill {

// All of them, in the order `smoothbore rulesets elan-drill` lists them.
const std::vector<Resolution>& resolutions();

// One per file: test_resolutions.cc (Élan, close to melee, Drill, rally), fire_resolutions.cc
// (small arms, canister), artillery_resolutions.cc (solid shot, shell, shrapnel),
// close_save_resolutions.cc (saves, close action).
Resolution elan_test_resolution();
Resolution close_to_melee_resolution();
Resolution drill_test_resolution();
Resolution rally_resolution();
Resolution small_arms_resolution();
Resolution canister_resolution();
Resolution solid_shot_resolution();
Resolution shell_resolution();
Resolution shrapnel_resolution();
Resolution save_resolution();
Resolution close_action_resolution();

}  // namespace smoothbore::elan_drill
