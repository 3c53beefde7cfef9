// Charges and field melee of Fire and Discipline (000.md §9, §7.7, §8.5(d); FD-22, FD-33,
// FD-43..FD-49, FD-56): Phase V declarations checked (charge_invalid), Phase VI.2 charge
// moves with held artillery fire, Final Protective Fire and skirmishers or crews fleeing
// the charge (charge_moves, §8.2c), and Phase VII (resolve_melees) in the steps of the
// sequence of play (L78-L92, pullout L812-L821): VII.2 new melees by round, VII.3 pursuit
// moves and pursuit melees (pursuit.h, §8.2h-i), VII.4 engaged melees, each with the §8.31
// totals, the losers' morale (FD-22) and the pairs left Engaged (§8.18).
//
// Engine readings (not in the text):
// - A charger moves as a rigid block straight ahead along the facing of its first live
//   stand. Reach (FD-43) is measured from the unit's footprint front edge along its own
//   corridor; for the cavalry wheel the declaration counts the target as reachable if,
//   failing the straight corridor, some stand of it is within half the charge rate edge to
//   edge (what a player measures). The charge move then makes the wheel (FD-43,
//   detail::charge_wheel in melee_phase_wheel.cc): it turns about its front corner (FD-42)
//   until the target lies in its corridor within half its rate (§4.5), goes straight in with
//   that half and lines up (§8.16). A wheel with no room (other stands in its sweep, the
//   table edge) or none that brings the target within half the rate is not made: the charge
//   goes straight ahead, fails to reach and the charger tests morale (§8.15). A counter-
//   charge is elected in Phase V before the wheel, so a wheeling charger is met only if it
//   was already straight ahead of its target.
// - Contact (§8.16, "the charger shifts"): the charger turns to face the edge of the target
//   footprint it attacks (front, flank or rear, by zone_of of its front centre) and is
//   placed with its front edge on that edge. A front contact centres it on the target; a
//   flank or rear contact keeps its lateral offset, clamped so its centre stays on the edge.
//   A flank contact (§8.19) is one where a charging stand then extends behind the target's
//   rear edge line.
// - A charger whose place at the target would overlap a stand of a third unit (a friend
//   already fighting there) slides along the target's edge to the nearest clear place
//   (1 yd steps, at least 1 yd of its front on the edge), else goes straight ahead into
//   contact; if that is blocked too it has no room: it stays where it was and tests morale
//   as a charger that failed to contact (§8.15, §8.16). Its approach stops short of other
//   stands.
// - Skirmishers may charge close-order troops occupying an objective zone (§8.12, FD-49;
//   objective_zones.h).
// - Counter-charge (FD-44 "meet"): the counter-charger covers half the gap (at most its
//   charge rate, stopping short of other stands), the charger the rest; option "hold"
//   treats it as holding. Who may counter-charge: counter_charge_invalid.
// - FPF (§7.7) and held artillery fire (§6.4d L396, FD-56) are fired from the charger's
//   position `held_fire_range_yd` short of contact, only at a frontal charge (FD-45). Held
//   artillery fire reads every artillery option as Phase II does (fire_targets.h
//   held_fire_rolls: FD-10..FD-17, FD-36, FD-39, same target FD-38, adjacent, target type,
//   cover) and becomes the guns' last target (FD-38). "Did not fire in
//   the musketry phases this turn" reads UnitState::last_target_turn != turn.
// - §8.2c (fd_evade_charge): the choice is made at contact. Skirmishers (open order) and
//   gun crews may flee unless they counter-charged, are halted, engaged, already in a melee
//   this turn or already fled a charge this turn; a crew that held its fire melees the
//   charger (§6.4d) and so does not flee. They flee at their skirmish rate, 80 yd
//   (§4.43, chart L670), by the FD-26 flee rules; the charger stays where it made contact
//   (no §8.15 test: it reached its target). A fleeing crew takes its section with it, as
//   the morale flee does (capture, FD-19/FD-64, is not in play).
// - Dice (FD-46): every stand rolls one die per round, against the enemy stand it touches
//   most squarely (nearest centre), across all its unit's melees of the step, so a stand
//   touching two enemy units at the corners still rolls once. Dice are rolled unit by unit
//   in force order, stand by stand.
// - A unit fights at most one round per round number each turn: a prior turn's Engaged pair
//   with a unit in a new (or pursuit) melee joins that step, so the unit's §8.31 totals cover
//   every enemy it touches; Engaged pairs no longer in contact are released.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/dice/chance.h"
#include "core/events/event.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
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
// whose orders or fallen commander forbid it (FD-52, §2.41d, §2.34), shattered units
// retiring (FD-58), units without a revealed C chit under the optional chits (§2.5);
// only against a frontal charge that reaches it, the charger inside its own corridor
// within its charge rate plus the gap, with nothing in the way of its half of the gap
// (FD-44: it moves straight toward the charger).
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

// Phase VI.2: every declaration's charge (counter-charges meet, FPF and held fire before
// contact, failed contact tests morale); returns the new melees.
MeleeBook charge_moves(FdState& s, const std::vector<ChargeDeclaration>& charges, Chance& dice,
                       EventLog& log);

// The melee situation of stand `me` fighting stand `them` in melee `m` (FD-46, FD-47 row
// and column, the §8.5 modifiers, FD-33 when `them` holds in cover, FD-45 flank).
MeleeSituation melee_situation(const FdState& s, const Melee& m, const MeleeBook& book, StandRef me,
                               StandRef them);

// Two stands are in fighting contact (§8.17 "contacting stands") when they share a stretch of
// edge, or a corner of one touches the other's edge away from its corners (an angled
// contact), within kContactTolMm. Stands that meet only corner to corner (the neighbours of
// a front-to-front pair) are not: §8.16 has a charging stand that would not contact the
// target hold its position.
bool fighting_contact(const Rect& a, const Rect& b);
// The stand pairs of `a` and `b` in fighting contact.
std::vector<StandContact> stand_contacts(const FdState& s, int a, int b);

// §8.2c: whether `unit`, the target of a charge, may flee rather than fight: a skirmisher
// (open order) or a gun crew that is not holding fire for the charger (§6.4d), not halted
// (FD-25), not engaged, and that has not already fled this turn.
bool may_evade(const FdState& s, int unit);
// The distance an evading unit flees, yd: its skirmish rate (foot 80 yd, chart L670; gun
// crews use foot skirmish rates, §4.43).
double evade_yd(const FdState& s, int unit);

// P(k hits), k = 0.., for independent dice with hit chances `p` (a Poisson binomial).
std::vector<double> hit_distribution(const std::vector<double>& p);

// Exact odds of one round of melee `m` fought alone (FD-46 dice, §8.5 hit sets,
// melee_situation): the charger's hits against the target's.
struct MeleeRoundOdds {
  double charger_wins = 0;  // the target receives more hits than it inflicts
  double target_wins = 0;
  double tie = 0;  // Engaged (§8.18)
};
MeleeRoundOdds melee_round_odds(const FdState& s, const Melee& m, const MeleeBook& book);
// fd_evade_charge: "odds" flees when the target losing the first round is likelier than it
// winning it; "always"; "never". Call only when may_evade.
bool chooses_to_evade(const FdState& s, const Melee& m, const MeleeBook& book);

// One die of a melee round (FD-46): stand `by` strikes stand `on`, counted in melee
// `melee` (an index into the melees fought together).
struct MeleeDie {
  StandRef by;
  StandRef on;
  int melee = -1;
};
// Who rolls against whom in one round of `melees` fought together (FD-46, §8.17): every live
// stand in contact rolls one die against the enemy stand it touches most squarely (nearest
// centre; ties: the first melee, then the lower stand); with fd_46 all-stands every other
// live stand of a unit in the melees also rolls, against the nearest enemy stand that its
// unit touches. Dice come unit by unit in force order, stand by stand: the rolling order.
std::vector<MeleeDie> melee_dice(const FdState& s, const std::vector<Melee>& melees);

// What charge_moves would do with `charger`'s charge on `target` if it went in now (worked on
// the state and undone, unit_trial.h: `s` must be the battle's own): whether the straight
// corridor reaches (else §8.15), whether it is frontal (FPF, held fire and counter-charges
// only then), the charger stand fire before contact falls on and the target's stands firing FPF at
// it (FD-35) from fd_56_held_fire_range_yd short of contact, and the stand contacts and flank
// (§8.19) after the §8.16 shift (make_contact), with the first round's dice (FD-46). A
// counter-charge meets the charger on the same line, so it predicts the same contacts. The
// doctrine's charge odds read it (fd_doctrine.h).
struct ChargePrediction {
  bool reaches = false;
  bool frontal = false;
  double gap_yd = 0;  // corridor distance from the charger's front to the target
  StandRef aim;       // the charger stand nearest the target before contact
  int fpf_stands = 0;
  // A gun target's held fire at `aim` (§6.4d, FD-56: fire_targets.h held_fire_rolls, as the
  // stands stand then), whether or not it is marked to hold; empty for other targets.
  std::vector<ArtillerySituation> held_fire;
  std::vector<StandContact> contacts;
  bool flank = false;
  std::vector<MeleeDie> dice;  // the first round's dice (melee_dice) after the shift
};
ChargePrediction predict_charge(const FdState& s, int charger, int target);

// What one unit did in a step of Phase VII.
struct MeleeFighter {
  int unit = -1;
  std::vector<int> opponents;  // the units it fought in the step (first round), force order
  MeleeTally first_round;      // its §8.31 totals in the step's first round
  MeleeStanding standing = MeleeStanding::kEngaged;  // in the last round it fought
  bool tested = false;                               // it checked morale (FD-22)
  MoraleResult morale = MoraleResult::kPass;         // its last check, if it tested
  bool retreated = false;  // fled, surrendered, shattered or left the table (§8.18)
  int rounds = 0;          // rounds it fought (FD-48)
};
// One step of Phase VII (VII.2 new melees, VII.3 pursuit melees or VII.4 engaged melees).
struct MeleeStep {
  std::vector<MeleeFighter> fighters;        // force order
  std::vector<std::pair<int, int>> engaged;  // unit pairs (lower first) still locked (§8.18)
  int rounds = 0;                            // rounds fought (FD-48)
  const MeleeFighter* fighter(int unit) const;
};

// The rounds of `melees` fought together (FD-48: up to fd_48_melee_rounds): each round
// rolls melee_dice, lands every hit at once (§8.2g), totals each unit's hits (§8.31), has the
// losers (FD-22: or everyone under "all") test morale and apply the result with the opponent
// that hurt it most as the cause, rolls commander checks (§2.32), and keeps the pairs where
// neither unit retreated (§8.18). Another round follows only for those pairs still in
// contact, in the Engaged column (§8.45). `phase` names the step in the events.
MeleeStep fight_melees(FdState& s, std::vector<Melee> melees, const MeleeBook& book, Chance& dice,
                       EventLog& log, const std::string& phase);

// Phase VII after the charges (sequence of play L78-L92): VII.2 the new melees in `book`
// (with any Engaged pair of their units), VII.3 pursuit moves and pursuit melees
// (pursuit.h), VII.4 the remaining Engaged pairs of earlier turns still in contact. Updates
// UnitState::engaged_with after each step. On return `book.melees` holds every melee fought
// this turn (as first fought) and `book.charged` the pursuers too.
void resolve_melees(FdState& s, MeleeBook& book, Chance& dice, EventLog& log);

}  // namespace smoothbore::fire_and_discipline
