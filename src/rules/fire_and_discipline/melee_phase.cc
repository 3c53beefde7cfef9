// Phase VI charge movement of Fire and Discipline (000.md §8.1-§8.2, §7.7, FD-43..FD-46,
// FD-56): the charge rate, the morale test to charge, a charge's validity, and the charge
// moves themselves with fire before contact. How a charge reaches its target, the FD-44
// counter-charge test and the charge prediction are in melee_phase_reach.cc.
#include "rules/fire_and_discipline/melee_phase.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "rules/battle.h"
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

using detail::block;
using detail::counter_charge_mm;
using detail::live;
using detail::make_contact;
using detail::nearest_stand;
using detail::reach_mm;
using detail::unit_at;
using detail::wheel_into_charge;
using detail::z;

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
  const MoraleResult r =
      resolve_morale(morale_situation(s, unit, stand), dice, record_for(log, rec));
  if (!counted_quietly(log, EventKind::kMorale)) {
    log_event(
        log, s, EventKind::kMorale, unit, -1,
        unit_at(s, unit).id + " tests morale (" + why + "): " + std::string(morale_result_name(r)),
        {rec});
  }
  apply_morale_result(s, unit, r, cause, before_movement, log);
  return r;
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
      hits += resolve_artillery(a, dice, record_for(log, rec));
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
    touch_unit(s, target);
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
    hits = resolve_musketry(m, dice, record_for(log, rec));
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

}  // namespace smoothbore::fire_and_discipline
