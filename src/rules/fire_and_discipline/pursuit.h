// Pursuit and pursuit melees of Fire and Discipline (§8.2h-i L596-L598; sequence of play
// step VII.3 "Conduct Pursuit Moves and Pursuit Melees", L86-L88, pullout L818).
//
// "Charging stands can make a 30 yard pursuit move if its opponent fails morale. If a
// pursuit move makes contact with the same or another stand then a Pursuit melee is
// resolved (steps d-g)." (§8.2h) "Pursuit moves are not allowed after a pursuit melee."
// (§8.2i)
//
// Readings (README "Pursuit"):
// - Who (fd_pursuit_by): a unit that charged or counter-charged this turn (FD-44: both count
//   as charging), "chargers" (default), or any unit, "either-side". It must have fought in
//   step VII.2, still be on the table, not have retreated, not be halted, and every unit it
//   fought there must have failed morale and retreated (fled or surrendered; a unit
//   destroyed by its losses counts). §8.31 (L604): "B can advance if X and Z fail morale and
//   must retreat. If either passes morale then B is engaged with them": B fought Y and Z (X
//   fought only A), so the "X" is read as Y; a unit with any opponent left is Engaged with
//   it (§8.18) and does not pursue. Winning is not required in so many words: a loser does
//   not pass with its opponent gone unless the opponent tested too (FD-22 "all").
// - Where (fd_pursuit_direction): straight ahead 30 yd ("straight", §4.1 every move is in
//   a straight line, as the charge itself, §8.2b); or "follow": it first wheels about its
//   centre to face the nearest stand of the opponents that fled, which halves the move to
//   15 yd (§4.5); if the wheel would overlap another unit it pursues straight ahead. The
//   text gives cavalry and infantry the same 30 yd.
// - Contact: the first enemy stand whose footprint enters the pursuer's path within the
//   distance (the loser or any other unit); it then lines up on it as a charger does
//   (§8.16, unless that would overlap another unit) and a pursuit melee (Melee::pursuit)
//   follows, fought in the Contact column (FD-47) with the pursuer counting as charging
//   (FD-33) and flank contact as for charges (§8.19, FD-45). Friendly stands and the table
//   edge stop the move short (no interpenetration, §3.14, in a pursuit). Terrain does not
//   shorten it (FD-40 is not applied to the 30 yd).
#pragma once

#include <string>
#include <vector>

#include "core/events/event.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

// Whether `unit` may pursue after the new melees of `step` (see above).
bool may_pursue(const FdState& s, const MeleeStep& step, const MeleeBook& book, int unit);

struct PursuitMove {
  int unit = -1;
  double yards = 0;        // distance moved
  double wheel_deg = 0;    // follow: the wheel made first (compass sense)
  int contacted = -1;      // the enemy unit reached, or -1
  std::string stopped_by;  // "" (full distance or contact), a friendly unit's id, "the table edge"
};

// The pursuit move of `unit` (up to kPursuitYd, or half after a follow wheel toward the
// nearest live stand of `fled`), stopping at the first enemy stand in its path (then lined
// up on it, §8.16), short of friends and at the table edge. Logs the move.
PursuitMove pursue(FdState& s, int unit, const std::vector<int>& fled, EventLog& log);

// Step VII.3: every unit of `step` that may pursue does, in force order (a unit already
// contacted by an earlier pursuer stays to fight); returns the pursuit melees and adds the
// pursuers to `book.charged`.
std::vector<Melee> pursuit_moves(FdState& s, const MeleeStep& step, MeleeBook& book, EventLog& log);

}  // namespace smoothbore::fire_and_discipline
