// Where two FD options move things within the turn sequence (000.md §4): who acts first
// inside a step (FD-02) and the step in which a section prolonges (FD-05). The phases
// themselves are fd_battle.cc's; these are their order, kept apart so tests can drive them.
#pragma once

#include <map>
#include <set>
#include <vector>

#include "core/events/event.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// FD-02: the sides that act, in turn, in a fire step (and the normal moves of VI.3):
// {-1}, every side at once, when phase_order is "simultaneous" (the digest: all firers of a
// step roll before any casualty or morale result is applied); with "alternate" each side
// in turn from the scenario's first side, its casualties and morale applied before the
// next side acts.
std::vector<int> acting_sides(const FdState& s);

// FD-05 (§4.42, §6.4b; R-000-5): the prolonges the commanders chose (`wanted`: unit →
// yards along its facing, negative back) are made in one step: the Artillery phase
// (option prolonge_phase "artillery", the default) or Movement step VI.4 ("movement").
// Called for the step being played (`artillery_phase` true for Phase II), it makes them
// there and does nothing in the other step. Returns the sections that prolonged in the
// Artillery phase: they do not fire in it (the prolonge is instead of firing).
std::set<int> prolonge_step(FdState& s, const std::map<int, double>& wanted, bool artillery_phase,
                            EventLog& log);

}  // namespace smoothbore::fire_and_discipline
