#include "rules/fire_and_discipline/victory.h"

#include <algorithm>

#include <fmt/format.h>

#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {
namespace {

std::string plural(int n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

std::string VictoryAccount::describe() const {
  std::string out = plural(boxes, "box", "boxes");
  if (units > 0) out += " + " + plural(units, "unit", "units") + " ×5";
  if (guns > 0) out += " + " + plural(guns, "gun section", "gun sections") + " ×5";
  if (objectives > 0) {
    out += " + " + plural(objectives, "objective", "objectives") +
           (objective_points == 10 * objectives ? std::string(" ×10")
                                                : fmt::format(" for {}", objective_points));
  }
  return fmt::format("{} = {} (FD-60)", out, total());
}

bool out_of_play(const FdState& s, int unit) {
  const std::size_t u = static_cast<std::size_t>(unit);
  return s.force.units[u].status != UnitStatus::kActive || s.units[u].surrendered;
}

VictoryAccount victory_account(const FdState& s, int side) {
  return victory_account(s, side, objective_holders(s));
}

VictoryAccount victory_account(const FdState& s, int side, const std::vector<int>& holders) {
  VictoryAccount a;
  for (std::size_t u = 0; u < s.force.units.size(); ++u) {
    if (s.force.units[u].side == side) continue;
    const UnitState& st = s.units[u];
    a.boxes += std::clamp(st.boxes_marked, 0, st.shatter_boxes);
    if (out_of_play(s, static_cast<int>(u))) ++a.units;
  }
  a.guns = captured_sections(s, side);
  if (s.scenario != nullptr) {
    for (std::size_t o = 0; o < s.scenario->objectives.size(); ++o) {
      if (holders[o] != side) continue;
      ++a.objectives;
      a.objective_points +=
          s.options.objective_points == "scenario" ? s.scenario->objectives[o].points : 10;
    }
  }
  return a;
}

std::vector<int> victory_points(const FdState& s) {
  std::vector<int> out;
  const std::vector<int> holders = objective_holders(s);
  for (std::size_t side = 0; side < s.force.sides.size(); ++side) {
    out.push_back(victory_account(s, static_cast<int>(side), holders).total());
  }
  return out;
}

}  // namespace smoothbore::fire_and_discipline
