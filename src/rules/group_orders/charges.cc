// Moves the rules force on a unit: a charge into contact (H4-08) with the charged Group's
// test on contact (H4-09), the rout move to the table edge (L26-L29, H4-03) and the fall
// back of a morale result (L222-L228, H4-14).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/group_orders.h"
#include "rules/group_orders/resolution_util.h"

namespace smoothbore::group_orders {

// H4-08: the charger moves into contact up to its maximum speed; with `conforms` its front
// edge meets the face of the target it comes at (front, flank or rear).
void BattleGO::charge_move(int unit, int target, EventLog& log) {
  Unit& u = force_.units[unit];
  const Rect me = u.footprint(), tr = force_.units[target].footprint();
  Rect contact = me;
  const Zone z = zone_of(tr, me.centre);
  const double half = me.depth / 2;
  if (z == Zone::kFront) {
    contact.facing = normalize_bearing(tr.facing + 180);
    contact.centre = tr.front_centre() + tr.forward() * half;
  } else if (z == Zone::kRear) {
    contact.facing = tr.facing;
    contact.centre = tr.centre - tr.forward() * (tr.depth / 2 + half);
  } else {
    const double s = z == Zone::kRightFlank ? 1.0 : -1.0;
    contact.facing = normalize_bearing(tr.facing - s * 90);
    contact.centre = tr.centre + tr.right() * (s * (tr.width / 2 + half));
  }
  if (!step_options_.charger_conforms) {
    contact.facing = me.facing;
    contact.centre =
        me.centre + (tr.centre - me.centre).normalized() * std::max(0.0, distance(me, tr) - 0.1);
  }
  const double need = distance(me.centre, contact.centre) / kCm;
  const double reach = max_speed_cm(unit) * terrain_factor(unit, terrain_type(me.centre));
  contact.centre = contact.centre - contact.forward() * 0.2;  // touching, not overlapping
  if (need > reach + 2 || !place_ok(unit, contact, target)) {
    // Short of contact the charger goes toward the target as far as it may, stopping where
    // it would overlap any unit, the target too: ignoring the target here let it ride into
    // it (b-native-cav into r-pindaris, battle.toml seed 19, random commanders).
    travel(unit, tr.centre, max_speed_cm(unit), false, -1);
    if (!counted_quietly(log, EventKind::kCharge)) {
      log.append(make_event(
          EventKind::kCharge, unit,
          fmt::format("{} charges {} but cannot reach contact", name(unit), name(target))));
    }
    return;
  }
  u.stands.front().rect = contact;
  placed(unit);
  state_[unit].moved_cm += need;
  state_[target].charged = true;
  if (!counted_quietly(log, EventKind::kCharge)) {
    Event e = make_event(EventKind::kCharge, unit,
                         fmt::format("{} charges into contact with {} ({} {:.0f} cm, H4-08)",
                                     name(unit), name(target), zone_name(z), need));
    e.target = force_.units[target].id;
    log.append(std::move(e));
  }
  // H4-09: the charged Group tests at once, with the "being charged" modifiers.
  if (!step_options_.charged_test_on_contact || !active(target)) return;
  const Unit& t = force_.units[target];
  const bool open = terrain_type(t.footprint().centre) == 0;
  const bool higher = melee_factor(u.type, t.type) > melee_factor(t.type, u.type);
  const bool by_cavalry_open = u.arm == Arm::kCavalry && open &&
                               (t.type == "militia" || (light(target) && t.arm == Arm::kFoot));
  const bool flank_rear = z != Zone::kFront;
  group_test(
      state_[target].group, fmt::format("charged by {}, H4-09", name(unit)),
      [&](MoraleSituation& s) {
        s.higher_factor_charge = higher;
        s.charged_by_cavalry_open = by_cavalry_open;
        s.charged_flank_rear = flank_rear;
      },
      log);
}

// L27, H4-03: the first move at the rout rate (1.5 x maximum speed), later ones at maximum
// speed +2 cm, toward the side's own table edge; off the table the unit is lost.
void BattleGO::rout_move(int unit, bool first, EventLog& log) {
  Unit& u = force_.units[unit];
  const double speed = first
                           ? max_speed_cm(unit) * step_options_.rout_rate
                           : max_speed_cm(unit) + row("units.movement", "rout-later").number("cm");
  const Edge edge = force_.sides[u.side].home_edge;
  const Vec2 home = bearing_vector(edge_bearing(edge));
  Rect r = u.footprint();
  Rect turned = r;
  turned.facing = edge_bearing(edge);
  if (place_ok(unit, turned, -1)) {
    u.stands.front().rect = r = turned;
    placed(unit);
  }
  double to_edge = 0;
  for (const Vec2& c : r.corners()) {
    const double d = edge == Edge::kSouth   ? c.y
                     : edge == Edge::kNorth ? scenario_.table.height() - c.y
                     : edge == Edge::kWest  ? c.x
                                            : scenario_.table.width() - c.x;
    to_edge = std::max(to_edge, d);
  }
  if (to_edge <= speed * kCm) {
    remove_unit(unit, UnitStatus::kOffTable,
                fmt::format("routs {:.0f} cm off the table edge and is lost (L27)", speed), log);
    return;
  }
  double moved = travel(unit, r.centre + home * (speed * kCm), speed, true);
  if (moved < speed - 0.5) moved += file_through_gap(unit, speed - moved, log);
  if (counted_quietly(log, EventKind::kRout)) return;
  Event e = make_event(EventKind::kRout, unit,
                       fmt::format("{} routs {:.1f} cm toward the table edge ({})", name(unit),
                                   moved, first ? "rout rate, H4-03" : "speed +2 cm, L27"));
  e.data = {{"distance_cm", Value(moved)}};
  log.append(std::move(e));
}

// L29: routing stands "may move as separate units ... to pass through gaps etc., but must
// keep contact with each other": a router blocked by other units (never through them, H4-14)
// files through the nearest gap that lets it on, its stands one behind the other (a file one
// stand wide; guns limbered), stepping sideways at most 10 cm (the step costs its length)
// and going on
// toward the edge with what is left of `budget_cm`. Returns the cm it went (0: no gap).
double BattleGO::file_through_gap(int unit, double budget_cm, EventLog& log) {
  Unit& u = force_.units[unit];
  const Unit before = u;
  const double moved_before = state_[unit].moved_cm;
  const Vec2 home = bearing_vector(edge_bearing(force_.sides[u.side].home_edge));
  const Rect r0 = u.footprint();
  const Vec2 side = Vec2{home.y, -home.x};  // across the line of flight
  set_formation(unit, u.arm == Arm::kArtillery ? "limbered" : "column-deep");
  const Rect file = ruleset().layout(u, r0.centre, r0.facing).front().rect;
  for (int k = 0; k <= 20; ++k) {
    const double off = (k % 2 == 1 ? 1.0 : -1.0) * ((k + 1) / 2) * kCm;
    const double step = std::abs(off) / kCm;
    if (step >= budget_cm) break;
    Rect at = file;
    at.centre = r0.centre + side * off;
    if (!place_ok(unit, at, -1)) continue;
    u.stands.front().rect = at;
    placed(unit);
    const double on =
        travel(unit, at.centre + home * ((budget_cm - step) * kCm), budget_cm - step, true);
    if (on > 1.0) {  // through: the file got on past where the block stopped it
      state_[unit].moved_cm = moved_before + step + on;
      if (!counted_quietly(log, EventKind::kFormation)) {
        log.append(make_event(EventKind::kFormation, unit,
                              fmt::format("{} files through a gap as it routs (L29)", name(unit))));
      }
      return step + on;
    }
    u.stands = before.stands;
    placed(unit);
    state_[unit].moved_cm = moved_before;
  }
  u = before;
  set_formation(unit, before.formation);
  placed(unit);
  state_[unit].moved_cm = moved_before;
  return 0;
}

// H4-14: directly away from the nearest enemy, keeping facing; blocked by friends or the edge
// it stops; blocked by enemy it is destroyed (option stop: it stops).
void BattleGO::fall_back(int unit, double cm, EventLog& log) {
  Unit& u = force_.units[unit];
  const int e = nearest_enemy(unit);
  const Vec2 c0 = u.footprint().centre;
  Vec2 away = bearing_vector(edge_bearing(force_.sides[u.side].home_edge));
  if (e >= 0) away = (c0 - force_.units[e].footprint().centre).normalized();
  const double moved = travel(unit, c0 + away * (cm * kCm), cm, true);
  bool enemy_blocks = false;
  if (moved < cm - 0.6) {
    Rect next = u.footprint();
    next.centre = next.centre + away * kCm;
    for (int o : near(next.bounds())) {  // overlapping footprints have meeting boxes
      const std::size_t j = static_cast<std::size_t>(o);
      if (force_.units[j].side != u.side && force_.units[j].on_table() &&
          overlaps(next, force_.units[j].footprint(), 0.01)) {
        enemy_blocks = true;
      }
    }
  }
  if (!counted_quietly(log, EventKind::kMove)) {
    Event ev =
        make_event(EventKind::kMove, unit,
                   fmt::format("{} falls back {:.1f} of {:.0f} cm (H4-14)", name(unit), moved, cm));
    ev.data = {{"distance_cm", Value(moved)}};
    log.append(std::move(ev));
  }
  if (enemy_blocks && step_options_.fall_back_enemy_destroys) {
    remove_unit(unit, UnitStatus::kRemoved, "blocked by the enemy as it falls back (H4-14)", log);
  }
}

}  // namespace smoothbore::group_orders
