// Candidate moves beyond actions.cc's: a column's road march (D12-07); formation changes
// with movement (§5.1 L80-L83, D12-08, D12-21): Change Formation & Move ½
// (1D) or & Move Full (2D), Change Formation & Charge (3D: a line forms column and charges
// in the same phase), and Reform Detachments (2D), which D12-21 also uses for a unit
// re-forming from skirmish order (option `d12_21_reform_skirmish`).
#include <algorithm>

#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/elan_drill.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

namespace {
constexpr double kStandOffIn = 4.0;  // advance to musket close range, as actions.cc does
bool line_like(const std::string& f) { return f == "line"sv || f == "two-rank-line"sv; }
}  // namespace

std::string BattleED::formation_drill_action(int unit, const std::string& formation,
                                             int dice) const {
  const std::string& from = force_.units[unit].formation;
  if (from == "skirmish"sv && formation != "skirmish"sv && opts_.reform_skirmish)
    return "reform-detachments";  // L83, D12-21
  switch (dice) {
    case 0:
      return "";
    case 1:
      return "change-formation-half";  // L80
    case 2:
      return "change-formation-full";  // L81
    default:
      return "change-formation-charge";  // L82
  }
}

void BattleED::formation_moves(int unit, std::vector<Action>& out) const {
  const Unit& u = force_.units[unit];
  if (u.arm == Arm::kArtillery) return;
  const Rect fp = u.footprint();
  // L82, D12-08: formed infantry in line forms column and charges (3D).
  if (u.arm == Arm::kFoot && line_like(u.formation)) {
    const double reach = opts_.column_in + opts_.charge_bonus_in;
    for (const int ti : enemies_near(unit, reach)) {
      const Unit& tu = force_.units[ti];
      if (tu.side == u.side || !tu.on_table() || !within_in(unit, ti, reach) || !in_arc(unit, ti))
        continue;
      Action c;
      c.unit = unit;
      c.kind = ActionKind::kCharge;
      c.target = ti;
      c.formation = "column";
      out.push_back(c);
    }
  }
  // D12-07: a column on a road may march ×1.5 along it toward the enemy.
  const int foe = nearest_enemy(unit);
  if (foe >= 0 && u.formation.find("column") != std::string::npos) {
    const Rect ff = force_.units[foe].footprint();
    const Vec2 to = (ff.centre - fp.centre).normalized();
    const double rate = move_rate_in(unit);
    const double road = rate * (1 + opts_.road_bonus);
    const double travel =
        std::min(road * kMm, std::max(0.0, nearest_gap_mm(unit, foe) - kStandOffIn * kMm));
    const Vec2 dest = fp.centre + to * travel;
    if (travel > rate * kMm && road_budget(unit, dest, rate) > rate) {
      Action m;
      m.unit = unit;
      m.kind = ActionKind::kMove;
      m.moves = true;
      m.rate = "road";
      m.destination = dest;
      m.facing = bearing_of(to);
      out.push_back(m);
    }
  }
  // L80-L81: change formation and move ½ (1D) or full (2D) toward the nearest enemy.
  const int enemy = nearest_enemy(unit);
  const UnitTypeInfo* type = ruleset().unit_type(u.type);
  if (enemy < 0 || type == nullptr) return;
  const Rect ef = force_.units[enemy].footprint();
  const Vec2 dir = (ef.centre - fp.centre).normalized();
  // Toward 4" of the enemy; the movement phase allows the new formation's rate. The same
  // for every formation: measured once (issue 9: once per formation and rate before), and
  // kept with the nearest enemy (nearest_gap_mm: gap_mm's distance).
  const double travel = std::max(0.0, nearest_gap_mm(unit, enemy) - kStandOffIn * kMm);
  if (travel < 0.25 * kMm) return;
  const Vec2 dest = fp.centre + dir * travel;
  const double facing = bearing_of(dir);
  for (const std::string& f : type->formations) {
    if (f == u.formation || f == "square"sv) continue;
    if (!formation_fits(unit, f)) continue;
    for (const bool full : {false, true}) {
      Action m;
      m.unit = unit;
      m.kind = ActionKind::kFormation;
      m.formation = f;
      m.moves = true;
      m.rate = full ? "full" : "";
      m.destination = dest;
      m.facing = facing;
      out.push_back(m);
    }
  }
}

}  // namespace smoothbore::elan_drill
