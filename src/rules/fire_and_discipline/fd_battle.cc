#include "rules/fire_and_discipline/fd_battle.h"
#include "rules/fire_and_discipline/fd_battle_impl.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/dice/chance.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/melee_morale_resolutions.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/state.h"

namespace smoothbore::fire_and_discipline {

namespace detail {

int FdBattle::nearest_enemy(int u) const {
  int best = -1;
  double best_d = 1e18;
  const Rect me = s_.force.units[u].footprint();
  for (std::size_t i = 0; i < s_.force.units.size(); ++i) {
    const Unit& e = s_.force.units[i];
    if (e.side == s_.force.units[u].side || !in_play(static_cast<int>(i))) continue;
    const double d = distance(me, e.footprint());
    if (d < best_d) {
      best_d = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

std::vector<std::string> FdBattle::invariant_violations() const {
  std::vector<std::string> out;
  const auto& units = s_.force.units;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const UnitState& st = s_.units[i];
    if (st.boxes_marked < 0 || st.crew < 0 || st.gun_hits < 0 || st.limber_hits < 0) {
      out.push_back(units[i].id + ": negative count");
    }
    for (const Stand& a : units[i].stands) {
      if (a.castings < 0) out.push_back(units[i].id + ": negative castings");
      if (a.removed || !units[i].on_table()) continue;
      if (!s_.table().contains(a.rect)) out.push_back(units[i].id + ": a stand off the table");
      for (std::size_t j = i + 1; j < units.size(); ++j) {
        if (!units[j].on_table()) continue;
        for (const Stand& b : units[j].stands) {
          if (!b.removed && overlaps(a.rect, b.rect, s_.mm(0.5))) {
            out.push_back(fmt::format("{} overlaps {}", units[i].id, units[j].id));
          }
        }
      }
    }
  }
  return out;
}

// Brigade doctrine (§2.4): on the first turn each brigade commander orders General Advance
// to every regiment of his command; later, a regiment with over half its shatter boxes
// marked is ordered to withdraw. Regiments with a regimental commander get the order by
// messenger (120 yd a turn, §2.41); units without one (a gun section, a lone regiment
// whose colonel is the senior commander) are signalled in person when he is in contact
// with them (FD-53), and otherwise keep their last order.
void FdBattle::brigade_orders(EventLog& log) {
  auto wanted = [&](int unit) {
    Order o;
    o.kind = s_.units[unit].over_half() ? OrderKind::kWithdrawal : OrderKind::kGeneralAdvance;
    return o;
  };
  for (std::size_t b = 0; b < s_.force.leaders.size(); ++b) {
    const Leader& brigade = s_.force.leaders[b];
    if (!brigade.alive || brigade.command < 0) continue;
    for (std::size_t r = 0; r < s_.force.leaders.size(); ++r) {
      const Leader& regimental = s_.force.leaders[r];
      if (!regimental.alive || regimental.command >= 0 || regimental.side != brigade.side) continue;
      const std::vector<int> units = units_of_leader(s_, static_cast<int>(r));
      if (units.empty() || s_.force.units[units.front()].command != brigade.command) continue;
      const Order want = wanted(units.front());
      const bool changed = s_.turn == 1 || s_.units[units.front()].order.kind != want.kind;
      const bool pending =
          std::any_of(s_.messengers.begin(), s_.messengers.end(), [&](const Messenger& m) {
            return !m.delivered && m.to_leader == static_cast<int>(r) && m.order.kind == want.kind;
          });
      if (changed && !pending) send_order(s_, static_cast<int>(b), static_cast<int>(r), want, log);
    }
    const Vec2 at = leader_position(s_, static_cast<int>(b));
    for (std::size_t i = 0; i < s_.force.units.size(); ++i) {
      const int u = static_cast<int>(i);
      const Unit& unit = s_.force.units[i];
      if (unit.command != brigade.command || s_.units[i].leader >= 0 || !in_play(u)) continue;
      if (distance(unit.footprint(), at) > s_.mm(kInPersonYd)) continue;
      const Order want = wanted(u);
      if (s_.units[i].order.kind == want.kind) continue;
      s_.units[i].order = want;
      log.append(make_event(EventKind::kOrder, u,
                            fmt::format("{} signals {} to {} in person (FD-53)", brigade.name,
                                        order_kind_name(want.kind), name(u)),
                            "I administration"));
    }
  }
}

void FdBattle::administration(EventLog& log) {
  signal_orders(s_, log);
  // §2.34: units whose commander fell last turn check morale (and may not charge).
  for (int u : units_to_test_for_commander_loss(s_)) {
    if (!in_play(u)) continue;
    const int stand = testing_stand(s_, u, {});
    if (stand < 0) continue;
    RollRecord rec;
    const MoraleResult r = resolve_morale(morale_situation(s_, u, stand), dice_, &rec);
    Event e = make_event(
        EventKind::kMorale, u,
        fmt::format("{} checks morale for its fallen commander: {}", name(u), rec.result),
        "I administration");
    e.rolls.push_back(std::move(rec));
    log.append(std::move(e));
    const int enemy = nearest_enemy(u);
    const Vec2 cause = enemy >= 0 ? s_.force.units[enemy].footprint().centre
                                  : s_.force.units[u].footprint().centre;
    if (r != MoraleResult::kPass) apply_morale_result(s_, u, r, cause, true, log);
  }
  brigade_orders(log);
}

// Phase V (§8.2a): each declared charge is checked (§8.11, FD-43) and a rating-0 charger
// tests (§5.3f); its target then elects to hold or counter-charge, asked of its side's
// commander (OrderSource::react) among the legal reactions. A unit that declared its own
// charge is not asked (it is charging), and a unit counter-charges one charger at most.
void FdBattle::declarations(const std::vector<OrderSource*>& orders,
                            std::vector<ChargeDeclaration>& out, EventLog& log) {
  std::set<int> charging;
  for (const auto& [u, a] : actions_) {
    if (a.kind == ActionKind::kCharge) charging.insert(u);
  }
  std::set<int> countering;
  for (const auto& [u, a] : actions_) {
    if (a.kind != ActionKind::kCharge || !in_play(u) || !in_play(a.target)) continue;
    if (auto why = charge_invalid(s_, u, a.target)) {
      log.append(make_event(EventKind::kCharge, u,
                            fmt::format("{} cannot charge {}: {}", name(u), name(a.target), *why),
                            "V declaration"));
      continue;
    }
    if (charge_needs_morale_test(s_, u) && !rating_zero_test(u, a.target, "to charge", log)) {
      continue;
    }
    const int t = a.target;
    ChargeDeclaration d{u, t, false};
    std::string response;
    if (charging.count(t)) {
      response = fmt::format("{} is charging too", name(t));
    } else {
      const std::vector<Action> legal = reactions(t, u, !countering.count(t));
      const int side = s_.force.units[t].side;
      OrderSource* src = side < static_cast<int>(orders.size()) ? orders[side] : nullptr;
      const Action r = src != nullptr ? src->react(*this, t, legal) : legal.front();
      d.counter_charge = r.kind == ActionKind::kCounterCharge && legal.size() > 1;
      response = d.counter_charge
                     ? fmt::format("{} elects to counter-charge (§8.2a, FD-44)", name(t))
                     : fmt::format("{} elects to hold (§8.2a)", name(t));
    }
    Event e = make_event(EventKind::kCharge, u,
                         fmt::format("{} declares a charge on {}; {}", name(u), name(t), response),
                         "V declaration");
    e.target = s_.force.units[t].id;
    e.data = {{"response", std::string(d.counter_charge ? "counter-charge" : "hold")}};
    log.append(std::move(e));
    if (d.counter_charge && charge_needs_morale_test(s_, t) &&
        !rating_zero_test(t, u, "to counter-charge", log)) {
      d.counter_charge = false;  // it stays where it is (or has fled)
    }
    if (d.counter_charge) countering.insert(t);
    out.push_back(d);
  }
}

// §5.3f: a rating-0 unit tests before it charges; a failure takes effect at once.
bool FdBattle::rating_zero_test(int u, int toward, const char* what, EventLog& log) {
  const int stand = testing_stand(s_, u, {});
  if (stand < 0) return false;
  RollRecord rec;
  const MoraleResult r = resolve_morale(morale_situation(s_, u, stand), dice_, &rec);
  Event e = make_event(EventKind::kMorale, u,
                       fmt::format("{} tests {} (§5.3f): {}", name(u), what, rec.result),
                       "V declaration");
  e.rolls.push_back(std::move(rec));
  log.append(std::move(e));
  if (r == MoraleResult::kPass) return true;
  apply_morale_result(s_, u, r, s_.force.units[toward].footprint().centre, true, log);
  return false;
}

// Phase II (§6.4): guns fire, hold fire (§6.4d), or instead of firing change their direction
// of fire (§6.4c) or prolonge (§6.4b; in Phase VI.4 under fd_05_prolonge_phase
// "movement"). Fire is worked out before any gun moves (FD-02 simultaneous).
void FdBattle::artillery(EventLog& log) {
  std::set<int> holding, busy;
  for (const auto& [u, a] : actions_) {
    if (a.kind == ActionKind::kHoldFire) holding.insert(u);
    if (a.kind == ActionKind::kFace || a.kind == ActionKind::kProlonge) busy.insert(u);
  }
  artillery_phase(s_, holding, busy, dice_, log);
  for (const auto& [u, a] : actions_) {
    if (!in_play(u)) continue;
    if (a.kind == ActionKind::kFace && !change_direction(s_, u, a.facing, log)) {
      log.append(make_event(EventKind::kMove, u,
                            fmt::format("{} cannot change its direction of fire (§6.4c)", name(u)),
                            "II artillery"));
    }
    if (a.kind == ActionKind::kProlonge && s_.options.prolonge_phase == "artillery") {
      do_prolonge(u, a, log);
    }
  }
}

void FdBattle::do_prolonge(int u, const Action& a, EventLog& log) {
  const Rect fp = s_.force.units[u].footprint();
  const double yd = s_.yd((a.destination - fp.centre).dot(fp.forward()));
  if (!prolonge(s_, u, yd, log)) {
    log.append(make_event(EventKind::kMove, u,
                          fmt::format("{} cannot prolonge (§6.4b, §6.66)", name(u)), "prolonge"));
  }
}

// Phase VI.3-4: normal moves, formation changes, unlimbering (and prolonge under FD-05
// "movement"). Units that charged, counter-charged or were charged into contact in VI.2 make
// no normal move: they are in melee (§8.14: a unit cannot move to evade a charge).
void FdBattle::movement(const MeleeBook& book, EventLog& log) {
  std::set<int> in_melee(book.charged.begin(), book.charged.end());
  for (const Melee& m : book.melees) {
    in_melee.insert(m.charger);
    in_melee.insert(m.target);
  }
  for (const auto& [u, a] : actions_) {
    if (!in_play(u) || !s_.units[u].engaged_with.empty() || in_melee.count(u)) continue;
    switch (a.kind) {
      case ActionKind::kMove: {
        Rect to = s_.force.units[u].footprint();
        to.centre = a.destination;
        if (!may_move(s_, u, s_.force.units[u].footprint(), to, 0)) {
          log.append(make_event(EventKind::kMove, u,
                                fmt::format("{} stays: its {} order forbids the move (FD-52)",
                                            name(u), order_kind_name(s_.units[u].order.kind)),
                                "VI movement"));
          break;
        }
        move_unit(s_, u, a.destination, a.facing, Rate::kField, log);
        break;
      }
      case ActionKind::kFormation:
        change_formation(s_, u, a.formation, log);
        break;
      case ActionKind::kUnlimber:
        change_formation(s_, u, "unlimbered", log);
        break;
      case ActionKind::kProlonge:  // FD-05 option: step VI.4
        if (s_.options.prolonge_phase == "movement") do_prolonge(u, a, log);
        break;
      default:
        break;
    }
  }
  for (std::size_t i = 0; i < s_.force.units.size(); ++i) {
    if (in_play(static_cast<int>(i))) leash(s_, static_cast<int>(i), log);
  }
}

void FdBattle::play_turn(const std::vector<OrderSource*>& orders, EventLog& log) {
  ++s_.turn;
  log.append(make_event(EventKind::kTurnStart, -1, fmt::format("Turn {}", s_.turn), ""));
  for (UnitState& st : s_.units) st.fled_this_turn = false;
  // The commanders' choices for this turn (moves, charges, formations, the §6.4 artillery
  // options; fire targets are the regimental doctrine's, FD-37 in fire_targets.h).
  actions_.clear();
  for (std::size_t side = 0; side < s_.force.sides.size(); ++side) {
    OrderSource* src = side < orders.size() ? orders[side] : nullptr;
    for (int u : units_to_order(static_cast<int>(side))) {
      std::vector<Action> legal = legal_actions(u);
      actions_[u] = src ? src->choose(*this, u, legal) : legal.front();
    }
  }
  log.append(make_event(EventKind::kPhase, -1, "Phase I: administration", "I administration"));
  administration(log);
  after_step("I administration");
  log.append(make_event(EventKind::kPhase, -1, "Phase II: artillery fire", "II artillery"));
  artillery(log);
  after_step("II artillery");
  log.append(make_event(EventKind::kPhase, -1, "Phase III: volley musketry", "III volley"));
  if (s_.options.skirmish_fire_before_volley) skirmish_fire_step(s_, dice_, log);
  musketry_phase(s_, /*platoon_phase=*/false, dice_, log);
  if (!s_.options.skirmish_fire_before_volley) skirmish_fire_step(s_, dice_, log);
  after_step("III volley");
  log.append(make_event(EventKind::kPhase, -1, "Phase IV: platoon fire", "IV platoon fire"));
  musketry_phase(s_, /*platoon_phase=*/true, dice_, log);
  after_step("IV platoon fire");
  log.append(make_event(EventKind::kPhase, -1, "Phase V: declaration of charges", "V declaration"));
  std::vector<ChargeDeclaration> charges;
  declarations(orders, charges, log);
  after_step("V declaration");
  log.append(make_event(EventKind::kPhase, -1, "Phase VI: movement", "VI movement"));
  MeleeBook book = charge_moves(s_, charges, dice_, log);
  movement(book, log);
  move_messengers(s_, log);
  after_step("VI movement");
  log.append(make_event(EventKind::kPhase, -1, "Phase VII: melees", "VII melee"));
  resolve_melees(s_, book, dice_, log);
  after_step("VII melee");
}

}  // namespace detail

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream) {
  return std::make_unique<detail::FdBattle>(scenario, seed, stream);
}

}  // namespace smoothbore::fire_and_discipline
