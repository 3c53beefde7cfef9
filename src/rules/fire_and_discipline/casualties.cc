#include "rules/fire_and_discipline/casualties.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {
namespace {

constexpr double kContactMm = 0.5;  // stands this close touch
constexpr double kFleeStepYd = 2.0;

std::size_t z(int i) { return static_cast<std::size_t>(i); }

Value num(int v) { return Value(std::int64_t{v}); }

void emit(const FdState& s, EventLog& log, EventKind kind, int unit, std::string text,
          Fields data = {}) {
  Event e;
  e.kind = kind;
  e.turn = s.turn;
  const Unit& u = s.force.units[z(unit)];
  if (u.side >= 0 && z(u.side) < s.force.sides.size()) e.side = s.force.sides[z(u.side)].id;
  e.unit = u.id;
  e.text = std::move(text);
  e.data = std::move(data);
  log.append(std::move(e));
}

bool live(const Stand& st) { return !st.removed; }

Vec2 unit_centre(const Unit& u) { return u.footprint().centre; }

double unit_facing(const Unit& u) {
  for (const Stand& st : u.stands) {
    if (live(st)) return st.rect.facing;
  }
  return u.stands.empty() ? 0.0 : u.stands.front().rect.facing;
}

// The live stand of `u` other than `from` nearest to stand `from` (ties: first), or -1.
int nearest_other_stand(const Unit& u, int from, bool need_castings) {
  int best = -1;
  double best_d = 1e18;
  for (std::size_t i = 0; i < u.stands.size(); ++i) {
    const Stand& st = u.stands[i];
    if (static_cast<int>(i) == from || !live(st) || (need_castings && st.castings <= 0)) continue;
    const double d = distance(u.stands[z(from)].rect, st.rect);
    if (d < best_d) {
      best_d = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

// The live stand of `u` nearest `p`, or -1.
int stand_nearest(const Unit& u, Vec2 p) {
  int best = -1;
  double best_d = 1e18;
  for (std::size_t i = 0; i < u.stands.size(); ++i) {
    if (!live(u.stands[i])) continue;
    const double d = distance(u.stands[i].rect, p);
    if (d < best_d) {
      best_d = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

bool any_live_stand(const Unit& u) { return std::any_of(u.stands.begin(), u.stands.end(), live); }

void mark_boxes(UnitState& st, int n) {
  st.boxes_marked = std::min(st.shatter_boxes, st.boxes_marked + n);
}

void check_shatter(FdState& s, int unit, EventLog& log) {
  Unit& u = s.force.units[z(unit)];
  const UnitState& st = s.units[z(unit)];
  if (!u.on_table()) return;
  if (st.shattered()) {
    if (s.options.shattered_retire) {
      if (has_marker(u.markers, "shattered")) return;
      set_marker(u.markers, Marker{"shattered", 1, -1, s.turn});
      emit(s, log, EventKind::kStatus, unit, u.id + " is shattered and retires (§5.11, FD-58)",
           {{"shattered", Value(true)}});
    } else {
      u.status = UnitStatus::kRemoved;
      emit(s, log, EventKind::kRemoved, unit, u.id + " is shattered and removed (§5.11)",
           {{"shattered", Value(true)}});
    }
    return;
  }
  if (u.arm != Arm::kArtillery && !any_live_stand(u)) {
    u.status = UnitStatus::kRemoved;
    emit(s, log, EventKind::kRemoved, unit, u.id + " has lost every stand (FD-20)",
         {{"destroyed", Value(true)}});
  }
}

void apply_crew_hits(FdState& s, int unit, int stand, int hits, EventLog& log,
                     std::string_view cause) {
  Unit& u = s.force.units[z(unit)];
  UnitState& st = s.units[z(unit)];
  int gun =
      stand >= 0 && z(stand) < u.stands.size() && u.stands[z(stand)].castings > 0 ? stand : -1;
  for (std::size_t i = 0; gun < 0 && i < u.stands.size(); ++i) {
    if (live(u.stands[i]) && u.stands[i].castings > 0) gun = static_cast<int>(i);
  }
  const int lost = std::min(hits, st.crew);
  st.crew -= lost;
  if (gun >= 0) u.stands[z(gun)].castings = std::max(0, u.stands[z(gun)].castings - lost);
  mark_boxes(st, hits);  // FD-18: a crew hit marks a box
  emit(s, log, EventKind::kStatus, unit,
       u.id + ": " + std::to_string(hits) + " crew hit(s) from " + std::string(cause) +
           " (FD-18), crew left " + std::to_string(st.crew),
       {{"hits", num(hits)},
        {"crew", num(st.crew)},
        {"boxes_marked", num(st.boxes_marked)},
        {"cause", Value(std::string(cause))}});
  check_shatter(s, unit, log);
}

}  // namespace

void apply_hits(FdState& s, int unit, int stand, int hits, EventLog& log, std::string_view cause) {
  if (hits <= 0 || unit < 0 || z(unit) >= s.force.units.size()) return;
  Unit& u = s.force.units[z(unit)];
  if (!u.on_table()) return;
  if (u.arm == Arm::kArtillery) {
    apply_crew_hits(s, unit, stand, hits, log, cause);
    return;
  }
  UnitState& st = s.units[z(unit)];
  const bool lost_overflow = s.options.overflow_hits == "lost";
  int target = stand >= 0 && z(stand) < u.stands.size() && live(u.stands[z(stand)]) ? stand : -1;
  if (target < 0 && stand >= 0 && z(stand) < u.stands.size() && !lost_overflow) {
    target = nearest_other_stand(u, stand, true);
  }
  int on_castings = 0;
  for (int h = 0; h < hits; ++h) {
    mark_boxes(st, 1);
    if (target >= 0 && u.stands[z(target)].castings <= 0) {
      target = lost_overflow ? -1 : nearest_other_stand(u, target, true);
    }
    if (target < 0) continue;
    Stand& t = u.stands[z(target)];
    --t.castings;
    ++on_castings;
    if (t.castings <= 0) {
      t.castings = 0;
      t.removed = true;
      emit(s, log, EventKind::kStatus, unit,
           u.id + " stand " + std::to_string(target) + " has lost its last casting (FD-20)",
           {{"stand", num(target)}, {"stand_removed", Value(true)}});
    }
  }
  emit(s, log, EventKind::kStatus, unit,
       u.id + ": " + std::to_string(hits) + " hit(s) from " + std::string(cause) +
           ", castings removed " + std::to_string(on_castings) + ", boxes " +
           std::to_string(st.boxes_marked) + "/" + std::to_string(st.shatter_boxes) + " (FD-20)",
       {{"hits", num(hits)},
        {"stand", num(stand)},
        {"castings_removed", num(on_castings)},
        {"boxes_marked", num(st.boxes_marked)},
        {"shatter_boxes", num(st.shatter_boxes)},
        {"cause", Value(std::string(cause))}});
  check_shatter(s, unit, log);
}

void apply_gun_component_hit(FdState& s, int unit, GunHitComponent c, EventLog& log) {
  Unit& u = s.force.units[z(unit)];
  UnitState& st = s.units[z(unit)];
  if (!u.on_table()) return;
  const bool boxes = s.options.artillery_boxes == "all";
  switch (c) {
    case GunHitComponent::kCrew:
      apply_hits(s, unit, -1, 1, log, "crew hit");
      return;
    case GunHitComponent::kGun:
      st.gun_hits = std::min(2, st.gun_hits + 1);
      if (boxes) mark_boxes(st, 1);
      if (st.gun_hits >= 2) {
        u.status = UnitStatus::kRemoved;
        emit(s, log, EventKind::kRemoved, unit, u.id + ": guns destroyed, section removed (§6.8)",
             {{"gun_hits", num(st.gun_hits)}});
        return;
      }
      emit(s, log, EventKind::kStatus, unit, u.id + ": gun hit, firepower halved (§6.8)",
           {{"gun_hits", num(st.gun_hits)}});
      break;
    case GunHitComponent::kLimber:
      st.limber_hits = std::min(4, st.limber_hits + 1);
      if (boxes) mark_boxes(st, 1);
      emit(s, log, EventKind::kStatus, unit,
           u.id + ": limber hit, movement " + std::to_string(4 - st.limber_hits) + "/4" +
               (st.limber_hits >= 4 ? ", immobile (§6.8)" : " (§6.8)"),
           {{"limber_hits", num(st.limber_hits)}});
      break;
  }
  check_shatter(s, unit, log);
}

int testing_stand(const FdState& s, int unit, const std::vector<int>& stands_hit_counts) {
  const Unit& u = s.force.units[z(unit)];
  int best = -1;
  for (std::size_t i = 0; i < u.stands.size(); ++i) {
    const int hits = i < stands_hit_counts.size() ? stands_hit_counts[i] : 0;
    if (!live(u.stands[i]) || hits <= 0) continue;
    if (best < 0) {
      best = static_cast<int>(i);
      continue;
    }
    const int best_hits = stands_hit_counts[z(best)];
    if (hits > best_hits ||
        (hits == best_hits && u.stands[i].castings < u.stands[z(best)].castings)) {
      best = static_cast<int>(i);
    }
  }
  if (best >= 0) return best;
  for (std::size_t i = 0; i < u.stands.size(); ++i) {
    if (live(u.stands[i]) && (best < 0 || u.stands[i].castings < u.stands[z(best)].castings)) {
      best = static_cast<int>(i);
    }
  }
  return best;
}

std::vector<int> testing_stands(const FdState& s, int unit,
                                const std::vector<int>& stands_hit_counts) {
  std::vector<int> out;
  if (s.options.morale_tests == "per-stand") {
    const Unit& u = s.force.units[z(unit)];
    for (std::size_t i = 0; i < u.stands.size() && i < stands_hit_counts.size(); ++i) {
      if (live(u.stands[i]) && stands_hit_counts[i] > 0) out.push_back(static_cast<int>(i));
    }
  }
  if (out.empty()) {
    const int one = testing_stand(s, unit, stands_hit_counts);
    if (one >= 0) out.push_back(one);
  }
  return out;
}

namespace {

// Two oriented rectangles share a stretch of edge (not only a corner).
bool edge_contact(const Rect& a, const Rect& b) {
  if (distance(a, b) > kContactMm) return false;
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

bool in_any(const Table& t, Vec2 p, std::initializer_list<TerrainClass> classes) {
  const TerrainAt at = t.terrain_at(p);
  return std::any_of(classes.begin(), classes.end(), [&](TerrainClass c) { return at.has(c); });
}

}  // namespace

int enemy_quadrants(const FdState& s, int unit) {
  const Unit& u = s.force.units[z(unit)];
  const Vec2 c = unit_centre(u);
  const double facing = unit_facing(u);
  const double reach = s.mm(100) + 1e-6;
  bool seen[4] = {false, false, false, false};
  for (const Unit& e : s.force.units) {
    if (e.side == u.side || !e.on_table()) continue;
    for (const Stand& es : e.stands) {
      if (!live(es)) continue;
      bool near = false;
      for (const Stand& mine : u.stands)
        near = near || (live(mine) && distance(mine.rect, es.rect) <= reach);
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
  auto overlaps_unit = [&](const std::vector<Stand>& mine, const Unit& other) {
    for (const Stand& a : mine) {
      if (!live(a)) continue;
      for (const Stand& b : other.stands) {
        if (live(b) && overlaps(a.rect, b.rect, 0.01)) return true;
      }
    }
    return false;
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
    bool on_friend = false;
    for (std::size_t i = 0; i < s.force.units.size() && !blocked; ++i) {
      const Unit& o = s.force.units[i];
      if (static_cast<int>(i) == unit || !o.on_table() || !overlaps_unit(at, o)) continue;
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
    st.boxes_marked = st.shatter_boxes;  // counts as shattered (FD-26)
    emit(s, log, EventKind::kRemoved, unit, u.id + " flees off the table (FD-26)",
         {{"left_table", Value(true)}});
    return;
  }
  const std::string barrier = terrain ? "impassable ground" : "the enemy";
  if (blocked && s.options.blocked_flee == "surrender") {
    st.surrendered = true;
    u.status = UnitStatus::kRemoved;
    emit(s, log, EventKind::kRemoved, unit,
         u.id + " cannot flee past " + barrier + " and surrenders (FD-26)",
         {{"surrendered", Value(true)}, {"blocked_by", Value(terrain ? "terrain" : "enemy")}});
    surrender_guns(s, unit, log);  // FD-64
    return;
  }
  u.stands = placed(reached, true);  // "stop" (FD-26 option): it turns about where it stops
  st.fled_this_turn = true;
  const int until = before_movement || s.options.halt_until == "end-of-turn" ? s.turn : s.turn + 1;
  if (s.options.flee_disorders) st.disordered_until = std::max(st.disordered_until, until);
  emit(s, log, EventKind::kMove, unit,
       u.id + " flees " + std::to_string(static_cast<int>(std::lround(s.yd(reached)))) + " yd" +
           (blocked ? ", stopped by " + barrier : "") + " (FD-26)",
       {{"flee_yd", Value(s.yd(reached))}, {"facing", Value(new_facing)}});
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
  emit(s, log, EventKind::kMorale, unit,
       u.id + " morale: " + std::string(morale_result_name(r)) + " (§5.5)",
       {{"result", Value(std::string(morale_result_name(r)))}});
  switch (r) {
    case MoraleResult::kPass:
      return;
    case MoraleResult::kHalt: {
      const bool this_turn = before_movement || s.options.halt_until == "end-of-turn";
      st.halted_until = std::max(st.halted_until, this_turn ? s.turn : s.turn + 1);
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
        touching = touching || (live(a) && live(b) && distance(a.rect, b.rect) <= kContactMm);
      }
    }
    if (touching) out.push_back(idx);
  }
  return out;
}

}  // namespace smoothbore::fire_and_discipline
