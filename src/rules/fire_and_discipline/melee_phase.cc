#include "rules/fire_and_discipline/melee_phase.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/fire_targets.h"

namespace smoothbore::fire_and_discipline {
namespace {

std::size_t z(int i) { return static_cast<std::size_t>(i); }
const Unit& unit_at(const FdState& s, int u) { return s.force.units[z(u)]; }
bool live(const Stand& st) { return !st.removed && st.castings > 0; }

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

// Rigid motion of every stand of `u`: rotate by `turn_deg` about `pivot`, then translate.
void move_unit(FdState& s, int u, Vec2 pivot, double turn_deg, Vec2 shift) {
  const double rad = turn_deg * std::numbers::pi / 180.0;
  const double c = std::cos(rad);
  const double sn = std::sin(rad);
  for (Stand& st : s.force.units[z(u)].stands) {
    const Vec2 d = st.rect.centre - pivot;
    // Compass bearings turn clockwise: (x, y) → (x cos + y sin, −x sin + y cos).
    const Vec2 r{d.x * c + d.y * sn, -d.x * sn + d.y * c};
    st.rect.centre = pivot + r + shift;
    st.rect.facing = normalize_bearing(st.rect.facing + turn_deg);
  }
}

void advance(FdState& s, int u, double mm) {
  move_unit(s, u, Vec2{}, 0, block(s, u).forward() * mm);
}

void log_event(EventLog& log, const FdState& s, EventKind k, int unit, int target, std::string text,
               std::vector<RollRecord> rolls = {}) {
  Event e;
  e.kind = k;
  e.turn = s.turn;
  e.phase = k == EventKind::kMelee ? "VII melee" : "VI.2 charge movement";
  e.side = s.force.sides[z(unit_at(s, unit).side)].id;
  e.unit = unit_at(s, unit).id;
  if (target >= 0) e.target = unit_at(s, target).id;
  e.text = std::move(text);
  e.rolls = std::move(rolls);
  log.append(std::move(e));
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

// Fire at the charger before contact (§7.7 FPF, §8.5d / FD-56 held artillery fire).
// Returns false if the charge stops.
bool fire_before_contact(FdState& s, int charger, int target, Chance& dice, EventLog& log) {
  UnitState& ts = s.units[z(target)];
  const Unit& tu = unit_at(s, target);
  if (!tu.on_table() || ts.halted(s.turn) || !unit_at(s, charger).on_table()) return true;
  // Nearest charger stand to the target (the stand the fire falls on).
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
  if (aim < 0) return true;
  int hits = 0;
  RollRecord rec;
  std::string what;
  if (tu.arm == Arm::kArtillery) {
    if (!ts.hold_fire || tu.formation != "unlimbered") return true;
    const ArtillerySituation a = held_fire_situation(s, target, charger);
    if (ts.canister > 0) {
      --ts.canister;
    } else if (ts.ball > 0) {
      --ts.ball;
    } else {
      return true;
    }
    hits = resolve_artillery(a, dice, &rec);
    ts.hold_fire = false;
    what = "held artillery fire (§8.5d, FD-56)";
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
    hits = resolve_musketry(m, dice, &rec);
    ts.last_target_unit = charger;
    ts.last_target_turn = s.turn;
    what = "Final Protective Fire (§7.7)";
  }
  log_event(log, s, EventKind::kFire, target, charger,
            tu.id + " " + what + ": " + std::to_string(hits) + " hits", {rec});
  if (hits <= 0) return true;
  apply_hits(s, charger, aim, hits, log, what);
  if (!unit_at(s, charger).on_table()) return false;
  std::vector<int> counts(unit_at(s, charger).stands.size(), 0);
  counts[z(aim)] = hits;
  const MoraleResult r =
      test_morale(s, charger, counts, block(s, target).centre, true, dice, log, what);
  return r == MoraleResult::kPass || r == MoraleResult::kFanatic1 || r == MoraleResult::kFanatic2;
}

// The edge of the target the charger attacks: the front if any part of the charger's front
// edge lies in the target's front zone, else the rear likewise, else the flank of its centre.
Zone attacked_zone(const FdState& s, int charger, int target) {
  const Rect c = block(s, charger);
  const Rect t = block(s, target);
  const Segment f = c.front_edge();
  bool rear = false;
  for (int i = 0; i <= 8; ++i) {
    const Vec2 p = f.a + (f.b - f.a) * (i / 8.0);
    const Zone zn = zone_of(t, p);
    if (zn == Zone::kFront) return zn;
    rear = rear || zn == Zone::kRear;
  }
  return rear ? Zone::kRear : zone_of(t, c.front_centre());
}

// §8.16: turn and place the charger with its front edge on the attacked edge of the target.
void line_up(FdState& s, int charger, int target) {
  const Rect c = block(s, charger);
  const Rect t = block(s, target);
  const Zone zone = attacked_zone(s, charger, target);
  Vec2 n = t.forward();  // outward normal of the attacked edge
  double half_edge = t.width / 2;
  double half_depth_along_n = t.depth / 2;
  if (zone == Zone::kRear) {
    n = t.forward() * -1.0;
  } else if (zone == Zone::kLeftFlank || zone == Zone::kRightFlank) {
    n = zone == Zone::kRightFlank ? t.right() : t.right() * -1.0;
    half_edge = t.depth / 2;
    half_depth_along_n = t.width / 2;
  }
  const Vec2 e{n.y, -n.x};  // along the edge
  const Vec2 edge_centre = t.centre + n * half_depth_along_n;
  double lateral = 0;
  if (zone != Zone::kFront) {
    lateral = std::clamp((c.front_centre() - edge_centre).dot(e), -half_edge, half_edge);
  }
  const double new_facing = bearing_of(n * -1.0);
  const double turn = normalize_bearing(new_facing - c.facing + 180.0) - 180.0;
  const Vec2 pivot = c.front_centre();
  const Vec2 goal = edge_centre + e * lateral;
  move_unit(s, charger, pivot, turn, goal - pivot);
}

bool extends_behind_rear(const FdState& s, int charger, int target) {
  const Rect t = block(s, target);
  const double rear = -t.depth / 2 - kContactTolMm;
  for (const Stand& st : unit_at(s, charger).stands) {
    if (!live(st)) continue;
    for (const Vec2& p : st.rect.corners()) {
      if ((p - t.centre).dot(t.forward()) < rear) return true;
    }
  }
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

std::optional<std::string> charge_invalid(const FdState& s, int charger, int target) {
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
  const double rate = charge_rate_yd(s, charger);
  if (rate <= 0) return "artillery and wagons do not charge (§8.1)";
  if (cs.halted(s.turn)) return "halted units may not charge (FD-25)";
  if (cs.disordered_until >= s.turn) return "disordered units may not charge (FD-26)";
  if (!cs.engaged_with.empty()) return "engaged units may not charge (§8.45)";
  if (is_skirmisher(s, charger) && !is_skirmisher(s, target) && t.arm != Arm::kArtillery) {
    return "skirmishers may not charge close-order units (§8.12)";
  }
  if (!may_charge(s, charger, target)) return "the unit's orders forbid the charge (FD-52, §2.34)";
  if (reach_mm(s, charger, target, s.mm(rate)) >= 0) return std::nullopt;
  if (c.arm == Arm::kCavalry && s.options.cavalry_charge_wheel) {  // FD-43: one wheel, ½
    const Rect b = block(s, charger);
    for (const Stand& st : t.stands) {
      if (live(st) && distance(b, st.rect) <= s.mm(rate / 2) + 1e-6) return std::nullopt;
    }
  }
  return "the target is not within the charge rate straight ahead (FD-43)";
}

std::vector<StandContact> stand_contacts(const FdState& s, int a, int b) {
  std::vector<StandContact> out;
  const Unit& ua = unit_at(s, a);
  const Unit& ub = unit_at(s, b);
  for (int i = 0; i < static_cast<int>(ua.stands.size()); ++i) {
    if (!live(ua.stands[z(i)])) continue;
    for (int j = 0; j < static_cast<int>(ub.stands.size()); ++j) {
      if (!live(ub.stands[z(j)])) continue;
      if (distance(ua.stands[z(i)].rect, ub.stands[z(j)].rect) <= kContactTolMm) {
        out.push_back({{a, i}, {b, j}});
      }
    }
  }
  return out;
}

MeleeBook charge_moves(FdState& s, const std::vector<ChargeDeclaration>& charges, Chance& dice,
                       EventLog& log) {
  MeleeBook book;
  for (const ChargeDeclaration& d : charges) {
    if (const auto why = charge_invalid(s, d.charger, d.target)) {
      log_event(log, s, EventKind::kCharge, d.charger, d.target, "charge refused: " + *why);
      continue;
    }
    const double rate = s.mm(charge_rate_yd(s, d.charger));
    book.charged.push_back(d.charger);
    double gap = reach_mm(s, d.charger, d.target, rate);
    const bool frontal = attacked_zone(s, d.charger, d.target) == Zone::kFront;
    // FD-44: a counter-charger moves toward the charger at the same time.
    const bool counter = d.counter_charge && s.options.counter_charge == "meet" &&
                         may_counter_charge(s, d.target, d.charger) &&
                         !s.units[z(d.target)].halted(s.turn) && frontal;
    if (counter && gap > 0) {
      const double t_rate = s.mm(charge_rate_yd(s, d.target));
      const double t_gap = reach_mm(s, d.target, d.charger, t_rate + gap);
      if (t_gap >= 0) {
        const double t_move = std::min(t_rate, gap / 2);
        advance(s, d.target, t_move);
        book.charged.push_back(d.target);
        gap = reach_mm(s, d.charger, d.target, rate);
      }
    }
    if (gap < 0) {  // §8.15: failed to reach (a wheel or terrain)
      advance(s, d.charger, rate);
      log_event(log, s, EventKind::kCharge, d.charger, d.target,
                unit_at(s, d.charger).id + " fails to reach " + unit_at(s, d.target).id);
      std::vector<int> none(unit_at(s, d.charger).stands.size(), 0);
      test_morale(s, d.charger, none, block(s, d.target).centre, true, dice, log,
                  "failed to contact, §8.15");
      continue;
    }
    const double stop = s.mm(s.options.held_fire_range_yd);
    if (!counter && frontal && gap > stop) {
      advance(s, d.charger, gap - stop);
      if (!fire_before_contact(s, d.charger, d.target, dice, log)) continue;
    }
    line_up(s, d.charger, d.target);
    Melee m;
    m.charger = d.charger;
    m.target = d.target;
    m.contacts = stand_contacts(s, d.charger, d.target);
    m.flank = extends_behind_rear(s, d.charger, d.target);
    log_event(log, s, EventKind::kCharge, d.charger, d.target,
              unit_at(s, d.charger).id + " charges into contact with " + unit_at(s, d.target).id +
                  (m.flank ? " (flank contact, §8.19)" : ""));
    if (!m.contacts.empty()) book.melees.push_back(std::move(m));
  }
  return book;
}

}  // namespace smoothbore::fire_and_discipline
