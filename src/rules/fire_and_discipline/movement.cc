// A straight move with a wheel (000.md §4, FD-40..FD-42, FD-62): plan_move works out where
// a unit's stands may end (rate, terrain, road, the 1 yd gap, limbered guns' 200 yd) and
// move_unit carries it out.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/check.h"
#include "rules/fire_and_discipline/checks.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/movement_detail.h"

namespace smoothbore::fire_and_discipline {

using namespace movement_detail;  // NOLINT: the movement internals

double first_yard_mm(const FdState& s) {
  double t = s.mm(1);
  while (s.yd(t) < 1) t = std::nextafter(t, std::numeric_limits<double>::infinity());
  for (double below = std::nextafter(t, 0.0); s.yd(below) >= 1; below = std::nextafter(t, 0.0)) {
    t = below;
  }
  return t;
}

namespace {

// plan_move, the start Mover kept in `kept` when given (made there when empty); `known`,
// when given, the unit's footprint (move_unit's).
MovePlan plan_with(const FdState& s, int unit, Vec2 destination, double facing, Rate rate,
                   double probe_yd, PlanDetail detail, std::unique_ptr<Mover>* kept,
                   const Rect* known = nullptr) {
  MovePlan plan;
  MoveResult& res = plan.result;
  const Unit& u = unit_at(s, unit);
  const bool narrate = detail == PlanDetail::kFull;
  auto refuse = [&](const std::string& why) {
    res.stopped_by = why;
    if (!narrate) return plan;
    plan.text = fmt::format("{} does not move ({})", u.id, why);
    plan.data = {{"distance_yd", Value(0.0)}, {"stopped_by", Value(why)}};
    return plan;
  };
  if (!u.on_table()) return refuse("off-table");
  if (s.units[z(unit)].halted(s.turn)) return refuse("halted");  // FD-25
  std::vector<int> idx = live_stands(u);                         // moved into the plan at the end
  if (idx.empty()) return refuse("no-stands");
  if (u.arm == Arm::kArtillery && u.formation == "unlimbered" &&
      !s.units[z(unit)].guns_abandoned) {  // a crew without its guns walks (FD-19)
    return refuse("unlimbered");
  }
  const Rect fp = known != nullptr ? *known : s.stands_on_table.footprint(s.force, unit);
  if (known != nullptr && shortcut_checks()) {
    const Rect now = s.stands_on_table.footprint(s.force, unit);
    SB_CHECK(now.centre == fp.centre && now.facing == fp.facing && now.width == fp.width &&
                 now.depth == fp.depth,
             "a move's given footprint is not the unit's");
  }
  double turn = normalize_bearing(facing - fp.facing);
  if (turn > 180) turn -= 360;
  const bool wheel = std::fabs(turn) > 0.5;
  // The stands' rects are the start Mover's own (issue 9 round 18: not copied into it).
  std::optional<Mover> own;
  if (kept == nullptr) {
    own.emplace(s, unit, rects_of(u, idx));
  } else if (!*kept) {
    *kept = std::make_unique<Mover>(s, unit, rects_of(u, idx));
  }
  const Mover& start = kept == nullptr ? *own : **kept;
  const std::vector<Rect>& base = start.base();

  if (disordered(s, unit)) {  // FD-26: re-face in place only
    if (!wheel) return refuse("disordered");
    const std::vector<Rect> rs = transform(base, {}, fp.centre, turn);
    std::string why;
    if (!start.path_ok(rs, &why)) return refuse("disordered, " + why);
    plan.stands = std::move(idx);
    plan.rects = rs;
    res.moved = res.wheeled = true;
    res.stopped_by = "disordered";
    if (!narrate) return plan;
    plan.text = fmt::format("{} re-faces in place to {:.0f}", u.id, facing);
    plan.data = {{"distance_yd", Value(0.0)}, {"wheel_deg", Value(turn)}};
    return plan;
  }
  if (rate == Rate::kTactical) return refuse("tactical");
  const std::optional<double> r = rate_yd(s, unit, rate);
  if (!r) return refuse("n/a");
  if (*r <= 0) return refuse("immobile");
  if (limbered_guns(u) && start.enemy_within(base, s.mm(kLimberedEnemyYd) - kEps)) {
    return refuse("enemy-200");  // FD-09: may only unlimber or stay
  }

  // An offer reads nothing of the straight part after a wheel, and of a straight move only
  // whether it makes 1 yd (a road march needs its end: worked out in full).
  const bool offer = detail == PlanDetail::kOffer && rate != Rate::kRoad;
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
    const int clear = start.wheel_clear(pivot, turn, kWheelChecks, &wheel_blocked);
    made = turn * clear / kWheelChecks;
    if (clear > 0) {
      // An offer reads nothing of the wheeled stands but the end test (issue 9 round 21:
      // they were placed twice, and for an offer to no end).
      if (!offer || start.end_tested()) {
        rs = transform(base, {}, pivot, made);
        if (!start.end_ok(rs)) return refuse("wheel blocked, enemy-200");
      }
      allowance /= 2;
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
  if (offer && res.wheeled) {
    plan.stands = std::move(idx);
    res.moved = true;
    return plan;
  }
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
    // The stands start the straight part where they began unless they wheeled: then the
    // Mover of the start serves it (its kept answers are of those same stands; issue 9
    // round 18: no copy of it).
    std::optional<Mover> after_wheel;
    if (res.wheeled) after_wheel.emplace(start, rs);
    const Mover& straight = res.wheeled ? *after_wheel : start;
    std::string why;
    t = straight.sweep(dir, reach, &why, offer ? first_yard_mm(s) : -1, kMinMoveMm);
    if (t < kMinMoveMm) t = 0;
    if (t < reach - kEps && wheel_blocked.empty()) res.stopped_by = why;
    const std::vector<Rect> end = transform(rs, dir * t);
    if (rate == Rate::kRoad &&
        !road_allowed(s, unit, footprint_of(u, idx, rs), footprint_of(u, idx, end))) {
      return refuse("road");
    }
    rs = end;
  }
  if (offer) {
    plan.stands = std::move(idx);
    res.moved = t > kEps;
    res.distance_yd = s.yd(t);  // right only about reaching 1 yd
    return plan;
  }
  plan.centre = footprint_of(u, idx, rs).centre;
  plan.stands = std::move(idx);
  plan.rects = rs;
  res.moved = res.wheeled || t > kEps;
  res.distance_yd = s.yd(t);
  if (!narrate) return plan;
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

}  // namespace

MovePlan plan_move(const FdState& s, int unit, Vec2 destination, double facing, Rate rate,
                   double probe_yd, PlanDetail detail) {
  return plan_with(s, unit, destination, facing, rate, probe_yd, detail, nullptr);
}

MoveProbes::MoveProbes(const FdState& s, int unit) : s_(s), unit_(unit) {}

MoveProbes::~MoveProbes() = default;

MovePlan MoveProbes::plan(Vec2 destination, double facing, Rate rate, double probe_yd,
                          PlanDetail detail) {
  return plan_with(s_, unit_, destination, facing, rate, probe_yd, detail, &start_);
}

void MoveProbes::release() { start_.reset(); }

MoveResult move_unit(FdState& s, int unit, Vec2 destination, double facing, Rate rate,
                     EventLog& log, const Rect* footprint) {
  MovePlan plan =
      plan_with(s, unit, destination, facing, rate, std::numeric_limits<double>::infinity(),
                log.quiet() ? PlanDetail::kSilent : PlanDetail::kFull, nullptr, footprint);
  if (!plan.stands.empty()) apply(unit_at(s, unit), plan.stands, plan.rects);
  touch_stands(s, unit);
  emit(s, log, EventKind::kMove, unit, std::move(plan.text), std::move(plan.data));
  return plan.result;
}

}  // namespace smoothbore::fire_and_discipline
