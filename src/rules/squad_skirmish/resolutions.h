// The named resolutions of the squad skirmish rules (digest shared/rules/003.md), what
// `smoothbore odds squad-skirmish ...` and (next increment) the battle call. Each rolls
// real dice when sampled (every face recorded) and enumerates exactly for the odds.
#pragma once

#include <vector>

#include "rules/resolution.h"

namespace smoothbore::squad_skirmish {

// All of them, in the order `smoothbore rulesets squad-skirmish` lists them.
const std::vector<Resolution>& resolutions();

// One file each: movement_resolutions.cc (movement, reload), fire_resolutions.cc (fire),
// test_resolutions.cc (morale, charge, melee).
Resolution movement_resolution();
Resolution reload_resolution();
Resolution fire_resolution();
Resolution morale_resolution();
Resolution charge_resolution();
Resolution melee_resolution();

}  // namespace smoothbore::squad_skirmish
