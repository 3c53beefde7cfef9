// Flank and rear (L48, L63, L95, L229, L254): where an attacker stands relative to its
// target's facing. The target's front is the zone ahead of its frontage, widened by 45°
// beyond each end (the fire arc of D12-12); everything else is flank or rear. Squares and
// skirmish order face every way (§2.1, D12-12: skirmishers fire 360°), so they have none.
#include <cmath>

#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/tables.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

bool BattleED::flank_or_rear(int attacker, int target) const {
  const Unit& t = force_.units[target];
  if (t.formation == "square"sv || t.formation == "skirmish"sv) return false;
  const RectFrame& tf = frame_now(target);  // its axes kept (issue 9)
  const Vec2 d = force_.units[attacker].footprint().centre - tf.rect.centre;
  const double along = d.dot(tf.f) - tf.rect.depth / 2;             // ahead of the front edge
  const double across = std::abs(d.dot(tf.r)) - tf.rect.width / 2;  // beyond its ends
  if (along <= 0) return true;  // level with or behind the front edge: flank or rear
  return across > along;        // more than 45° off the front
}

// L48, L254: fire counts as from flank or rear only at close range (the weapon's Close
// band, canister's Short, D12-04).
bool BattleED::flank_fire(int unit, int target) const {
  if (!flank_or_rear(unit, target)) return false;
  const Unit& u = force_.units[unit];
  const double range = gap_in(unit, target);
  if (u.arm == Arm::kArtillery) {
    return fire_resolution(unit, target) == "canister"sv && range <= canister_short_in(unit);
  }
  return range <= weapon_close_in(unit);
}

}  // namespace smoothbore::elan_drill
