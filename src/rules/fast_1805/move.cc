// The move step (L9, L15, L17, L23, A2-01, A2-23, A2-24): shooters ½, others full,
// chargers at the charge rate into contact, in initiative order; units stop short of
// other units, pass through friends only if both pass initiative (L17), and routers flee.
#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "core/geometry/same_bits.h"
#include "core/text/fixed1.h"
#include "rules/fast_1805/battle_impl.h"
#include "rules/fast_1805/fast_1805.h"
#include "rules/fast_1805/prefilters.h"

namespace smoothbore::fast_1805 {

using namespace std::string_view_literals;  // literals compared by size first

namespace {
constexpr double kStep = 0.25 * kMm;    // sampling step along a path
constexpr double kContact = 0.5 * kMm;  // units this close are in contact
}  // namespace

Vec2 Battle1805::away_from_enemy(int unit) const {
  const Unit& u = force_.units[unit];
  const Vec2 home = bearing_vector(edge_bearing(force_.sides[u.side].home_edge));
  const int e = nearest_enemy(unit, false);
  if (e < 0) return home;
  Vec2 v = (u.footprint().centre - force_.units[e].footprint().centre).normalized();
  // common.md §10: blend toward the friendly edge when fleeing more than 90° from it.
  if (v.dot(home) < 0) v = (v + home * 2.0).normalized();
  return v.length() > 0 ? v : home;
}

void Battle1805::set_pose(int unit, Vec2 centre, double facing, const RectFrame* frame) {
  Stand& st = force_.units[unit].stands.front();
  st.rect.centre = centre;
  st.rect.facing = normalize_bearing(facing);
  placed(unit, frame);
}

// Whether `unit` may stand at `r`: on the table and overlapping no other unit on the
// table except `ignore`.
// As place_free(table, force, unit, r, ignore) (rules/battle.h), through the index
// (overlapping footprints have meeting boxes) and on frames: `r`'s axes are worked out once,
// not for its box, its corners and each neighbour, and the neighbours' are kept.
bool Battle1805::place_ok(int unit, const Rect& r, int ignore) const {
  return place_ok(unit, RectFrame(r), ignore);
}

bool Battle1805::place_ok(int unit, const RectFrame& fr, int ignore) const {
  const Box box = bounds(fr);
  if (!corners_on_table(scenario_.table, box)) return false;  // each corner on the table
  std::vector<int>& ids = place_ids_;
  ids.clear();
  units_meeting(box, ids);
  for (int o : ids) {
    if (o == unit || o == ignore || !force_.units[static_cast<std::size_t>(o)].on_table()) continue;
    if (overlaps(fr, frame_of(o), 0.01)) return false;
  }
  return true;
}

double Battle1805::move_unit(int unit, Vec2 dest, double facing, double budget, MoveColumn column,
                             int charge_target, EventLog& log) {
  Unit& u = force_.units[unit];
  UnitState& s = state_[unit];
  const Rect start = rect_of(unit);  // u.footprint(), kept (placed())
  const Vec2 c0 = start.centre;
  const double length = distance(c0, dest);
  const Vec2 dir = length > 0 ? (dest - c0) * (1.0 / length) : Vec2{0, 0};
  // A2-19: each lost horse costs 25% of a limbered battery's move.
  if (u.arm == Arm::kArtillery && s.guns > 0) {
    budget *= static_cast<double>(s.horses) / (s.guns * options_.horses);
  }
  const bool charge = column == MoveColumn::kCharge;
  // Turning (common.md §11): the block pivots about its centre, its outer corners
  // travelling half its frontage × the angle, paid from the allowance at the open (or
  // charge) rate. A unit that cannot pay for the whole turn keeps its facing. Routers
  // have lost formation (L23) and turn as a mob, free.
  if (forced_reach_ < 0 && column != MoveColumn::kRout) {
    const double turn = bearing_difference(facing, start.facing) * kPi / 180.0;
    const double rate = allowance_in(unit, charge ? MoveColumn::kCharge : MoveColumn::kOpen);
    const double turn_cost = rate > 0 ? (start.width / 2) * turn / (rate * kMm) : kImpassable;
    if (turn_cost <= budget + 1e-9) {
      budget -= turn_cost;
    } else {
      facing = start.facing;
    }
  }
  // Allowance along the path (A2-23): proportional expenditure, or the slowest terrain's
  // rate for the whole move (option). Routers pay terrain like a column (A2-04).
  double reach = 0;
  if (forced_reach_ >= 0) {
    reach = std::min(length, forced_reach_);
  } else if (column == MoveColumn::kRout) {
    reach = scenario_.table.reachable(c0, dest, budget, rout_cost(unit));
  } else {
    const CostFn& cost = move_cost(unit, charge);
    if (options_.mixed_terrain == "slowest"sv && length > 0) {
      double worst = 0;
      for (int k = 0; k <= 20; ++k) {
        worst = std::max(worst, cost(scenario_.table.terrain_at(c0 + dir * (length * k / 20))));
      }
      reach = std::isfinite(worst) && worst > 0 ? std::min(length, budget / worst) : 0;
    } else {
      reach = scenario_.table.reachable(c0, dest, budget, cost);
    }
  }
  // Shaken units may not advance (L21, A2-03).
  const int enemy =
      shaken(unit) && column != MoveColumn::kRout && reach > 0 ? nearest_enemy(unit) : -1;
  if (enemy >= 0) {
    Rect end = start;
    end.centre = c0 + dir * reach;
    if (distance(end, force_.units[enemy].footprint()) <
        distance(start, force_.units[enemy].footprint()) - 1e-6) {
      reach = 0;
    }
  }
  auto rect_at = [&](double t) {
    Rect r = start;
    r.centre = c0 + dir * t;
    r.facing = normalize_bearing(facing);
    return r;
  };
  // Turn on the spot first; keep the old facing if the turned block does not fit.
  // The block's frame at the final facing, slid along the path: frame_at(t) is
  // RectFrame(rect_at(t)) bit for bit, without a sine and cosine per step. The turned
  // frame place_ok asks about is that one unless the turn is refused.
  // A facing that normalizes to the one it has (and that one to itself) makes the refused
  // turn's frame this same one: place_ok is not asked (issue 9).
  const bool turns = !same_bits(normalize_bearing(facing), start.facing) ||
                     !same_bits(normalize_bearing(start.facing), start.facing);
  RectFrame turned(rect_at(0));
  if (turns && !place_ok(unit, turned, -1)) {
    facing = start.facing;
    turned = RectFrame(rect_at(0));
  }
  auto frame_at = [&](double t) { return turned.moved_to(c0 + dir * t); };
  // Every unit the block can meet on the way: the boxes of the path's ends span every
  // box between (the block slides straight), ascending as the scan of every unit was.
  const RectFrame at_start = frame_at(0);
  const Box start_box = bounds(at_start);
  Box swept = start_box;
  const RectFrame at_end = frame_at(reach);
  const Box end_box = bounds(at_end);
  swept.min = {std::min(swept.min.x, end_box.min.x), std::min(swept.min.y, end_box.min.y)};
  swept.max = {std::max(swept.max.x, end_box.max.x), std::max(swept.max.y, end_box.max.y)};
  // (Buffers the battle keeps: nothing in a move moves another unit.)
  std::vector<int>& in_the_way = move_in_the_way_;
  units_meeting(grown(swept, 1.0), in_the_way);
  // The slides along the path over which the block may overlap each unit in the way
  // (overlap_window, prefilters.h): overlaps() need not be asked outside them (issue 9).
  // The walk and fits_at ask only about slides 0 <= t <= reach, so a unit whose window
  // misses those, the unit itself and those off the table are left out (in order: the walk
  // meets the others in ascending order, as before).
  std::vector<SlideWindow>& window = move_window_;
  window.clear();
  std::size_t kept = 0;
  for (const int o : in_the_way) {
    if (o == unit || !force_.units[static_cast<std::size_t>(o)].on_table()) continue;
    const SlideWindow w = overlap_window(at_start, dir, frame_of(o), 0.01);
    if (!(w.lo < reach && w.hi > 0 && w.lo < w.hi)) continue;
    in_the_way[kept++] = o;
    window.push_back(w);
  }
  in_the_way.resize(kept);
  auto overlaps_at = [&](const RectFrame& r, double t, std::size_t k) {
    return t > window[k].lo && t < window[k].hi && overlaps(r, frame_of(in_the_way[k]), 0.01);
  };
  // Each corner of frame_at(t) is ((c0 + dir * t) ± f) ± r, worked out a coordinate at a
  // time: every rounded step is monotone in t, so over 0 <= t <= reach each coordinate lies
  // between its values at the path's ends. With both ends' corners on the table (a box),
  // every corner on the path is: not asked again at each step.
  auto on_table = [&](const RectFrame& r) {
    return std::all_of(r.corners.begin(), r.corners.end(),
                       [&](Vec2 p) { return scenario_.table.contains(p); });
  };
  // (Both ends' corners asked through their bounds, corners_on_table: the same answer.)
  const bool path_on_table =
      corners_on_table(scenario_.table, start_box) && corners_on_table(scenario_.table, end_box);
  // place_ok(unit, r, -1) for a footprint on the path: every unit the index would find for
  // it is in the way (its box meets the path's), and the others' boxes miss it, so they
  // cannot overlap it; of those, the ones left out overlap it at no slide asked.
  auto fits_at = [&](double t) {
    const RectFrame r = frame_at(t);
    if (!path_on_table && !on_table(r)) return false;
    for (std::size_t k = 0; k < in_the_way.size(); ++k) {
      if (overlaps_at(r, t, k)) return false;
    }
    return true;
  };
  // Up to the least window's start no step overlaps a unit: with the path on the table and
  // no friend passed through yet, such a step fits (the walk below would find nothing in
  // the way) and its frame is not worked out (issue 9: most moves meet nothing for most of
  // their steps, their neighbours' gaps kept or widening).
  double clear_until = std::numeric_limits<double>::infinity();
  for (const SlideWindow& w : window) clear_until = std::min(clear_until, w.lo);
  // Walk the path; find the farthest point reached before an obstruction.
  double ok_t = 0;
  // Friends interpenetrated (L17), by their place in in_the_way (each unit is there once).
  std::vector<std::size_t> passed;
  auto was_passed = [&](std::size_t k) {
    return std::find(passed.begin(), passed.end(), k) != passed.end();
  };
  bool stopped = false;
  // The steps up to clear_until, taken as reached without a step of the loop each
  // (WalkSteps, prefilters.h: the same ok_t and the same next step). Paths of up to 64"
  // are kept (a full move is some 12").
  static const WalkSteps walk_steps(kStep, 256);
  double first_t = std::min(kStep, reach);
  if (path_on_table) {
    const WalkSteps::Skip skip = walk_steps.skip_clear(reach, clear_until);
    ok_t = skip.ok_t;
    first_t = skip.next_t;
  }
  for (double t = first_t; t <= reach + 1e-9 && !stopped; t += kStep) {
    t = std::min(t, reach);
    if (path_on_table && t <= clear_until && passed.empty()) {
      ok_t = t;
      if (t >= reach) break;
      continue;
    }
    const RectFrame r = frame_at(t);
    bool blocked = !path_on_table && !on_table(r);
    bool overlapped = false;  // some unit not yet passed through overlaps r
    for (std::size_t k = 0; k < in_the_way.size() && !blocked; ++k) {
      const int o = in_the_way[k];
      const std::size_t i = static_cast<std::size_t>(o);
      if (!overlaps_at(r, t, k) || was_passed(k)) continue;
      overlapped = true;
      if (force_.units[i].side != u.side || o == charge_target) {
        blocked = true;
        break;
      }
      // A friend in the way: both must pass initiative to pass through (L17); routers
      // have failed by definition (A2-24).
      const bool router = routed(unit) || routed(o);
      if (router && !options_.routers_interpenetrate) {
        blocked = true;
        break;
      }
      RollRecord ra, rb;
      const bool pa =
          !router && resolve_initiative(state_[unit].quality, dice_, record_for(log, ra)).passed;
      const bool pb =
          !router && resolve_initiative(state_[o].quality, dice_, record_for(log, rb)).passed;
      if (!counted_quietly(log, EventKind::kInitiative)) {
        Event e =
            make_event(EventKind::kInitiative, unit,
                       fmt::format("{} meets {} on the move: {}", unit_name(unit), unit_name(o),
                                   pa && pb ? "they pass through" : "both disordered (L17)"));
        e.target = force_.units[i].id;
        if (!router) {
          e.rolls.push_back(std::move(ra));
          e.rolls.push_back(std::move(rb));
        }
        log.append(std::move(e));
      }
      if (pa && pb) {
        passed.push_back(k);
      } else {
        mark_disordered(unit);
        mark_disordered(o);
        blocked = true;
      }
    }
    if (blocked) {
      // Refine between the last good point and this one.
      double lo = ok_t, hi = t;
      for (int k = 0; k < 12; ++k) {
        const double mid = (lo + hi) / 2;
        if (fits_at(mid)) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      if (fits_at(lo)) ok_t = std::max(ok_t, lo);
      stopped = true;
    } else if (!overlapped && std::none_of(passed.begin(), passed.end(),
                                           [&](std::size_t k) { return overlaps_at(r, t, k); })) {
      // fits(r): on the table (not blocked), and the loop above found no other unit over
      // it but among the friends passed through.
      ok_t = t;
    }
    if (t >= reach) break;
  }
  const Rect final_rect = rect_at(ok_t);
  if (!fits_at(ok_t)) {
    return 0;  // nowhere to stand: stay put
  }
  // frame_at(ok_t) is RectFrame(final_rect) bit for bit: placed() keeps it when the pose
  // set is that rect (its facing normalizes to itself).
  const RectFrame final_frame = frame_at(ok_t);
  set_pose(unit, final_rect.centre, final_rect.facing, &final_frame);
  if (ok_t > 0.1) {
    s.moved = true;
    s.concealed = false;  // L141: moving units are always discovered
    s.spotted = false;
  }
  if ((ok_t > 0.1 || bearing_difference(final_rect.facing, start.facing) > 0.5) &&
      !counted_quietly(log, EventKind::kMove)) {
    // "{name} {verb} {:.1f}\"{short}", the distance by core append_fixed1 (the same text
    // without fmt's float formatting: every unit moved writes one).
    std::string text = unit_name(unit);
    text.reserve(text.size() + 40);
    text += column == MoveColumn::kRout ? " flees " : charge ? " charges " : " moves ";
    append_fixed1(text, ok_t / kMm);
    text += '"';
    if (ok_t < length - 1) text += " (stopped short)";
    Event e = make_event(EventKind::kMove, unit, std::move(text));
    e.data = {{"distance_in", ok_t / kMm},
              {"x", final_rect.centre.x},
              {"y", final_rect.centre.y},
              {"facing", final_rect.facing}};
    log.append(std::move(e));
  }
  return ok_t;
}

void Battle1805::change_formation(int unit, const std::string& formation, EventLog& log) {
  Unit& u = force_.units[unit];
  const Rect old = u.footprint();
  const std::string before = u.formation;
  u.formation = formation;
  const Order* order = orders_.find(unit);
  const double facing = order != nullptr ? order->action.facing : old.facing;
  Rect r = ruleset().layout(u, old.centre, facing).front().rect;
  // place_ok is a pure question: a footprint that fits is not asked about again (issue 9).
  bool fits = place_ok(unit, r, -1);
  if (!fits) {
    // Keep the front edge where it was.
    r.centre = old.front_centre() - r.forward() * (r.depth / 2);
    fits = place_ok(unit, r, -1);
  }
  if (!fits) {
    u.formation = before;
    if (counted_quietly(log, EventKind::kFormation)) return;
    log.append(make_event(EventKind::kFormation, unit,
                          fmt::format("{} has no room to form {}", unit_name(unit), formation)));
    return;
  }
  u.stands.front().rect = r;
  placed(unit);
  state_[unit].moved = true;
  if (state_[unit].haitian != Haitian::kNone) state_[unit].formation_busy_until = bound_;
  if (counted_quietly(log, EventKind::kFormation)) return;
  // "{} forms {} (from {})", appended (fmt's format parsed for every change otherwise).
  const std::string& name = unit_name(unit);
  std::string text;
  text.reserve(name.size() + formation.size() + before.size() + 14);
  text.append(name).append(" forms ").append(formation).append(" (from ").append(before) += ')';
  log.append(make_event(EventKind::kFormation, unit, std::move(text)));
}

// A2-04: a full rout-rate move away from the nearest enemy toward the friendly edge. A
// router that reaches the table edge leaves the table.
void Battle1805::rout_move(int unit, EventLog& log) {
  const Rect fp = force_.units[unit].footprint();
  const Vec2 away = away_from_enemy(unit);
  const double rate = allowance_in(unit, MoveColumn::kRout) * kMm;
  const Vec2 dest = fp.centre + away * rate;
  Rect end = fp;
  end.centre = dest;
  const bool leaves = !scenario_.table.contains(end);
  const double moved = move_unit(unit, dest, bearing_of(away), 1.0, MoveColumn::kRout, -1, log);
  if (leaves && moved >= 0) {
    Rect now = force_.units[unit].footprint();
    Rect further = now;
    further.centre = now.centre + away * kStep * 2;
    if (!scenario_.table.contains(further)) {
      remove_unit(unit, UnitStatus::kOffTable, log, "fled off the table");
    }
  }
}

double Battle1805::forced_move(int unit, Vec2 direction, double dist, EventLog& log) {
  const Rect fp = force_.units[unit].footprint();
  // Forced moves use the rout column, which the shaken no-advance rule does not apply to.
  forced_reach_ = dist;
  const double moved = move_unit(unit, fp.centre + direction.normalized() * dist, fp.facing, 1.0,
                                 MoveColumn::kRout, -1, log);
  forced_reach_ = -1;
  return moved;
}

// L21: a shaken unit in melee is pushed back ½ move, keeping its facing.
void Battle1805::push_back(int unit, int from, EventLog& log) {
  const Rect fp = force_.units[unit].footprint();
  Vec2 away = (fp.centre - force_.units[from].footprint().centre).normalized();
  if (away.length() == 0) away = fp.forward() * -1.0;
  forced_move(unit, away, allowance_in(unit, MoveColumn::kOpen) * kMm / 2, log);
}

void Battle1805::move_step(bool shooters_only, EventLog& log) {
  ++step_;
  for (int u : order_) {
    if (!force_.units[u].on_table()) continue;
    const Action& a = orders_[u].action;
    UnitState& s = state_[u];
    if (shooters_only) {
      if (a.kind == ActionKind::kFire && a.moves) {
        move_unit(u, a.destination, a.facing, 0.5, MoveColumn::kOpen, -1, log);
      }
      continue;
    }
    if (routed(u)) {
      if (bound_ == s.routed_bound + 1 && !options_.rout_immediate_move) rout_move(u, log);
      continue;
    }
    if (!active(u) || in_melee(u)) continue;
    switch (a.kind) {
      case ActionKind::kHold:
        break;
      case ActionKind::kMove:
        move_unit(u, a.destination, a.facing, 1.0, MoveColumn::kOpen, -1, log);
        break;
      case ActionKind::kFire:
        if (a.moves && !options_.move_then_shoot) {
          move_unit(u, a.destination, a.facing, 0.5, MoveColumn::kOpen, -1, log);
        }
        break;
      case ActionKind::kCharge: {
        const int t = a.target;
        if (!active(t) || s.fired) break;  // L9: may not fire and charge
        const Rect tf = force_.units[t].footprint();
        const Vec2 c = force_.units[u].footprint().centre;
        move_unit(u, tf.centre, bearing_of(tf.centre - c), 1.0, MoveColumn::kCharge, t, log);
        if (distance(force_.units[u].footprint(), force_.units[t].footprint()) <= kContact) {
          s.melee_with.push_back(t);
          state_[t].melee_with.push_back(u);
          touch(u);
          touch(t);
          s.charged_ever = true;
          if (!counted_quietly(log, EventKind::kCharge)) {
            Event e = make_event(EventKind::kCharge, u,
                                 fmt::format("{} charges home on {}", unit_name(u), unit_name(t)));
            e.target = force_.units[t].id;
            e.data = {{"charge", true}};
            log.append(std::move(e));
          }
          charges_.push_back({u, t});
        } else if (!counted_quietly(log, EventKind::kCharge)) {
          log.append(
              make_event(EventKind::kCharge, u,
                         fmt::format("{} charge falls short of {}", unit_name(u), unit_name(t))));
        }
        break;
      }
      case ActionKind::kFormation: {
        // L15: a change takes ½ move (the rest may be used to move); Haitian units take
        // the whole turn (L168) and skirmishers leaving woods a full move (L15).
        const bool leaves_woods = force_.units[u].formation == "skirmish"sv && in_woods(u);
        const bool whole_turn = s.haitian != Haitian::kNone || leaves_woods;
        change_formation(u, a.formation, log);
        if (a.moves && !whole_turn && force_.units[u].formation == a.formation) {
          move_unit(u, a.destination, a.facing, 0.5, MoveColumn::kOpen, -1, log);
        }
        break;
      }
      case ActionKind::kLimber:
      case ActionKind::kUnlimber: {
        // L137: one full turn to limber or unlimber.
        change_formation(u, a.kind == ActionKind::kLimber ? "limbered" : "unlimbered", log);
        s.unlimber_bound = bound_;
        touch(u);
        break;
      }
      case ActionKind::kCounterCharge:  // reactions and gun options 1805 never offers
      case ActionKind::kHoldFire:
      case ActionKind::kProlonge:
      case ActionKind::kFace:
      case ActionKind::kShift:
        break;
    }
  }
}

}  // namespace smoothbore::fast_1805
