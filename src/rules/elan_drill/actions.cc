// The candidate actions of a unit and their exact assessments (what the doctrine weighs):
// lines fire, columns charge, infantry charged by cavalry weigh forming square (§6).
#include <algorithm>

#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/elan_drill.h"

namespace smoothbore::elan_drill {

std::vector<Action> BattleED::legal_actions(int unit) const {
  std::vector<Action> out;
  Action hold;
  hold.unit = unit;
  out.push_back(hold);
  if (!active(unit)) return out;
  const Unit& u = force_.units[unit];
  const Rect fp = u.footprint();
  const int enemy = nearest_enemy(unit);
  for (std::size_t t = 0; t < force_.units.size(); ++t) {
    const int ti = static_cast<int>(t);
    if (can_fire_at(unit, ti)) {
      Action f = hold;
      f.kind = ActionKind::kFire;
      f.target = ti;
      out.push_back(f);
    }
    if (can_charge(unit, ti)) {
      Action c = hold;
      c.kind = ActionKind::kCharge;
      c.target = ti;
      out.push_back(c);
    }
  }
  const bool gun_fixed = u.arm == Arm::kArtillery && u.formation != "limbered";
  if (!gun_fixed && enemy >= 0) {
    const Rect ef = force_.units[enemy].footprint();
    const Vec2 dir = (ef.centre - fp.centre).normalized();
    const double gap = distance(fp, ef);
    for (double stand_off : {4.0, 10.0}) {  // musket close range, or just outside long
      Action m = hold;
      m.kind = ActionKind::kMove;
      m.moves = true;
      const double travel = std::clamp(gap - stand_off * kMm, 0.0, move_rate_in(unit) * kMm);
      m.destination = fp.centre + dir * travel;
      m.facing = bearing_of(dir);
      if (travel > 0.25 * kMm) out.push_back(m);
    }
    Action back = hold;  // withdraw toward the home edge, facing the enemy
    back.kind = ActionKind::kMove;
    back.moves = true;
    back.destination = fp.centre + bearing_vector(edge_bearing(force_.sides[u.side].home_edge)) *
                                       (move_rate_in(unit) * kMm / 2);
    back.facing = bearing_of(dir);
    out.push_back(back);
  }
  if (u.arm == Arm::kArtillery) {
    Action g = hold;
    g.kind = u.formation == "limbered" ? ActionKind::kUnlimber : ActionKind::kLimber;
    g.facing =
        enemy >= 0 ? bearing_of(force_.units[enemy].footprint().centre - fp.centre) : fp.facing;
    out.push_back(g);
    return out;
  }
  if (const UnitTypeInfo* type = ruleset().unit_type(u.type)) {
    for (const std::string& f : type->formations) {
      if (f == u.formation) continue;
      Unit copy = u;
      copy.formation = f;
      if (!place_ok(unit, ruleset().layout(copy, fp.centre, fp.facing).front().rect, -1)) continue;
      Action c = hold;
      c.kind = ActionKind::kFormation;
      c.formation = f;
      c.facing = fp.facing;
      out.push_back(c);
    }
  }
  return out;
}

ActionAssessment BattleED::assess(const Action& a) const {
  ActionAssessment out;
  if (a.unit < 0 || a.target < 0) return out;
  const Unit& t = force_.units[a.target];
  if (a.kind == ActionKind::kFire) {
    const double hits =
        expected(fire_resolution(a.unit, a.target), fire_params(a.unit, a.target, false), "hits");
    const int save = experience(a.target) == "veteran"     ? 7
                     : experience(a.target) == "conscript" ? 5
                                                           : 6;
    out.expected_kills = hits * (12.0 - save) / 12.0;
    return out;
  }
  if (a.kind == ActionKind::kCharge) {
    // Exact chance to close (L41-L44), then the target's chance to fail its end-of-round-1
    // test (2+ failures) with the expected figures lost more (D12-17).
    const double closes = probability(
        "close-to-melee", close_to_melee_params(a.unit, a.target, true), "contact", Value(true));
    const double by_me =
        expected("close-action", close_params(a.unit, a.target, true), "casualties");
    const double by_them =
        expected("close-action", close_params(a.target, a.unit, false), "casualties");
    std::map<std::string, Value> tp = elan_params(a.target, a.unit);
    tp["round"] = Value(std::int64_t{1});
    tp["figures-lost-more"] =
        Value(std::int64_t{std::clamp(static_cast<int>(by_me - by_them + 0.5), 0, 30)});
    std::map<std::string, Value> mp = elan_params(a.unit, a.target);
    mp["round"] = Value(std::int64_t{1});
    mp["figures-lost-more"] =
        Value(std::int64_t{std::clamp(static_cast<int>(by_them - by_me + 0.5), 0, 30)});
    const double they_fail =
        1.0 - probability("elan-test", tp, "result", Value(std::string("success"))) -
        probability("elan-test", tp, "result", Value(std::string("disrupted")));
    const double i_break = probability("elan-test", mp, "broken", Value(true));
    out.win_probability = closes * they_fail;
    out.risk = closes * i_break + (1 - closes) * 0.2;
    out.expected_kills = closes * by_me;
    (void)t;
    return out;
  }
  // Reactions (§6), from the charged unit's side: the charge is beaten when the charger
  // fails to close; square makes cavalry close on 3D (L42) at -2 to hit (L234).
  const int charger = a.target;
  auto closes_vs = [&](bool square) {
    std::map<std::string, Value> p = close_to_melee_params(charger, a.unit, true);
    if (square) p["ground"] = Value(std::string("terrain-or-square"));
    return probability("close-to-melee", p, "contact", Value(true));
  };
  if (a.kind == ActionKind::kHold) {
    const double c = closes_vs(false);
    out.win_probability = 1 - c;
    out.risk = c * 0.5;
  } else if (a.kind == ActionKind::kFormation) {
    const bool square = a.formation == "square";
    const double performs =
        1 - probability("drill-test",
                        {{"action", Value(response_key(a))},
                         {"factor", Value(std::int64_t{drill(a.unit)})},
                         {"dms", Value(std::int64_t{std::min(state_[a.unit].dms, 12)})}},
                        "performed", Value(false));
    const double c_ok = closes_vs(square), c_fail = closes_vs(false);
    out.win_probability = performs * (1 - c_ok) + (1 - performs) * (1 - c_fail);
    out.risk = performs * c_ok * (square ? 0.1 : 0.4) + (1 - performs) * c_fail * 0.6;
  } else if (a.kind == ActionKind::kCounterCharge) {
    out.win_probability = 0.4;
    out.risk = 0.3;
  } else if (a.kind == ActionKind::kMove) {
    out.win_probability = 0.3;
    out.risk = 0.1;
  }
  return out;
}

}  // namespace smoothbore::elan_drill
