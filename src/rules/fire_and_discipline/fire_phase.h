// The fire phases of a turn (000.md §4): II Artillery Fire, III Volley Musketry (with
// III.3 skirmish fire) and IV Platoon Fire. Inside a step fire is simultaneous (FD-02):
// every firer picks its target and rolls before any casualty is applied; then casualties,
// then one morale check per unit hit (FD-24) with cascades to adjacent units (FD-29).
#pragma once

#include <set>
#include <vector>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// Phase II: every unlimbered section that is not halted, captured, out of crew, holding
// fire (`holding`, §6.4d: the gun is marked UnitState::hold_fire and the hold narrated) or
// busy with another §6.4 option (`busy`: prolonge, change of direction) fires at the first
// stand of its kill zone (FD-37), with canister at 150 yd or less while it lasts (FD-15),
// else ball. Every gun's hold-fire mark from an earlier turn is cleared first.
void artillery_phase(FdState& s, const std::set<int>& holding, const std::set<int>& busy,
                     Chance& dice, EventLog& log);
// Phase III (platoon_phase false: volley- and platoon-rated units) or IV (true: platoon-
// rated units only): each formed unit fires at the target of its choice (FD-37, by expected
// hits: choose_volley_target in fire_targets.h).
void musketry_phase(FdState& s, bool platoon_phase, Chance& dice, EventLog& log);
// Step III.3: open-order stands fire skirmish fire (§7.5, FD-03, FD-04); its hits take
// only the skirmish result (halt, halt with a hit, retreat 30 yd with a hit; §7.31). Targets:
// choose_skirmish_target (FD-37).
void skirmish_fire_step(FdState& s, Chance& dice, EventLog& log);

// Morale checks for the units hit in a step (stands hit counted per unit), with cascades.
// `cause[unit]` is where the fire came from (flee direction, FD-26).
void morale_after_fire(FdState& s, const std::vector<std::vector<int>>& hits_by_stand,
                       const std::vector<Vec2>& cause, Chance& dice, EventLog& log);

}  // namespace smoothbore::fire_and_discipline
