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
  const int aim = nearest_stand(s, charger, target);
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

// Whether a live stand of `u` overlaps a live stand of any unit but `u` and `except`.
bool overlaps_others(const FdState& s, int u, int except) {
  for (const Stand& a : unit_at(s, u).stands) {
    if (!live(a)) continue;
    for (int o = 0; o < static_cast<int>(s.force.units.size()); ++o) {
      if (o == u || o == except || !unit_at(s, o).on_table()) continue;
      for (const Stand& b : unit_at(s, o).stands) {
        if (live(b) && overlaps(a.rect, b.rect, kContactTolMm)) return true;
      }
    }
  }
  return false;
}

// §8.16: turn and place the charger with its front edge on the attacked edge of the target.
// The charger is centred on a front edge (or keeps its offset on a flank or rear edge); if
// that puts it on a third unit's stands it slides along the edge, 1 yd at a time, to the
// nearest place where it still touches the target and overlaps nobody. False (the charger
// left where it was) when there is none: other stands block the charge.
bool line_up(FdState& s, int charger, int target) {
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
  const std::vector<Stand> before = unit_at(s, charger).stands;
  // Offsets keeping at least 1 yd of the charger's front on the target's edge.
  const double reach = half_edge + c.width / 2 - s.mm(1);
  const double step = s.mm(1);
  for (int k = 0; k * step <= 2 * reach; ++k) {
    for (int sign : {1, -1}) {
      if (k == 0 && sign < 0) continue;
      const double off = lateral + sign * k * step;
      if (std::fabs(off) > reach) continue;
      move_unit(s, charger, pivot, turn, edge_centre + e * off - pivot);
      if (!overlaps_others(s, charger, target)) return true;
      s.force.units[z(charger)].stands = before;
    }
  }
  return false;
}

// Advances `u` straight ahead up to `mm`, stopping where it would first overlap a stand of
// a unit other than itself and `except` (the charge's opponent); returns the distance
// moved. Charges move as rigid blocks, so a wide line charging a narrow target may be held
// up by the target's neighbours.
double clear_advance(FdState& s, int u, double mm, int except) {
  const std::vector<Stand> start = unit_at(s, u).stands;
  auto try_at = [&](double t) {
    s.force.units[z(u)].stands = start;
    advance(s, u, t);
    return !overlaps_others(s, u, except);
  };
  const double step = s.mm(1);
  double ok = 0;
  double bad = -1;
  for (double t = std::min(step, mm);; t = std::min(t + step, mm)) {
    if (!try_at(t)) {
      bad = t;
      break;
    }
    ok = t;
    if (t >= mm) break;
  }
  if (bad > 0) {
    for (int k = 0; k < 20; ++k) {
      const double mid = (ok + bad) / 2;
      (try_at(mid) ? ok : bad) = mid;
    }
  }
  s.force.units[z(u)].stands = start;
  advance(s, u, ok);
  return ok;
}

// FD-44: how far a counter-charger advances to meet a charge `gap_mm` away: half the gap,
// at most its charge rate.
double counter_charge_mm(const FdState& s, int unit, double gap_mm) {
  return std::min(s.mm(charge_rate_yd(s, unit)), gap_mm / 2);
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
  const double rate = charge_rate_yd(s, charger);
  if (rate <= 0) return "artillery and wagons do not charge (§8.1)";
  if (cs.halted(s.turn)) return "halted units may not charge (FD-25)";
  if (cs.disordered_until >= s.turn) return "disordered units may not charge (FD-26)";
  if (!cs.engaged_with.empty()) return "engaged units may not charge (§8.45)";
  if (is_skirmisher(s, charger) && !is_skirmisher(s, target) && t.arm != Arm::kArtillery) {
    return "skirmishers may not charge close-order units (§8.12)";
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
    const bool counter =
        d.counter_charge && frontal && !counter_charge_invalid(s, d.target, d.charger);
    if (counter) {
      clear_advance(s, d.target, counter_charge_mm(s, d.target, gap), d.charger);
      book.charged.push_back(d.target);
      gap = reach_mm(s, d.charger, d.target, rate);
      log_event(log, s, EventKind::kCharge, d.target, d.charger,
                unit_at(s, d.target).id + " counter-charges to meet " + unit_at(s, d.charger).id +
                    " (§8.2a, FD-44)");
    }
    if (gap < 0) {  // §8.15: failed to reach (a wheel or terrain)
      clear_advance(s, d.charger, rate, -1);
      log_event(log, s, EventKind::kCharge, d.charger, d.target,
                unit_at(s, d.charger).id + " fails to reach " + unit_at(s, d.target).id);
      std::vector<int> none(unit_at(s, d.charger).stands.size(), 0);
      test_morale(s, d.charger, none, block(s, d.target).centre, true, dice, log,
                  "failed to contact, §8.15");
      continue;
    }
    const double stop = s.mm(s.options.held_fire_range_yd);
    if (!counter && frontal && gap > stop) {
      clear_advance(s, d.charger, gap - stop, d.target);
      if (!fire_before_contact(s, d.charger, d.target, dice, log)) continue;
    }
    if (!line_up(s, d.charger, d.target)) {
      log_event(log, s, EventKind::kCharge, d.charger, d.target,
                unit_at(s, d.charger).id + "'s charge on " + unit_at(s, d.target).id +
                    " is blocked by other stands and stops short (§8.16)");
      continue;
    }
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
  if (s.options.tactical_chits && !chit_allows(default_chit(s), ChitAction::kCounterCharge)) {
    return "only a C chit may counter-charge (§2.5, FD-55)";
  }
  if (attacked_zone(s, charger, unit) != Zone::kFront) {
    return "only a charge on the unit's front can be met (FD-44)";
  }
  const double gap = reach_mm(s, charger, unit, s.mm(charge_rate_yd(s, charger)));
  if (gap < 0) return "the charge does not reach the unit (§8.15)";
  if (reach_mm(s, unit, charger, s.mm(rate) + gap) < 0) {
    return "the charger is not straight ahead of the unit (FD-44)";
  }
  FdState moved = s;
  advance(moved, unit, counter_charge_mm(s, unit, gap));
  if (overlaps_others(moved, unit, charger)) return "other stands are in the way (FD-44)";
  return std::nullopt;
}

ChargePrediction predict_charge(const FdState& s, int charger, int target) {
  ChargePrediction p;
  const double rate = charge_rate_yd(s, charger);
  if (rate <= 0 || !unit_at(s, charger).on_table() || !unit_at(s, target).on_table()) return p;
  FdState c = s;
  const double gap = reach_mm(c, charger, target, c.mm(rate));
  if (gap < 0) return p;
  p.reaches = true;
  p.gap_yd = c.yd(gap);
  p.frontal = attacked_zone(c, charger, target) == Zone::kFront;
  const double stop = c.mm(c.options.held_fire_range_yd);
  if (p.frontal && gap > stop) clear_advance(c, charger, gap - stop, target);
  p.aim = {charger, nearest_stand(c, charger, target)};
  if (p.frontal && p.aim.stand >= 0) {
    p.fpf_stands = static_cast<int>(firing_stands(c, target, p.aim).size());
  }
  if (!line_up(c, charger, target)) return p;  // blocked: no contacts
  p.contacts = stand_contacts(c, charger, target);
  p.flank = extends_behind_rear(c, charger, target);
  return p;
}

}  // namespace smoothbore::fire_and_discipline
