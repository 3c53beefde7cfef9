// A battle's starting point, as loaded from a scenario file (io/scenario_file) and
// validated against its rule set: table, forces, objectives, end conditions, options.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/force/force.h"
#include "core/table/table.h"
#include "core/value.h"
#include "rules/param.h"

namespace smoothbore {

struct Objective {
  std::string id;
  std::string name;
  Vec2 position;      // mm
  double radius = 0;  // mm; held by a side with a formed unit inside and no enemy inside
  int points = 0;     // victory points for holding it at the end
  // An objective zone (rule sets with Ruleset::has_objective_zones, e.g. 000's FD-49): a
  // building, enclosure or fort inside the radius that holds at most `capacity` stands
  // (0 = not a zone, only a place to hold); `fortified` zones count as earthworks.
  int capacity = 0;
  bool fortified = false;
};

// common.md §15: turn limit, army break threshold, victory points.
struct EndConditions {
  int turn_limit = 0;          // game turns / bounds; 0 = the rule set's default
  double army_break = 0.5;     // fraction of starting strength routed or lost that breaks a side
  bool victory_points = true;  // decide by points when the turn limit is reached
};

struct Scenario {
  std::string source;  // file name (or "<embedded:...>")
  std::string name;
  std::string description;
  std::string ruleset;      // rule-set id
  Params options;           // every option of the rule set, defaults filled in
  std::string length_unit;  // unit of the scenario's lengths: "in", "cm", "mm", "yd"
  Table table;
  Force force;
  std::vector<Objective> objectives;
  EndConditions end;
  int first_side = 0;      // index into force.sides
  std::uint64_t seed = 1;  // default seed when the CLI gives none
};

}  // namespace smoothbore
