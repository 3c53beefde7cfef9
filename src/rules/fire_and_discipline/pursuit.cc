#include "rules/fire_and_discipline/pursuit.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "rules/fire_and_discipline/melee_phase_detail.h"

namespace smoothbore::fire_and_discipline {
namespace {

using detail::live;
using detail::unit_at;
using detail::z;

bool contains(const std::vector<int>& v, int x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

bool in_play(const FdState& s, int u) {
  return unit_at(s, u).on_table() && !s.units[z(u)].surrendered;
}

// Follow: wheel about the footprint centre toward the nearest live stand of `fled`; returns
// the wheel made (0 if none, or if it would overlap another unit).
double wheel_toward(FdState& s, int unit, const std::vector<int>& fled) {
  const Rect b = unit_at(s, unit).footprint();
  double best = -1;
  Vec2 goal;
  for (int f : fled) {
    if (!in_play(s, f)) continue;
    for (const Stand& st : unit_at(s, f).stands) {
      const double d = live(st) ? distance(b.centre, st.rect.centre) : -1;
      if (d >= 0 && (best < 0 || d < best)) best = d, goal = st.rect.centre;
    }
  }
  if (best <= 0) return 0;
  const double turn = normalize_bearing(bearing_of(goal - b.centre) - b.facing + 180.0) - 180.0;
  if (std::fabs(turn) < 1e-6) return 0;
  const std::vector<Stand> before = unit_at(s, unit).stands;
  detail::rigid_move(s, unit, b.centre, turn, Vec2{});
  if (detail::overlaps_other_unit(s, unit)) {
    s.force.units[z(unit)].stands = before;
    touch_stands(s, unit);
    return 0;
  }
  return turn;
}

}  // namespace

bool may_pursue(const FdState& s, const MeleeStep& step, const MeleeBook& book, int unit) {
  const MeleeFighter* f = step.fighter(unit);
  if (f == nullptr || f->retreated || !in_play(s, unit) || s.units[z(unit)].halted(s.turn)) {
    return false;
  }
  if (s.options.pursuit_by == "chargers" && !contains(book.charged, unit)) return false;
  if (f->opponents.empty()) return false;
  return std::all_of(f->opponents.begin(), f->opponents.end(), [&](int o) {
    const MeleeFighter* of = step.fighter(o);
    return of != nullptr && of->retreated;
  });
}

PursuitMove pursue(FdState& s, int unit, const std::vector<int>& fled, EventLog& log) {
  PursuitMove pm;
  pm.unit = unit;
  double yards = kPursuitYd;
  if (s.options.pursuit_direction == "follow") {
    pm.wheel_deg = wheel_toward(s, unit, fled);
    if (pm.wheel_deg != 0) yards /= 2;  // §4.5: a wheel halves the move
  }
  const Unit& u = unit_at(s, unit);
  const double range = s.mm(yards);
  const detail::PathAhead path = detail::path_ahead(s, unit, range);
  double move = range;
  if (path.friend_mm >= 0 && path.friend_mm < move) {
    move = path.friend_mm;
    pm.stopped_by = unit_at(s, path.friend_unit).id;
  }
  bool contact = path.enemy_mm >= 0 && path.enemy_mm <= move;
  if (contact) {
    move = path.enemy_mm;
    pm.stopped_by.clear();
  }
  if (path.table_mm < move) {
    contact = false;
    move = path.table_mm;
    pm.stopped_by = "the table edge";
  }
  const int enemy = path.enemy;
  detail::advance_block(s, unit, move);
  pm.yards = s.yd(move);
  std::string text = u.id;
  if (pm.wheel_deg != 0) {
    text += fmt::format(" wheels {:.0f}° toward the fleeing enemy (§4.5: half distance) and",
                        std::fabs(pm.wheel_deg));
  }
  text += fmt::format(" pursues {:.0f} yd", pm.yards);
  if (contact) {
    pm.contacted = enemy;
    detail::line_up(s, unit, enemy);  // §8.16: the pursuer shifts, or stays where it met it
    text +=
        fmt::format(" into contact with {}: a pursuit melee follows (§8.2h)", unit_at(s, enemy).id);
  } else if (!pm.stopped_by.empty()) {
    text += fmt::format(", stopped by {} (§8.2h)", pm.stopped_by == "the table edge"
                                                       ? pm.stopped_by
                                                       : "friendly " + pm.stopped_by);
  } else {
    text += " and meets no enemy (§8.2h)";
  }
  detail::log_melee_event(log, s, EventKind::kMove, unit, pm.contacted, "VII.3 pursuit", text);
  return pm;
}

std::vector<Melee> pursuit_moves(FdState& s, const MeleeStep& step, MeleeBook& book,
                                 EventLog& log) {
  std::vector<Melee> out;
  for (const MeleeFighter& f : step.fighters) {
    if (!may_pursue(s, step, book, f.unit)) continue;
    const bool contacted =
        std::any_of(out.begin(), out.end(), [&](const Melee& m) { return m.target == f.unit; });
    if (contacted) continue;  // it stands to fight the pursuer that reached it
    const PursuitMove pm = pursue(s, f.unit, f.opponents, log);
    if (!contains(book.charged, f.unit)) book.charged.push_back(f.unit);
    if (pm.contacted < 0) continue;
    Melee m;
    m.charger = f.unit;
    m.target = pm.contacted;
    m.pursuit = true;
    m.flank = detail::extends_behind_rear(s, f.unit, pm.contacted);
    m.contacts = stand_contacts(s, f.unit, pm.contacted);
    if (!m.contacts.empty()) out.push_back(std::move(m));
  }
  return out;
}

}  // namespace smoothbore::fire_and_discipline
