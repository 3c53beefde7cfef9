// The advanced game's shattered units (§5.11 L268, FD-58; option fd_58_shattered_retire):
// "In advanced games it is not removed but must begin move at a Field or road rate to the
// closest friendly controlled board edge." FD-58: they stay on the table, cannot fire,
// charge or melee, move at Field (or Road if allowed) toward the nearest friendly-controlled
// edge each turn and are removed on reaching it; if contacted they surrender.
//
// A unit retires from the moment its last shatter box is marked (casualties.cc sets the
// marker "shattered" instead of removing it). It counts as shattered for the army break
// (FD-60) at once.
//
// Engine readings (not in the text):
// - The friendly-controlled edge is the side's home edge (the scenario gives a side no
//   other edge).
// - The retire move is made in Phase VI after the normal moves, without a wheel (a shattered
//   mass streams back; an about-face would halve its rate, §4.5): straight toward the edge
//   at the Road rate where road_allowed (FD-06, FD-08), else Field, over terrain (FD-40).
//   If friends or terrain stop it short, it tries paths 30° and 60° either side and takes
//   the one that ends nearest the edge. Halted (FD-25) it does not move.
// - It reaches the edge when a live stand is within 1 yd of it, or the move was stopped by
//   the table's edge; it is then removed ("off the table").
// - "Contacted": a live stand of an enemy unit within contact distance (0.5 mm) of one of
//   its stands, checked when Phase VII begins (after the charge moves) and again when it
//   ends. Melees of a unit that surrenders are not fought.
// - Morale checks from fire still apply to a retiring unit (the text does not exempt it).
#pragma once

#include "core/events/event.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// Whether `unit` is shattered and retiring (on the table, marker "shattered", not
// surrendered).
bool retiring(const FdState& s, int unit);

// Phase VI: the retire move of one retiring unit (above).
void retire_move(FdState& s, int unit, EventLog& log);

// Every retiring unit in contact with an enemy stand surrenders (FD-58); returns them.
std::vector<int> surrender_contacted(FdState& s, EventLog& log);

}  // namespace smoothbore::fire_and_discipline
