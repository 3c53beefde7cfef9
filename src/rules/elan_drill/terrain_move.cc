// Terrain and movement beyond the costs of §11 (movement.cc): restricted formation for
// the Drill factor (L94, D12-09).
#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

// D12-09: square and march column; by default also any unit in difficult terrain or a
// built-up area (option d12_09_restricted = formations-only: the formations alone).
bool BattleED::restricted(int unit) const {
  const std::string& f = force_.units[unit].formation;
  if (f == "square" || f == "march-column") return true;
  if (option("d12_09_restricted") == "formations-only") return false;
  int multiplier = 1;
  rough_or_worse(unit, &multiplier);
  return multiplier >= 3 || cover(unit) == "hard";
}

}  // namespace smoothbore::elan_drill
