#include "rules/group_orders/exact_odds.h"

#include <map>
#include <tuple>

namespace smoothbore::group_orders {

namespace {

// The D6 faces by result key: (key, count / 6) ascending, as enumerate_exact sorts them.
template <class ResultOf>
ResultOdds d6_odds(ResultOf result_of) {
  std::map<std::string_view, int> faces;
  for (int face = 1; face <= kD6; ++face) ++faces[result_of(face)];
  ResultOdds out;
  out.reserve(faces.size());
  for (const auto& [key, n] : faces) out.emplace_back(key, static_cast<double>(n) / kD6);
  return out;
}

}  // namespace

ResultOdds shooting_odds(const ShootingSituation& s) {
  const ShootingModifiers sm = shooting_modifiers(s, false);
  if (!sm.may_shoot) return {{"none", 1.0}};
  const int total = sm.modifiers.total();
  return d6_odds(
      [total](int face) -> std::string_view { return shooting_result(face + total).key; });
}

ResultOdds melee_odds(const MeleeSituation& s) {
  const MeleeModifiers mm = melee_modifiers(s, false);
  if (!mm.may_fight) return {{"none", 1.0}};
  const int total = mm.modifiers.total();
  return d6_odds([total](int face) -> std::string_view { return melee_result(face + total).key; });
}

std::vector<MoraleOdds> morale_odds(const MoraleSituation& s) {
  // The paths by score first: the General's four pips give scores that mostly overlap, and a
  // score's result is looked up once (issue 9: 24 lookups of the tables for some 9 scores).
  std::map<int, int> scores;
  const bool d4 = morale_rolls_d4(s);
  for (int pip = d4 ? 1 : 0; pip <= (d4 ? kD4 : 0); ++pip) {
    const int total = morale_modifiers(s, pip, false).total();
    for (int face = 1; face <= kD6; ++face) ++scores[face + total];
  }
  std::map<std::tuple<std::string, std::string, int>, int> paths;
  for (const auto& [score, n] : scores) {
    const OrderChange oc = morale_result(s, score);
    paths[{oc.result, oc.orders, oc.fall_back_cm}] += n;
  }
  const double all = d4 ? kD4 * kD6 : kD6;
  std::vector<MoraleOdds> out;
  out.reserve(paths.size());
  for (const auto& [o, n] : paths) {
    out.push_back({std::get<0>(o), std::get<1>(o), std::get<2>(o), static_cast<double>(n) / all});
  }
  return out;
}

}  // namespace smoothbore::group_orders
