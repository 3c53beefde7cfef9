// Objective combat, Phase VII step 1 of Fire and Discipline (§1.3 L82 "Resolve Objective
// Combat and conduct retreats", FD-49): melees with troops occupying an objective zone are
// fought before the field melees of step VII.2, as field melees (one round, the §8.31
// totals, the losers' morale). Losers that fail morale leave the zone, and a winner may
// occupy it.
//
// Engine readings (not in the text):
// - An objective combat is a melee (new this turn or engaged from an earlier one) in
//   which a contacting stand occupies a zone (objective_zones.h).
// - "Fail morale" is any result but a pass: a loser that flees leaves by its flee; one
//   that halts, or whose flee left a stand in the zone, is moved out along the flee
//   direction (FD-26) the least whole 10 yd that clears the zone, at most 100 yd (a
//   blocked way out still surrenders it, FD-26). A unit that left is no longer engaged
//   with opponents it no longer touches.
// - "The winner may occupy": once no stand of the defenders' side is left in the zone, the
//   first of their opponents that is not engaged and has not failed morale moves straight
//   toward the zone's centre (at most its charge rate, keeping its facing) as far as it
//   can without overlapping another unit's stand or leaving the table, with a stand
//   ending in the zone. The doctrine always occupies.
#pragma once

#include <utility>
#include <vector>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// Whether melee `m` is an objective combat (a contacting stand occupies a zone).
bool is_objective_combat(const FdState& s, const Melee& m);

// Step VII.1: the objective combats among `book`'s melees and the engaged pairs of earlier
// turns are taken out of `book` and fought (resolve_melees on them alone); then the
// retreats and the occupation above. Their pairs go into book.fought so that steps VII.2-4
// (resolve_melees on the rest of `book`) do not fight them again. Returns the pairs left
// engaged, for keep_engaged after VII.2-4.
using UnitPairs = std::vector<std::pair<int, int>>;
UnitPairs objective_combat(FdState& s, MeleeBook& book, Chance& dice, EventLog& log);

// After VII.2-4: the pairs VII.1 left engaged stay engaged while still in contact
// (resolve_melees resets the engagements of the units it fights).
void keep_engaged(FdState& s, const UnitPairs& pairs);

// The move of "the winner may occupy": `unit` moves straight toward the centre of zone
// `objective`; false if it cannot get a stand into it.
bool occupy_zone(FdState& s, int unit, int objective, EventLog& log);

// The retreat of "losers that fail morale leave": `unit` leaves zone `objective` away
// from `cause` (table mm). No-op when no stand of it is in the zone.
void leave_zone(FdState& s, int unit, int objective, Vec2 cause, EventLog& log);

}  // namespace smoothbore::fire_and_discipline
