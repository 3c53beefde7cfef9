// Charges and field melee of Fire and Discipline (000.md §9, §7.7, §8.5(d); FD-22, FD-33,
// FD-43..FD-49, FD-56): Phase V declarations checked (charge_invalid), Phase VI.2 charge
// moves with held artillery fire and Final Protective Fire (charge_moves), and Phase VII
// melee rounds with the §8.31 totals and the losers' morale (resolve_melees).
//
// Engine readings (not in the text):
// - A charger moves as a rigid block straight ahead along the facing of its first live
//   stand. Reach (FD-43) is measured from the unit's footprint front edge along its own
//   corridor; the cavalry wheel is approximated: the target counts as reachable if, failing
//   the straight corridor, some stand of it is within half the charge rate edge to edge.
// - Contact (§8.16, "the charger shifts"): the charger turns to face the edge of the target
//   footprint it attacks (front, flank or rear, by zone_of of its front centre) and is
//   placed with its front edge on that edge. A front contact centres it on the target; a
//   flank or rear contact keeps its lateral offset, clamped so its centre stays on the edge.
//   A flank contact (§8.19) is one where a charging stand then extends behind the target's
//   rear edge line.
// - Counter-charge (FD-44 "meet"): the counter-charger covers half the gap (at most its
//   charge rate), the charger the rest; option "hold" treats it as holding.
// - FPF (§7.7) and held artillery fire (§8.5d, FD-56) are fired from the charger's position
//   `held_fire_range_yd` short of contact, only at a frontal charge (FD-45). "Did not fire in
//   the musketry phases this turn" reads UnitState::last_target_turn != turn.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/melee_morale_resolutions.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

inline constexpr double kInfantryChargeYd = 80;  // §4.7 chart, FD-43
inline constexpr double kCavalryChargeYd = 120;  // §4.7 chart, FD-43
inline constexpr double kPursuitYd = 30;         // §8.2h
inline constexpr double kContactTolMm = 0.5;     // stands this close are in contact

struct ChargeDeclaration {
  int charger = -1;
  int target = -1;
  bool counter_charge = false;  // the target elected to counter-charge (§8.2a, FD-44)
};

// The charge rate of a unit in yards (80 infantry, 120 cavalry; 0 for artillery/wagons).
double charge_rate_yd(const FdState& s, int unit);

// Phase V: why `charger` may not charge `target`, or nullopt when the declaration stands.
// `check_orders` false leaves out what the enemy cannot see (the charger's orders, FD-52,
// and its commander's fall, §2.34): the test of an expected charge (§6.4d).
std::optional<std::string> charge_invalid(const FdState& s, int charger, int target,
                                          bool check_orders = true);
// Phase V, the target's election (§8.2a): why `unit` may not counter-charge `charger`, or
// nullopt when it may. Not when option fd_44_counter_charge is "hold" (the counter-charge
// would be a hold); not by guns or wagons (no charge rate, §8.1), halted units (§5.5 L318),
// disordered (FD-26) or engaged units (§8.45), skirmishers against close order (§8.12), units
// whose orders or fallen commander forbid it (FD-52, §2.41d, §2.34), units without a C chit
// under the optional chits (§2.5; chits are not placed yet, so the FD-55 default chit);
// only against a frontal charge that reaches it, the charger inside its own corridor
// within its charge rate plus the gap (FD-44: it moves straight toward the charger).
std::optional<std::string> counter_charge_invalid(const FdState& s, int unit, int charger);
// A rating-0 unit must pass a morale test to charge (§5.1): the caller rolls it.
bool charge_needs_morale_test(const FdState& s, int charger);

// One pair of stands in contact: `a` belongs to the melee's charger, `b` to its target.
struct StandContact {
  StandRef a;
  StandRef b;
};

// One melee between two units.
struct Melee {
  int charger = -1;  // the charging unit (or the first unit of an engaged pair)
  int target = -1;
  bool flank = false;    // §8.19 / FD-45: the charger gets +1
  bool engaged = false;  // locked from a prior turn (§8.45): Engaged column / +1
  bool pursuit = false;  // a pursuit melee (§8.2h): no pursuit after it
  std::vector<StandContact> contacts;
};

struct MeleeBook {
  std::vector<Melee> melees;
  std::vector<int> charged;  // units that charged or counter-charged this turn (FD-44)
};

// What charge_moves would do with `charger`'s charge on `target` if it went in now (worked on
// a copy of the state): whether the straight corridor reaches (else §8.15), whether it is
// frontal (FPF, held fire and counter-charges only then), the charger stand fire before
// contact falls on and the target's stands firing FPF at it (FD-35) from
// fd_56_held_fire_range_yd short of contact, and the stand contacts and flank (§8.19) after
// the §8.16 shift. A counter-charge meets the charger on the same line, so it predicts the
// same contacts. The doctrine's charge odds read it (fd_doctrine.h).
struct ChargePrediction {
  bool reaches = false;
  bool frontal = false;
  double gap_yd = 0;  // corridor distance from the charger's front to the target
  StandRef aim;       // the charger stand nearest the target before contact
  int fpf_stands = 0;
  std::vector<StandContact> contacts;
  bool flank = false;
};
ChargePrediction predict_charge(const FdState& s, int charger, int target);

// Phase VI.2: every declaration's charge (counter-charges meet, FPF and held fire before
// contact, failed contact tests morale); returns the new melees.
MeleeBook charge_moves(FdState& s, const std::vector<ChargeDeclaration>& charges, Chance& dice,
                       EventLog& log);

// The melee situation of stand `me` fighting stand `them` in melee `m` (FD-46, FD-47 row
// and column, the §8.5 modifiers, FD-33 when `them` holds in cover, FD-45 flank).
MeleeSituation melee_situation(const FdState& s, const Melee& m, const MeleeBook& book, StandRef me,
                               StandRef them);

// The stand pairs of `a` and `b` whose rects touch (within kContactTolMm).
std::vector<StandContact> stand_contacts(const FdState& s, int a, int b);

// Phase VII: engaged melees from earlier turns are added to `book` (from
// UnitState::engaged_with), then one round of every melee (FD-46..FD-48), the §8.31 totals,
// the losers' morale (FD-22), commander checks (§2.32) and the engaged pairs recorded.
void resolve_melees(FdState& s, MeleeBook& book, Chance& dice, EventLog& log);

}  // namespace smoothbore::fire_and_discipline
