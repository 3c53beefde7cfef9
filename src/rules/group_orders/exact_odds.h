// The exact odds of group-orders' resolutions from their typed situations (issue 9): what
// exact_distribution() enumerates over a resolution's parameters, without building them.
// A test throws one D6 (a morale test also the General's D4), so the dice paths are few and
// equally likely: an outcome's probability is its count of paths over their number, the
// double nearest the exact fraction as enumerate_exact() gives it, and the outcomes come in
// the same ascending order, so any sum over them is the same double, bit for bit
// (tests/rules/group_orders_exact_odds_test.cc checks both against the resolutions).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/group_orders/resolution_util.h"

namespace smoothbore::group_orders {

// The `result` of a shooting or melee die and its probability, ascending by result.
using ResultOdds = std::vector<std::pair<std::string_view, double>>;
ResultOdds shooting_odds(const ShootingSituation& s);
ResultOdds melee_odds(const MeleeSituation& s);

// One outcome of the `morale` resolution (result, orders, fall-back) and its probability;
// ascending by the three fields in that order.
struct MoraleOdds {
  std::string result;
  std::string orders;
  int fall_back_cm = 0;
  double probability = 0;
};
std::vector<MoraleOdds> morale_odds(const MoraleSituation& s);

}  // namespace smoothbore::group_orders
