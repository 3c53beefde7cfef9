// How a charge reaches its target (000.md §8.1-§8.2, §8.15-§8.16, FD-43, FD-44): the
// corridor distance to the target, the charger stand nearest it, the FD-43 wheel into the
// charge, the FD-44 counter-charge run and the §8.16 contact; with them the validity of a
// counter-charge and the prediction of a charge the commanders read.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/fire_and_discipline/chits.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fire_targets.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/melee_phase_detail.h"
#include "rules/fire_and_discipline/retire.h"
#include "rules/fire_and_discipline/unit_trial.h"

namespace smoothbore::fire_and_discipline {
namespace detail {

// The charger's block: footprint with the facing of its first live stand.
// The footprint kept while the orders are given where it still holds (StandCache::
// footprint: the same rectangle, bit for bit; issue 9 round 23, the charge odds asked for
// the target's again for every charge weighed).
Rect block(const FdState& s, int u) { return s.stands_on_table.footprint(s.force, u); }

// Corridor distance (mm) from the charger's front edge to the nearest live stand of
// `target` inside its corridor of `range_mm`; negative if none is.
double reach_mm(const FdState& s, int charger, int target, double range_mm) {
  const Rect b = block(s, charger);
  const CorridorMiss misses(b, range_mm);
  double best = -1;
  for (const Stand& st : unit_at(s, target).stands) {
    if (!live(st) || misses.surely(st.rect)) continue;
    const double d = corridor_distance(b, st.rect, range_mm);
    if (d >= 0 && (best < 0 || d < best)) best = d;
  }
  return best;
}

// The charger stand nearest the target (the stand fire before contact falls on), or -1.
int nearest_stand(const FdState& s, int charger, int target) {
  int aim = -1;
  double best = std::numeric_limits<double>::infinity();
  const Rect tb = block(s, target);
  for (int i = 0; i < static_cast<int>(unit_at(s, charger).stands.size()); ++i) {
    const Stand& st = unit_at(s, charger).stands[z(i)];
    if (!live(st)) continue;
    const double d = distance(st.rect, tb);  // once (round 21: twice for each nearer one)
    if (d < best) {
      best = d;
      aim = i;
    }
  }
  return aim;
}

// FD-43: a cavalry charger whose target is not straight ahead within its charge rate makes
// its one wheel toward it (charge_wheel) and has half its rate left (§4.5); returns
// the rate (mm) left for the straight run and the wheel made (0 for none).
std::pair<double, double> wheel_into_charge(FdState& s, int charger, int target) {
  const double rate = s.mm(charge_rate_yd(s, charger));
  if (reach_mm(s, charger, target, rate) >= 0) return {rate, 0.0};
  const std::optional<ChargeWheel> w = charge_wheel(s, charger, target);
  if (!w) return {rate, 0.0};
  rigid_move(s, charger, w->pivot, w->turn_deg, {});
  return {rate / 2, w->turn_deg};
}

// FD-44: how far a counter-charger advances to meet a charge `gap_mm` away: half the gap,
// at most its charge rate.
double counter_charge_mm(const FdState& s, int unit, double gap_mm) {
  return std::min(s.mm(charge_rate_yd(s, unit)), gap_mm / 2);
}

// §8.16 contact: the charger lines up on the target, sliding along its edge clear of other
// units (line_up); if no place on the edge is clear, it goes straight ahead into
// contact instead; if that would overlap too, or meets nothing, it stays where it is and
// the charge fails (false), as a charge that cannot make contact (§8.15).
bool make_contact(FdState& s, int charger, int target, double rate_mm) {
  const std::vector<Stand> before = unit_at(s, charger).stands;
  if (line_up(s, charger, target)) return true;
  const double gap = reach_mm(s, charger, target, rate_mm);
  if (gap >= 0) {
    advance_block(s, charger, gap);
    if (!overlaps_other_unit(s, charger) && !stand_contacts(s, charger, target).empty()) {
      return true;
    }
  }
  s.force.units[z(charger)].stands = before;
  touch_stands(s, charger);
  return false;
}

}  // namespace detail

using detail::reach_mm;
using detail::unit_at;
using detail::z;

std::optional<std::string> counter_charge_invalid(const FdState& s, int unit, int charger) {
  const int n = static_cast<int>(s.force.units.size());
  if (unit < 0 || unit >= n || charger < 0 || charger >= n) return "no such unit";
  const Unit& u = unit_at(s, unit);
  const UnitState& st = s.units[z(unit)];
  if (s.options.counter_charge != "meet") {
    return "counter-chargers fight where they stand (option fd_44_counter_charge)";
  }
  if (!u.on_table() || u.status != UnitStatus::kActive || st.surrendered) {
    return "the unit is not in good order";
  }
  if (retiring(s, unit)) return "shattered units retiring do not charge (FD-58)";
  const double rate = charge_rate_yd(s, unit);
  if (rate <= 0) return "artillery and wagons do not charge (§8.1)";
  if (st.halted(s.turn)) return "halted units may not counter-charge (§5.5 L318, FD-25)";
  if (st.disordered_until >= s.turn) return "disordered units may not charge (FD-26)";
  if (!st.engaged_with.empty()) return "engaged units may not charge (§8.45)";
  if (is_skirmisher(s, unit) && !is_skirmisher(s, charger)) {
    return "skirmishers may not charge close-order units (§8.12)";
  }
  if (!may_counter_charge(s, unit, charger)) {
    return "the unit's orders forbid a counter-charge (FD-52, §2.41d, §2.34)";
  }
  if (s.options.tactical_chits && !chit_counter_charges(s, unit)) {
    return "only a revealed C chit may counter-charge (§2.5, FD-55)";
  }
  if (detail::attacked_zone(s, charger, unit) != Zone::kFront) {
    return "only a charge on the unit's front can be met (FD-44)";
  }
  const double gap = reach_mm(s, charger, unit, s.mm(charge_rate_yd(s, charger)));
  if (gap < 0) return "the charge does not reach the unit (§8.15)";
  if (reach_mm(s, unit, charger, s.mm(rate) + gap) < 0) {
    return "the charger is not straight ahead of the unit (FD-44)";
  }
  const double want = detail::counter_charge_mm(s, unit, gap);
  if (detail::clear_run_mm(s, unit, want) < want - 1e-6) {
    return "other stands are in the way (FD-44)";
  }
  return std::nullopt;
}

ChargePrediction predict_charge(const FdState& s, int charger, int target) {
  ChargePrediction p;
  const double rate = charge_rate_yd(s, charger);
  if (rate <= 0 || !unit_at(s, charger).on_table() || !unit_at(s, target).on_table()) return p;
  // Made on the state and undone after (unit_trial.h): only the charger moves.
  UnitTrial trial(s, charger);
  FdState& c = trial.state();
  const double run = detail::wheel_into_charge(c, charger, target).first;  // FD-43
  const double gap = reach_mm(c, charger, target, run);
  if (gap < 0) return p;
  p.reaches = true;
  p.gap_yd = c.yd(gap);
  p.frontal = detail::attacked_zone(c, charger, target) == Zone::kFront;
  const double stop = c.mm(c.options.held_fire_range_yd);
  if (p.frontal && gap > stop)
    detail::advance_block(c, charger, detail::clear_run_mm(c, charger, gap - stop));
  p.aim = {charger, detail::nearest_stand(c, charger, target)};
  if (p.frontal && p.aim.stand >= 0) {
    p.fpf_stands = static_cast<int>(firing_stands(c, target, p.aim).size());
    if (unit_at(c, target).arm == Arm::kArtillery) p.held_fire = held_fire_rolls(c, target, p.aim);
  }
  if (!detail::make_contact(c, charger, target, run)) return p;  // blocked: no contacts
  p.contacts = stand_contacts(c, charger, target);
  p.flank = detail::extends_behind_rear(c, charger, target);
  Melee m;
  m.charger = charger;
  m.target = target;
  m.flank = p.flank;
  m.contacts = p.contacts;
  p.dice = melee_dice(c, {m});
  return p;
}

}  // namespace smoothbore::fire_and_discipline
