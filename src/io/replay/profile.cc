#include "io/replay/profile.h"

namespace smoothbore {

ReplayProfile replay_profile(std::string_view ruleset_id) {
  ReplayProfile p;
  if (ruleset_id == "fast-1805") {
    // 002 L71-L84: disorder and shaken are its only markers; routed is a unit status.
    p.marker_classes = {{"disordered", "disordered"}, {"shaken", "shaken"}};
    p.unit_name = "inches";
  } else if (ruleset_id == "fire-and-discipline") {
    // 000: disorder (§6.1), shaken (§7.6); a shattered unit leaves the table (§7.8); a
    // unit that fled this turn (§5.5, FD-26) is marked as routed.
    p.marker_classes = {{"disordered", "disordered"},
                        {"shaken", "shaken"},
                        {"shattered", "removed"},
                        {"fled", "routed"}};
    p.unit_name = "yards";
  }
  return p;
}

}  // namespace smoothbore
