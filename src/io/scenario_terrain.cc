// [[terrain]]: area features (polygon or rect) and linear features (path + width).
#include <set>

#include <fmt/format.h>

#include "io/scenario_reader.h"

namespace smoothbore::scenario_io {

namespace {

constexpr std::string_view kTerrainKeys[] = {"id",   "class", "polygon",   "rect",
                                             "path", "width", "elevation", "blocks_sight"};
constexpr std::string_view kRectKeys[] = {"x", "y", "width", "depth", "facing"};

std::vector<std::string> class_names() {
  std::vector<std::string> out;
  for (TerrainClass c : all_terrain_classes()) out.emplace_back(terrain_class_name(c));
  return out;
}

// Woods, buildings and hills hide what is behind them (common.md §3.5); the rest does not.
bool default_blocks_sight(TerrainClass c) {
  return c == TerrainClass::kLightWoods || c == TerrainClass::kHeavyWoods ||
         c == TerrainClass::kBuilding || c == TerrainClass::kHill;
}

// rect = {x, y, width, depth, facing}: centre, frontage, depth (file units), bearing.
std::optional<std::vector<Vec2>> read_rect(State& s, const toml::table& t,
                                           const std::string& what) {
  const toml::table* rt = s.r.table(t, "rect", what, true);
  if (rt == nullptr) return std::nullopt;
  std::string w = what + ": rect";
  s.r.check_keys(*rt, kRectKeys, w);
  auto x = s.r.number(*rt, "x", w, true);
  auto y = s.r.number(*rt, "y", w, true);
  auto width = s.r.positive(*rt, "width", w, true);
  auto depth = s.r.positive(*rt, "depth", w, true);
  auto facing = s.r.number(*rt, "facing", w, false);
  if (!x || !y || !width || !depth) return std::nullopt;
  Rect r{{*x, *y}, normalize_bearing(facing.value_or(0)), *width, *depth};
  auto c = r.corners();
  return std::vector<Vec2>(c.begin(), c.end());
}

}  // namespace

void read_terrain(State& s, const toml::table& root) {
  const toml::array* features = s.r.table_array(root, "terrain", "");
  if (features == nullptr) return;
  static const std::vector<std::string> kClassNames = class_names();
  std::map<std::string, Loc> ids;
  int index = 0;
  for (const toml::node& node : *features) {
    const toml::table& t = *node.as_table();
    ++index;
    std::string what = fmt::format("terrain #{}", index);
    auto id = s.r.string(t, "id", what, true);
    if (id) {
      what = fmt::format("terrain '{}'", *id);
      auto [it, fresh] = ids.emplace(*id, loc_of(*t.get("id")));
      if (!fresh) {
        s.r.error(loc_of(*t.get("id")),
                  fmt::format("{}: duplicate terrain id; expected a unique id (first used at "
                              "line {})",
                              what, it->second.line));
      }
    }
    s.r.check_keys(t, kTerrainKeys, what);
    auto cls_name = s.r.choice(t, "class", what, true, kClassNames);
    std::optional<TerrainClass> cls;
    if (cls_name) cls = parse_terrain_class(*cls_name);
    auto elevation = s.r.integer(t, "elevation", what, false, 0, 100);
    auto blocks = s.r.boolean(t, "blocks_sight", what, false);

    int shapes = int(t.contains("polygon")) + int(t.contains("rect")) + int(t.contains("path"));
    if (shapes != 1) {
      s.r.error(loc_of(t),
                fmt::format("{}: expected exactly one of polygon (area), rect (area) or path "
                            "(linear, with width), found {}",
                            what, shapes));
      continue;
    }
    if (t.contains("path")) {
      auto path = s.r.points(t, "path", what, true);
      auto width = s.r.positive(t, "width", what, true);
      if (path && path->size() < 2) {
        s.r.error(
            loc_of(*t.get("path")),
            fmt::format("{}: path: expected at least 2 points, found {}", what, path->size()));
        path.reset();
      }
      if (t.contains("elevation")) {
        s.r.error(loc_of(*t.get("elevation")),
                  fmt::format("{}: elevation applies to areas (polygon or rect), found it on a "
                              "path",
                              what));
      }
      if (!path || !width || !cls) continue;
      LinearFeature f;
      f.id = id.value_or("");
      f.cls = *cls;
      for (Vec2 p : *path) f.path.push_back(p * s.scale);
      f.width = *width * s.scale;
      f.blocks_sight = blocks.value_or(default_blocks_sight(*cls));
      s.scenario.table.add(std::move(f));
      continue;
    }
    if (t.contains("width")) {
      s.r.error(loc_of(*t.get("width")),
                fmt::format("{}: width applies to a path (linear feature); an area's size is "
                            "its polygon or rect",
                            what));
    }
    std::optional<std::vector<Vec2>> shape;
    if (t.contains("rect")) {
      shape = read_rect(s, t, what);
    } else {
      shape = s.r.points(t, "polygon", what, true);
      if (shape && shape->size() < 3) {
        s.r.error(
            loc_of(*t.get("polygon")),
            fmt::format("{}: polygon: expected at least 3 points, found {}", what, shape->size()));
        shape.reset();
      }
    }
    if (!shape || !cls) continue;
    AreaFeature f;
    f.id = id.value_or("");
    f.cls = *cls;
    for (Vec2 p : *shape) f.shape.points.push_back(p * s.scale);
    // A hill without a stated level is one level up; other areas are at table level.
    f.elevation = static_cast<int>(elevation.value_or(*cls == TerrainClass::kHill ? 1 : 0));
    f.blocks_sight = blocks.value_or(default_blocks_sight(*cls));
    s.scenario.table.add(std::move(f));
  }
}

}  // namespace smoothbore::scenario_io
