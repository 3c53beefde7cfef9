// Tactical order chits of Fire and Discipline (§2.5 L132-L146, optional; option
// fd_opt_tactical_chits, FD-55 default chit). "Place the chits next to stands which are
// within charge range of enemy units. One chit can be used for several contacting stands
// [of] a regimental unit." Placed face down in Phase I step 2, revealed in Phase V step 1
// (§1.3), they bind what the unit does in Phases V and VI.
//
// Engine readings (not in the text):
// - One chit per tactical unit (regiment, squadron, section).
// - "Within charge range": a live stand of an enemy unit on the table (not surrendered)
//   within the larger of the two units' charge rates (80 yd foot, 120 yd horse; FD-43),
//   edge to edge: either could charge the other. Guns and wagons have no charge rate and
//   count by the enemy's.
// - What a chit permits (chit_allows, chit_move): R / L a move after a wheel of at most 90°
//   to that side (a wheel the other way is not made), H and C a move with no wheel, A no
//   move but its charge (cavalry may wheel into it, FD-43), U a limbered section unlimbers
//   and does nothing else. A unit may declare a charge only with A; charged, it
//   counter-charges only with C (and only where FD-52 allows), else it holds.
// - At the reveal, a unit within charge range without a chit takes the FD-55 default
//   (option default_chit, "H").
// - The doctrine's chit (choose_chit) follows the action its commander chose for the turn
//   (chosen before Phase I): A for a charge, U for unlimbering, R or L for a wheel to that
//   side, C for horse standing or moving straight (it meets a charge at the gallop), H for
//   foot and guns otherwise (holding keeps their Final Protective Fire, §7.7).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/events/event.h"
#include "rules/battle.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

std::optional<Chit> parse_chit(std::string_view letter);  // "R", "L", "H", "C", "A", "U"
std::string_view chit_letter(Chit c);
// The chit's meaning in the words of §2.5, for the narrative.
std::string_view chit_meaning(Chit c);

enum class ChitAction {
  kMove,           // a normal move straight ahead
  kTurnAndMove,    // turn up to 90° and move (the side is the chit's: R right, L left)
  kHoldCharged,    // hold when charged
  kCounterCharge,  // counter-charge when charged
  kCharge,         // charge straight ahead at an enemy unit
  kUnlimber,       // artillery unlimbers
};
bool chit_allows(Chit c, ChitAction a);
// The chit of a stand within charge range that has none (FD-55; option default_chit).
Chit default_chit(const FdState& s);

// Whether an enemy stand is within charge range of `unit` (above).
bool within_charge_range(const FdState& s, int unit);

// Phase I step 2: `unit` places `chit` face down. Refused (false, nothing placed) with the
// option off, or when the unit is not on the table or not within charge range. The
// narrative says a chit was placed, not which.
bool place_chit(FdState& s, int unit, Chit chit, EventLog& log);
// The doctrine's chit for `unit` given the action its commander chose this turn (above).
Chit choose_chit(const FdState& s, int unit, const Action& planned);
// Phase I step 2 for a side's commanders: every unit of `plan` within charge range places
// choose_chit of its planned action, in unit order.
void place_chits(FdState& s, const std::map<int, Action>& plan, EventLog& log);
// Phase V step 1: every chit is turned up (narrated with its meaning); a unit within
// charge range without one takes the FD-55 default.
void reveal_chits(FdState& s, EventLog& log);
// Start of a turn: last turn's chits are taken up.
void clear_chits(FdState& s);

// Phase V: why `unit`'s chit forbids it to declare a charge, or nullopt (no chit, an A
// chit, or the option off).
std::optional<std::string> chit_forbids_charge(const FdState& s, int unit);
// Phase V: whether `unit`, charged, counter-charges by its chit (a revealed C).
bool chit_counter_charges(const FdState& s, int unit);

// Phase VI: what `unit`'s chit makes of a normal move that would end facing
// `wanted_facing`: whether it may move at all, and the facing it may end with.
struct ChitMove {
  bool allowed = true;
  double facing = 0;  // bearing, degrees
  std::string why;    // when not allowed, or when the facing was limited
};
ChitMove chit_move(const FdState& s, int unit, double wanted_facing);
// Phase VI: a limbered section whose chit is U must unlimber.
bool chit_must_unlimber(const FdState& s, int unit);

}  // namespace smoothbore::fire_and_discipline
