// Terrain and movement beyond the costs of §11 (movement.cc): restricted formation for
// the Drill factor (L94, D12-09); obstacles crossed by an ordered move or charge (L189-L193:
// a minor obstacle costs 1" and a 1D Drill test, a major one the whole move and a 1D test,
// infantry only; skirmishers lose the movement but take no test); the road bonus of
// columns (D12-07); the uphill position (L64). Linear features of class "obstacle"
// (hedges, fences) are minor obstacles, linear "earthworks" (walls, ditches) major ones
// (interpretation, README: the scenario format has no minor/major flag).
#include <algorithm>

#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/path_filters.h"
#include "rules/elan_drill/text.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

namespace {
constexpr double kMinorCostIn = 1.0;  // L189
constexpr double kClearIn = 0.3;      // how far short of / beyond the obstacle a unit stops
}  // namespace

// D12-09: square and march column; by default also any unit in difficult terrain or a
// built-up area (option d12_09_restricted = formations-only: the formations alone).
bool BattleED::restricted(int unit) const {
  const std::string& f = force_.units[unit].formation;
  if (f == "square"sv || f == "march-column"sv) return true;
  if (opts_.restricted_formations_only) return false;
  int multiplier = 1;
  rough_or_worse(unit, &multiplier);
  return multiplier >= 3 || cover(unit) == Cover::kHard;
}

// L64: the unit stands on higher ground than its enemy.
bool BattleED::uphill(int unit, int enemy) const { return elevation(unit) > elevation(enemy); }

int BattleED::elevation(int unit) const {
  return scenario_.table.elevation_at(force_.units[unit].footprint().centre);
}

// D12-07: a column whose whole path lies on a road moves ×(1 + d12_07_road_bonus).
double BattleED::road_budget(int unit, Vec2 dest, double budget_in) const {
  const Unit& u = force_.units[unit];
  if (u.formation.find("column") == std::string::npos) return budget_in;
  const Vec2 c0 = u.footprint().centre;
  const double length = distance(c0, dest);
  for (double t = 0; t <= length; t += 0.5 * kMm) {
    if (!scenario_.table.terrain_at(c0 + (dest - c0) * (t / std::max(length, 1e-9)))
             .has(TerrainClass::kRoad))
      return budget_in;
  }
  return budget_in * (1 + opts_.road_bonus);
}

// An ordered move or charge: the road bonus, then any obstacle on the straight path.
double BattleED::ordered_move(int unit, Vec2 dest, double facing, double budget_in, int target,
                              EventLog& log) {
  const Unit& u = force_.units[unit];
  const Vec2 c0 = u.footprint().centre;
  double budget = road_budget(unit, dest, budget_in);
  if (budget > budget_in) {
    log.append(event(log, EventKind::kMove, unit, [&] {
      return fmt::format("{} marches by road: {:.1f}\" (D12-07)", name(unit), budget);
    }));
  }
  thread_local std::vector<Segment> near;
  // The table's obstacle segments in runs (path_filters.h; issue 9), kept until an
  // engineering task changes the features (engineering.cc).
  if (!obstacles_.built()) obstacles_.build(scenario_.table);
  auto crosses = [&](Vec2 b, TerrainClass c) {  // as Table::crosses(c0, b, c)
    obstacles_.near(scenario_.table, c0, b, c, near);
    const Segment s{c0, b};
    return std::any_of(near.begin(), near.end(),
                       [&](const Segment& e) { return segments_intersect(s, e); });
  };
  const bool minor = crosses(dest, TerrainClass::kLinearObstacle);
  const bool major = crosses(dest, TerrainClass::kEarthworks);
  if (!minor && !major) return move_unit(unit, dest, facing, budget, target);
  // The distance to the first crossing, by bisection on the straight path.
  const double length = distance(c0, dest);
  const Vec2 dir = (dest - c0) * (1.0 / length);
  auto crossing = [&](TerrainClass c) {
    // The features' segments near the whole path, found once (every step's path lies in
    // its box): a 30-step bisection asked every segment of a hedge across the table (issue
    // 9: about 9% of a 3,000-stand battle's first two turns).
    obstacles_.near(scenario_.table, c0, c0 + dir * length, c, near);
    double lo = 0, hi = length;
    for (int i = 0; i < 30; ++i) {
      const double mid = (lo + hi) / 2;
      const Segment s{c0, c0 + dir * mid};
      (std::any_of(near.begin(), near.end(),
                   [&](const Segment& e) { return segments_intersect(s, e); })
           ? hi
           : lo) = mid;
    }
    return hi;
  };
  const double major_at = major ? crossing(TerrainClass::kEarthworks) : length;
  const double at = std::min(minor ? crossing(TerrainClass::kLinearObstacle) : length, major_at);
  const double half_depth = u.footprint().depth / 2;
  const Vec2 short_of = c0 + dir * std::max(0.0, at - half_depth - kClearIn * kMm);
  const bool is_major = major && (!minor || major_at <= at + 1e-6);
  if (is_major && u.arm != Arm::kFoot) {  // L191: impassable for others
    log.append(event(log, EventKind::kMove, unit, [&] {
      return joined({name(unit), " halts at a major obstacle (L191)"});
    }));
    return move_unit(unit, short_of, facing, budget, target);
  }
  bool crosses_ok = true;
  if (u.formation != "skirmish"sv) {  // L193: skirmishers take no test
    std::vector<RollRecord> rolls;
    const Outcome o =
        drill_test(unit, is_major ? "major-obstacle" : "minor-obstacle", record_for(log, rolls));
    for (const auto& [k, v] : o) {
      if (k == "performed"sv) crosses_ok = std::get<bool>(v);
    }
    Event e = event(log, EventKind::kMove, unit, [&](Event& ev) {
      ev.text = joined({name(unit),
                        is_major ? " Drill test to cross a major obstacle: "
                                 : " Drill test to cross a minor obstacle: ",
                        rolls.empty() ? std::string_view() : rolls.back().result});
      ev.rolls = std::move(rolls);
    });
    apply_test(unit, o, "obstacle", std::move(e), log);
    if (!active(unit)) return 0;
  }
  if (!crosses_ok) return move_unit(unit, short_of, facing, budget, target);
  if (is_major) {  // L191: the entire move, to just beyond it
    const Vec2 beyond = c0 + dir * std::min(length, at + half_depth + kClearIn * kMm);
    return move_unit(unit, beyond, facing, distance(c0, beyond) / kMm * 3 + 1, target);
  }
  return move_unit(unit, dest, facing, std::max(0.0, budget - kMinorCostIn), target);  // L189
}

}  // namespace smoothbore::elan_drill
