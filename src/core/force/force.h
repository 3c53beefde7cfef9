// Sides, commands, units, stands and leaders (common.md §5). Rule-set attributes
// (quality, melee effectiveness, morale rating) live in `Unit::attributes` as scenario
// values and are interpreted by the rule set, never by the core.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/force/marker.h"
#include "core/geometry/shapes.h"
#include "core/value.h"

namespace smoothbore {

enum class Arm { kFoot, kCavalry, kArtillery, kWagon };
std::string_view arm_name(Arm a);  // "foot", "cavalry", "artillery", "wagon"
std::optional<Arm> parse_arm(std::string_view s);

// Which table edge a side's base line is on.
enum class Edge { kSouth, kNorth, kWest, kEast };
std::string_view edge_name(Edge e);
std::optional<Edge> parse_edge(std::string_view s);
// Compass bearing pointing from the table toward `e` (kSouth → 180).
double edge_bearing(Edge e);

struct Side {
  std::string id;
  std::string name;
  Edge home_edge = Edge::kSouth;
};

struct Command {
  std::string id;
  std::string name;
  int side = 0;
  int leader = -1;  // index into Force::leaders, or -1
};

// A base on the table. Its footprint is a rectangle; it carries figures (002, 001, 003)
// or castings (000), or both.
struct Stand {
  Rect rect;
  int figures = 0;
  int castings = 0;
  bool removed = false;
};

enum class UnitStatus {
  kActive,
  kRouted,    // fleeing (rule-set meaning: 002 routed, 000 fleeing, 001 broken)
  kRemoved,   // destroyed, dispersed, captured or shattered
  kOffTable,  // left the table
};
std::string_view unit_status_name(UnitStatus s);

struct Unit {
  std::string id;
  std::string name;
  int side = 0;
  int command = -1;  // index into Force::commands, or -1
  std::string type;  // rule-set unit type id ("line-infantry", "foot-battery")
  Arm arm = Arm::kFoot;
  std::string formation;  // rule-set formation id ("line", "column", "limbered")
  std::vector<Stand> stands;
  int start_figures = 0;  // figures at the start of the battle
  UnitStatus status = UnitStatus::kActive;
  Fields attributes;  // rule-set attributes from the scenario, e.g. quality=veteran
  std::vector<Marker> markers;

  int figures() const;  // figures on stands not removed
  int castings() const;
  bool on_table() const { return status == UnitStatus::kActive || status == UnitStatus::kRouted; }
  // The union footprint's bounding rectangle when the unit has one stand; for several
  // stands, the rectangle of the first stand's facing that encloses them all.
  Rect footprint() const;
  // footprint() given the first living stand's forward() and right(), bit for bit the same:
  // a caller that keeps those axes spares their sine and cosine (issue 9).
  Rect footprint_on_axes(Vec2 fwd, Vec2 rgt) const;
  const Value* attribute(std::string_view key) const;
  std::string attribute_string(std::string_view key, std::string_view fallback) const;
};

struct Leader {
  std::string id;
  std::string name;
  int side = 0;
  int command = -1;
  Vec2 position;           // mm
  int attached_unit = -1;  // index into Force::units, or -1
  bool alive = true;
  Fields attributes;
};

struct Force {
  std::vector<Side> sides;
  std::vector<Command> commands;
  std::vector<Unit> units;
  std::vector<Leader> leaders;

  int side_index(std::string_view id) const;  // -1 if unknown
  int unit_index(std::string_view id) const;  // -1 if unknown
  std::vector<int> units_of(int side) const;
  int figures_of(int side) const;
  int start_figures_of(int side) const;
};

}  // namespace smoothbore
