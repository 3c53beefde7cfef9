// The orders step (H4-01 step 1): each Group's General chooses its orders through the first
// unit asked (H4-02, the `order-change` resolution); every unit then chooses its action under
// its orders. Generals move (H4-17). Then rally tests (L213-L216) and charge tests
// (L196-L211, H4-08).
#include <algorithm>
#include <cmath>
#include <string_view>

#include <fmt/format.h>

#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/resolution_util.h"

namespace smoothbore::group_orders {

namespace {

std::string capital(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s;
}

// A rate that names orders a General may choose (H4-02); kNone otherwise.
OrdersId chosen_orders(std::string_view s) {
  for (OrdersId o :
       {OrdersId::kAdvance, OrdersId::kReserve, OrdersId::kStand, OrdersId::kRetreat}) {
    if (orders_name(o) == s) return o;
  }
  return OrdersId::kNone;
}

}  // namespace

// Every order change is an event: "2nd Group: Advance -> Stand (morale 2)". A new Group
// order applies to every unit not routing (their own halts are over).
void BattleGO::set_group_orders(int group, OrdersId to, std::string_view why, EventLog& log,
                                std::vector<RollRecord> rolls) {
  GroupState& g = groups_[group];
  OrdersId from = g.orders;
  g.orders = to;
  touch_group(group);
  for (int u : g.units) {
    OrdersId& own = state_[u].override_orders;
    if (!force_.units[u].on_table() || own == OrdersId::kRout || own == OrdersId::kNone) continue;
    if (from == to && own != to) from = own;  // a unit's own orders end
    own = OrdersId::kNone;
  }
  if (from == to || counted_quietly(log, EventKind::kOrder)) return;
  const int first = g.units.front();
  const std::string& from_name = orders_name(from);
  const std::string& to_name = orders_name(to);
  Event e = make_event(
      EventKind::kOrder, -1,
      fmt::format("{}: {} -> {} ({})", g.name, capital(from_name), capital(to_name), why));
  e.side = force_.sides[g.side].id;
  e.unit = force_.units[first].id;
  // Built in place: an initializer list's fields are copied (issue 9).
  e.data.reserve(3);
  e.data.emplace_back("group", text(g.name));
  e.data.emplace_back("from", text(from_name));
  e.data.emplace_back("to", text(to_name));
  e.rolls = std::move(rolls);
  log.append(std::move(e));
}

void BattleGO::set_unit_orders(int unit, OrdersId to, std::string_view why, EventLog& log) {
  const OrdersId from = orders_id(unit);
  touch(unit);
  state_[unit].override_orders = to == group_of(unit).orders ? OrdersId::kNone : to;
  if (to == OrdersId::kRout) state_[unit].override_orders = OrdersId::kRout;
  if (from == to || counted_quietly(log, EventKind::kOrder)) return;
  const std::string& from_name = orders_name(from);
  const std::string& to_name = orders_name(to);
  Event e = make_event(
      EventKind::kOrder, unit,
      fmt::format("{}: {} -> {} ({})", name(unit), capital(from_name), capital(to_name), why));
  e.data = {{"from", text(from_name)}, {"to", text(to_name)}};
  log.append(std::move(e));
}

void BattleGO::order_step(int side, OrderSource* src, EventLog& log) {
  hold_nearest(true);  // nothing moves until the step ends
  // The moves' facings only for a commander that reads them (no commander: the hold).
  const bool facings = src != nullptr && src->reads_move_facing();
  for (int u : units_to_order(side)) {
    if (!active(u)) continue;
    const int gi = state_[u].group;
    std::vector<Action>& legal = legal_;  // reused: one unit's list at a time
    legal_actions_into(u, legal, facings);
    Action a = src != nullptr ? src->choose(*this, u, legal) : legal.front();
    settle_facing(a);
    if (carries_group_orders(u) && !settled_[gi]) {
      settled_[gi] = true;
      GroupState& g = groups_[gi];
      // The orders the Group changes from: the Group's, or a unit's own Retreat or Stand
      // left by a test or a halt (a Retreat anywhere in the Group needs the 4+, H4-02).
      OrdersId from = g.orders;
      // The rate's orders: kNone for no rate (hold), as for a rate that names none.
      const OrdersId rate = chosen_orders(a.rate);
      bool differs = false;
      for (int v : g.units) {
        if (!active(v)) continue;
        const OrdersId own = state_[v].override_orders;
        if (own != OrdersId::kNone && orders_name(own) != a.rate) {
          differs = true;
          if (orders_name(from) == a.rate) from = own;  // e.g. a unit halted on Stand (L6)
        }
        if (own == OrdersId::kRetreat) from = OrdersId::kRetreat;
      }
      if (rate != OrdersId::kNone && (rate != g.orders || differs)) {
        std::vector<RollRecord> rolls;
        OrderChangeSituation ocs;
        ocs.from = orders_name(from);
        ocs.to = a.rate;
        ocs.general_cm = std::min(leader_cm(g.leader, gi), 200.0);
        ocs.c_in_c_cm = std::min(c_in_c_cm(gi), 200.0);
        ocs.modifier = std::clamp(order_change_modifier(gi, u), -12, 12);
        ocs.general_range = step_options_.general_range;
        ocs.general_in = static_cast<int>(step_options_.general_in);
        ocs.c_in_c_in = static_cast<int>(step_options_.c_in_c_in);
        ocs.retreat_test = static_cast<int>(step_options_.retreat_test);
        RollRecord* rec = record_for(log, rolls) != nullptr ? &rolls.emplace_back() : nullptr;
        const std::string_view result = roll_order_change(ocs, dice_, rec);
        if (result == "changed") {
          set_group_orders(gi, rate, "order change, H4-02", log, std::move(rolls));
        } else {
          if (!counted_quietly(log, EventKind::kOrder)) {
            Event e = make_event(
                EventKind::kOrder, u,
                fmt::format("{}: stays on {}, wanted {} ({})", g.name, capital(orders_name(from)),
                            capital(a.rate), rolls.empty() ? result : rolls.back().result));
            e.rolls = std::move(rolls);
            log.append(std::move(e));
          }
          legal_actions_into(u, legal, facings);  // under the orders kept
          a = src != nullptr ? src->choose(*this, u, legal) : legal.front();
          settle_facing(a);
        }
      }
    }
    actions_[u] = a;
  }
  for (std::size_t gi = 0; gi < groups_.size(); ++gi) {
    if (groups_[gi].side == side) advance_pace(static_cast<int>(gi), src, log);
  }
  hold_nearest(false);
}

// L4: on Advance, at least one unit of the Group moves at least half its maximum speed or
// ends in contact (a charge; a unit already in contact counts). An action set that does
// neither is refused with the reason, and the Group's first Advancing unit that can comply is
// asked again among its complying actions (taking the first if its answer still does not).
bool BattleGO::keeps_advance_pace(int unit, const Action& a) const {
  if (a.kind == ActionKind::kCharge) return true;
  if (!a.moves || (a.kind != ActionKind::kMove && a.kind != ActionKind::kShift)) return false;
  const double d = distance(unit_footprint(unit).centre, a.destination) / kCm;  // kept
  return d >= max_speed_cm(unit) / 2 - 1e-6;
}

void BattleGO::advance_pace(int group, OrderSource* src, EventLog& log) {
  const GroupState& g = groups_[group];
  std::vector<int> advancing;
  std::vector<int> near_ids;  // one buffer for every unit's query
  for (int u : g.units) {
    if (!active(u) || orders_id(u) != OrdersId::kAdvance) continue;
    const Action& a = actions_[u];
    if (force_.units[u].arm == Arm::kArtillery && a.kind == ActionKind::kFire &&
        !state_[u].started_on_stand) {
      continue;  // L4: the guns switch to Stand in range; they are not Advancing
    }
    if (keeps_advance_pace(u, a)) return;
    near_enemies(filed_box(u), 1.0, g.side, near_ids);
    for (int j : near_ids) {
      if (force_.units[j].side != g.side && force_.units[j].on_table() && gap_cm(u, j) < 0.1) {
        return;  // already in contact
      }
    }
    advancing.push_back(u);
  }
  for (int u : advancing) {
    std::vector<Action> pace;
    legal_actions_into(u, legal_);  // the orders step's buffer, free again
    for (const Action& a : legal_) {
      if ((a.rate.empty() || a.rate == "advance") && keeps_advance_pace(u, a)) pace.push_back(a);
    }
    if (pace.empty()) continue;
    if (!counted_quietly(log, EventKind::kOrder)) {
      Event e = make_event(
          EventKind::kOrder, u,
          fmt::format("{}: orders refused: on Advance at least one unit of the Group must move at "
                      "least half its maximum speed or end in contact (L4); {} is asked again",
                      g.name, name(u)));
      e.data = {{"refused", Value(std::string("advance-half-speed"))}};
      log.append(std::move(e));
    }
    Action a = src != nullptr ? src->choose(*this, u, pace) : pace.front();
    if (a.unit != u || !keeps_advance_pace(u, a)) a = pace.front();
    a.rate.clear();
    actions_[u] = a;
    return;
  }
}

// L213-L216: routing units of the phasing side test to rally; rallied troops go to Stand
// (H4-02).
void BattleGO::rally_step(int side, EventLog& log) {
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int u = static_cast<int>(i);
    if (force_.units[i].side != side || !routing(u)) continue;
    std::vector<RollRecord> rolls(log.quiet() ? 0 : 1);
    const bool rallied = roll_morale(morale_situation(state_[u].group, "rally", u), dice_,
                                     rolls.empty() ? nullptr : &rolls.front())
                             .result == "rallied";
    if (!counted_quietly(log, EventKind::kMorale)) {
      Event e = make_event(EventKind::kMorale, u,
                           fmt::format("{} {} ({})", name(u),
                                       rallied ? "rallies" : "fails to rally and keeps routing",
                                       rolls.back().result));
      e.rolls = std::move(rolls);
      log.append(std::move(e));
    }
    if (rallied) {
      force_.units[i].status = UnitStatus::kActive;
      touch(u);
      state_[u].override_orders = OrdersId::kNone;
      set_unit_orders(u, OrdersId::kStand, "rallied, L213-L216", log);
      state_[u].override_orders = OrdersId::kStand;
    }
  }
}

// H4-17: Generals move up to 40 cm, ignoring orders, to just behind their Group; the C-in-C
// behind the army's centre.
void BattleGO::move_generals(int side, EventLog& log) {
  (void)log;
  const double reach = step_options_.general_move * kCm;
  for (Leader& l : force_.leaders) {
    if (l.side != side || !l.alive) continue;
    Vec2 sum{};
    int n = 0;
    // A Group's units are filed in ascending order (battle.cc), as the scan added them.
    auto add = [&](int i) {
      const Unit& u = force_.units[i];
      if (u.side != side || !active(i)) return;
      if (l.command >= 0 && state_[i].group != l.command) return;
      sum = sum + frame(i).rect.centre;  // the footprint's, kept by placed()
      ++n;
    };
    if (l.command >= 0 && l.command < static_cast<int>(groups_.size())) {
      for (int i : groups_[l.command].units) add(i);
    } else {
      for (std::size_t i = 0; i < force_.units.size(); ++i) add(static_cast<int>(i));
    }
    if (n == 0) continue;
    const Vec2 home = bearing_vector(edge_bearing(force_.sides[side].home_edge));
    Vec2 want = sum * (1.0 / n) + home * ((l.command >= 0 ? 8.0 : 20.0) * kCm);
    want.x = std::clamp(want.x, 1.0, scenario_.table.width() - 1.0);
    want.y = std::clamp(want.y, 1.0, scenario_.table.height() - 1.0);
    const double d = distance(l.position, want);
    l.position = d <= reach ? want : l.position + (want - l.position) * (reach / d);
    touches_.touch_leader(static_cast<int>(&l - force_.leaders.data()));
  }
}

// H4-17: a General in contact with an enemy unit, with no friendly unit in contact with him,
// is removed (or retires 20 cm, option).
void BattleGO::generals_contacted(EventLog& log) {
  std::vector<int> near_ids;  // one buffer for every General's query
  for (Leader& l : force_.leaders) {
    if (!l.alive) continue;
    bool enemy = false, friend_near = false;
    near(grown(Box{l.position, l.position}, 1.0), near_ids);
    for (int i : near_ids) {
      const Unit& u = force_.units[i];
      if (!u.on_table()) continue;
      const double d = distance(frame(i), l.position);  // as the footprint's, bit for bit
      if (u.side != l.side && d < 1.0) enemy = true;
      if (u.side == l.side && d < 1.0) friend_near = true;
    }
    if (!enemy || friend_near) continue;
    Event e = make_event(EventKind::kRemoved, -1, "");
    e.side = force_.sides[l.side].id;
    touches_.touch_leader(static_cast<int>(&l - force_.leaders.data()));
    if (step_options_.general_contacted_removed) {
      l.alive = false;
      e.text = fmt::format("{} is contacted by the enemy alone and removed (H4-17)", l.name);
    } else {
      const Vec2 home = bearing_vector(edge_bearing(force_.sides[l.side].home_edge));
      l.position = l.position + home * (20 * kCm);
      l.position.x = std::clamp(l.position.x, 1.0, scenario_.table.width() - 1.0);
      l.position.y = std::clamp(l.position.y, 1.0, scenario_.table.height() - 1.0);
      e.kind = EventKind::kMove;
      e.text = fmt::format("{} is contacted by the enemy alone and retires (H4-17)", l.name);
    }
    log.append(std::move(e));
  }
}

// §6.2, H4-08: a unit on Advance that wants contact tests. Musket/Bow armed infantry throw a
// raw D6 (5-6 Heavy Infantry or against cover, else 6; 6 at half strength); others a morale
// test=charge (Lights charging Lights +2; a higher melee factor charged frontally -2). A
// failure halts the unit at 10 cm on Stand (L6-L8).
void BattleGO::charge_tests(int side, EventLog& log) {
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int u = static_cast<int>(i);
    const Action& a = actions_[i];
    if (force_.units[i].side != side || !active(u) || a.kind != ActionKind::kCharge) continue;
    if (orders_id(u) != OrdersId::kAdvance || a.target < 0 || !force_.units[a.target].on_table())
      continue;
    const Unit& me = force_.units[i];
    const int t = a.target;
    std::vector<RollRecord> rolls;
    bool ok = false;
    const bool missile = me.arm == Arm::kFoot &&
                         weapon_of(me.type, me.attribute_string("weapon", "as-type")) != "none";
    const bool half = 2 * stands(u) <= me.start_figures;
    if (missile && !light(u)) {
      const Outcome o = resolve(
          "infantry-charge",
          {{"heavy-or-defences", Value(me.type == "heavy-infantry" || cover_of(t) != "none")},
           {"half-strength", Value(half)}},
          record_for(log, rolls));
      ok = to_string(o.at(0).second) == "charge";
    } else {
      MoraleSituation s = morale_situation(state_[u].group, "charge", u);
      s.lights_charging_lights = light(u) && light(t);
      s.higher_factor_charge =
          melee_factor(force_.units[t].type, me.type) > melee_factor(me.type, force_.units[t].type);
      s.half_strength = half;
      s.orders = "advance";
      if (!log.quiet()) rolls.emplace_back();
      ok = roll_morale(s, dice_, rolls.empty() ? nullptr : &rolls.front()).result == "keep";
    }
    if (!counted_quietly(log, EventKind::kCharge)) {
      Event e = make_event(EventKind::kCharge, u,
                           fmt::format("{} tests to charge {}: {}", name(u), name(t),
                                       rolls.empty() ? "" : rolls.back().result));
      e.target = force_.units[t].id;
      e.rolls = std::move(rolls);
      e.data = {{"passed", Value(ok)}};
      log.append(std::move(e));
    }
    state_[u].charge_ok = ok;  // a failure halts at 10 cm on Stand in the move (L6-L8)
    state_[u].charge_target = t;
  }
}

}  // namespace smoothbore::group_orders
