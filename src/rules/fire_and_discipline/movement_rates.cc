// The movement chart and the ground (000.md §4.7, §4.2-§4.4, FD-06, FD-08, FD-40): each
// unit's rates, the road test, and the terrain cost of a yard of ground.
#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "rules/fire_and_discipline/fire_tables.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/movement_detail.h"

namespace smoothbore::fire_and_discipline {

using namespace movement_detail;  // NOLINT: the movement internals

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
    const std::shared_ptr<const StandSnapshot> others = s.stands_on_table.get(s.force, unit);
    if (others->enemy_within(start, u.side, s.mm(kRoadEnemyYd))) return false;
    if (s.options.road_test != "start" && others->enemy_within(end, u.side, s.mm(kRoadEnemyYd))) {
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

}  // namespace smoothbore::fire_and_discipline
