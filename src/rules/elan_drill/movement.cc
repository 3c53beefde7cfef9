// The movement phase (§3 L14-L16): chargers first, to contact (D12-15), then every other
// unit (D12-07 rates; §11 rough ×2, difficult ×3, skirmishers unaffected); formation
// changes with their Drill tests (L80-L82, D12-08); broken units flee (D12-05).
#include <algorithm>
#include <limits>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "core/geometry/nearest.h"
#include "core/geometry/rect_frame.h"
#include "core/geometry/same_frame.h"
#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/elan_drill.h"
#include "rules/elan_drill/path_filters.h"
#include "rules/elan_drill/text.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

// rules/battle.h's place_free(), with a cheap exact pre-test: rectangles whose centres
// lie farther apart than both half diagonals (+1 mm) cannot overlap, so only the others
// take the separating-axis test (issue 9: this runs at every step of every move).
bool BattleED::place_ok(int unit, const Rect& r, int ignore) const {
  // The exact tests on frames (the same answers as on the Rects): r's worked out once, its
  // corners for the table (table.contains(r) frames it too), each other unit's kept
  // (frame_of; issue 9).
  const RectFrame framed(r);
  if (!on_table(framed)) return false;
  const double hr = half_diagonal(r) + 1.0;
  auto clear_of = [&](int o) { return clear_of_now(unit, framed, hr, ignore, o); };
  // Whether any unit overlaps does not depend on the order they are asked in, so the
  // candidates come unsorted into a reused buffer (issue 9).
  thread_local std::vector<int> near;
  if (snap_.ready()) {  // no unit moves: only those filed near r (proximity.h)
    snap_.near_unordered(r.centre, hr, near);
    return clear_among(unit, framed, ignore, near);
  }
  if (live_.ready()) {  // the same, from the footprints kept while units move
    live_.near(Box{r.centre, r.centre}, hr, near);
    return std::all_of(near.begin(), near.end(), clear_of);
  }
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    if (!clear_of(static_cast<int>(i))) return false;
  }
  return true;
}

bool BattleED::clear_of_now(int unit, const RectFrame& framed, double hr, int ignore, int o) const {
  if (o == unit || o == ignore || !force_.units[o].on_table()) return true;
  const Rect f = footprint_of(o);
  const double reach = hr + half_diagonal(f);
  const Vec2 d = f.centre - framed.rect.centre;
  if (d.dot(d) > reach * reach) return true;
  return !overlaps(framed, frame_of(o), 0.01);
}

bool BattleED::place_ok_among(int unit, const Rect& r, const std::vector<int>& near) const {
  const RectFrame framed(r);
  if (!on_table(framed)) return false;
  const double hr = half_diagonal(r) + 1.0;
  return std::all_of(near.begin(), near.end(),
                     [&](int o) { return clear_of_now(unit, framed, hr, -1, o); });
}

bool BattleED::on_table(const RectFrame& framed) const {
  // Every corner lies within the half diagonal of the centre (up to rounding, far below
  // the 1 mm allowed): a centre that far inside each edge has them all on the table
  // (issue 9: four corner tests for every formation tried and every placement).
  const auto& t = scenario_.table;
  const Vec2 c = framed.rect.centre;
  const double h = half_diagonal(framed.rect) + 1.0;
  if (c.x >= h && c.x <= t.width() - h && c.y >= h && c.y <= t.height() - h) return true;
  return std::all_of(framed.corners.begin(), framed.corners.end(),
                     [&](Vec2 p) { return t.contains(p); });
}

bool BattleED::clear_among(int unit, const RectFrame& framed, int ignore,
                           const std::vector<int>& near) const {
  const Rect& r = framed.rect;
  const double hr = half_diagonal(r) + 1.0;
  // clear_of on the filed footprints and half diagonals (footprint_of's while the snapshot
  // stands), the centres' bound first (issue 9: most of the 10,000-stand turn's
  // candidates, each with a footprint copied and a square root). Candidates farther than
  // that bound pass it, so a wider list around the same centre answers the same.
  return std::all_of(near.begin(), near.end(), [&](int o) {
    const Rect& f = snap_.footprint(o);
    const double reach = hr + snap_.half(o);
    const Vec2 d = f.centre - r.centre;
    if (d.dot(d) > reach * reach) return true;
    if (o == unit || o == ignore || !force_.units[o].on_table()) return true;
    return !overlaps(framed, frame_of(o, f), 0.01);
  });
}

// §11: rough ×2 and difficult ×3 movement cost; skirmishers ignore both (L193).
CostFn BattleED::terrain_cost(int unit) const {
  const bool skirmish = force_.units[unit].formation == "skirmish"sv;
  return [skirmish](const TerrainAt& at) {
    double m = 1;
    for (TerrainClass c : at.classes) {
      if (skirmish) continue;  // L193: skirmishers ignore rough and difficult ground
      if (c == TerrainClass::kHeavyWoods || c == TerrainClass::kMarsh ||
          c == TerrainClass::kBuilding) {
        m = std::max(m, 3.0);  // L185-L187 difficult
      } else if (c == TerrainClass::kLightWoods || c == TerrainClass::kRough ||
                 c == TerrainClass::kStream) {
        m = std::max(m, 2.0);  // L181-L183 rough
      }
    }
    return m;
  };
}

// Moves straight toward `dest` for at most `budget_in` inches of allowance, paying the
// terrain (§11), stopping short of any unit (a charger stops touching its target).
double BattleED::move_unit(int unit, Vec2 dest, double facing, double budget_in, int target) {
  (void)target;
  Unit& u = force_.units[unit];
  const CostFn cost = terrain_cost(unit);
  Stand& st = u.stands.front();
  const Rect start = st.rect;
  Rect turned = start;
  turned.facing = normalize_bearing(facing);
  const Vec2 c0 = start.centre;
  const double length = distance(c0, dest);
  if (length < 1e-6) {
    if (place_ok(unit, turned, -1)) st.rect = turned;
    refile(unit);
    return 0;
  }
  const double reach = scenario_.table.reachable(c0, dest, budget_in * kMm, cost);
  const Vec2 dir = (dest - c0) * (1.0 / length);
  // No other unit moves during this move: the only ones a step can touch are those whose
  // centre lies within both half diagonals (+1 mm) of the path, found once (issue 9). The
  // turn on the spot (the same half diagonal) is placed among them too: the path starts at
  // c0, so they hold every unit filed within place_ok's reach of it (issue 9: a second
  // query of the index a move; the turn moves only the unit's own filing, which neither
  // list keeps). check_moves: place_ok's answer.
  const double hr = half_diagonal(start) + 1.0;
  const Segment path{c0, c0 + dir * reach};
  IdList near_path;
  if (live_.ready()) live_near(path.a, path.b, hr, near_path.ids());
  const bool turns =
      live_.ready() ? place_ok_among(unit, turned, near_path.ids()) : place_ok(unit, turned, -1);
  if (check_moves && turns != place_ok(unit, turned, -1))
    throw std::logic_error(
        fmt::format("unit {}: turn placed among the path's units differs", unit));
  if (turns) st.rect = turned;
  // Filed in the live index once, where the walk ends (issue 9: the turned footprint was
  // filed and filed again a moment later, some 19,800 index updates a 10,000-stand turn);
  // nothing asks the index in between, and its answers are ascending ids, whatever order
  // its cells keep. Touched and counted as refile() does.
  touch(unit);
  ++refiles_;
  // Each blocker's frame, and the mover's stepped along the path (RectFrame::moved_to):
  // the same overlap tests without two sines and cosines per blocker per step (issue 9).
  // The blockers' frames are the kept ones (frame_of, RectFrame's bit for bit; issue 9: a
  // neighbour that has not moved since it was last framed is not framed again).
  // Each blocker also keeps the part of the path where overlaps() can get past its first
  // test (circle_span, path_filters.h; issue 9: every step measured every blocker).
  // And the next step it can overlap at (clear_run: a neighbour moving alongside, or one
  // ahead until the mover nears it, is measured once, not at every step).
  struct Blocker {
    RectFrame frame;
    PathSpan span;
    double next = 0;
    int unit = -1;
  };
  thread_local std::vector<Blocker> blockers;
  blockers.clear();
  auto consider = [&](std::size_t i) {
    const int o = static_cast<int>(i);
    if (o == unit || !force_.units[i].on_table()) return;
    const Rect f = force_.units[i].footprint();
    if (point_segment_distance(f.centre, path) > hr + half_diagonal(f)) return;
    if (const auto span = circle_span(st.rect, f, c0, dir))
      blockers.push_back({frame_of(o, f), *span, span->lo, o});
  };
  if (live_.ready()) {  // ascending candidates near the path, tested as in the full scan
    for (const int o : near_path) consider(static_cast<std::size_t>(o));
  } else {
    for (std::size_t i = 0; i < force_.units.size(); ++i) consider(i);
  }
  if (check_moves) {  // the kept frames are those of the blockers' footprints now
    for (const Blocker& b : blockers) {
      if (!same_bits(b.frame, RectFrame(force_.units[b.unit].footprint())))
        throw std::logic_error(fmt::format("unit {}: a blocker's kept frame differs", unit));
    }
  }
  const RectFrame moving(st.rect);
  // When the footprint lies on the table by a micron at both ends of the path, it does at
  // every step between (the corners move in straight lines; the table is a rectangle).
  auto inside = [&](const RectFrame& f) {
    const double w = scenario_.table.width(), h = scenario_.table.height();
    return std::all_of(f.corners.begin(), f.corners.end(), [&](Vec2 p) {
      return p.x >= 1e-3 && p.x <= w - 1e-3 && p.y >= 1e-3 && p.y <= h - 1e-3;
    });
  };
  const bool on_table = inside(moving) && inside(moving.moved_to(path.b));
  // `*soonest` gets the least `next` of the blockers whose span the step has not passed:
  // no step before it meets one (a NaN keeps every step asked).
  auto step_ok = [&](double t, double* soonest) {
    std::optional<RectFrame> r;  // worked out for the table or a blocker only
    if (!on_table) {
      r.emplace(moving.moved_to(c0 + dir * t));
      // As table.contains(r.rect), on the frame's corners (r.rect.corners() frames it again).
      for (const Vec2 p : r->corners) {
        if (!scenario_.table.contains(p)) return false;
      }
    }
    *soonest = std::numeric_limits<double>::infinity();
    for (Blocker& b : blockers) {
      if (t > b.span.hi) continue;
      if (!(t < b.next)) {
        if (!r) r.emplace(moving.moved_to(c0 + dir * t));
        if (overlaps(*r, b.frame, 0.01)) return false;
        b.next = t + clear_run(*r, b.frame, dir, 0.01);
      }
      if (!(b.next >= *soonest)) *soonest = b.next;
    }
    return true;
  };
  // The steps, as t adds up; `skip`: a step on the table before every blocker's next is
  // step_ok's "yes" without asking it (issue 9: some 25 steps a move, most of them near
  // no blocker, each a frame made ready and every blocker read). check_moves walks both.
  auto walk = [&](bool skip) {
    double soonest = std::numeric_limits<double>::infinity();
    for (Blocker& b : blockers) {
      b.next = b.span.lo;
      if (!(b.next >= soonest)) soonest = b.next;
    }
    double ok_t = 0;
    for (double t = std::min(kPathStep, reach); t <= reach + 1e-9; t += kPathStep) {
      t = std::min(t, reach);
      if (!(skip && on_table && t < soonest) && !step_ok(t, &soonest)) break;
      ok_t = t;
      if (t >= reach) break;
    }
    return ok_t;
  };
  const double ok_t = walk(true);
  if (check_moves) {
    const double full = walk(false);
    if (!same_bits(full, ok_t))
      throw std::logic_error(
          fmt::format("unit {}: moved {} mm, {} by every step", unit, ok_t, full));
  }
  st.rect.centre = c0 + dir * ok_t;
  refile(unit);
  return ok_t;
}

// A Drill test of `action` (L76-L103) with the unit's factor, DMs, restricted formation
// (D12-09) and leader (D12-22).
DrillTestSituation BattleED::drill_situation(int unit, std::string_view action, bool moving) const {
  DrillTestSituation s;
  s.action = action;
  s.moving = moving;
  s.factor = drill(unit);
  s.dms = std::min(state_[unit].dms, 12);
  s.restricted = restricted(unit);
  s.options = opts_.tests();  // R-001-1, R-001-3, D12-22
  with_leader(unit, s.leader);
  return s;
}

Outcome BattleED::drill_test(int unit, std::string_view action, std::vector<RollRecord>* rolls,
                             bool moving) {
  return roll_drill_test(drill_situation(unit, action, moving), dice_, rolls);
}

// L80-L83, D12-08, D12-21: `dice` 0 = no test (change on the spot), 1 = & move ½, 2 = &
// move full, 3 = & charge; re-forming from skirmish order is Reform Detachments.
bool BattleED::change_formation(int unit, const std::string& formation, int dice, EventLog& log) {
  Unit& u = force_.units[unit];
  const std::string action = formation_drill_action(unit, formation, dice);
  if (!action.empty()) {
    std::vector<RollRecord> rolls;
    const Outcome o = drill_test(unit, action, record_for(log, rolls));
    bool performed = true;
    for (const auto& [k, v] : o) {
      if (k == "performed"sv) performed = std::get<bool>(v);
    }
    Event e = event(log, EventKind::kFormation, unit, [&](Event& ev) {
      ev.text = joined({name(unit), " Drill test to form ", formation, ": ",
                        rolls.empty() ? std::string_view() : rolls.back().result});
      ev.rolls = std::move(rolls);
    });
    apply_test(unit, o, "Drill test", std::move(e), log);
    if (!performed || !active(unit)) return false;
  }
  const std::string old = u.formation;
  const Rect r0 = u.footprint();
  u.formation = formation;
  std::vector<Stand> laid = ruleset().layout(u, r0.centre, r0.facing);
  laid.front().figures = u.stands.front().figures;
  if (!place_ok(unit, laid.front().rect, -1)) {
    u.formation = old;
    log.append(event(log, EventKind::kFormation, unit, [&] {
      return joined({name(unit), " has no room to form ", formation});
    }));
    return false;
  }
  u.stands.front().rect = laid.front().rect;
  refile(unit);
  log.append(event(log, EventKind::kFormation, unit, [&](Event& e) {
    e.text = joined({name(unit), " forms ", formation, " from ", old});
    e.data = {{"formation", Value(formation)}};
  }));
  return true;
}

// D12-05: away from the nearest enemy, toward the home edge; off the table = destroyed.
void BattleED::flee(int unit, double distance_in, EventLog& log) {
  Unit& u = force_.units[unit];
  const Vec2 home = bearing_vector(edge_bearing(force_.sides[u.side].home_edge));
  Vec2 dir = home;
  const int e = nearest_enemy(unit);
  if (e >= 0) {
    Vec2 v = (u.footprint().centre - force_.units[e].footprint().centre).normalized();
    if (v.dot(home) < 0.3) v = (v + home * 2.0).normalized();
    if (v.length() > 0) dir = v;
  }
  const Vec2 c0 = u.footprint().centre;
  const Vec2 dest = c0 + dir * (distance_in * kMm);
  Rect r = u.footprint();
  r.centre = dest;
  if (!scenario_.table.contains(r)) {
    destroy(unit, UnitStatus::kOffTable, "flees off the table (D12-05)", log);
    return;
  }
  const double moved = flee_through(unit, dest, distance_in * 3, log);  // pass_through.cc
  log.append(event(log, EventKind::kMove, unit, [&] {
    return fmt::format("{} flees {:.1f}\" (D12-05)", name(unit), moved / kMm);
  }));
}

void BattleED::movement_phase(int side, EventLog& log) {
  // L15: chargers and counter-chargers first.
  for (int u : force_.units_of(side)) {
    const int t = state_[u].charging;
    if (t < 0 || !active(u) || !force_.units[t].on_table()) continue;
    if (!orders_[u].formation.empty() && !change_formation(u, orders_[u].formation, 3, log)) {
      state_[u].charging = -1;  // L82: the change failed, so no charge
      touch(u);
      log.append(event(log, EventKind::kCharge, u, [&] {
        return joined({name(u), " fails to form for the charge"});
      }));
      continue;
    }
    const Rect tf = force_.units[t].footprint();
    const double moved =
        ordered_move(u, tf.centre, bearing_of(tf.centre - force_.units[u].footprint().centre),
                     charge_reach_in(u), t, log);
    mark_moved(u, moved);
    log.append(event(log, EventKind::kMove, u, [&](Event& e) {
      e.text = fmt::format("{} charges {:.1f}\" toward {} (now {:.1f}\" apart)", name(u),
                           moved / kMm, name(t), gap_in(u, t));
      e.target = force_.units[t].id;
    }));
  }
  // L16: all other units.
  for (int u : force_.units_of(side)) {
    if (!active(u) || state_[u].charging >= 0) continue;
    const Action& a = orders_[u];
    Unit& unit = force_.units[u];
    if (a.rate == "rejoin"sv || a.rate == "detach"sv) {  // L83, D12-21 (detachments.cc)
      perform_detachment_order(u, a, log);
      continue;
    }
    switch (a.kind) {
      case ActionKind::kFire:
      case ActionKind::kMove:
        if (!a.moves) break;
        if (a.kind == ActionKind::kMove && break_off(u, a, log)) break;  // D12-19
        if (const double moved = ordered_move(u, a.destination, a.facing, move_rate_in(u), -1, log);
            moved > 0.1 * kMm) {
          mark_moved(u, moved);
          log.append(event(log, EventKind::kMove, u, [&] { return joined({name(u), " moves"}); }));
        }
        break;
      case ActionKind::kFormation: {
        const bool full = a.rate == "full"sv;  // L81: & move full, 2D
        const int dice = a.moves ? (full ? 2 : 1) : opts_.formation_only_1d ? 1 : 0;
        if (change_formation(u, a.formation, dice, log) && a.moves) {
          mark_moved(u, ordered_move(u, a.destination, a.facing, move_rate_in(u) / (full ? 1 : 2),
                                     -1, log));  // D12-08
        }
        break;
      }
      case ActionKind::kLimber:
      case ActionKind::kUnlimber:
        change_formation(u, a.kind == ActionKind::kLimber ? "limbered" : "unlimbered", 0, log);
        if (a.kind == ActionKind::kUnlimber) {
          Rect r = unit.stands.front().rect;
          r.facing = normalize_bearing(a.facing);
          if (place_ok(u, r, -1)) unit.stands.front().rect = r;
          refile(u);
        }
        break;
      default:
        break;
    }
  }
  // D12-05: broken units flee their full march rate each movement phase.
  if (opts_.broken_flee) {
    for (int u : force_.units_of(side)) {
      if (broken(u) && force_.units[u].on_table()) flee(u, opts_.march_column_in, log);
    }
  }
  abandoned_guns_step(log);  // L123 (abandoned_guns.cc)
  for (int u : force_.units_of(side)) state_[u].moved_last = state_[u].moved;
}

}  // namespace smoothbore::elan_drill
