// Objective combat, Phase VII step 1 of Fire and Discipline (§1.3 L82 "Resolve Objective
// Combat and conduct retreats", FD-49): melees with troops occupying an objective zone are
// fought before the field melees of step VII.2, as field melees (one round, the §8.31
// totals, the losers' morale). Losers that fail morale leave the zone, and a winner may
// occupy it.
//
// Engine readings (not in the text):
// - An objective combat is a melee (new this turn or engaged from an earlier one) in
//   which a contacting stand occupies a zone (objective_zones.h). Step VII.1 fights the
//   objective combats together with every melee of this turn and every Engaged pair that
//   shares a unit with them (transitively), so that each unit fights once a round with
//   §8.31 totals over every enemy it touches (melee_phase.h); the later steps do not fight
//   those pairs again. Its winners do not pursue (VII.3 follows VII.2's melees): a winner
//   of an objective combat may occupy the zone instead.
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

#include <map>
#include <vector>

#include "core/events/event.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// Whether melee `m` is an objective combat (a contacting stand occupies a zone).
bool is_objective_combat(const FdState& s, const Melee& m);

// The objective combats of step VII.1: takes them out of `melees` (this turn's new
// melees) and adds the Engaged pairs of earlier turns (UnitState::engaged_with) still in
// contact that are objective combats. The melees and Engaged pairs sharing a unit with
// them are joined by the caller (melee_phase_steps.cc).
std::vector<Melee> take_objective_combats(const FdState& s, std::vector<Melee>& melees);

// Who defends which zone in VII.1's melees, and each unit's state before the rounds (to
// tell a failed morale check afterwards).
struct ObjectiveDefence {
  struct Zone {
    int zone = -1;               // objective index
    int side = -1;               // the defending side
    std::vector<int> attackers;  // in melee order
    std::vector<int> defenders;
  };
  struct Before {
    int halted_until = -1;
    bool fled = false;
    bool on_table = true;
  };
  std::vector<Zone> zones;
  std::map<int, Before> before;
};

// Before the rounds of VII.1: the zones defended in `melees` (announced in the narrative,
// "Objective combat at Oberglau (VII.1, FD-49): ...").
ObjectiveDefence defend_objectives(const FdState& s, const std::vector<Melee>& melees,
                                   EventLog& log);

// After the rounds of VII.1: defenders that failed morale leave their zone (leave_zone) and
// are no longer Engaged with opponents they no longer touch (§8.18); then, in each zone no
// defender is left in, the first attacker not Engaged that did not fail morale occupies it.
void conclude_objective_combats(FdState& s, const ObjectiveDefence& d, EventLog& log);

// The move of "the winner may occupy": `unit` moves straight toward the centre of zone
// `objective`; false if it cannot get a stand into it.
bool occupy_zone(FdState& s, int unit, int objective, EventLog& log);

// The retreat of "losers that fail morale leave": `unit` leaves zone `objective` away
// from `cause` (table mm). No-op when no stand of it is in the zone.
void leave_zone(FdState& s, int unit, int objective, Vec2 cause, EventLog& log);

}  // namespace smoothbore::fire_and_discipline
