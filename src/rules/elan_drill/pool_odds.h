// Exact distributions of elan-drill's pools, kept per thread by the few numbers they depend
// on (resolutions.h: PoolDice, CloseActionPools) rather than by every parameter of the
// situation (issue 9): the doctrine weighs thousands of close actions and Élan tests a
// battle, whose situations differ in figures, markers and flags but come down to a few
// hundred pools. Each distribution is the one enumerating the resolution gives, bit for bit:
// the same chance nodes in the same order, summed over outcomes in the same order.
#pragma once

#include <vector>

#include "rules/elan_drill/resolutions.h"
#include "rules/elan_drill/situations.h"

namespace smoothbore::elan_drill {

// P(failures = index) of an Élan test's pool (elan-test's "failures").
const std::vector<double>& failure_distribution(const PoolDice& pool);
// The mean successes of a pool (small-arms' "hits", as outcome_mean sums them).
double success_mean(const PoolDice& pool);
// P(casualties = index) of one side's round of close action (close-action's "casualties").
const std::vector<double>& casualty_distribution(const CloseActionPools& pools);

// A charge's first round of close action as the doctrine weighs it (actions.cc: assess),
// from both sides' casualties (`mine`, `theirs`) and each side's end-of-round Élan test
// with the figures it lost more (D12-17, L38, L50): `more`, the chance the target fails
// more dice than the charger; `worse`, the chance the charger fails two more; `by_me`, the
// casualties we expect to cause. Kept per thread by the four pools (issue 9: a charge is
// weighed again each turn and battle while its pools stay the same).
struct ChargeRound {
  double more = 0;
  double worse = 0;
  double by_me = 0;
};
ChargeRound charge_round(const CloseActionPools& mine, const CloseActionPools& theirs,
                         const ElanTestPools& target, const ElanTestPools& charger);

// close-to-melee's chances as outcome_probability() sums them over the resolution's sorted
// outcomes: it makes (or stands) contact, it breaks, it fails no die. Kept by what the test
// comes down to: its pool, DMs, break DMs, role and DM count.
struct CloseToMeleeOdds {
  double contact = 0;
  double broken = 0;
  double steady = 0;
};
const CloseToMeleeOdds& close_to_melee_odds(const CloseToMeleeSituation& s);

// An artillery shot's mean hits on its target, as outcome_mean() sums them ("hits"); kept by
// shot_odds_key() when the shot strikes one unit.
double shot_hits_mean(const ShotSituation& s);

}  // namespace smoothbore::elan_drill
