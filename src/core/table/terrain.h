// Terrain features and their generic classes (common.md §4.1). Each rule set maps a
// generic class to its own effects (movement, cover, sight, morale).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/geometry/shapes.h"

namespace smoothbore {

enum class TerrainClass {
  kOpen,
  kRoad,
  kLightWoods,
  kHeavyWoods,
  kRough,
  kMarsh,
  kStream,
  kHill,
  kLinearObstacle,  // fence, hedge, wall
  kBuilding,
  kEarthworks,
  kProtective,
};

// Scenario-file spelling: "open", "road", "light-woods", "heavy-woods", "rough", "marsh",
// "stream", "hill", "obstacle", "building", "earthworks", "protective".
std::string_view terrain_class_name(TerrainClass c);
std::optional<TerrainClass> parse_terrain_class(std::string_view name);
// All classes, in declaration order.
const std::vector<TerrainClass>& all_terrain_classes();

// An area feature: woods, a hill, a building, a marsh.
struct AreaFeature {
  std::string id;
  TerrainClass cls = TerrainClass::kOpen;
  Polygon shape;              // mm
  int elevation = 0;          // level of the ground inside (hills: 1, 2, ...; 0 = table level)
  bool blocks_sight = false;  // woods, buildings and hills block; open ground does not
};

// A linear feature: a road, a stream, a wall or hedge.
struct LinearFeature {
  std::string id;
  TerrainClass cls = TerrainClass::kRoad;
  std::vector<Vec2> path;  // polyline, mm
  double width = 0;        // mm; the band within width/2 of the polyline counts as "on" it
  bool blocks_sight = false;
};

}  // namespace smoothbore
