// FD-60 victory points of Fire and Discipline (the text has no victory conditions; §6.62
// L422 says only that captured guns "count for victory points"). FD-60: 1 per enemy
// shatter box marked, +5 per enemy unit shattered or surrendered, +5 per captured gun
// section, +10 per scenario objective held at the end.
//
// Engine readings (not in the text):
// - "Shattered or surrendered" is every enemy unit out of play: shattered (every box
//   marked), surrendered, fled off the table (FD-26 counts it as shattered), a section
//   whose guns were destroyed (§6.8) or that was lost with its guns (FD-19). The same
//   measure breaks an army (FdBattle::broken_fraction).
// - A gun section captured counts for the side that took it (UnitState::captured_by),
//   besides the unit's own +5 when the section is also out of play (a surrendered
//   section gives 5 + 5).
// - Boxes marked count up to the unit's shatter boxes (a unit fled off the table has them
//   all marked).
// - Objectives: held as objective_holder (objective_zones.h) at the moment of counting;
//   each is worth 10 (option fd_60_objective_points "ten") or its scenario `points`
//   ("scenario").
#pragma once

#include <string>
#include <vector>

#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

struct VictoryAccount {
  int boxes = 0;       // enemy shatter boxes marked, 1 each
  int units = 0;       // enemy units shattered or surrendered, 5 each
  int guns = 0;        // enemy gun sections captured, 5 each
  int objectives = 0;  // scenario objectives held
  int objective_points = 0;
  int total() const { return boxes + 5 * units + 5 * guns + objective_points; }
  // "31 boxes + 2 units ×5 + 1 gun section ×5 + 1 objective ×10 = 66 (FD-60)"
  std::string describe() const;
};

// Whether `unit` is out of play for FD-60 (see above).
bool out_of_play(const FdState& s, int unit);

// The FD-60 account of side `side` now; `holders` are objective_holders(s).
VictoryAccount victory_account(const FdState& s, int side, const std::vector<int>& holders);
VictoryAccount victory_account(const FdState& s, int side);

// Every side's points, in side order.
std::vector<int> victory_points(const FdState& s);

}  // namespace smoothbore::fire_and_discipline
