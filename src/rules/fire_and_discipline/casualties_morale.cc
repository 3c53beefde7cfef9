// Morale effects of Fire and Discipline on the battle state (000.md §5.2-§5.3, §10, FD-23..
// FD-29, FD-58): the §5.2 situation a morale check reads from the table (enemy quadrants,
// surrounded, cover), the FD-26 flee, what each morale result does to the unit, and the
// §5.3e cascade of adjacent units.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/check.h"
#include "core/geometry/nearest.h"
#include "rules/fire_and_discipline/apart.h"
#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/casualties_detail.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {

using namespace casualties_detail;  // NOLINT: the casualty internals

namespace {

constexpr double kContactMm = 0.5;  // stands this close touch
constexpr double kFleeStepYd = 2.0;

// Two oriented rectangles share a stretch of edge (not only a corner).
bool edge_contact(const Rect& a, const Rect& b) {
  if (surely_beyond(a, b, kContactMm) || distance(a, b) > kContactMm) return false;
  const auto ca = a.corners();
  const auto cb = b.corners();
  for (std::size_t i = 0; i < 4; ++i) {
    const Segment ea{ca[i], ca[(i + 1) % 4]};
    const Vec2 dir = (ea.b - ea.a).normalized();
    for (std::size_t j = 0; j < 4; ++j) {
      const Segment eb{cb[j], cb[(j + 1) % 4]};
      const Vec2 d2 = (eb.b - eb.a).normalized();
      if (std::fabs(dir.cross(d2)) > 1e-3) continue;                 // not parallel
      if (std::fabs(dir.cross(eb.a - ea.a)) > kContactMm) continue;  // not collinear
      const double t0 = dir.dot(eb.a - ea.a);
      const double t1 = dir.dot(eb.b - ea.a);
      const double lo = std::max(0.0, std::min(t0, t1));
      const double hi = std::min(ea.length(), std::max(t0, t1));
      if (hi - lo > kContactMm) return true;
    }
  }
  return false;
}

// The box of the circumscribed circles of `stands`' live stands, padded by a millimetre (far
// above the rounding of overlaps' own circle test, shapes.h): a stand whose box misses it
// overlaps none of them. Empty (min > max) when none is live.
Box circles_box(const std::vector<Stand>& stands) {
  constexpr double kPadMm = 1;
  const double inf = std::numeric_limits<double>::infinity();
  Box b{{inf, inf}, {-inf, -inf}};
  for (const Stand& st : stands) {
    if (!live(st)) continue;
    const double r = half_diagonal(st.rect) + kPadMm;
    const Vec2 c = st.rect.centre;
    b.min = {std::min(b.min.x, c.x - r), std::min(b.min.y, c.y - r)};
    b.max = {std::max(b.max.x, c.x + r), std::max(b.max.y, c.y + r)};
  }
  return b;
}

bool in_any(const Table& t, Vec2 p, std::initializer_list<TerrainClass> classes) {
  const TerrainAt at = t.terrain_at(p);
  return std::any_of(classes.begin(), classes.end(), [&](TerrainClass c) { return at.has(c); });
}

}  // namespace

int enemy_quadrants(const FdState& s, int unit) {
  const Unit& u = s.force.units[z(unit)];
  // unit_centre(u), from the footprint kept while the orders are given (issue 9 round 23).
  const Vec2 c = s.stands_on_table.footprint(s.force, unit).centre;
  const double facing = unit_facing(u);
  const double reach = s.mm(100) + 1e-6;
  bool seen[4] = {false, false, false, false};
  // Stands whose circumscribed circles lie farther apart than the reach (by more than
  // rounding) are not within it: no exact distance (with its sines) for them, first for the
  // whole unit (a circle about c holding its stands), then stand by stand.
  constexpr double kSlack = 1e-6;  // mm
  double own = 0;
  for (const Stand& mine : u.stands) {
    if (live(mine)) own = std::max(own, (mine.rect.centre - c).length() + half_diagonal(mine.rect));
  }
  for (const Unit& e : s.force.units) {
    if (e.side == u.side || !e.on_table()) continue;
    for (const Stand& es : e.stands) {
      if (!live(es)) continue;
      const double re = half_diagonal(es.rect);
      if ((es.rect.centre - c).length() - re - own > reach + kSlack) continue;
      bool near = false;
      for (const Stand& mine : u.stands) {
        if (near || !live(mine)) continue;
        const double apart =
            (mine.rect.centre - es.rect.centre).length() - half_diagonal(mine.rect) - re;
        near = apart <= reach + kSlack &&
               (surely_within(mine.rect, es.rect, reach) || distance(mine.rect, es.rect) <= reach);
      }
      if (!near) continue;
      const double rel = normalize_bearing(bearing_of(es.rect.centre - c) - facing + 45.0);
      seen[std::min(3, static_cast<int>(rel / 90.0))] = true;  // front, right, rear, left
    }
  }
  return static_cast<int>(std::count(std::begin(seen), std::end(seen), true));
}

bool surrounded(const FdState& s, int unit) {
  return enemy_quadrants(s, unit) >= std::max(1, s.options.surround_quadrants);
}

MoraleSituation morale_situation(const FdState& s, int unit, int stand) {
  const Unit& u = s.force.units[z(unit)];
  const UnitState& st = s.units[z(unit)];
  const Stand& me = u.stands[z(stand)];
  const Table& t = s.table();
  MoraleSituation m;
  m.castings = me.castings;
  m.rating = st.rating;
  m.base = s.options.morale_base == "five" ? MoraleBase::kFive : MoraleBase::kCastings;
  const Vec2 p = me.rect.centre;
  m.protective = protective_position(s, {unit, stand});  // §5.2b, FD-49
  m.skirmish_in_woods =
      u.formation == "open-order" &&
      in_any(t, p, {TerrainClass::kLightWoods, TerrainClass::kHeavyWoods, TerrainClass::kRough});
  for (const Leader& l : s.force.leaders) {
    if (l.alive && l.command >= 0 && l.side == u.side &&
        distance(me.rect, l.position) <= s.mm(60) + 1e-6) {
      m.brigade_commander = true;
    }
  }
  m.over_half = st.over_half();
  if (s.options.adjacent_bonus > 0) {
    for (std::size_t i = 0; i < u.stands.size(); ++i) {
      if (static_cast<int>(i) != stand && live(u.stands[i]) &&
          edge_contact(me.rect, u.stands[i].rect)) {
        m.adjacent = true;
      }
    }
  }
  const bool half = me.rect.width < 0.5 * (kStandWidthYd + kHalfStandWidthYd) * kLayoutMmPerYard;
  m.half_stand_open = s.options.half_stand_plus > 0 && half && u.formation == "open-order";
  m.surrounded = surrounded(s, unit);
  m.fanatic = s.options.fanaticism && (st.rating >= 3 || u.type == "indians");
  return m;
}

void flee(FdState& s, int unit, Vec2 cause, bool before_movement, EventLog& log, double yards) {
  Unit& u = s.force.units[z(unit)];
  UnitState& st = s.units[z(unit)];
  if (!u.on_table()) return;
  const Vec2 c = unit_centre(u);
  const Vec2 home = bearing_vector(edge_bearing(s.force.sides[z(u.side)].home_edge));
  Vec2 away = (c - cause).normalized();
  if (away.length() == 0) away = home;
  Vec2 dir = (away + home * 0.5).normalized();
  if (dir.length() == 0) dir = away;
  const double new_facing = bearing_of(dir);
  const double turn = new_facing - unit_facing(u);
  const Vec2 r = bearing_vector(turn);  // rotation by `turn` (compass sense)
  auto rotate = [&](Vec2 v) { return Vec2{v.x * r.y + v.y * r.x, -v.x * r.x + v.y * r.y}; };
  // The stands moved by `along` mm, turned to the new facing when `final`.
  auto placed = [&](double along, bool final) {
    std::vector<Stand> out = u.stands;
    for (Stand& p : out) {
      if (final) {
        p.rect.centre = c + rotate(p.rect.centre - c);
        p.rect.facing = normalize_bearing(p.rect.facing + turn);
      }
      p.rect.centre = p.rect.centre + dir * along;
    }
    return out;
  };
  // Issue 9: each other unit's box worked out once per flee; a unit whose box misses the
  // fleeing stands' box at a stop overlaps none of them there (the same answer as testing
  // every pair).
  std::vector<Box> boxes(s.force.units.size());
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    if (static_cast<int>(i) != unit && s.force.units[i].on_table()) {
      boxes[i] = circles_box(s.force.units[i].stands);
    }
  }
  auto pairs_overlap = [&](const std::vector<Stand>& mine, const Unit& other) {
    for (const Stand& a : mine) {
      if (!live(a)) continue;
      for (const Stand& b : other.stands) {
        if (live(b) && overlaps(a.rect, b.rect, 0.01)) return true;
      }
    }
    return false;
  };
  auto overlaps_unit = [&](const std::vector<Stand>& mine, const Box& mine_box, std::size_t i) {
    const Unit& other = s.force.units[i];
    if (!mine_box.intersects(boxes[i])) {
      if (shortcut_checks()) {
        SB_CHECK(!pairs_overlap(mine, other), "a fleeing unit overlaps a unit its box misses");
      }
      return false;
    }
    return pairs_overlap(mine, other);
  };
  const double total = s.mm(yards);
  const double step = s.mm(kFleeStepYd);
  // FD-26, FD-40: ground impassable to the unit (heavy woods to horse in line and
  // limbered guns, marsh to guns) blocks the flee where a stand's centre would enter it.
  const CostFn cost = terrain_cost(s, unit);
  auto impassable = [&](Vec2 p) { return cost(s.table().terrain_at(p)) >= kImpassable; };
  std::vector<bool> started_impassable;
  for (const Stand& p : u.stands)
    started_impassable.push_back(live(p) && impassable(p.rect.centre));
  std::vector<int> flowed;
  double reached = 0;
  bool blocked = false;
  bool terrain = false;
  bool left_table = false;
  // Stops every ~2 yd up to the full distance, then on up to twice it to clear friends.
  const int n = std::max(1, static_cast<int>(std::ceil(total / step - 1e-9)));
  std::vector<double> stops;
  for (int k = 1; k <= 2 * n; ++k)
    stops.push_back(total * static_cast<double>(k) / static_cast<double>(n));
  for (double along : stops) {
    const bool final = along >= total - 1e-9;
    const std::vector<Stand> at = placed(along, final);
    const Box at_box = circles_box(at);
    bool on_friend = false;
    for (std::size_t i = 0; i < s.force.units.size() && !blocked; ++i) {
      const Unit& o = s.force.units[i];
      if (static_cast<int>(i) == unit || !o.on_table() || !overlaps_unit(at, at_box, i)) continue;
      if (o.side != u.side) {
        blocked = true;
        break;
      }
      on_friend = true;
      if (std::find(flowed.begin(), flowed.end(), static_cast<int>(i)) == flowed.end()) {
        flowed.push_back(static_cast<int>(i));
      }
    }
    if (blocked) break;
    for (std::size_t k = 0; k < at.size() && !terrain; ++k) {
      terrain = live(at[k]) && !started_impassable[k] && impassable(at[k].rect.centre);
    }
    if (terrain) {
      blocked = true;
      break;
    }
    for (const Stand& p : at) left_table = left_table || (live(p) && !s.table().contains(p.rect));
    if (left_table) break;
    reached = along;
    if (final && !on_friend) break;
  }
  if (left_table) {
    u.status = UnitStatus::kRemoved;
    touch_stands(s, unit);
    st.boxes_marked = st.shatter_boxes;  // counts as shattered (FD-26)
    emit(s, log, EventKind::kRemoved, unit, u.id + " flees off the table (FD-26)",
         {{"left_table", Value(true)}});
    return;
  }
  const std::string barrier = terrain ? "impassable ground" : "the enemy";
  if (blocked && s.options.blocked_flee == "surrender") {
    st.surrendered = true;
    u.status = UnitStatus::kRemoved;
    touch_stands(s, unit);
    emit(s, log, EventKind::kRemoved, unit,
         u.id + " cannot flee past " + barrier + " and surrenders (FD-26)",
         {{"surrendered", Value(true)}, {"blocked_by", Value(terrain ? "terrain" : "enemy")}});
    surrender_guns(s, unit, log);  // FD-64
    return;
  }
  u.stands = placed(reached, true);  // "stop" (FD-26 option): it turns about where it stops
  touch_stands(s, unit);
  st.fled_this_turn = true;
  const int until = before_movement || s.options.halt_until == "end-of-turn" ? s.turn : s.turn + 1;
  if (s.options.flee_disorders) st.disordered_until = std::max(st.disordered_until, until);
  touch_unit(s, unit);
  if (!counted_quietly(log, EventKind::kMove)) {
    emit(s, log, EventKind::kMove, unit,
         u.id + " flees " + std::to_string(static_cast<int>(std::lround(s.yd(reached)))) + " yd" +
             (blocked ? ", stopped by " + barrier : "") + " (FD-26)",
         {{"flee_yd", Value(s.yd(reached))}, {"facing", Value(new_facing)}});
  }
  for (int o : flowed) {
    const bool mover = s.options.flow_through_box != "standing";
    const int hit_unit = mover ? unit : o;
    const Unit& hu = s.force.units[z(hit_unit)];
    const Vec2 other = mover ? unit_centre(s.force.units[z(o)]) : unit_centre(u);
    apply_hits(s, hit_unit, stand_nearest(hu, other), 1, log,
               "flow-through of " + s.force.units[z(o)].id + " (§3.14, FD-27)");
  }
}

void apply_morale_result(FdState& s, int unit, MoraleResult r, Vec2 cause, bool before_movement,
                         EventLog& log) {
  Unit& u = s.force.units[z(unit)];
  UnitState& st = s.units[z(unit)];
  if (!u.on_table()) return;
  if (!counted_quietly(log, EventKind::kMorale)) {
    emit(s, log, EventKind::kMorale, unit,
         u.id + " morale: " + std::string(morale_result_name(r)) + " (§5.5)",
         {{"result", Value(std::string(morale_result_name(r)))}});
  }
  switch (r) {
    case MoraleResult::kPass:
      return;
    case MoraleResult::kHalt: {
      const bool this_turn = before_movement || s.options.halt_until == "end-of-turn";
      st.halted_until = std::max(st.halted_until, this_turn ? s.turn : s.turn + 1);
      touch_unit(s, unit);
      emit(s, log, EventKind::kStatus, unit,
           u.id + " is halted through turn " + std::to_string(st.halted_until) + " (FD-25)",
           {{"halted_until", num(st.halted_until)}});
      return;
    }
    case MoraleResult::kFlee:
    case MoraleResult::kFleeHit:
      abandon_guns(s, unit, log);  // §5.5: gun crews flee without the guns (FD-19)
      flee(s, unit, cause, before_movement, log);
      if (r == MoraleResult::kFleeHit && u.on_table()) {
        // §5.61 attrition: a hit that causes no further check (§5.5).
        apply_hits(s, unit, stand_nearest(u, cause), 1, log, "attrition (§5.61)");
      }
      return;
    case MoraleResult::kSurrender:
      st.surrendered = true;
      u.status = UnitStatus::kRemoved;
      touch_stands(s, unit);
      emit(s, log, EventKind::kRemoved, unit, u.id + " surrenders (§5.5, §5.62)",
           {{"surrendered", Value(true)}});
      surrender_guns(s, unit, log);  // FD-64
      return;
    case MoraleResult::kFanatic1:
    case MoraleResult::kFanatic2:
      apply_hits(s, unit, stand_nearest(u, cause), morale_attrition(r), log,
                 "fanatic attrition (§5.64)");
      return;
  }
}

std::vector<int> cascade_units(const FdState& s, int failed_unit,
                               const std::vector<int>& already_tested_this_step) {
  std::vector<int> out;
  if (s.options.cascade == "none") return out;
  const bool once = s.options.cascade != "unlimited";
  const Unit& f = s.force.units[z(failed_unit)];
  for (std::size_t i = 0; i < s.force.units.size(); ++i) {
    const int idx = static_cast<int>(i);
    const Unit& o = s.force.units[i];
    if (idx == failed_unit || o.side != f.side || !o.on_table()) continue;
    if (!s.units[i].engaged_with.empty()) continue;  // §5.3e: engaged units are exempt
    if (once && std::find(already_tested_this_step.begin(), already_tested_this_step.end(), idx) !=
                    already_tested_this_step.end()) {
      continue;
    }
    bool touching = false;
    for (const Stand& a : f.stands) {
      for (const Stand& b : o.stands) {
        touching = touching || (live(a) && live(b) && !surely_beyond(a.rect, b.rect, kContactMm) &&
                                distance(a.rect, b.rect) <= kContactMm);
      }
    }
    if (touching) out.push_back(idx);
  }
  return out;
}

}  // namespace smoothbore::fire_and_discipline
