#include "rules/fire_and_discipline/state.h"

#include <algorithm>

#include "rules/fire_and_discipline/fire_and_discipline.h"
#include "rules/fire_and_discipline/fire_tables.h"
#include "rules/fire_and_discipline/objective_zones.h"
#include "rules/fire_and_discipline/orders.h"
#include "rules/ruleset.h"

namespace smoothbore::fire_and_discipline {

std::string_view order_kind_name(OrderKind k) {
  switch (k) {
    case OrderKind::kGeneralAdvance:
      return "general-advance";
    case OrderKind::kAssault:
      return "assault";
    case OrderKind::kHold:
      return "hold";
    case OrderKind::kWithdrawal:
      return "withdrawal";
  }
  return "hold";
}

namespace {

int int_attribute(const Unit& u, std::string_view key, int fallback) {
  const Value* v = u.attribute(key);
  return v == nullptr ? fallback : static_cast<int>(as_number(*v, fallback));
}

}  // namespace

FdState make_state(const Scenario& scenario) {
  FdState s;
  s.scenario = &scenario;
  s.options = read_options(scenario.options);
  s.force = scenario.force;
  s.mm_per_yd = ruleset().mm_per_rule_unit(scenario.options);
  for (const Unit& u : s.force.units) {
    UnitState st;
    st.rating = std::clamp(int_attribute(u, "morale-rating", 2), 0, 4);
    int stands = 0;
    for (const Stand& stand : u.stands) stands += stand.removed ? 0 : 1;
    if (u.arm == Arm::kArtillery) stands = 1;            // a section is one stand (§6.11)
    st.shatter_boxes = stands * std::max(1, st.rating);  // §5.11: rating 0 counts as 1
    if (u.arm == Arm::kArtillery) {
      st.pdr = int_attribute(u, "pdr", 6);
      const int guns = int_attribute(u, "guns", 0);
      st.guns = guns == 0 ? 2 : guns;
      st.crew = u.start_figures;
      const bool howitzer = int_attribute(u, "howitzer", 0) != 0;
      // R-000-6: a howitzer's shell uses the chart row of its equivalent ball weight
      // (fd_howitzer_pdr), as its range does (kill_zone gun_range_yd).
      if (howitzer) st.pdr = s.options.howitzer_pdr;
      const GunClass cls = howitzer ? GunClass::kHowitzer : gun_class_of_pdr(st.pdr);
      // FD-17: the allotment is the section's (one roll a turn), or each gun's (option "gun":
      // every gun carries the table's allotment and rolls its own shot).
      const int per = s.options.ammunition_per == "gun" ? st.guns : 1;
      st.ball = per * barrage_allotment(cls, Ammo::kBall).value_or(0);
      st.canister = per * barrage_allotment(cls, Ammo::kCanister).value_or(0);
      st.shell = per * barrage_allotment(cls, Ammo::kShell).value_or(0);
    }
    // FD-52: the scenario-given order; a unit given none starts on Hold.
    st.order = scenario_order(u).value_or(Order{OrderKind::kHold, ""});
    s.units.push_back(st);
  }
  // Units that begin in an objective zone on a Hold naming no feature hold the zone (FD-52
  // Hold of the named feature, FD-49); a scenario order naming a feature stands.
  for (std::size_t i = 0; i < s.units.size(); ++i) {
    int zone = -1;
    const Order& o = s.units[i].order;
    if (o.kind == OrderKind::kHold && o.feature.empty() &&
        occupies_zone(s, static_cast<int>(i), &zone)) {
      s.units[i].order.feature = scenario.objectives[static_cast<std::size_t>(zone)].id;
    }
  }
  // A regimental commander is a leader with no command standing on a unit (the scenario
  // format's convention); match each such leader to the unit whose footprint is nearest.
  for (std::size_t l = 0; l < s.force.leaders.size(); ++l) {
    const Leader& leader = s.force.leaders[l];
    if (leader.command >= 0) continue;
    int best = -1;
    double best_d = 1e18;
    for (std::size_t i = 0; i < s.force.units.size(); ++i) {
      const Unit& u = s.force.units[i];
      if (u.side != leader.side) continue;
      const double d = distance(u.footprint(), leader.position);
      if (d < best_d) {
        best_d = d;
        best = static_cast<int>(i);
      }
    }
    if (best >= 0 && s.units[static_cast<std::size_t>(best)].leader < 0) {
      s.units[static_cast<std::size_t>(best)].leader = static_cast<int>(l);
      s.force.leaders[l].attached_unit = best;
    }
  }
  return s;
}

}  // namespace smoothbore::fire_and_discipline
