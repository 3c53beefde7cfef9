// Actions the rule set marks for the generic doctrine (sim/commander.cc, 6a), beyond its
// arms (actions.cc):
//  - a skirmish screen (`rate = "screen"`): light foot (type light-infantry, or a unit with
//    `skirmisher` trained or ad hoc) takes skirmish order (on the spot, D12-08), then keeps
//    4" ahead of the battalion it screens (its parent when it is a detachment, D12-21, else
//    the nearest formed friendly foot) on the side of that battalion's nearest enemy, while
//    that enemy is beyond 24" of the battalion (the approach) and 6" of the screen, and no
//    enemy cavalry is in reach (the square comes first);
//  - an engineering task (`rate = "task"`, L10, D12-24): with `d12_24_fortify_objectives`,
//    formed foot inside an objective with nothing to shoot at sets to fortify its place
//    (engineering.cc does the work), and holds while at work or fortified.
#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/elan_drill.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

namespace {
constexpr double kScreenAheadIn = 4.0;  // the screen's gap in front of its battalion
constexpr double kScreenEnemyIn = 6.0;  // no screening with the enemy nearer the screen
// ... or nearer the battalion: the screen leads the approach, out of the enemy's effective
// fire (24": heavy canister's long range, L158, and ½ the heavy gun's proposed 48"-60"
// reach, D12-13). Kept up to 10" it swung battle.toml from 54% to 90% French wins over 200
// battles (the French screens then stay with their columns; the cause in the allied play
// is not established), so the screen leads only the approach.
constexpr double kScreenLineIn = 24.0;
constexpr double kScreenPlaceIn = 1.0;  // already in its place within this
}  // namespace

bool BattleED::light_foot(int unit) const {
  const Unit& u = force_.units[unit];
  if (u.arm != Arm::kFoot) return false;
  const UnitTypeInfo* type = ruleset().unit_type(u.type);
  if (type == nullptr || std::find(type->formations.begin(), type->formations.end(), "skirmish") ==
                             type->formations.end()) {
    return false;
  }
  return u.type == "light-infantry"sv || !attribute_is(u, "skirmisher", "none", "none");
}

// The battalion a screen covers: its parent (D12-21), else the nearest formed friendly foot.
int BattleED::screened_unit(int unit) const {
  const int parent = state_[unit].parent;
  if (parent >= 0 && active(parent)) return parent;
  const int side = force_.units[unit].side;
  auto formed_foot = [&](int o) {
    const Unit& f = force_.units[o];
    return o != unit && f.side == side && active(o) && f.arm == Arm::kFoot &&
           f.formation != "skirmish"sv;
  };
  if (!snap_.ready()) return nearest_unit(unit, formed_foot);
  // The search starts from the battalion last found for this screen, else for the last
  // screen of its side (a neighbour's, most often): still accepted, it bounds the answer.
  int& last = snap_.last_screened(unit);
  int& hint = snap_.screened_hint(side);
  const int known = last >= 0 && formed_foot(last) ? last : hint;
  const int found = nearest_unit(unit, formed_foot, known);
  last = found;
  if (found >= 0) hint = found;
  if (check_nearest) {  // the full scan's answer
    int scanned = -1;
    double best = 0;
    for (int o = 0; o < static_cast<int>(force_.units.size()); ++o) {
      if (!formed_foot(o)) continue;
      const double in = distance(footprint_of(unit), footprint_of(o)) / kMm;
      if (scanned < 0 || in < best) scanned = o, best = in;
    }
    if (found != scanned) {
      throw std::logic_error(fmt::format("unit {}: screened battalion {} found, {} by a full scan",
                                         unit, found, scanned));
    }
  }
  return found;
}

void BattleED::doctrine_offers(int unit, std::vector<Action>& out) const {
  const Unit& u = force_.units[unit];
  Action a;
  a.unit = unit;
  const int enemy = nearest_enemy(unit);
  // D12-24: a task on an objective with nothing to shoot at.
  if (opts_.fortify_objectives && u.arm == Arm::kFoot && in_contact(unit) < 0 &&
      (state_[unit].engineering.empty() || state_[unit].engineering == "fortify"sv)) {
    bool target = false;
    if (active(unit)) {  // every unit can_fire_at may accept (proximity.cc); any will do
      for (const int t : enemies_near(unit, fire_reach_in(unit))) {
        if ((target = can_fire_at(unit, t))) break;
      }
    }
    bool on_objective = false;
    for (const Objective& o : scenario_.objectives) {
      on_objective = on_objective || distance(u.footprint(), o.position) <= o.radius;
    }
    if (on_objective && !target) {
      a.kind = ActionKind::kHold;
      a.rate = "task";
      out.push_back(a);
      return;
    }
  }
  if (!light_foot(unit) || enemy < 0 || threatening_cavalry(unit) >= 0) return;
  const int line = screened_unit(unit);
  if (line < 0) return;
  const int facing_enemy = nearest_enemy(line);
  if (facing_enemy < 0 || gap_in(unit, enemy) <= kScreenEnemyIn ||
      gap_in(line, facing_enemy) <= kScreenLineIn) {
    return;
  }
  const Rect fp = u.footprint();
  if (u.formation != "skirmish"sv) {
    if (!formation_fits(unit, "skirmish")) return;
    a.kind = ActionKind::kFormation;
    a.formation = "skirmish";
    a.facing = fp.facing;
    a.rate = "screen";
    out.push_back(a);
    return;
  }
  const Rect lf = force_.units[line].footprint();
  const Vec2 dir = (force_.units[facing_enemy].footprint().centre - lf.centre).normalized();
  const Vec2 spot = lf.centre + dir * ((lf.depth + fp.depth) / 2 + kScreenAheadIn * kMm);
  a.rate = "screen";
  if (distance(spot, fp.centre) <= kScreenPlaceIn * kMm) {
    a.kind = ActionKind::kHold;  // in its place: stay there
  } else {
    a.kind = ActionKind::kMove;
    a.moves = true;
    a.destination = spot;
    a.facing = bearing_of(dir);
  }
  out.push_back(a);
}

}  // namespace smoothbore::elan_drill
