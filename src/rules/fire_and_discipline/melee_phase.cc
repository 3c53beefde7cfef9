#include "rules/fire_and_discipline/melee_phase.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/chits.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/fire_targets.h"
#include "rules/fire_and_discipline/melee_phase_detail.h"
#include "rules/fire_and_discipline/objective_zones.h"
#include "rules/fire_and_discipline/retire.h"

namespace smoothbore::fire_and_discipline {

namespace {

using detail::live;
using detail::unit_at;
using detail::z;

// The charger's block: footprint with the facing of its first live stand.
Rect block(const FdState& s, int u) { return unit_at(s, u).footprint(); }

// Corridor distance (mm) from the charger's front edge to the nearest live stand of
// `target` inside its corridor of `range_mm`; negative if none is.
double reach_mm(const FdState& s, int charger, int target, double range_mm) {
  const Rect b = block(s, charger);
  double best = -1;
  for (const Stand& st : unit_at(s, target).stands) {
    if (!live(st)) continue;
    const double d = corridor_distance(b, st.rect, range_mm);
    if (d >= 0 && (best < 0 || d < best)) best = d;
  }
  return best;
}

void advance(FdState& s, int u, double mm) { detail::advance_block(s, u, mm); }

void log_event(EventLog& log, const FdState& s, EventKind k, int unit, int target, std::string text,
               std::vector<RollRecord> rolls = {}) {
  detail::log_melee_event(log, s, k, unit, target,
                          k == EventKind::kMelee ? "VII melee" : "VI.2 charge movement",
                          std::move(text), std::move(rolls));
}

// A morale check of `unit` (testing stand by FD-24) with its result applied; returns it.
MoraleResult test_morale(FdState& s, int unit, const std::vector<int>& hits, Vec2 cause,
                         bool before_movement, Chance& dice, EventLog& log,
                         const std::string& why) {
  const int stand = testing_stand(s, unit, hits);
  if (stand < 0) return MoraleResult::kPass;
  RollRecord rec;
  const MoraleResult r = resolve_morale(morale_situation(s, unit, stand), dice, &rec);
  log_event(
      log, s, EventKind::kMorale, unit, -1,
      unit_at(s, unit).id + " tests morale (" + why + "): " + std::string(morale_result_name(r)),
      {rec});
  apply_morale_result(s, unit, r, cause, before_movement, log);
  return r;
}

// The charger stand nearest the target (the stand fire before contact falls on), or -1.
int nearest_stand(const FdState& s, int charger, int target) {
  int aim = -1;
  double best = std::numeric_limits<double>::infinity();
  const Rect tb = block(s, target);
  for (int i = 0; i < static_cast<int>(unit_at(s, charger).stands.size()); ++i) {
    const Stand& st = unit_at(s, charger).stands[z(i)];
    if (live(st) && distance(st.rect, tb) < best) {
      best = distance(st.rect, tb);
      aim = i;
    }
  }
  return aim;
}

// Fire at the charger before contact (§7.7 FPF, §8.5d / FD-56 held artillery fire).
// Returns false if the charge stops.
bool fire_before_contact(FdState& s, int charger, int target, Chance& dice, EventLog& log) {
  UnitState& ts = s.units[z(target)];
  const Unit& tu = unit_at(s, target);
  if (!tu.on_table() || ts.halted(s.turn) || !unit_at(s, charger).on_table()) return true;
  if (retiring(s, target)) return true;  // shattered units retiring do not fire (FD-58)
  const int aim = nearest_stand(s, charger, target);
  if (aim < 0) return true;
  int hits = 0;
  std::vector<RollRecord> recs;
  std::string what;
  std::string detail_text;
  if (tu.arm == Arm::kArtillery) {
    if (!ts.hold_fire || tu.formation != "unlimbered" || !gun_may_fire(s, target)) return true;
    // FD-56 with every artillery option, as in Phase II (fire_targets.h held_fire_rolls).
    const std::vector<ArtillerySituation> rolls = held_fire_rolls(s, target, {charger, aim});
    if (rolls.empty()) return true;  // nothing left to fire (§6.64)
    for (const ArtillerySituation& a : rolls) {
      RollRecord rec;
      hits += resolve_artillery(a, dice, &rec);
      recs.push_back(std::move(rec));
      switch (a.ammo) {  // one barrage a roll (FD-15, FD-17)
        case Ammo::kCanister:
          --ts.canister;
          break;
        case Ammo::kShell:
          --ts.shell;
          break;
        case Ammo::kBall:
          --ts.ball;
          break;
      }
    }
    ts.hold_fire = false;
    remember_target(s, target, {charger, aim});  // FD-38
    what = "held artillery fire (§6.4d, FD-56)";
    detail_text =
        std::string(" with ") + std::string(ammo_name(rolls.front().ammo)) + " at " +
        std::to_string(static_cast<int>(rolls.front().range_yd)) + " yd" +
        (rolls.size() > 1
             ? ", " + detail::count_of(static_cast<int>(rolls.size()), "gun") + " (FD-17 per gun)"
             : "");
  } else {
    // §7.7: a formed foot unit that held and has not fired this turn.
    if (tu.arm != Arm::kFoot || is_skirmisher(s, target) || ts.last_target_turn == s.turn ||
        !ts.engaged_with.empty()) {
      return true;
    }
    if (!parse_firearm(tu.attribute_string("firearm", "flintlock"))) return true;
    const StandRef at{charger, aim};
    const MusketrySituation m =
        fpf_situation(s, target, at, static_cast<int>(firing_stands(s, target, at).size()));
    RollRecord rec;
    hits = resolve_musketry(m, dice, &rec);
    recs.push_back(std::move(rec));
    ts.last_target_unit = charger;
    ts.last_target_turn = s.turn;
    what = "Final Protective Fire (§7.7)";
  }
  log_event(log, s, EventKind::kFire, target, charger,
            tu.id + " " + what + detail_text + ": " + detail::count_of(hits, "hit"),
            std::move(recs));
  if (hits <= 0) return true;
  apply_hits(s, charger, aim, hits, log, what);
  if (!unit_at(s, charger).on_table()) return false;
  std::vector<int> counts(unit_at(s, charger).stands.size(), 0);
  counts[z(aim)] = hits;
  const MoraleResult r =
      test_morale(s, charger, counts, block(s, target).centre, true, dice, log, what);
  return r == MoraleResult::kPass || r == MoraleResult::kFanatic1 || r == MoraleResult::kFanatic2;
}

// FD-43: a cavalry charger whose target is not straight ahead within its charge rate makes
// its one wheel toward it (detail::charge_wheel) and has half its rate left (§4.5); returns
// the rate (mm) left for the straight run and the wheel made (0 for none).
std::pair<double, double> wheel_into_charge(FdState& s, int charger, int target) {
  const double rate = s.mm(charge_rate_yd(s, charger));
  if (reach_mm(s, charger, target, rate) >= 0) return {rate, 0.0};
  const std::optional<detail::ChargeWheel> w = detail::charge_wheel(s, charger, target);
  if (!w) return {rate, 0.0};
  detail::rigid_move(s, charger, w->pivot, w->turn_deg, {});
  return {rate / 2, w->turn_deg};
}

// FD-44: how far a counter-charger advances to meet a charge `gap_mm` away: half the gap,
// at most its charge rate.
double counter_charge_mm(const FdState& s, int unit, double gap_mm) {
  return std::min(s.mm(charge_rate_yd(s, unit)), gap_mm / 2);
}

// §8.16 contact: the charger lines up on the target, sliding along its edge clear of other
// units (detail::line_up); if no place on the edge is clear, it goes straight ahead into
// contact instead; if that would overlap too, or meets nothing, it stays where it is and
// the charge fails (false), as a charge that cannot make contact (§8.15).
bool make_contact(FdState& s, int charger, int target, double rate_mm) {
  const std::vector<Stand> before = unit_at(s, charger).stands;
  if (detail::line_up(s, charger, target)) return true;
  const double gap = reach_mm(s, charger, target, rate_mm);
  if (gap >= 0) {
    advance(s, charger, gap);
    if (!detail::overlaps_other_unit(s, charger) && !stand_contacts(s, charger, target).empty()) {
      return true;
    }
  }
  s.force.units[z(charger)].stands = before;
  return false;
}

}  // namespace

double charge_rate_yd(const FdState& s, int unit) {
  const Unit& u = unit_at(s, unit);
  if (u.arm == Arm::kCavalry && u.formation != "open-order") return kCavalryChargeYd;
  if (u.arm == Arm::kFoot || u.arm == Arm::kCavalry) return kInfantryChargeYd;
  return 0;
}

bool charge_needs_morale_test(const FdState& s, int charger) {
  return s.units[z(charger)].rating == 0;
}

std::optional<std::string> charge_invalid(const FdState& s, int charger, int target,
                                          bool check_orders) {
  const int n = static_cast<int>(s.force.units.size());
  if (charger < 0 || charger >= n || target < 0 || target >= n) return "no such unit (§8.11)";
  const Unit& c = unit_at(s, charger);
  const Unit& t = unit_at(s, target);
  const UnitState& cs = s.units[z(charger)];
  if (c.side == t.side) return "a charge must be declared against an enemy unit (§8.11)";
  if (!c.on_table() || c.status == UnitStatus::kRouted || cs.surrendered) {
    return "the charger is not in good order";
  }
  if (!t.on_table() || s.units[z(target)].surrendered) return "the target is not on the table";
  if (retiring(s, charger)) return "shattered units retiring do not charge (FD-58)";
  const double rate = charge_rate_yd(s, charger);
  if (rate <= 0) return "artillery and wagons do not charge (§8.1)";
  if (cs.halted(s.turn)) return "halted units may not charge (FD-25)";
  if (cs.disordered_until >= s.turn) return "disordered units may not charge (FD-26)";
  if (!cs.engaged_with.empty()) return "engaged units may not charge (§8.45)";
  // §8.12: skirmishers charge skirmishers (and crews, §8.43) and objective zones (FD-49:
  // troops occupying one), not close-order units in the field.
  const bool objective = occupies_zone(s, target);
  if (objective && !may_charge_objective(s, charger)) {
    return "only skirmishers, cavalry and close-order infantry may charge an objective (FD-49)";
  }
  if (is_skirmisher(s, charger) && !is_skirmisher(s, target) && t.arm != Arm::kArtillery &&
      !objective) {
    return "skirmishers may not charge close-order units outside an objective zone (§8.12, "
           "FD-49)";
  }
  if (check_orders && !may_charge(s, charger, target)) {
    return "the unit's orders forbid the charge (FD-52, §2.34)";
  }
  if (reach_mm(s, charger, target, s.mm(rate)) >= 0) return std::nullopt;
  if (c.arm == Arm::kCavalry && s.options.cavalry_charge_wheel) {  // FD-43: one wheel, ½
    const Rect b = block(s, charger);
    for (const Stand& st : t.stands) {
      if (live(st) && distance(b, st.rect) <= s.mm(rate / 2) + 1e-6) return std::nullopt;
    }
  }
  return "the target is not within the charge rate straight ahead (FD-43)";
}

MeleeBook charge_moves(FdState& s, const std::vector<ChargeDeclaration>& charges, Chance& dice,
                       EventLog& log) {
  MeleeBook book;
  for (const ChargeDeclaration& d : charges) {
    if (const auto why = charge_invalid(s, d.charger, d.target)) {
      log_event(log, s, EventKind::kCharge, d.charger, d.target, "charge refused: " + *why);
      continue;
    }
    const auto [rate, wheel] = wheel_into_charge(s, d.charger, d.target);
    if (wheel != 0) {
      log_event(log, s, EventKind::kCharge, d.charger, d.target,
                unit_at(s, d.charger).id + " wheels " +
                    std::to_string(static_cast<int>(std::lround(std::fabs(wheel)))) + "° " +
                    (wheel > 0 ? "right" : "left") + " toward " + unit_at(s, d.target).id +
                    ", its charge rate halved to " +
                    std::to_string(static_cast<int>(std::lround(s.yd(rate)))) +
                    " yd (§4.5, FD-43)");
    }
    book.charged.push_back(d.charger);
    double gap = reach_mm(s, d.charger, d.target, rate);
    const bool frontal = detail::attacked_zone(s, d.charger, d.target) == Zone::kFront;
    // FD-44: a counter-charger moves toward the charger at the same time.
    const bool counter =
        d.counter_charge && frontal && !counter_charge_invalid(s, d.target, d.charger);
    if (counter) {
      advance(s, d.target, detail::clear_run_mm(s, d.target, counter_charge_mm(s, d.target, gap)));
      book.charged.push_back(d.target);
      gap = reach_mm(s, d.charger, d.target, rate);
      log_event(log, s, EventKind::kCharge, d.target, d.charger,
                unit_at(s, d.target).id + " counter-charges to meet " + unit_at(s, d.charger).id +
                    " (§8.2a, FD-44)");
    }
    if (gap < 0) {  // §8.15: failed to reach (a wheel or terrain)
      advance(s, d.charger, detail::clear_run_mm(s, d.charger, rate));
      log_event(log, s, EventKind::kCharge, d.charger, d.target,
                unit_at(s, d.charger).id + " fails to reach " + unit_at(s, d.target).id);
      std::vector<int> none(unit_at(s, d.charger).stands.size(), 0);
      test_morale(s, d.charger, none, block(s, d.target).centre, true, dice, log,
                  "failed to contact, §8.15");
      continue;
    }
    // §8.2c: decided before held fire clears the gun's mark (§6.4d); a unit already
    // fighting a melee this turn stays.
    const bool in_melee = std::any_of(book.melees.begin(), book.melees.end(), [&](const Melee& o) {
      return o.charger == d.target || o.target == d.target;
    });
    const bool may_flee = !counter && !in_melee && may_evade(s, d.target);
    const double stop = s.mm(s.options.held_fire_range_yd);
    if (!counter && frontal && gap > stop) {
      advance(s, d.charger, detail::clear_run_mm(s, d.charger, gap - stop));
      if (!fire_before_contact(s, d.charger, d.target, dice, log)) continue;
    }
    if (!make_contact(s, d.charger, d.target, rate)) {
      log_event(log, s, EventKind::kCharge, d.charger, d.target,
                unit_at(s, d.charger).id + " cannot reach " + unit_at(s, d.target).id +
                    ": other stands are in the way (§8.16)");
      std::vector<int> none(unit_at(s, d.charger).stands.size(), 0);
      test_morale(s, d.charger, none, block(s, d.target).centre, true, dice, log,
                  "failed to contact, §8.15");
      continue;
    }
    Melee m;
    m.charger = d.charger;
    m.target = d.target;
    m.contacts = stand_contacts(s, d.charger, d.target);
    m.flank = detail::extends_behind_rear(s, d.charger, d.target);
    log_event(log, s, EventKind::kCharge, d.charger, d.target,
              unit_at(s, d.charger).id + " charges into contact with " + unit_at(s, d.target).id +
                  (m.flank ? " (flank contact, §8.19)" : ""));
    if (m.contacts.empty()) continue;
    if (may_flee && chooses_to_evade(s, m, book)) {
      const double yd = evade_yd(s, d.target);
      log_event(log, s, EventKind::kCharge, d.target, d.charger,
                unit_at(s, d.target).id +
                    (unit_at(s, d.target).arm == Arm::kArtillery ? "'s crew flee" : " flee") +
                    " the charge of " + unit_at(s, d.charger).id + " rather than fight (§8.2c, " +
                    std::to_string(static_cast<int>(yd)) + " yd at the skirmish rate)");
      abandon_guns(s, d.target, log);  // §5.5: a crew flees without its guns (FD-19)
      flee(s, d.target, block(s, d.charger).centre, true, log, yd);
      continue;
    }
    book.melees.push_back(std::move(m));
  }
  return book;
}

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
  const double want = counter_charge_mm(s, unit, gap);
  if (detail::clear_run_mm(s, unit, want) < want - 1e-6) {
    return "other stands are in the way (FD-44)";
  }
  return std::nullopt;
}

ChargePrediction predict_charge(const FdState& s, int charger, int target) {
  ChargePrediction p;
  const double rate = charge_rate_yd(s, charger);
  if (rate <= 0 || !unit_at(s, charger).on_table() || !unit_at(s, target).on_table()) return p;
  FdState c = s;
  const double run = wheel_into_charge(c, charger, target).first;  // FD-43
  const double gap = reach_mm(c, charger, target, run);
  if (gap < 0) return p;
  p.reaches = true;
  p.gap_yd = c.yd(gap);
  p.frontal = detail::attacked_zone(c, charger, target) == Zone::kFront;
  const double stop = c.mm(c.options.held_fire_range_yd);
  if (p.frontal && gap > stop) advance(c, charger, detail::clear_run_mm(c, charger, gap - stop));
  p.aim = {charger, nearest_stand(c, charger, target)};
  if (p.frontal && p.aim.stand >= 0) {
    p.fpf_stands = static_cast<int>(firing_stands(c, target, p.aim).size());
    if (unit_at(c, target).arm == Arm::kArtillery) p.held_fire = held_fire_rolls(c, target, p.aim);
  }
  if (!make_contact(c, charger, target, run)) return p;  // blocked: no contacts
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
