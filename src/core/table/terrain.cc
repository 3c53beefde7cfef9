#include "core/table/terrain.h"

namespace smoothbore {

std::string_view terrain_class_name(TerrainClass c) {
  switch (c) {
    case TerrainClass::kOpen:
      return "open";
    case TerrainClass::kRoad:
      return "road";
    case TerrainClass::kLightWoods:
      return "light-woods";
    case TerrainClass::kHeavyWoods:
      return "heavy-woods";
    case TerrainClass::kRough:
      return "rough";
    case TerrainClass::kMarsh:
      return "marsh";
    case TerrainClass::kStream:
      return "stream";
    case TerrainClass::kHill:
      return "hill";
    case TerrainClass::kLinearObstacle:
      return "obstacle";
    case TerrainClass::kBuilding:
      return "building";
    case TerrainClass::kEarthworks:
      return "earthworks";
    case TerrainClass::kProtective:
      return "protective";
  }
  return "unknown";
}

const std::vector<TerrainClass>& all_terrain_classes() {
  static const std::vector<TerrainClass> kAll = {
      TerrainClass::kOpen,       TerrainClass::kRoad,       TerrainClass::kLightWoods,
      TerrainClass::kHeavyWoods, TerrainClass::kRough,      TerrainClass::kMarsh,
      TerrainClass::kStream,     TerrainClass::kHill,       TerrainClass::kLinearObstacle,
      TerrainClass::kBuilding,   TerrainClass::kEarthworks, TerrainClass::kProtective,
  };
  return kAll;
}

std::optional<TerrainClass> parse_terrain_class(std::string_view name) {
  for (TerrainClass c : all_terrain_classes()) {
    if (terrain_class_name(c) == name) return c;
  }
  return std::nullopt;
}

}  // namespace smoothbore
