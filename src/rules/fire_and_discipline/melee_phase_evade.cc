// §8.2c of melee_phase.h: charged skirmishers and gun crews may flee instead of fighting,
// and the exact odds of one melee round that the automatic choice reads.
#include <algorithm>

#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/melee_phase_detail.h"

namespace smoothbore::fire_and_discipline {
namespace {

using detail::unit_at;
using detail::z;

}  // namespace

std::vector<double> hit_distribution(const std::vector<double>& p) {
  std::vector<double> out{1.0};
  for (double q : p) {
    std::vector<double> next(out.size() + 1, 0.0);
    for (std::size_t k = 0; k < out.size(); ++k) {
      next[k] += out[k] * (1 - q);
      next[k + 1] += out[k] * q;
    }
    out = std::move(next);
  }
  return out;
}

bool may_evade(const FdState& s, int unit) {
  const Unit& u = unit_at(s, unit);
  const UnitState& st = s.units[z(unit)];
  if (!u.on_table() || st.surrendered || st.halted(s.turn) || st.fled_this_turn ||
      !st.engaged_with.empty()) {
    return false;
  }
  if (u.arm == Arm::kArtillery) return !st.hold_fire;  // §6.4d: held fire, then melee
  return is_skirmisher(s, unit);                       // §8.2c
}

// Every unit that may evade is on foot (open-order foot, dismounted dragoons, crews): the
// foot skirmish rate (chart L670; crews §4.43).
double evade_yd(const FdState& /*s*/, int /*unit*/) { return kInfantryChargeYd; }

MeleeRoundOdds melee_round_odds(const FdState& s, const Melee& m, const MeleeBook& book) {
  std::vector<double> pa;
  std::vector<double> pb;
  for (const MeleeDie& d : melee_dice(s, {m})) {
    const MeleeHitChance c =
        melee_hit_chance(melee_situation(s, m, book, d.by, d.on), /*explain=*/false);
    (d.by.unit == m.charger ? pa : pb).push_back(c.hit_set.faces / 10.0);
  }
  const std::vector<double> a = hit_distribution(pa);
  const std::vector<double> b = hit_distribution(pb);
  MeleeRoundOdds out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (std::size_t j = 0; j < b.size(); ++j) {
      const double p = a[i] * b[j];
      if (i > j) {
        out.charger_wins += p;
      } else if (i < j) {
        out.target_wins += p;
      } else {
        out.tie += p;
      }
    }
  }
  return out;
}

bool chooses_to_evade(const FdState& s, const Melee& m, const MeleeBook& book) {
  if (s.options.evade_charge == "always") return true;
  if (s.options.evade_charge == "never") return false;
  const MeleeRoundOdds o = melee_round_odds(s, m, book);
  return o.charger_wins > o.target_wins;
}

}  // namespace smoothbore::fire_and_discipline
