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

// In each phase `side` (-1: every side) restricts the firers to one side (FD-02 alternate,
// acting_sides in turn_order.h).
//
// Phase II: every unlimbered section that is not halted, captured, out of crew, holding
// fire (`holding`, §6.4d: the gun is marked UnitState::hold_fire and the hold narrated) or
// busy with another §6.4 option (`busy`: prolonge, FD-05, or change of direction, §6.4b-c)
// fires (fire_targets.h artillery_shot) at the first stand of its kill zone (FD-37; §6.35
// option: every stand in the path), with canister at 150 yd or less while it lasts (FD-15),
// else ball; a howitzer may instead fire shell over the stands in the way at any enemy stand
// in its corridor (FD-15, the most expected hits; shell while it lasts, then ball); one roll
// a section, or one a gun (FD-17), each spending one barrage. The hold-fire marks of the sections
// of `side` from an earlier turn are cleared first (a mark lasts one turn).
void artillery_phase(FdState& s, const std::set<int>& holding, const std::set<int>& busy,
                     Chance& dice, EventLog& log, int side = -1);
// Phase III (platoon_phase false: volley- and platoon-rated units) or IV (true: platoon-
// rated units only): each formed unit fires at the target of its choice (FD-37, by expected
// hits: choose_volley_target in fire_targets.h); open-order units too with
// fd_04_skirmishers_volley.
void musketry_phase(FdState& s, bool platoon_phase, Chance& dice, EventLog& log, int side = -1);
// Step III.3: open-order stands fire skirmish fire (§7.5, FD-03, FD-04); its hits take
// only the skirmish result (halt, halt with a hit, retreat 30 yd with a hit; §7.31).
// Targets: choose_skirmish_target (FD-37).
void skirmish_fire_step(FdState& s, Chance& dice, EventLog& log, int side = -1);

// Morale checks for the units hit in a step (stands hit counted per unit), with cascades;
// one test a unit, or one per stand hit until one fails (FD-24, testing_stands).
// `cause[unit]` is where the fire came from (flee direction, FD-26).
void morale_after_fire(FdState& s, const std::vector<std::vector<int>>& hits_by_stand,
                       const std::vector<Vec2>& cause, Chance& dice, EventLog& log);

}  // namespace smoothbore::fire_and_discipline
