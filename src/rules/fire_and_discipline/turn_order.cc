#include "rules/fire_and_discipline/turn_order.h"

#include <string>

#include "rules/battle.h"
#include "rules/fire_and_discipline/movement.h"

namespace smoothbore::fire_and_discipline {

std::vector<int> acting_sides(const FdState& s) {
  if (s.options.phase_order != "alternate") return {-1};
  std::vector<int> out;
  const int n = static_cast<int>(s.force.sides.size());
  const int first = s.scenario != nullptr && n > 0 ? s.scenario->first_side % n : 0;
  for (int k = 0; k < n; ++k) out.push_back((first + k) % n);
  return out;
}

std::set<int> prolonge_step(FdState& s, const std::map<int, double>& wanted, bool artillery_phase,
                            EventLog& log) {
  std::set<int> moved;
  const bool in_artillery = s.options.prolonge_phase != "movement";
  if (in_artillery != artillery_phase) return moved;
  for (const auto& [u, yd] : wanted) {
    if (!counted_quietly(log, EventKind::kMove)) {
      const Unit& unit = s.force.units[static_cast<std::size_t>(u)];
      Event e;
      e.kind = EventKind::kMove;
      e.turn = s.turn;
      e.phase = artillery_phase ? "II artillery" : "VI movement";
      e.unit = unit.id;
      e.side = s.force.sides[static_cast<std::size_t>(unit.side)].id;
      e.text = (unit.name.empty() ? unit.id : unit.name) +
               (artillery_phase ? " prolonges instead of firing (§6.4b, FD-05)"
                                : " prolonges in step VI.4 (FD-05 option movement)");
      log.append(std::move(e));
    }
    if (prolonge(s, u, yd, log) && artillery_phase) moved.insert(u);
  }
  return moved;
}

}  // namespace smoothbore::fire_and_discipline
