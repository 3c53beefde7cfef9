#include "rules/squad_skirmish/charge_odds.h"

#include <algorithm>
#include <map>
#include <string_view>
#include <tuple>
#include <vector>

#include "rules/resolution.h"
#include "rules/squad_skirmish/resolutions.h"

namespace smoothbore::squad_skirmish::detail {

namespace {

// How many of a d10's faces give each morale.results row (their keys, in table order), for a
// squad of modified morale `morale`.
std::vector<std::pair<std::string_view, int>> result_faces(int morale) {
  std::vector<std::pair<std::string_view, int>> out;
  for (int face = 1; face <= kD10; ++face) {
    const std::string_view key = morale_result(face - morale).key;
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& e) { return e.first == key; });
    if (it == out.end()) {
      out.emplace_back(key, 1);
    } else {
      ++it->second;
    }
  }
  return out;
}

// P(field = value) summed over `dist` in its order, as outcome_probability() sums it.
double probability_in(const std::vector<OutcomeProbability>& dist, std::string_view field,
                      std::string_view value) {
  double sum = 0;
  const Value v{std::string(value)};
  for (const OutcomeProbability& op : dist) {
    for (const auto& [k, x] : op.outcome) {
      if (k == field && x == v) sum += op.probability;
    }
  }
  return sum;
}

// The odds when the attacker's morale is `attacker` (unless he passed earlier) and the
// defender's `defender`: the tests read nothing else of the two squads.
ChargeOdds work_out_charge_odds(int attacker, bool attacker_passed, int defender) {
  // (attacker, defender, charge) and its count of faces, as `charge` names them (SK-12).
  using Outcome3 = std::tuple<std::string_view, std::string_view, std::string_view>;
  std::vector<std::pair<Outcome3, int>> outcomes;
  const std::vector<std::pair<std::string_view, int>> att =
      attacker_passed ? std::vector<std::pair<std::string_view, int>>{{"passed-earlier", 1}}
                      : result_faces(attacker);
  for (const auto& [a, na] : att) {
    for (const auto& [d, nd] : result_faces(defender)) {
      std::string_view charge = "goes-in";
      if (a == "falter" || a == "retreat") {
        charge = "called-off";
      } else if (d == "retreat") {
        charge = "defender-retreats";
      }
      outcomes.push_back({{a, d, charge}, na * nd});
    }
  }
  std::sort(outcomes.begin(), outcomes.end());  // the texts' order, as the enumeration's map
  const double paths = attacker_passed ? kD10 : kD10 * kD10;
  ChargeOdds out;
  for (const auto& [o, n] : outcomes) {
    const double p = static_cast<double>(n) / paths;  // the nearest double to n / paths
    const auto& [a, d, charge] = o;
    if (charge == "goes-in") out.goes_in += p;
    if (charge == "defender-retreats") out.flees += p;
    if (a == "retreat") out.turned += p;
  }
  return out;
}

}  // namespace

// Kept per thread by the two modified morales (issue 9: the doctrine weighs a charge at every
// target in reach, and the few morales of a battle recur across its decisions and battles).
ChargeOdds charge_odds(const MoraleSituation& attacker, bool attacker_passed,
                       const MoraleSituation& defender) {
  const int a = attacker_passed ? 0 : modified_morale(attacker);
  const int d = modified_morale(defender);
  thread_local std::map<std::tuple<bool, int, int>, ChargeOdds> kept;
  const auto key = std::make_tuple(attacker_passed, a, d);
  if (auto it = kept.find(key); it != kept.end()) return it->second;
  const ChargeOdds out = work_out_charge_odds(a, attacker_passed, d);
  if (kept.size() >= 4096) kept.clear();
  kept.emplace(key, out);
  return out;
}

ChargeOdds charge_odds_enumerated(const Params& p) {
  static const Resolution kCharge = charge_resolution();
  const std::vector<OutcomeProbability> dist = exact_distribution(kCharge, p);
  ChargeOdds out;
  out.goes_in = probability_in(dist, "charge", "goes-in");
  out.flees = probability_in(dist, "charge", "defender-retreats");
  out.turned = probability_in(dist, "attacker", "retreat");
  return out;
}

}  // namespace smoothbore::squad_skirmish::detail
