// The 1805-specific state of a battle: per-unit ratings and status beyond the core Unit
// (002.md §13 data model), and the battle-wide facts (burnt buildings).
#pragma once

#include <set>
#include <string>
#include <vector>

#include "core/force/force.h"
#include "core/table/table.h"
#include "rules/fast_1805/options.h"
#include "rules/fast_1805/tables.h"
#include "rules/scenario.h"

namespace smoothbore::fast_1805 {

enum class Haitian { kNone, kIrregular, kMutineer };

struct UnitState {
  Quality quality = Quality::kGreen;  // current Discipline; drops after a rout (L23)
  Effectiveness effectiveness = Effectiveness::kSteady;
  Haitian haitian = Haitian::kNone;
  int guns = 0;              // artillery: guns in the battery
  int guns_destroyed = 0;    // A2-20
  int guns_silenced = 0;     // A2-20: may be repaired
  int horses = 0;            // A2-19: horses left in the teams
  bool limber_lost = false;  // A2-19: exploded, cannot limber again

  bool fired_ever = false;        // A2-09 "first fire" = first shot of the game
  std::set<int> fired_at;         // A2-09 option "target"
  bool charged_ever = false;      // A2-11 option once per game
  int routed_bound = -1;          // A2-04: bound in which it routed
  bool moved = false;             // moved this bound
  bool moved_last = false;        // moved last bound (A2-09 unmoving target)
  bool fired = false;             // fired this bound
  bool concealed = false;         // A2-22
  bool spotted = false;           // A2-22: discovered since it last moved
  bool morale_pending = false;    // A2-14 option per-bound: lost figures this bound
  bool fleeing = false;           // A2-05 failed to stand vs cavalry this bound
  int formation_busy_until = -1;  // Haitian: a formation change takes the whole turn
  int unlimber_bound = -1;        // L137: limbering/unlimbering takes a full turn
  int tested_step = -1;           // A2-14: morale tested once per step
  std::vector<int> melee_with;    // units locked in melee with this one (A2-12)

  int working_guns() const { return guns - guns_destroyed - guns_silenced; }
};

// Fire quality and morale quality for Haitian units (L165-L166).
Quality fire_quality(const UnitState& s);
Quality morale_quality(const UnitState& s);
Effectiveness melee_effectiveness(const UnitState& s, const Options& o);

// Movement-table row for a unit's arm and formation (R-002-1).
MoveRow move_row(const Unit& u);

}  // namespace smoothbore::fast_1805
