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

// What the odds of a test and of a close-action round depend on, from complete parameters:
// the doctrine keeps their distributions by these few numbers (pool_odds.h) rather than by
// every parameter that names them.
struct PoolDice {
  int dice = 0;    // D12 rolled (at least min-dice)
  int factor = 0;  // succeeds on a face <= factor (capped as factor-cap says)
};
PoolDice elan_test_pool(const Params& elan_test);
// Its hits are the successes of this pool (no dice when it cannot fire).
PoolDice small_arms_pool(const Params& small_arms);
struct CloseActionPools {
  int dice = 0;         // the blows (figures, +1D each from flank/rear or vs broken)
  int hit_factor = 0;   // to hit, with every modifier
  int save_factor = 0;  // the target's capped save
  bool special = true;  // a natural 12 is a special casualty
};
CloseActionPools close_action_pools(const Params& close_action);

}  // namespace smoothbore::elan_drill
