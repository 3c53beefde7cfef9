// The exact odds behind the commanders' reactive and artillery choices in Fire and
// Discipline (issue 3: "the doctrine AI uses the exact odds to decide charges and
// targets"): the first round of a charge when its target holds or counter-charges (§8.2a,
// FD-44) with the fire a holding target gets before contact (§7.7 FPF, §6.4d / FD-56 held
// artillery fire); the charges a gun section may expect this turn (§6.4d); and the value of
// the §6.4 artillery options (fire now, change the direction of fire, prolonge). The
// battle turns these into ActionAssessments (fd_actions.cc); the sim layer's doctrine
// commander compares them.
//
// The model of a charge's first round (engine readings, not in the text):
// - Geometry from predict_charge (melee_phase.h): the contacts after the §8.16 shift and
//   the first round's dice as the battle rolls them (melee_dice, FD-46 with either option),
//   each die with the hit chance of its melee_situation (FD-47, §8.5 modifiers, FD-33 cover
//   for a target that holds, FD-45 flank; objective zones, FD-49). A side's hits are a sum of
//   independent Bernoullis (a Poisson binomial); the §8.2f comparison of the two sums gives win,
//   lose and tie (Engaged).
// - Fire before contact: its hit distribution (binomial for FPF, the d100 of
//   resolve_artillery enumerated for held fire); k hits fall on the aimed charger stand
//   (castings − k, boxes + k) and the charger tests morale (enumerated resolve_morale);
//   anything but pass or fanaticism stops the charge. The melee after k hits reads the
//   aimed stand's castings − k for the 2× castings modifier; a stand that has lost every
//   casting fights no more (its contacts drop; overflow hits are not followed).
// - "Breaks": the loser then fails its morale test, read on its testing stand before the
//   round's casualties (they would only make it likelier); a charger may pursue a broken
//   opponent (§8.2h), and a counter-charger counts as a charger (FD-44), a holder does not.
// - A rating-0 counter-charger must pass a morale test to charge (§5.3f); its failure is
//   counted as the charge beating it.
// - Only the first round is weighed (FD-48 rounds 2-3 are not), and neither the §8.2c
//   flight of skirmishers and crews nor pursuit melees.
#pragma once

#include <vector>

#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

enum class ChargeResponse { kHold, kCounterCharge };

// When the odds are taken. kTurnStart: the commanders' orders, before the fire phases; a
// foot target that has a musketry target now will volley in Phase III or IV and so lose its
// FPF (§8.41), and a gun section that could hold fire is assumed to (§6.4d; the charger
// cannot know). kDeclaration: Phase V, what happened this turn is known (the gun's mark,
// UnitState::hold_fire; whether the target fired, last_target_turn).
enum class OddsTime { kTurnStart, kDeclaration };

struct ChargeOdds {
  bool reaches = false;       // the straight corridor meets the target (else §8.15)
  double stopped = 0;         // fire before contact makes the charger fail morale
  double charger_wins = 0;    // the charger inflicts more hits in the first round
  double target_wins = 0;     // the target inflicts more
  double tie = 0;             // equal hits: Engaged (§8.18)
  double fire_hits = 0;       // expected hits of the fire before contact
  double charger_hits = 0;    // expected first-round hits by the charger (given contact)
  double target_breaks = 0;   // the target loses and fails morale (the charger may pursue)
  double charger_breaks = 0;  // the charger loses and fails morale
};

// The first round of `charger`'s charge on `target` when the target makes `response`.
// stopped + charger_wins + target_wins + tie = 1 when the charge reaches, else all are 0.
ChargeOdds charge_odds(const FdState& s, int charger, int target, ChargeResponse response,
                       OddsTime when);

// The responses `target` may elect to `charger`'s charge: hold always, counter-charge where
// counter_charge_invalid allows it.
std::vector<ChargeResponse> legal_responses(const FdState& s, int target, int charger);

// The response a doctrine target elects: the better (target win − target loss), then the
// better chance to pursue a broken charger; hold on a full tie (the rules' default). The
// same comparison as the sim layer's doctrine commander, so a charger's odds anticipate
// it.
ChargeResponse doctrine_response(const FdState& s, int target, int charger, OddsTime when);
// The same choice with the charge_odds of the response chosen, worked out with it (the
// prediction and the morale tests shared by both responses).
struct ElectedResponse {
  ChargeResponse response = ChargeResponse::kHold;
  ChargeOdds odds;
};
ElectedResponse doctrine_response_odds(const FdState& s, int target, int charger, OddsTime when);

// The units that could charge `unit` this turn as far as it can see (charge_invalid without
// the charger's orders): the charges a gun section may expect (§6.4d). Index order.
std::vector<int> charge_threats(const FdState& s, int unit);

// Whether gun section `gun` could fire before contact at a charger this turn: it may fire
// (fire_targets.h gun_may_fire: unlimbered, crewed and manned, guns not destroyed, not
// captured or halted) and has ammunition left.
bool may_hold_fire(const FdState& s, int gun);

// The value of holding fire (§6.4d) against the charges `gun` may expect: the most expected
// hits of the held shot at any frontal threat, and the best chance that shot stops the
// charge. Zero when no threat would meet the held fire (flank charges, none).
struct HeldFireValue {
  double expected_hits = 0;
  double stop_probability = 0;
};
HeldFireValue held_fire_value(const FdState& s, int gun);

// Expected hits on the enemy of `gun`'s Phase II shot now (every roll, FD-17; every enemy
// stand in the path, §6.35 option); 0 when it has nothing to fire at.
double expected_gun_hits(const FdState& s, int gun);
// Expected hits of its shot from the same place after turning to `facing` (§6.4c), or after
// moving to the stands' rects of a prolonge (§6.4b); 0 when nothing would be in its zone.
double expected_gun_hits_facing(const FdState& s, int gun, double facing);
double expected_gun_hits_at(const FdState& s, int gun, const std::vector<Rect>& rects);

}  // namespace smoothbore::fire_and_discipline
