// Movement (H4-01 step 4): Rout first, then Retreat, Advance, Reserve and Stand (L1-L29),
// each under its order's constraints; wheels and incline marches by drill class (L87-L91,
// H4-19); terrain types 0-3 (H4-04); charges into contact (H4-08) and the charged Group's test
// on contact (H4-09); rout moves to the table edge (L26-L29, H4-03) and fall backs (H4-14).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <limits>
#include <numbers>

#include <fmt/format.h>

#include "core/geometry/rect_frame.h"
#include "core/text/fixed1.h"
#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/group_orders.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/group_orders/travel_apart.h"

namespace smoothbore::group_orders {

namespace {
constexpr double kStep = 0.5 * kCm;

// No point of a footprint lies farther than this from its centre.
double half_diagonal(const RectFrame& f) { return std::sqrt(f.hw * f.hw + f.hd * f.hd); }

// The pieces one after the other, in a string sized once (issue 9: an event's text appended
// piece by piece cost a call and a capacity check a piece, fmt::format far more).
std::string joined(std::initializer_list<std::string_view> pieces) {
  std::size_t n = 0;
  for (std::string_view p : pieces) n += p.size();
  std::string out(n, '\0');
  char* at = out.data();
  for (std::string_view p : pieces) {
    std::memcpy(at, p.data(), p.size());
    at += p.size();
  }
  return out;
}

}  // namespace

// As rules/battle.h place_free, through the index (overlapping footprints have meeting
// boxes) and on frames: the mover's kept frame moved (a step of a move needs no sine or
// cosine), the others' kept frames.
bool BattleGO::place_ok(int unit, const Rect& r, int ignore) const {
  const RectFrame fr = frame_at(unit, r);
  for (Vec2 p : fr.corners) {
    if (!scenario_.table.contains(p)) return false;
  }
  std::vector<int>& ids = place_ids_;
  near(bounds(fr), ids);
  for (int o : ids) {
    if (o == unit || o == ignore || !force_.units[static_cast<std::size_t>(o)].on_table()) continue;
    if (overlaps(fr, frame(o), 0.01)) return false;
  }
  return true;
}

double BattleGO::travel(int unit, Vec2 dest, double budget_cm, bool wheel_free, int ignore,
                        const std::function<bool(const Rect&)>& stop, bool* stopped) {
  Unit& u = force_.units[unit];
  Rect& rect = u.stands.front().rect;
  const Vec2 c0 = rect.centre;
  const double length = distance(c0, dest);
  if (length < 1e-6 || budget_cm <= 0) return 0;
  const double heading = bearing_of(dest - c0);
  double mult = 1;
  if (!wheel_free) {
    const Drill& drill = drill_of(unit);
    const double turn = std::abs(bearing_difference(heading, rect.facing));
    int incline = drill.incline;
    if (incline == 2) incline = static_cast<int>(step_options_.incline_cost);
    if (turn > 5.0 && turn <= 45.0 + 1e-6 && incline > 0) {
      mult = incline;  // L89-L90: incline march at 45°, full or half speed
    } else if (turn > 5.0) {
      // H4-19: a wheel costs the arc of the outer front corner; badly drilled and Militia
      // wheel at half speed (L88).
      int wheel = drill.wheel;
      if (wheel == 2) wheel = static_cast<int>(step_options_.wheel_cost);
      const double arc = rect.width / kCm * turn * std::numbers::pi / 180.0 * wheel;
      Rect turned = rect;
      if (arc > budget_cm) {
        const double part = turn * budget_cm / arc;
        turned.facing = normalize_bearing(
            rect.facing + (bearing_difference(heading, rect.facing) > 0 ? part : -part));
        if (place_ok(unit, turned, ignore)) rect = turned;
        u.stands.front().rect = rect;
        placed(unit);
        return 0;
      }
      turned.facing = heading;
      if (!place_ok(unit, turned, ignore)) return 0;
      rect = turned;
      placed(unit);
      budget_cm -= arc;
    }
  }
  const CostFn terrain = [this, unit](const TerrainAt& at) {
    const double f = terrain_factor(unit, terrain_type_at(at));
    return f <= 0 ? kImpassable : 1.0 / f;
  };
  const double reach = scenario_.table.reachable(c0, dest, budget_cm * kCm / mult, terrain);
  const Vec2 dir = (dest - c0) * (1.0 / length);
  // Every unit place_ok may meet on the way, found once: a step's footprint lies within
  // half its diagonal of its centre, on the segment. Nothing but this unit moves or changes
  // while it steps, so the others that count (on the table, not `ignore`) are sorted out
  // once too.
  std::vector<int>& around = travel_ids_;
  near_path(rect, c0 + dir * std::max(reach, 0.0), 0.0, around);
  std::erase_if(around, [&](int o) {
    return o == unit || o == ignore || !force_.units[static_cast<std::size_t>(o)].on_table();
  });
  // A step is placed as place_ok would place it: on the table and overlapping none of them
  // (place_ok's units are among them). A corner's coordinates are monotone in t (a sum and
  // a product by a fixed factor, each rounded), so the table holds every step when it holds
  // the first and the farthest (issue 9: four tests a step).
  const double first_t = std::min(kStep, reach);
  auto on_table_at = [&](double t) {
    Rect r = rect;
    r.centre = c0 + dir * t;
    for (Vec2 p : frame_at(unit, r).corners) {
      if (!scenario_.table.contains(p)) return false;
    }
    return true;
  };
  const bool table_holds = reach > 0 && on_table_at(first_t) && on_table_at(reach);
  // What a step learnt of each of them: below which t the two surely do not overlap
  // (apart_for), so that the steps before need not ask (-1: nothing learnt yet).
  std::vector<double>& clear_to = travel_clear_;
  clear_to.assign(around.size(), -1);
  double all_clear_to = -1;  // the least of them: below it, every one of them is clear
  const double my_reach = half_diagonal(frame(unit));
  // The step's frame and bounds, worked out when a step needs them: one frame for every
  // step (issue 9: a frame built and zeroed a step was a tenth of the move's cost).
  RectFrame fr;
  Box box;
  auto step_ok = [&](const Rect& r, double t) {
    bool framed = false;
    auto frame_step = [&] {
      if (framed) return;
      fr = frame_at(unit, r);
      box = bounds(fr);
      framed = true;
    };
    if (!table_holds) {
      frame_step();
      for (Vec2 p : fr.corners) {
        if (!scenario_.table.contains(p)) return false;
      }
    }
    if (t < all_clear_to) return true;
    double least = std::numeric_limits<double>::infinity();
    for (std::size_t n = 0; n < around.size(); ++n) {
      if (t >= clear_to[n]) {
        frame_step();
        const int o = around[n];
        const RectFrame& of = frame(o);
        // place_ok's test of o: its filed box meets the step's bounds, and they overlap.
        if (index_box_[static_cast<std::size_t>(o)].intersects(box) && overlaps(fr, of, 0.01)) {
          return false;
        }
        clear_to[n] = t + apart_for(fr, of, my_reach, dir);
      }
      least = std::min(least, clear_to[n]);
    }
    all_clear_to = least;
    return true;
  };
  double ok_t = 0;
  for (double t = std::min(kStep, reach); t <= reach + 1e-9 && t > 0; t += kStep) {
    t = std::min(t, reach);
    // On the table and below every other unit's clearance with no `stop` to ask, the step
    // is surely placed (step_ok's answer, nothing learnt): no footprint worked out.
    if (!stop && table_holds && t < all_clear_to) {
      ok_t = t;
      if (t >= reach) break;
      if (reach < all_clear_to) {
        // So is every step after it (nothing changes on this path): the last one this loop
        // would take, by the same additions, without the rest of the loop's tests (issue 9:
        // 24 instructions a step, some 30 steps a move).
        for (double next = t + kStep; next <= reach + 1e-9 && next > 0; next += kStep) {
          ok_t = std::min(next, reach);
          if (ok_t >= reach) break;
        }
        break;
      }
      continue;
    }
    Rect r = rect;
    r.centre = c0 + dir * t;
    if (!step_ok(r, t)) break;
    if (stop && stop(r)) {
      if (stopped != nullptr) *stopped = true;
      double lo = ok_t, hi = t;  // the exact point where `stop` begins
      for (int k = 0; k < 24; ++k) {
        const double mid = (lo + hi) / 2;
        Rect m = rect;
        m.centre = c0 + dir * mid;
        (stop(m) ? hi : lo) = mid;
      }
      ok_t = lo;
      break;
    }
    ok_t = t;
    if (t >= reach) break;
  }
  rect.centre = c0 + dir * ok_t;
  placed(unit);
  state_[unit].moved_cm += ok_t / kCm;
  return ok_t / kCm;
}

void BattleGO::set_formation(int unit, const std::string& name) {
  force_.units[static_cast<std::size_t>(unit)].formation = name;
  state_[static_cast<std::size_t>(unit)].formation = formation_id(name);
}

bool BattleGO::change_formation(int unit, const std::string& formation, EventLog& log) {
  Unit& u = force_.units[unit];
  const std::string old = u.formation;
  if (old == formation) return true;
  const Rect r0 = frame(unit).rect;
  set_formation(unit, formation);
  // The rule set's layout() of the unit, its rect alone (issue 9: a vector and a table
  // look-up a change).
  const Rect laid = laid_rect(u, r0.centre, r0.facing, is_light(u.type));
  if (!place_ok(unit, laid, -1)) {
    set_formation(unit, old);
    return false;
  }
  u.stands.front().rect = laid;
  placed(unit);
  if (counted_quietly(log, EventKind::kFormation)) return true;
  // fmt::format("{} forms {} from {}", ...) (issue 9).
  Event e = make_event(EventKind::kFormation, unit,
                       joined({unit_label(force_, unit), " forms ", formation, " from ", old}));
  e.data.emplace_back("formation", Value(formation));
  log.append(std::move(e));
  return true;
}

void BattleGO::movement_phase(int side, EventLog& log) {
  // L27: routers first; then Retreat, Advance, Reserve, Stand (H4-01 step 4).
  for (const OrdersId pass : {OrdersId::kRout, OrdersId::kRetreat, OrdersId::kAdvance,
                              OrdersId::kReserve, OrdersId::kStand}) {
    for (std::size_t i = 0; i < force_.units.size(); ++i) {
      const int u = static_cast<int>(i);
      if (force_.units[i].side != side || !force_.units[i].on_table()) continue;
      if (orders_id(u) != pass) continue;
      if (routing(u)) {
        rout_move(u, false, log);
      } else {
        move_unit(u, actions_[i], log);
      }
    }
  }
  generals_contacted(log);
}

void BattleGO::move_unit(int unit, const Action& a, EventLog& log) {
  Unit& u = force_.units[unit];
  const OrdersId orders = orders_id(unit);
  const Vec2 c0 = frame(unit).rect.centre;
  const double speed = max_speed_cm(unit);
  auto moved_event = [&](std::string_view how) {
    const double d = distance(c0, frame(unit).rect.centre) / kCm;
    if (d < 0.05 || counted_quietly(log, EventKind::kMove)) return;
    // fmt::format("{} {} {:.1f} cm ({})", ...), piece by piece (issue 9: one a unit moved),
    // into one allocation: the name, `how`, the distance and the orders fit the margin.
    const std::string& label = unit_label(force_, unit);
    std::string text;
    text.reserve(label.size() + how.size() + 32);
    text += label;
    text += ' ';
    text += how;
    text += ' ';
    append_fixed1(text, d);
    text += " cm (";
    text += orders_name(orders);
    text += ')';
    Event e = make_event(EventKind::kMove, unit, std::move(text));
    e.data.emplace_back("distance_cm", Value(d));
    log.append(std::move(e));
  };
  if (orders == OrdersId::kRetreat) {
    // L23-L25: at least half maximum speed, ending further from the nearest enemy; facing the
    // same way, poorly drilled troops the opposite (L25).
    const int e = nearest_enemy(unit);
    Vec2 away = bearing_vector(edge_bearing(force_.sides[u.side].home_edge));
    if (e >= 0) away = (c0 - frame(e).rect.centre).normalized();
    travel(unit, c0 + away * (speed * kCm), speed, true);
    if (u.attribute_string("drill", "normal") == "badly" || u.type == "militia") {
      Rect turned = frame(unit).rect;
      turned.facing = normalize_bearing(turned.facing + 180);
      if (place_ok(unit, turned, -1)) {
        u.stands.front().rect = turned;
        placed(unit);
      }
    }
    moved_event("retreats");
    return;
  }
  if (orders == OrdersId::kAdvance) {
    if (a.kind == ActionKind::kCharge && state_[unit].charge_ok) {
      charge_move(unit, a.target, log);
      return;
    }
    if (u.arm == Arm::kArtillery && a.kind == ActionKind::kFire && !state_[unit].started_on_stand) {
      set_unit_orders(unit, OrdersId::kStand, "artillery in range switches to Stand, L4-L5", log);
      return;
    }
    // L3: all units on Advance are in Line; forming it takes the move unless well drilled.
    if (u.arm != Arm::kArtillery && formation(unit) != FormationId::kLine) {
      if (!change_formation(unit, "line", log)) return;
      if (drill_of(unit).row->key != "well") return;
    }
    Vec2 dest = a.destination;
    if (a.kind == ActionKind::kCharge && a.target >= 0) {
      dest = frame(a.target).rect.centre;
    } else if (!a.moves) {
      return;
    }
    // L6, H4-25: halt 10 cm from a Massed enemy whose front is directly to our front, and go
    // to Stand; L9: halt 10 cm from friends in front.
    const double halt = row("orders.orders", "advance").number("halt_cm") * kCm;
    int halted_by = -1;
    std::vector<int>& nearby = halt_ids_;
    near_path(frame(unit).rect, dest, halt, nearby);
    // `stop` is asked at every step of the move while only this unit moves (travel files
    // each of its footprints before stepping): the others' frames and this unit's filed
    // one serve every step, and the stepped footprint's frame is worked out once a step,
    // when some unit near is not yet ruled out. The filed frame's gap to each of them,
    // found once: it does not change while travel steps (-1: not yet asked). Every
    // footprint asked is the same one moved along the path (never turned), so what a step
    // learns of a unit's distance rules it out for the next steps as long as the centre
    // stays within its clearance (Clearance, battle_impl.h). Each test below is a condition
    // of the halt, so the cheap ones come first, and those that cannot change while it
    // steps are asked once.
    // The units that may halt it at all, in their order: nothing but this unit moves or
    // changes while travel steps.
    std::erase_if(nearby, [&](int o) {
      const std::size_t j = static_cast<std::size_t>(o);
      return o == unit || !force_.units[j].on_table() || routing(o) ||
             (force_.units[j].side != u.side && light(o));
    });
    std::vector<double>& filed_gap = halt_gaps_;
    filed_gap.assign(nearby.size(), -1);
    std::vector<Clearance>& clear = halt_clear_;
    clear.assign(nearby.size(), Clearance{});
    RectFrame rf;  // the step's frame, when a step needs it (one for every step)
    auto stop = [&](const Rect& r) {
      bool framed = false;
      for (std::size_t n = 0; n < nearby.size(); ++n) {
        if (clear[n].holds(r.centre)) continue;
        const int o = nearby[n];
        const bool enemy = force_.units[static_cast<std::size_t>(o)].side != u.side;
        if (!framed) {
          rf = frame_at(unit, r);
          framed = true;
        }
        const RectFrame& of = frame(o);
        const Rect& orr = of.rect;
        if (surely_farther(rf, of, halt)) {
          clear[n].keep(r.centre,
                        (r.centre - orr.centre).length() - half_diagonal(rf) - half_diagonal(of),
                        halt);
          continue;
        }
        if (filed_gap[n] < 0) filed_gap[n] = distance(frame(unit), of);
        if (filed_gap[n] < halt - 1e-6) continue;  // already inside: no halt
        // Only a unit to the front (an enemy also facing us) halts: asked before the distance,
        // far cheaper and with the same answer (issue 9: a unit near the path but not to the
        // front had its distance worked out at every step its clearance did not hold).
        if (zone_of(rf, orr.centre) != Zone::kFront) continue;
        if (enemy && std::abs(bearing_difference(orr.facing, r.facing + 180.0)) > 45.0) continue;
        // axis_gap undercuts the distance by rounding only: at the halt or beyond, the
        // distance is at least halt - 1e-6 too.
        const double lower = axis_gap(rf, of);
        if (lower >= halt) {
          clear[n].keep(r.centre, lower, halt);
          continue;
        }
        const double gap = distance(rf, of);
        if (gap >= halt - 1e-6) {
          clear[n].keep(r.centre, gap, halt);
          continue;
        }
        halted_by = o;
        return true;
      }
      return false;
    };
    bool stopped = false;
    // As Reserve's: no unit near the path, nothing to halt it.
    std::function<bool(const Rect&)> stop_fn;
    if (!nearby.empty()) stop_fn = std::ref(stop);
    travel(unit, dest, speed, false, -1, stop_fn, &stopped);
    moved_event("advances");
    if (stopped && halted_by >= 0) {
      const bool enemy = force_.units[halted_by].side != u.side;
      // H4-25: "Others" are the missile troops but artillery (which switches to Stand by
      // its own choice, L4); they and troops without missiles go to Stand (L6-L7).
      const bool to_stand =
          !enemy || (u.arm != Arm::kArtillery &&
                     (step_options_.missile_halt_and_stand ||
                      weapon_of(u.type, u.attribute_string("weapon", "as-type")) == "none"));
      if (!counted_quietly(log, EventKind::kMove)) {
        Event e = make_event(EventKind::kMove, unit,
                             fmt::format("{} halts 10 cm from {} ({})", name(unit), name(halted_by),
                                         enemy ? "L6, H4-25" : "friends, L9"));
        e.target = force_.units[halted_by].id;
        log.append(std::move(e));
      }
      if (to_stand)
        set_unit_orders(unit, OrdersId::kStand, enemy ? "halted, L6" : "halted by friends, L9",
                        log);
    } else if (a.kind == ActionKind::kCharge) {
      set_unit_orders(unit, OrdersId::kStand, "failed charge test, L6-L8, H4-08", log);
    }
    return;
  }
  if (orders == OrdersId::kReserve) {
    if (a.kind == ActionKind::kFormation && a.formation == "square") {
      if (step_options_.square_any_orders) change_formation(unit, "square", log);
      return;  // H4-18: square only on Stand unless any-orders; a square does not move
    }
    if (a.kind == ActionKind::kFormation) {
      change_formation(unit, a.formation, log);
      if (!a.moves) return;  // L15-L19: well drilled (and normal, to a flank column) still move
    }
    if (a.kind == ActionKind::kFace && u.arm == Arm::kArtillery) {  // L20: artillery pivots
      Rect turned = frame(unit).rect;
      turned.facing = a.facing;
      if (place_ok(unit, turned, -1)) {
        u.stands.front().rect = turned;
        placed(unit);
      }
      return;
    }
    if (!a.moves || u.arm == Arm::kArtillery || formation(unit) == FormationId::kSquare) {
      return;  // H4-18
    }
    // L11: half speed backwards; H4-26: not closer to an enemy within 20 cm unless friends
    // lie between.
    const bool back = (a.destination - c0).dot(frame(unit).f) < 0;
    const double zone = step_options_.reserve_zone * kCm;
    const Rect start = frame(unit).rect;  // the gaps it may not close are from here
    // The enemies on the table near the path, in their order, found once: the others do
    // not move or change meanwhile. Every footprint `stop` is asked of is the same one
    // moved along the path (never turned), so what a step learns of an enemy's distance
    // rules it out beyond the zone for the next steps as long as the centre stays within
    // its clearance (Clearance, battle_impl.h); the stepped frame is worked out only for a
    // step that needs it.
    // (near_path's box, from the other sides' indexes: a Reserve's path lies among friends.)
    std::vector<int>& enemies = halt_ids_;  // the buffers of Advance's halt, reused
    const Vec2 from = start.centre;
    const Box path_box{{std::min(from.x, a.destination.x), std::min(from.y, a.destination.y)},
                       {std::max(from.x, a.destination.x), std::max(from.y, a.destination.y)}};
    near_enemies(path_box, std::hypot(start.width, start.depth) / 2 + zone + 1.0, u.side, enemies);
    std::erase_if(enemies,
                  [&](int o) { return !force_.units[static_cast<std::size_t>(o)].on_table(); });
    const RectFrame start_frame(start);
    std::vector<int>& friends = screen_ids_;
    // Each enemy's gap from the start, found once (-1: not yet asked).
    std::vector<double>& start_gap = halt_gaps_;
    start_gap.assign(enemies.size(), -1);
    std::vector<Clearance>& clear = halt_clear_;
    clear.assign(enemies.size(), Clearance{});
    RectFrame rf;  // the step's frame, when a step needs it (one for every step)
    auto stop = [&](const Rect& r) {
      bool framed = false;
      for (std::size_t n = 0; n < enemies.size(); ++n) {
        if (clear[n].holds(r.centre)) continue;
        if (!framed) {
          rf = frame_at(unit, r);
          framed = true;
        }
        const int o = enemies[n];
        const RectFrame& ef = frame(o);
        const Rect& er = ef.rect;
        // Beyond the zone by more than rounding on an axis: the distance is too.
        if (surely_farther(rf, ef, zone)) {
          clear[n].keep(r.centre,
                        (r.centre - er.centre).length() - half_diagonal(rf) - half_diagonal(ef),
                        zone);
          continue;
        }
        const double lower = axis_gap(rf, ef);
        if (lower >= zone + 1e-6) {
          clear[n].keep(r.centre, lower, zone);
          continue;
        }
        const double d = distance(rf, ef);
        if (d >= zone) {
          clear[n].keep(r.centre, d, zone);
          continue;
        }
        if (start_gap[n] < 0) start_gap[n] = distance(start_frame, ef);
        if (d >= start_gap[n]) continue;
        // A screen's centre lies within half its width of the line: within half the widest
        // footprint of the line's box.
        const Segment line{r.centre, er.centre};
        const Box line_box{{std::min(line.a.x, line.b.x), std::min(line.a.y, line.b.y)},
                           {std::max(line.a.x, line.b.x), std::max(line.a.y, line.b.y)}};
        near(grown(line_box, max_half_width() + 1.0), friends);
        bool screened = false;
        for (int k : friends) {
          const std::size_t ks = static_cast<std::size_t>(k);
          if (k == unit || force_.units[ks].side != u.side || !force_.units[ks].on_table()) {
            continue;
          }
          const Rect& fr = frame(k).rect;
          if (point_segment_distance(fr.centre, line) < fr.width / 2) {
            screened = true;
            break;
          }
        }
        if (!screened) return true;
      }
      return false;
    };
    bool stopped = false;
    // With no enemy near the path nothing stops it: travel asks no `stop` (issue 9: most
    // Reserve moves of a large battle, a call a step). By reference: no copy of the closure.
    std::function<bool(const Rect&)> stop_fn;
    if (!enemies.empty()) stop_fn = std::ref(stop);
    travel(unit, a.destination, back ? speed / 2 : speed, back, -1, stop_fn, &stopped);
    moved_event(back ? "falls back on Reserve" : "moves on Reserve");
    if (stopped && !counted_quietly(log, EventKind::kMove)) {
      log.append(make_event(EventKind::kMove, unit,
                            fmt::format("{} may not close within {:.0f} cm of the enemy on "
                                        "Reserve (L11, H4-26)",
                                        name(unit), zone / kCm)));
    }
    return;
  }
  // Stand (L21): a 5 cm move in any direction, about face, form square.
  if (a.kind == ActionKind::kFormation && a.formation == "square") {
    change_formation(unit, "square", log);
  } else if (a.kind == ActionKind::kFace) {
    Rect turned = frame(unit).rect;
    turned.facing = a.facing;
    if (place_ok(unit, turned, -1)) {
      u.stands.front().rect = turned;
      placed(unit);
      if (!counted_quietly(log, EventKind::kMove)) {
        log.append(
            make_event(EventKind::kMove, unit, fmt::format("{} about faces (L21)", name(unit))));
      }
    }
  } else if (a.kind == ActionKind::kShift && a.moves && formation(unit) != FormationId::kSquare) {
    travel(unit, a.destination, row("orders.orders", "stand").number("move_cm"), true);
    moved_event("steps");
  } else if (formation(unit) == FormationId::kSquare && step_options_.square_stand_orders &&
             a.kind == ActionKind::kFormation) {
    change_formation(unit, a.formation, log);
  }
}

}  // namespace smoothbore::group_orders
