// The charge tests' odds the doctrine weighs (§7, L50-L54, SK-12): the charge goes in, the
// defender retreats, the attacker retreats. Worked out from the two morale tests' faces
// instead of enumerating the `charge` resolution's hundred dice paths on named parameters
// (issue 9), to the same doubles bit for bit. Internal to src/rules/squad_skirmish.
#pragma once

#include "rules/param.h"
#include "rules/squad_skirmish/resolution_util.h"

namespace smoothbore::squad_skirmish::detail {

struct ChargeOdds {
  double goes_in = 0;
  double flees = 0;   // the defender retreats (fails by 3+)
  double turned = 0;  // the attacker retreats (fails by 3+)
};

// The odds from the typed situations: each outcome (attacker, defender, charge) is its count of
// faces over 100 (10 when the attacker passed earlier, L52: he does not test), to the nearest
// double, and each probability is their sum in the order exact_distribution() lists the
// outcomes (by their texts), as a sum over that distribution gives it.
ChargeOdds charge_odds(const MoraleSituation& attacker, bool attacker_passed,
                       const MoraleSituation& defender);
// The same by exact_distribution() of `charge` on its parameters (the tests' reference).
ChargeOdds charge_odds_enumerated(const Params& p);

}  // namespace smoothbore::squad_skirmish::detail
