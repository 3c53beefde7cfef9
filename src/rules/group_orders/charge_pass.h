// The doctrine's chance that a charge passes its test (BattleGO::assess), kept per thread
// (issue 9): a typed key of the test's situation, not a text key built per ask
// (tests/rules/group_orders_melee_memo_test.cc checks the kept answers are the fresh ones).
#pragma once

#include "rules/group_orders/resolution_util.h"

namespace smoothbore::group_orders {

// The sum of the morale test's `keep` odds (exact_odds.h's morale_odds).
double charge_pass_fresh(const MoraleSituation& s);
// The same, kept by every field of `s` but the General's distance, which is kept by its
// class (morale_general_class: all the test reads of it). `s.general_cm` is replaced while
// the key is looked up and restored before the return.
double kept_charge_pass(MoraleSituation& s);
// The `infantry-charge` resolution's chance of "charge" (BattleGO::probability), kept by its
// two facts: the resolution never changes.
double infantry_charge_pass(bool heavy_or_defences, bool half_strength);

}  // namespace smoothbore::group_orders
