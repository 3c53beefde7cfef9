// What a replay page needs to know of a rule set beyond its log: how to read its markers.
// Everything else (unit of length, scale, terrain, stands) comes from the snapshot line, so
// a rule set registered later replays without an entry here; it then gets the defaults.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace smoothbore {

struct ReplayProfile {
  // Marker id or status flag (Battle::unit_report) → how the page marks it: "routed",
  // "shaken", "disordered", "halted", "engaged" or "removed". One not listed is shown by
  // its name, and classed by the page when its name holds one of those words.
  std::vector<std::pair<std::string, std::string>> marker_classes;
  // Unit long name for the scale bar and distances ("inches", "yards"); empty = the
  // rule unit as logged.
  std::string unit_name;
};

ReplayProfile replay_profile(std::string_view ruleset_id);

}  // namespace smoothbore
