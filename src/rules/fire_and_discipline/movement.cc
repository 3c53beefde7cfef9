#include "rules/fire_and_discipline/movement.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/fire_tables.h"

namespace smoothbore::fire_and_discipline {
namespace {

constexpr double kEps = 1e-6;
constexpr double kMinMoveMm = 1e-3;  // shorter moves are no move
constexpr double kStepYd = 0.25;     // sweep step of a straight move
constexpr int kWheelChecks = 12;     // intermediate angles tested during a wheel

std::size_t z(int i) { return static_cast<std::size_t>(i); }
const Unit& unit_at(const FdState& s, int u) { return s.force.units[z(u)]; }
Unit& unit_at(FdState& s, int u) { return s.force.units[z(u)]; }

void emit(const FdState& s, EventLog& log, EventKind kind, int unit, std::string text,
          Fields data = {}) {
  Event e;
  e.kind = kind;
  e.turn = s.turn;
  e.phase = "movement";
  const Unit& u = unit_at(s, unit);
  if (u.side >= 0 && z(u.side) < s.force.sides.size()) e.side = s.force.sides[z(u.side)].id;
  e.unit = u.id;
  e.text = std::move(text);
  e.data = std::move(data);
  log.append(std::move(e));
}

bool open_order(const Unit& u) { return u.formation == "open-order"; }
bool dismounted(const Unit& u) { return u.type == "dragoons" && open_order(u); }
bool wheeled_kind(const Unit& u) { return u.arm == Arm::kArtillery || u.arm == Arm::kWagon; }
bool limbered_guns(const Unit& u) { return u.arm == Arm::kArtillery && u.formation == "limbered"; }
bool disordered(const FdState& s, int unit) { return s.units[z(unit)].disordered_until >= s.turn; }

std::vector<int> live_stands(const Unit& u) {
  std::vector<int> out;
  for (std::size_t i = 0; i < u.stands.size(); ++i) {
    if (!u.stands[i].removed) out.push_back(static_cast<int>(i));
  }
  return out;
}

// Clockwise (compass) rotation of `v` by `deg`.
Vec2 rotate(Vec2 v, double deg) {
  const double r = deg * kPi / 180.0;
  return {v.x * std::cos(r) + v.y * std::sin(r), -v.x * std::sin(r) + v.y * std::cos(r)};
}

Rect rotated(const Rect& r, Vec2 pivot, double deg) {
  Rect out = r;
  out.centre = pivot + rotate(r.centre - pivot, deg);
  out.facing = normalize_bearing(r.facing + deg);
  return out;
}

std::vector<Rect> transform(const std::vector<Rect>& rs, Vec2 delta, Vec2 pivot = {},
                            double deg = 0) {
  std::vector<Rect> out;
  for (const Rect& r : rs) {
    Rect m = deg != 0 ? rotated(r, pivot, deg) : r;
    m.centre = m.centre + delta;
    out.push_back(m);
  }
  return out;
}

// Stands of other units on the table: all of them, or the enemy's only.
std::vector<Rect> other_stands(const FdState& s, int unit, bool enemy_only) {
  std::vector<Rect> out;
  const int side = unit_at(s, unit).side;
  for (std::size_t i = 0; i < s.force.units.size(); ++i) {
    const Unit& o = s.force.units[i];
    if (static_cast<int>(i) == unit || !o.on_table()) continue;
    if (enemy_only && o.side == side) continue;
    for (const Stand& st : o.stands) {
      if (!st.removed) out.push_back(st.rect);
    }
  }
  return out;
}

double min_distance(const std::vector<Rect>& a, const std::vector<Rect>& b) {
  double d = kImpassable;
  for (const Rect& x : a) {
    for (const Rect& y : b) d = std::min(d, distance(x, y));
  }
  return d;
}

// The legality of a unit's stands at a trial position, relative to where they began.
class Mover {
 public:
  Mover(const FdState& s, int unit, std::vector<Rect> base) : s_(s), base_(std::move(base)) {
    others_ = other_stands(s, unit, false);
    enemies_ = other_stands(s, unit, true);
    // The starting distance of each pair, exact where it is under 200 yd; beyond, a lower
    // bound (centre distance less both half-diagonals) is kept instead, which path_ok
    // reads the same way: it only skips pairs farther than the move, and compares the
    // start distance only against a gap under 1 yd (a speed-up: results are unchanged).
    const double exact_within = s.mm(200);
    std::vector<double> other_radius;
    for (const Rect& o : others_) other_radius.push_back(Vec2{o.width, o.depth}.length() / 2);
    for (const Rect& r : base_) {
      std::vector<double> row;
      const double ra = Vec2{r.width, r.depth}.length() / 2;
      for (std::size_t j = 0; j < others_.size(); ++j) {
        const Rect& o = others_[j];
        const double lower = (r.centre - o.centre).length() - ra - other_radius[j];
        row.push_back(lower > exact_within ? lower : distance(r, o));
      }
      base_d_.push_back(std::move(row));
    }
    const Unit& u = unit_at(s, unit);
    limbered_end_ = limbered_guns(u) && s.options.limbered_exclusion != "path";
    limbered_path_ = limbered_guns(u) && s.options.limbered_exclusion == "path";
  }
  const std::vector<Rect>& base() const { return base_; }
  double enemy_distance(const std::vector<Rect>& rs) const { return min_distance(rs, enemies_); }

  // Table edge, overlap, and no closer than 1 yd to another unit unless already so close
  // and not closing; limbered guns under option "path": never within 200 yd. `moved` bounds
  // how far any point of the stands has travelled from base(): a pair of stands farther
  // apart than that (plus the 1 yd) at the start can neither touch nor close within 1 yd,
  // so it is skipped (a speed-up only: the result is the same).
  bool path_ok(const std::vector<Rect>& rs, std::string* why,
               double moved = std::numeric_limits<double>::infinity()) const {
    const double skip_beyond = moved + s_.mm(kStopShortYd) + 0.02;
    for (std::size_t i = 0; i < rs.size(); ++i) {
      if (!s_.table().contains(rs[i])) return fail(why, "table");
      for (std::size_t j = 0; j < others_.size(); ++j) {
        if (base_d_[i][j] > skip_beyond) continue;
        if (overlaps(rs[i], others_[j], 0.01)) return fail(why, "unit");
        const double d = distance(rs[i], others_[j]);
        if (d < s_.mm(kStopShortYd) - kEps && d < base_d_[i][j] - kEps) return fail(why, "unit");
      }
    }
    if (limbered_path_ && enemy_distance(rs) < s_.mm(kLimberedEnemyYd) - kEps) {
      return fail(why, "enemy-200");
    }
    return true;
  }
  bool end_ok(const std::vector<Rect>& rs) const {
    return !limbered_end_ || enemy_distance(rs) >= s_.mm(kLimberedEnemyYd) - kEps;
  }

  // The farthest t (mm, up to max_t) the stands may go along `dir`; `why` says what
  // stopped them short of max_t.
  double sweep(Vec2 dir, double max_t, std::string* why) const {
    const double step = s_.mm(kStepYd);
    auto at = [&](double t) { return transform(base_, dir * t); };
    double t = 0;
    double best_end = end_ok(base_) ? 0 : -1;
    double end_fail = -1;  // first position after best_end where the end test failed
    auto note_end = [&](double x) {
      if (end_ok(at(x))) {
        best_end = x;
        end_fail = -1;
      } else if (end_fail < 0) {
        end_fail = x;
      }
    };
    while (t < max_t - kEps) {
      const double nt = std::min(max_t, t + step);
      std::string w;
      if (!path_ok(at(nt), &w, nt)) {
        double lo = t, hi = nt;
        for (int k = 0; k < 30; ++k) {
          const double mid = (lo + hi) / 2;
          (path_ok(at(mid), nullptr, mid) ? lo : hi) = mid;
        }
        t = lo;
        note_end(t);
        *why = w;
        break;
      }
      t = nt;
      note_end(t);
    }
    if (best_end < 0) {
      *why = "enemy-200";
      return 0;
    }
    if (best_end < t - kEps) {
      double lo = best_end, hi = end_fail > best_end ? end_fail : t;
      for (int k = 0; k < 30; ++k) {
        const double mid = (lo + hi) / 2;
        (end_ok(at(mid)) ? lo : hi) = mid;
      }
      *why = "enemy-200";
      return lo;
    }
    return t;
  }

 private:
  static bool fail(std::string* why, const char* w) {
    if (why != nullptr) *why = w;
    return false;
  }
  const FdState& s_;
  std::vector<Rect> base_;
  std::vector<Rect> others_;
  std::vector<Rect> enemies_;
  std::vector<std::vector<double>> base_d_;
  bool limbered_end_ = false;
  bool limbered_path_ = false;
};

// How far (mm) a point may go from `a` toward `a + dir*want` for `budget` mm of open-ground
// allowance, paying a flat 20 yd at each stream or obstacle centre line (FD-40).
double point_reach(const FdState& s, Vec2 a, Vec2 dir, double want, double budget,
                   const CostFn& cost, bool crossings) {
  const Table& table = s.table();
  const Vec2 b = a + dir * want;
  if (!crossings) return table.reachable(a, b, budget, cost);
  std::vector<double> cuts;
  for (const LinearFeature& f : table.linears()) {
    if (f.cls != TerrainClass::kStream && f.cls != TerrainClass::kLinearObstacle) continue;
    for (std::size_t i = 0; i + 1 < f.path.size(); ++i) {
      for (double t : segment_crossings({a, b}, {f.path[i], f.path[i + 1]})) {
        if (t * want > kEps) cuts.push_back(t * want);
      }
    }
  }
  std::sort(cuts.begin(), cuts.end());
  double pos = 0;
  double rem = budget;
  for (double c : cuts) {
    const Vec2 p = a + dir * pos;
    const Vec2 q = a + dir * c;
    const double r = table.reachable(p, q, rem, cost);
    if (r < c - pos - kEps) return pos + r;
    rem -= table.path_cost(p, q, cost);
    if (rem < s.mm(kCrossingYd) - kEps) return c;  // stops at the obstacle
    rem -= s.mm(kCrossingYd);
    pos = c;
  }
  return pos + table.reachable(a + dir * pos, b, rem, cost);
}

// The unit moves as far as its slowest stand can go.
double unit_reach(const FdState& s, int unit, const std::vector<Rect>& rs, Vec2 dir, double want,
                  double budget) {
  const CostFn cost = terrain_cost(s, unit);
  const bool crossings = s.options.terrain_movement != "none";
  double reach = want;
  for (const Rect& r : rs) {
    reach = std::min(reach, point_reach(s, r.centre, dir, want, budget, cost, crossings));
  }
  return reach;
}

double road_cost(const TerrainAt& at) { return at.has(TerrainClass::kRoad) ? 1.0 : kImpassable; }

void apply(Unit& u, const std::vector<int>& idx, const std::vector<Rect>& rs) {
  for (std::size_t i = 0; i < idx.size(); ++i) u.stands[z(idx[i])].rect = rs[i];
}

std::vector<Rect> rects_of(const Unit& u, const std::vector<int>& idx) {
  std::vector<Rect> out;
  for (int i : idx) out.push_back(u.stands[z(i)].rect);
  return out;
}

Rect footprint_of(const Unit& u, const std::vector<int>& idx, const std::vector<Rect>& rs) {
  Unit copy = u;
  apply(copy, idx, rs);
  return copy.footprint();
}

}  // namespace

std::string_view rate_name(Rate r) {
  switch (r) {
    case Rate::kField:
      return "field";
    case Rate::kCharge:
      return "charge";
    case Rate::kSkirmish:
      return "skirmish";
    case Rate::kRoad:
      return "road";
    case Rate::kTactical:
      return "tactical";
  }
  return "field";
}

std::optional<double> rate_yd(const FdState& s, int unit, Rate rate) {
  const Unit& u = unit_at(s, unit);
  const UnitState& st = s.units[z(unit)];
  if (wheeled_kind(u)) {
    // Crews fleeing or away from their guns (FD-19) go on foot (§4.4).
    if (u.arm == Arm::kArtillery && (u.status == UnitStatus::kRouted || st.guns_abandoned)) {
      return rate == Rate::kTactical ? std::nullopt : std::optional<double>(kFleeingCrewYd);
    }
    const GunRow row = gun_row_of_pdr(std::max(1, st.pdr));
    // 8 pdr+; howitzers move as 8 pdr+ whatever their fd_howitzer_pdr row (R-000-6).
    const bool howitzer = u.attribute_string("howitzer", "false") == "true";
    const bool heavy =
        u.arm == Arm::kArtillery && (howitzer || (row != GunRow::k1To4 && row != GunRow::k6));
    std::optional<double> r;
    if (rate == Rate::kField) r = heavy ? 30 : 60;
    if (rate == Rate::kRoad) r = heavy ? 60 : 100;
    if (rate == Rate::kTactical && u.arm == Arm::kArtillery && !heavy) r = 20;
    if (r && rate != Rate::kTactical && u.formation == "limbered") {
      *r *= std::max(0.0, 1.0 - 0.25 * st.limber_hits);  // §6.8: ¼ each, 4 = immobile
    }
    return r;
  }
  const bool horse = u.arm == Arm::kCavalry && !dismounted(u);
  switch (rate) {
    case Rate::kField:
      return horse ? 90 : 60;
    case Rate::kCharge:
      return horse ? 120 : 80;
    case Rate::kSkirmish:  // open-order units only (§4.2d); dismounted dragoons too (§4.3)
      return open_order(u) ? std::optional<double>(horse ? 120 : 80) : std::nullopt;
    case Rate::kRoad:
      return horse ? static_cast<double>(s.options.cavalry_road_yd) : 120.0;
    case Rate::kTactical:
      if (s.options.tactical_shift == "flat20") return 20;
      return horse ? 50 : 30;
  }
  return std::nullopt;
}

bool road_allowed(const FdState& s, int unit, const Rect& start, const Rect& end) {
  const Unit& u = unit_at(s, unit);
  if (!rate_yd(s, unit, Rate::kRoad)) return false;
  if (wheeled_kind(u)) {
    if (u.formation != "limbered") return false;
  } else {
    if (u.formation != "column") return false;
    const std::vector<Rect> enemies = other_stands(s, unit, true);
    if (min_distance({start}, enemies) <= s.mm(kRoadEnemyYd)) return false;
    if (s.options.road_test != "start" && min_distance({end}, enemies) <= s.mm(kRoadEnemyYd)) {
      return false;
    }
  }
  if (!s.table().terrain_at(start.centre).has(TerrainClass::kRoad)) return false;
  return std::isfinite(s.table().path_cost(start.centre, end.centre, road_cost));
}

CostFn terrain_cost(const FdState& s, int unit) {
  if (s.options.terrain_movement == "none") return [](const TerrainAt&) { return 1.0; };
  const Unit& u = unit_at(s, unit);
  const bool open = open_order(u);
  const bool foot_open = open && (u.arm == Arm::kFoot || dismounted(u));
  const bool guns = wheeled_kind(u) && !s.units[z(unit)].guns_abandoned;  // crews walk (FD-19)
  const bool limbered = guns && u.formation != "unlimbered";
  const bool cavalry_line = u.arm == Arm::kCavalry && !dismounted(u) && u.formation == "line";
  return [=](const TerrainAt& at) {
    if (at.has(TerrainClass::kRoad)) return 1.0;
    double m = 1.0;
    for (TerrainClass c : at.classes) {
      double k = 1.0;
      if (c == TerrainClass::kLightWoods || c == TerrainClass::kRough) {
        k = foot_open ? 1.0 : 0.5;
      } else if (c == TerrainClass::kHeavyWoods) {
        if (cavalry_line || limbered) return kImpassable;
        k = open ? 0.5 : 0.25;
      } else if (c == TerrainClass::kMarsh) {
        if (guns) return kImpassable;
        k = 0.25;
      } else if (c == TerrainClass::kHill) {
        k = 0.75;
      }
      m = std::min(m, k);
    }
    return 1.0 / m;
  };
}

MovePlan plan_move(const FdState& s, int unit, Vec2 destination, double facing, Rate rate,
                   double probe_yd) {
  MovePlan plan;
  MoveResult& res = plan.result;
  const Unit& u = unit_at(s, unit);
  auto refuse = [&](const std::string& why) {
    res.stopped_by = why;
    plan.text = fmt::format("{} does not move ({})", u.id, why);
    plan.data = {{"distance_yd", Value(0.0)}, {"stopped_by", Value(why)}};
    return plan;
  };
  if (!u.on_table()) return refuse("off-table");
  if (s.units[z(unit)].halted(s.turn)) return refuse("halted");  // FD-25
  const std::vector<int> idx = live_stands(u);
  if (idx.empty()) return refuse("no-stands");
  if (u.arm == Arm::kArtillery && u.formation == "unlimbered" &&
      !s.units[z(unit)].guns_abandoned) {  // a crew without its guns walks (FD-19)
    return refuse("unlimbered");
  }
  const Rect fp = u.footprint();
  double turn = normalize_bearing(facing - fp.facing);
  if (turn > 180) turn -= 360;
  const bool wheel = std::fabs(turn) > 0.5;
  const std::vector<Rect> base = rects_of(u, idx);
  const Mover start(s, unit, base);

  if (disordered(s, unit)) {  // FD-26: re-face in place only
    if (!wheel) return refuse("disordered");
    const std::vector<Rect> rs = transform(base, {}, fp.centre, turn);
    std::string why;
    if (!start.path_ok(rs, &why)) return refuse("disordered, " + why);
    plan.stands = idx;
    plan.rects = rs;
    res.moved = res.wheeled = true;
    res.stopped_by = "disordered";
    plan.text = fmt::format("{} re-faces in place to {:.0f}", u.id, facing);
    plan.data = {{"distance_yd", Value(0.0)}, {"wheel_deg", Value(turn)}};
    return plan;
  }
  if (rate == Rate::kTactical) return refuse("tactical");
  const std::optional<double> r = rate_yd(s, unit, rate);
  if (!r) return refuse("n/a");
  if (*r <= 0) return refuse("immobile");
  if (limbered_guns(u) && start.enemy_distance(base) < s.mm(kLimberedEnemyYd) - kEps) {
    return refuse("enemy-200");  // FD-09: may only unlimber or stay
  }

  double allowance = *r;
  std::vector<Rect> rs = base;
  Vec2 centre = fp.centre;
  // A wheel that meets another unit or the table edge is made as far as the last clear
  // twelfth of its angle, and the unit then moves straight ahead on that facing (engine
  // reading: §4.5 does not say what a blocked wheel does; a player wheels short).
  std::string wheel_blocked;
  double made = turn;
  if (wheel) {  // §4.5, FD-42
    const auto corners = fp.corners();
    const Vec2 pivot =
        s.options.wheel_pivot == "centre" ? fp.centre : (turn > 0 ? corners[1] : corners[0]);
    int clear = 0;
    for (int k = 1; k <= kWheelChecks; ++k) {
      const std::vector<Rect> trial = transform(base, {}, pivot, turn * k / kWheelChecks);
      std::string why;
      if (!start.path_ok(trial, &why)) {
        wheel_blocked = why;
        break;
      }
      clear = k;
    }
    made = turn * clear / kWheelChecks;
    if (clear > 0 && !start.end_ok(transform(base, {}, pivot, made))) {
      return refuse("wheel blocked, enemy-200");
    }
    if (clear > 0) {
      allowance /= 2;
      rs = transform(base, {}, pivot, made);
      centre = pivot + rotate(fp.centre - pivot, made);
      res.wheeled = true;
    }
    if (!wheel_blocked.empty()) res.stopped_by = "wheel blocked, " + wheel_blocked;
  }

  double t = 0;
  Vec2 to = destination - centre;
  if (!wheel_blocked.empty()) {  // straight ahead, as far as the goal lies ahead
    const Vec2 ahead = bearing_vector(normalize_bearing(fp.facing + made));
    to = ahead * std::max(0.0, to.x * ahead.x + to.y * ahead.y);
  }
  plan.aim = centre + to;
  const double want = std::min(to.length(), s.mm(probe_yd));
  if (want > kEps) {
    const Vec2 dir = to * (1.0 / want);
    const double budget = s.mm(allowance);
    const double reach = rate == Rate::kRoad
                             ? s.table().reachable(centre, centre + dir * want, budget, road_cost)
                             : unit_reach(s, unit, rs, dir, want, budget);
    if (reach < want - kEps && wheel_blocked.empty()) {
      res.stopped_by = reach >= budget - kEps ? "allowance"
                       : rate == Rate::kRoad  ? "road"
                                              : "terrain";
    }
    const Mover after_wheel(s, unit, rs);
    std::string why;
    t = after_wheel.sweep(dir, reach, &why);
    if (t < kMinMoveMm) t = 0;
    if (t < reach - kEps && wheel_blocked.empty()) res.stopped_by = why;
    const std::vector<Rect> end = transform(rs, dir * t);
    if (rate == Rate::kRoad &&
        !road_allowed(s, unit, footprint_of(u, idx, rs), footprint_of(u, idx, end))) {
      return refuse("road");
    }
    rs = end;
  }
  plan.stands = idx;
  plan.rects = rs;
  plan.centre = footprint_of(u, idx, rs).centre;
  res.moved = res.wheeled || t > kEps;
  res.distance_yd = s.yd(t);
  plan.text = fmt::format(
      "{} {} {:.1f} yd at {} rate{}", u.id, rate == Rate::kRoad ? "marches by road" : "moves",
      res.distance_yd, rate_name(rate),
      rate == Rate::kRoad ? " (column on the road, over 300 yd from the enemy, "
                            "§4.2c, §4.3c, FD-06, FD-08)"
      : !wheel_blocked.empty()
          ? fmt::format(" after a wheel of {:.0f}° of the {:.0f}° wanted (blocked: {})",
                        res.wheeled ? made : 0.0, turn, wheel_blocked)
      : res.wheeled ? fmt::format(" after a wheel of {:.0f}°", turn)
                    : "");
  plan.data = {{"distance_yd", Value(res.distance_yd)},
               {"rate", Value(std::string(rate_name(rate)))},
               {"allowance_yd", Value(allowance)},
               {"wheel_deg", Value(res.wheeled ? made : 0.0)},
               {"stopped_by", Value(res.stopped_by)}};
  return plan;
}

MoveResult move_unit(FdState& s, int unit, Vec2 destination, double facing, Rate rate,
                     EventLog& log) {
  MovePlan plan =
      plan_move(s, unit, destination, facing, rate, std::numeric_limits<double>::infinity());
  if (!plan.stands.empty()) apply(unit_at(s, unit), plan.stands, plan.rects);
  emit(s, log, EventKind::kMove, unit, std::move(plan.text), std::move(plan.data));
  return plan.result;
}

bool tactical_shift(FdState& s, int unit, Vec2 offset, EventLog& log) {
  Unit& u = unit_at(s, unit);
  const UnitState& st = s.units[z(unit)];
  if (!u.on_table() || st.halted(s.turn) || disordered(s, unit)) return false;
  if (wheeled_kind(u)) return false;  // the artillery TACTICAL column is prolonge (R-000-5)
  if (st.rating < s.options.tactical_shift_min_rating) return false;  // "trained" (FD-07)
  const std::optional<double> r = rate_yd(s, unit, Rate::kTactical);
  const double len = offset.length();
  if (!r || len <= kEps || len > s.mm(*r) + kEps) return false;
  const std::vector<int> idx = live_stands(u);
  if (idx.empty()) return false;
  if (offset.dot(u.footprint().forward()) > 1e-3) return false;  // lateral or backward only
  const std::vector<Rect> base = rects_of(u, idx);
  const Vec2 dir = offset * (1.0 / len);
  const double reach = unit_reach(s, unit, base, dir, len, s.mm(*r));
  std::string why;
  const double t = Mover(s, unit, base).sweep(dir, reach, &why);
  if (t < kMinMoveMm) return false;
  apply(u, idx, transform(base, dir * t));
  emit(s, log, EventKind::kMove, unit,
       fmt::format("{} makes a tactical shift of {:.1f} yd, keeping its facing (§4.6, FD-07)", u.id,
                   s.yd(t)),
       {{"distance_yd", Value(s.yd(t))}, {"rate", Value(std::string("tactical"))}});
  return true;
}

bool change_formation(FdState& s, int unit, const std::string& formation, EventLog& log) {
  Unit& u = unit_at(s, unit);
  if (!u.on_table() || s.units[z(unit)].halted(s.turn) || formation == u.formation) return false;
  bool allowed = false;
  if (u.arm == Arm::kFoot) {
    allowed = formation == "line" || formation == "column" || formation == "open-order";
  } else if (u.arm == Arm::kCavalry) {
    allowed = formation == "line" || formation == "column" ||
              (formation == "open-order" && u.type == "dragoons");
  } else if (u.arm == Arm::kArtillery) {
    allowed = u.formation == "limbered" && formation == "unlimbered";  // for good (§3.4)
  }
  if (!allowed) return false;
  const std::vector<int> idx = live_stands(u);
  if (idx.empty()) return false;
  if (u.arm == Arm::kFoot && formation == "open-order") {  // half-stands only (§3.12)
    const double half_max = 0.5 * (kStandWidthYd + kHalfStandWidthYd) * kLayoutMmPerYard;
    for (int i : idx) {
      if (u.stands[z(i)].rect.width > half_max) return false;
    }
  }
  const Rect pivot = u.stands[z(idx.front())].rect;
  Unit copy = u;
  copy.formation = formation;
  std::vector<Stand> ns = ruleset().layout(copy, pivot.centre, pivot.facing);
  if (ns.empty()) return false;
  const Vec2 shift = pivot.centre - ns.front().rect.centre;
  const std::vector<Rect> others = other_stands(s, unit, false);
  for (Stand& st : ns) {
    st.rect.centre = st.rect.centre + shift;
    if (!s.table().contains(st.rect)) return false;
    for (const Rect& o : others) {
      if (overlaps(st.rect, o, 0.01)) return false;
    }
  }
  const std::string from = u.formation;
  u.stands = std::move(ns);
  u.formation = formation;
  Fields data = {{"from", Value(from)}, {"to", Value(formation)}};
  if (s.options.formation_change == "half-field") {
    data.emplace_back("movement_left_yd", Value(rate_yd(s, unit, Rate::kField).value_or(0) / 2));
  } else {
    data.emplace_back("movement_left_yd", Value(0.0));
  }
  emit(s, log, EventKind::kFormation, unit,
       fmt::format("{} changes formation from {} to {}", u.id, from, formation), std::move(data));
  return true;
}

std::optional<std::vector<Rect>> prolonge_plan(const FdState& s, int unit, double yd) {
  const Unit& u = unit_at(s, unit);
  const UnitState& st = s.units[z(unit)];
  if (u.arm != Arm::kArtillery || u.formation != "unlimbered" || !u.on_table()) return std::nullopt;
  // FD-19: a crew away from its guns has nothing to prolonge.
  if (st.halted(s.turn) || st.crew <= 0 || st.captured || st.guns_abandoned) return std::nullopt;
  const std::optional<double> r = rate_yd(s, unit, Rate::kTactical);  // R-000-5
  if (!r || std::fabs(yd) <= kEps || std::fabs(yd) > *r + kEps) return std::nullopt;
  const std::vector<int> idx = live_stands(u);
  if (idx.empty()) return std::nullopt;
  const std::vector<Rect> base = rects_of(u, idx);
  const Vec2 dir = u.footprint().forward() * (yd > 0 ? 1.0 : -1.0);
  const double want = s.mm(std::fabs(yd));
  const double reach = unit_reach(s, unit, base, dir, want, s.mm(*r));
  const Mover m(s, unit, base);
  std::string why;
  const double t = m.sweep(dir, reach, &why);
  if (t < kMinMoveMm) return std::nullopt;
  std::vector<Rect> end = transform(base, dir * t);
  const double before = m.enemy_distance(base);
  const double after = m.enemy_distance(end);
  if (after < s.mm(kProlongeEnemyYd) - kEps && after < before - kEps) return std::nullopt;  // §6.66
  return end;
}

bool prolonge(FdState& s, int unit, double yd, EventLog& log) {
  const std::optional<std::vector<Rect>> end = prolonge_plan(s, unit, yd);
  if (!end) return false;
  Unit& u = unit_at(s, unit);
  const std::vector<int> idx = live_stands(u);
  const double t = distance(u.stands[z(idx.front())].rect.centre, end->front().centre);
  apply(u, idx, *end);
  emit(s, log, EventKind::kMove, unit,
       fmt::format("{} moves {:.1f} yd by prolonge", u.id, s.yd(t) * (yd > 0 ? 1 : -1)),
       {{"distance_yd", Value(s.yd(t))}, {"rate", Value(std::string("prolonge"))}});
  return true;
}

std::optional<std::vector<Rect>> change_direction_plan(const FdState& s, int unit, double facing) {
  const Unit& u = unit_at(s, unit);
  const UnitState& st = s.units[z(unit)];
  if (u.arm != Arm::kArtillery || u.formation != "unlimbered" || !u.on_table()) return std::nullopt;
  if (st.crew <= 0 || st.captured || st.guns_abandoned) return std::nullopt;  // FD-19
  const std::vector<int> idx = live_stands(u);
  if (idx.empty()) return std::nullopt;
  const Rect fp = u.footprint();
  double turn = normalize_bearing(facing - fp.facing);
  if (turn > 180) turn -= 360;
  if (std::fabs(turn) < 1.0) return std::nullopt;
  std::vector<Rect> end = transform(rects_of(u, idx), {}, fp.centre, turn);
  const std::vector<Rect> others = other_stands(s, unit, false);
  for (const Rect& r : end) {
    if (!s.table().contains(r)) return std::nullopt;
    for (const Rect& o : others) {
      if (overlaps(r, o, 0.01)) return std::nullopt;
    }
  }
  return end;
}

bool change_direction(FdState& s, int unit, double facing, EventLog& log) {
  const std::optional<std::vector<Rect>> end = change_direction_plan(s, unit, facing);
  if (!end) return false;
  Unit& u = unit_at(s, unit);
  const double from = u.footprint().facing;
  apply(u, live_stands(u), *end);
  emit(s, log, EventKind::kMove, unit,
       fmt::format("{} changes its direction of fire from {:.0f}° to {:.0f}° instead of firing "
                   "(§6.4c)",
                   u.id, from, normalize_bearing(facing)),
       {{"from_deg", Value(from)}, {"to_deg", Value(normalize_bearing(facing))}});
  return true;
}

void leash(FdState& s, int unit, EventLog& log) {
  if (s.options.leash_recovery == "none") return;
  Unit& u = unit_at(s, unit);
  if (!open_order(u) || !u.on_table()) return;
  const double cap = s.mm(rate_yd(s, unit, Rate::kSkirmish).value_or(80));
  const double leash_mm = s.mm(kLeashYd);
  for (int i : live_stands(u)) {
    Rect& me = u.stands[z(i)].rect;
    const Rect* nearest = nullptr;
    double best = kImpassable;
    for (std::size_t k = 0; k < s.force.units.size(); ++k) {
      const Unit& o = s.force.units[k];
      const bool same = static_cast<int>(k) == unit;
      if (!o.on_table() || o.side != u.side) continue;
      if (!same && (u.command < 0 || o.command != u.command)) continue;
      for (std::size_t j = 0; j < o.stands.size(); ++j) {
        if (o.stands[j].removed || (same && static_cast<int>(j) == i)) continue;
        const double d = distance(me, o.stands[j].rect);
        if (d < best) {
          best = d;
          nearest = &o.stands[j].rect;
        }
      }
    }
    if (nearest == nullptr || best <= leash_mm + kEps) continue;
    const Rect target = *nearest;
    const Vec2 dir = (target.centre - me.centre).normalized();
    auto moved = [&](double t) {
      Rect m = me;
      m.centre = m.centre + dir * t;
      return m;
    };
    double lo = 0, hi = cap;
    if (distance(moved(cap), target) > leash_mm) {
      lo = cap;
    } else {
      for (int k = 0; k < 40; ++k) {
        const double mid = (lo + hi) / 2;
        (distance(moved(mid), target) > leash_mm ? lo : hi) = mid;
      }
      lo = hi;
    }
    me = moved(lo);
    emit(s, log, EventKind::kMove, unit,
         fmt::format("{} stand {} closes {:.1f} yd toward its command (50 yd leash)", u.id, i,
                     s.yd(lo)),
         {{"distance_yd", Value(s.yd(lo))}, {"stand", Value(std::int64_t{i})}});
  }
}

}  // namespace smoothbore::fire_and_discipline
