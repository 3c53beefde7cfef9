// Objective zones of Fire and Discipline (FD-49, FD-57; §5.2b L276, §6.36 L382, §7.4 L534,
// §8.12 L564, §8.13 L566, §8.5 L654): a building, enclosure or fort that troops occupy and
// fight over. The text names them ("Objective Zone", "Objective Combat", Phase VII.1 L82)
// but never defines them; FD-49 does:
//
//   An objective zone is a scenario area with a stand capacity. Occupants count as in a
//   protective position (+4 morale; attackers hit only on 0) and block kill zones.
//   Occupants are targeted with the "Protective cover" modifiers; hits go to the nearest
//   occupant. Only skirmishers and cavalry (§8.12-8.13), and close-order infantry, may
//   charge an objective. Combat is resolved as a field melee in step VII.1. Losers that
//   fail morale leave and the winner may occupy.
//
// and FD-57 lets guns fire into a zone their kill zone reaches, with the Protective cover
// modifier, or Earthworks for fortified zones.
//
// Engine readings (not in the text):
// - A zone is a scenario [[objectives]] circle with a `capacity` (stands) and optionally
//   `fortified`; an objective without a capacity is only a place to hold for FD-60 points.
// - A stand is *in* a zone when its centre lies in the circle. The zone's *occupants* are
//   the live stands in it of units on the table and not surrendered, of the side whose
//   stand is nearest the centre, nearest the centre first (ties: unit, then stand order),
//   at most `capacity`: stands beyond the capacity are crowded outside the walls, and
//   enemy stands in the circle are pressing in at the rim (chargers in contact with the
//   occupants); neither gets any benefit.
// - Option objective_protective (FD-49) off: zones are neither protective nor blocking;
//   they only count for points. Option artillery_vs_objectives (FD-57) off: guns may not
//   fire into a zone (it blocks them like any objective zone, §6.36).
// - Fortified zones give the Earthworks modifiers to musketry as well as to artillery
//   (FD-57 names artillery only; the text lists earthworks beside protective cover for
//   both, §6.9, §7.4).
// - Blocking (§6.36, FD-49): a zone hides a target from a firer when every sight line
//   (5 points on the firer's front edge to 9 points of the target, as core line_of_sight)
//   passes through a zone that neither the firer's stand nor the target stands in; a
//   target only partly hidden can still be shot (§7.24). Sight lines into or out of a
//   zone are not blocked by the terrain feature (the village's building) the occupant
//   stands in: the occupants are seen at the walls.
// - Holding an objective (FD-60 points): a zone is held by the side of its occupants when
//   they are all of one side; another objective by the side with a unit in play whose
//   footprint is within the radius when no enemy unit's is (the generic rule, common.md
//   §15).
#pragma once

#include <vector>

#include "core/geometry/shapes.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// The scenario objectives that are zones (capacity > 0), by index into
// Scenario::objectives.
std::vector<int> zones(const FdState& s);
bool is_zone(const FdState& s, int objective);

// Whether point `p` (table mm) lies in objective `objective`'s circle.
bool in_zone(const FdState& s, int objective, Vec2 p);

// The zone whose circle holds the centre of stand `r`, or -1 (the first such zone).
int zone_at(const FdState& s, StandRef r);

// The occupants of zone `objective` (see above), nearest the centre first.
std::vector<StandRef> occupants(const FdState& s, int objective);

// The zone stand `r` occupies (within the capacity), or -1.
int occupied_zone(const FdState& s, StandRef r);
// Whether any stand of `unit` occupies a zone; `zone` (if given) receives the first.
bool occupies_zone(const FdState& s, int unit, int* zone = nullptr);

// FD-49 "hits go to the nearest occupant": when `target` occupies a zone, the occupant of
// the target's side in that zone nearest `from` (table mm); otherwise `target` itself.
StandRef zone_hit_stand(const FdState& s, StandRef target, Vec2 from);

// The cover an occupant gets from its zone (FD-49, FD-57): protective cover, earthworks
// for a fortified zone, none for a stand that is not an occupant or with
// objective_protective off.
enum class ZoneCover { kNone, kProtective, kEarthworks };
ZoneCover zone_cover(const FdState& s, StandRef r);

// Whether a stand on building ground has its cover: always, except inside a zone's circle
// (with objective_protective), where the walls protect only the occupants (a stand pressing
// in at the rim, or crowded beyond the capacity, is in the open).
bool building_cover(const FdState& s, StandRef r);

// §5.2b (+4 morale) and §8.5 L654 / FD-33 (attackers hit only on 0): a stand in a
// protective position: on protective or earthworks ground, building ground with its cover,
// or occupying a zone (objective_protective).
bool protective_position(const FdState& s, StandRef r);

// How far (table mm) sight lines may run through the terrain feature at either end
// (core line_of_sight `see_into`): unlimited when the firer or the target stands in a
// zone (with objective_protective), else 0.
double zone_see_into(const FdState& s, int firer_unit, StandRef target);

// §6.36, FD-49: whether zones hide `target` from `observer` (a firer's front edge or
// skirmish stand): every sight line passes through a zone that holds neither `observer`'s
// centre, nor any stand of `firer_unit`, nor the target's centre. False with
// objective_protective off.
bool zone_hides(const FdState& s, int firer_unit, const Rect& observer, StandRef target);

// Where the corridor of `gun` (its own width, straight ahead, `range_mm`) first enters
// each zone that does not hold the gun: (objective index, distance in mm), nearest first,
// sampled on 9 lines across the gun's front edge as the terrain features are.
struct ZoneEntry {
  int objective = -1;
  double d_mm = 0;
};
std::vector<ZoneEntry> zone_entries(const FdState& s, const Rect& gun, double range_mm);

// FD-49, §8.12-§8.13: who may charge troops occupying an objective: skirmishers (open
// order), cavalry and close-order infantry; never guns or wagons.
bool may_charge_objective(const FdState& s, int charger);

// FD-60: the side holding objective `objective` now, or -1 (see above).
int objective_holder(const FdState& s, int objective);
// Every objective's holder, in scenario order (one look at the units for all of them).
std::vector<int> objective_holders(const FdState& s);

}  // namespace smoothbore::fire_and_discipline
