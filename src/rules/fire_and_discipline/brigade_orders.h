// The brigade commanders' doctrine for orders (§2.4, FD-52, FD-53): what each brigade
// commander wants his regiments on, and the orders he sends for it in Phase I.
//
// Each unit's intent starts as the order the scenario gives it (orders.h), else General
// Advance. The intent follows the situation: an Assault whose feature the unit has secured
// (its footprint centre in the feature and no enemy stand's centre in it) becomes a Hold
// of the feature (§2.41b "charge and secure"); a Withdrawal that has reached its feature
// holds there (§2.41d); a General Advance or an Assault that has come to occupy an objective
// zone becomes a Hold of the zone (FD-49: a garrison defends its zone). A unit with over half its
// shatter boxes marked is wanted on Withdrawal whatever its intent. An order is sent only when the
// unit is not already on the order wanted and none carrying it is on the way, so a scenario order
// stands until the situation changes. Regiments with a regimental commander get the order by
// messenger (120 yd a turn, §2.41); units without one (a gun section, a lone regiment
// whose colonel is the senior commander) are signalled in person when the brigade
// commander is in contact with them (FD-53), and otherwise keep their last order.
#pragma once

#include <string>
#include <vector>

#include "core/events/event.h"
#include "rules/fire_and_discipline/buckets.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

class BrigadeOrders {
 public:
  // Intents from the scenario's orders of `s`'s units.
  explicit BrigadeOrders(const FdState& s);

  // Phase I step 1: update the intents, then every living brigade commander orders his
  // command (above).
  void give(FdState& s, EventLog& log);

  // The order wanted for `unit` now (its intent, or Withdrawal when over half shattered).
  Order wanted(const FdState& s, int unit) const;
  const Order& intent(int unit) const { return intent_[static_cast<std::size_t>(unit)]; }

 private:
  std::vector<Order> intent_;
  // give's lists, kept to reuse their buffers: each leader's first unit on the table, the
  // living regimentals by the command of that unit, the units by their command.
  std::vector<int> front_;
  Buckets regimentals_;
  Buckets units_;
};

// Whether `unit` has secured `feature`: its footprint centre is in it and no stand centre
// of an enemy unit in good order is.
bool secured(const FdState& s, int unit, const std::string& feature);

}  // namespace smoothbore::fire_and_discipline
