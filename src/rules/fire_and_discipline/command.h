// Command and control of Fire and Discipline (000.md §5, §2 of the text): orders carried
// by messengers and signalled by regimental commanders (§2.41, FD-50, FD-53), what each
// order permits (FD-52), commander casualties and their effects (§2.3, §2.34, FD-51,
// FD-54). Orders given in the scenario and the features they name: orders.h; the optional
// tactical chits (§2.5, FD-55): chits.h.
//
// Positions: a leader attached to a unit (Leader::attached_unit) stands with its first
// stand still on the table ("mounted with the first company", §2.1); any other leader is
// at Leader::position. Distances are measured in table mm and converted with
// FdState::mm_per_yd.
//
// Not modelled: couriers ride straight at their recipient; the FD-50 detour around enemy
// paths is not costed. No interception is the digest's resolution; with option
// courier_interception a messenger whose ride meets an enemy stand is taken (move_messengers).
#pragma once

#include <optional>
#include <vector>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

inline constexpr double kMessengerYdPerTurn = 120;  // cavalry charge speed (§2.41)
inline constexpr double kInPersonYd = 1;            // "in contact" (FD-53)
inline constexpr double kHoldNearYd = 60;           // "in or near the held position" (FD-52)

// Where leader `l` stands now (table mm).
Vec2 leader_position(const FdState& s, int l);

// Phase I (§2.41): the brigade commander sends `order` to a regimental commander. A
// messenger leaves his position; if he is in contact with (within 1 yd of) a stand of the
// regimental commander's unit the order is signalled at once instead ("in person",
// FD-53), which also reaches the stands of a dead regimental commander.
void send_order(FdState& s, int brigade_leader, int regimental_leader, Order order, EventLog& log);

// End of Phase VI: every messenger under way rides 120 yd straight toward its recipient's
// current position; one that reaches him records arrived_turn = s.turn. With option
// courier_interception (FD-50) a messenger whose ride this turn touches or crosses a stand
// of an enemy unit is intercepted (Messenger::intercepted): it stops and its order is lost;
// the brigade commander may send another.
void move_messengers(FdState& s, EventLog& log);

// Phase I: messengers that arrived in an earlier turn's Movement phase are delivered and
// every unit of the recipient takes the order (UnitState::order). If the recipient is
// dead his stands keep their last order (FD-53) unless option replace_regimental is on.
void signal_orders(FdState& s, EventLog& log);

// Whether `unit` (units of the brigade command that regimental commander `l` leads)
// takes the order of leader `l`: UnitState::leader == l.
std::vector<int> units_of_leader(const FdState& s, int l);
// For the replay recorder (FdState::touched): touches every unit whose regimental
// commander is `l` (on the table or not), whose "order coming" book (fd_report.cc) follows
// the messengers riding to him.
void touch_led_by(const FdState& s, int l);

// FD-52 order permissions. Option order_constraints "advisory" lifts the order limits
// (may_move is then always true); the non-order limits of may_charge (halted, §2.34
// commander lost) still apply.
//
// A move from `from` to `to` (the unit's footprint before and after). Facing changes in
// place are always allowed. General Advance: the distance to the nearest enemy ahead of
// the front edge (of `from`) must not increase. Assault: the distance to the named
// feature (objective, area or linear terrain id) must decrease (or stay 0 inside it);
// with no known feature, as General Advance. Hold: only a shift of at most
// `tactical_shift_yd` (the chart's tactical distance: 30 yd infantry, 50 cavalry); a
// Hold naming a feature the unit's centre is not yet in also lets it move closer to the
// feature (engine reading: it goes to take up the position it is to defend, §2.41c).
// Withdrawal: the distance to the side's home edge must decrease. A shattered unit
// retiring (FD-58) is moved by retire.h, not by orders.
bool may_move(const FdState& s, int unit, const Rect& from, const Rect& to,
              double tactical_shift_yd);
// Phase V. Never when halted this turn, nor in the turn the unit's commander fell or the
// next (§2.34), nor when shattered and retiring (FD-58). Withdrawal: no charge. Hold: only at an
// enemy within 60 yd of the held feature (of the unit itself when the order names none). General
// Advance and Assault: any target.
bool may_charge(const FdState& s, int unit, int target_unit);
// The same for a counter-charge against `charger` (FD-52: Hold counterattacks on enemy in
// or near the held position; Withdrawal never).
bool may_counter_charge(const FdState& s, int unit, int charger);

// Commander casualties (§2.3, FD-54). Call once per fire resolution (one firing unit's
// attack) that hit the stand of `unit` carrying a commander; with option commander_roll
// "per-hit", pass the hits. Each living commander on the unit (its regimental commander
// and any brigade commander attached to it) rolls resolve_commander_hit; a hit kills him
// (Leader::alive = false; campaign: killed or wounded, out of the battle either way) and
// marks the affected units' commander_lost_turn = s.turn: a regimental commander's own
// units; for a brigade commander every unit of his side with a line of sight to where he
// fell from any of its stands (FD-51; option commander_loss_reach "all": every unit of
// the side). Returns the leaders hit.
std::vector<int> commander_fire_check(FdState& s, int unit, Chance& dice, EventLog& log,
                                      int hits = 1);
// §2.32: a commander on a unit in melee; `stand_passed` is its stand's morale result.
std::vector<int> commander_melee_check(FdState& s, int unit, bool stand_passed, Chance& dice,
                                       EventLog& log);
// The units leader `l`'s loss affects (as above); used by the two checks.
std::vector<int> units_affected_by_loss(const FdState& s, int l);
// Phase I: units whose commander fell last turn; they check morale and may not charge
// this turn (§2.34).
std::vector<int> units_to_test_for_commander_loss(const FdState& s);

}  // namespace smoothbore::fire_and_discipline
