// Morale (H4-01 step 7, L169-L231): each Group that lost stands this player turn tests once
// (L162; after shooting too, H4-01 option), thrown once per Group and applied to each unit by
// its class (H4-15); results change orders (every change an event), fall back (H4-14), rout
// (moving at once, H4-03) or kill the artillery (H4-13). Disorganised clears on a rested turn
// (H4-07).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/resolution_util.h"

namespace smoothbore::group_orders {

void BattleGO::remove_unit(int unit, UnitStatus status, std::string_view why, EventLog& log) {
  Unit& u = force_.units[unit];
  if (!u.on_table()) return;
  GroupState& g = groups_[state_[unit].group];
  touch_group(state_[unit].group);                               // the Group's losses
  g.killed = std::min(g.start_stands, g.killed + stands(unit));  // H4-12: lost this battle
  u.status = status;
  state_[unit].override_orders = OrdersId::kNone;
  if (counted_quietly(log, EventKind::kRemoved)) return;
  Event e = make_event(EventKind::kRemoved, unit, fmt::format("{} {}", name(unit), why));
  e.data = {{"status", Value(std::string(unit_status_name(status)))}};
  log.append(std::move(e));
}

// "Go to Rout, move immediately" (L226, L230): artillery that routs is removed (H4-03).
void BattleGO::start_rout(int unit, EventLog& log) {
  if (force_.units[unit].arm == Arm::kArtillery && step_options_.routed_artillery_removed) {
    remove_unit(unit, UnitStatus::kRemoved,
                "routs and is lost: routed artillery is removed (H4-03)", log);
    return;
  }
  force_.units[unit].status = UnitStatus::kRouted;
  state_[unit].override_orders = OrdersId::kRout;
  touch(unit);
  rout_move(unit, true, log);
}

void BattleGO::apply_result(int unit, const std::string& result, const std::string& orders,
                            int fall_back_cm, EventLog& log) {
  if (!force_.units[unit].on_table()) return;
  if (result == "artillery-killed") {
    remove_unit(unit, UnitStatus::kRemoved, "is Killed (artillery, L228, H4-13)", log);
    return;
  }
  if (orders == "rout") {
    if (!routing(unit)) start_rout(unit, log);
    return;
  }
  if (fall_back_cm > 0 && active(unit)) fall_back(unit, fall_back_cm, log);
}

// One morale test for `group` (or, with h4_15_test_scope = unit, one per unit); `extra`
// modifiers override the Group's situation (e.g. being charged, H4-09).
void BattleGO::group_test(int group, std::string_view why,
                          const std::function<void(MoraleSituation&)>& adjust, EventLog& log) {
  GroupState& g = groups_[group];
  std::vector<int> testers;
  for (int u : g.units) {
    if (active(u)) testers.push_back(u);
  }
  if (testers.empty()) return;
  const bool per_unit = step_options_.test_per_unit;
  const bool all_artillery = step_options_.artillery_killed_group;
  std::vector<int> rollers = per_unit ? testers : std::vector<int>{testers.front()};
  for (int roller : rollers) {
    MoraleSituation ms = morale_situation(group, "general", roller);
    ms.won_casualties = g.melee_inflicted > g.melee_received;
    if (adjust) adjust(ms);
    std::vector<RollRecord> rolls(log.quiet() ? 0 : 1);
    const int score = roll_morale(ms, dice_, rolls.empty() ? nullptr : &rolls.front()).score;
    if (!counted_quietly(log, EventKind::kMorale)) {
      Event e = make_event(EventKind::kMorale, roller,
                           fmt::format("{} tests morale ({}): {}", per_unit ? name(roller) : g.name,
                                       why, rolls.back().result));
      e.rolls = std::move(rolls);
      e.data = {{"group", Value(g.name)}, {"score", Value(std::int64_t{score})}};
      log.append(std::move(e));
    }
    // H4-15: the score applies to each unit by its class and orders.
    std::vector<std::pair<int, OrderChange>> results;
    for (int u : per_unit ? std::vector<int>{roller} : testers) {
      MoraleSituation s;
      s.unit_class = light(u) ? "light" : "massed";
      s.orders = orders_of(u);
      s.artillery = force_.units[u].arm == Arm::kArtillery && (all_artillery || u == roller);
      results.emplace_back(u, morale_result(s, score));
    }
    // A change every unit shares is the Group's ("2nd Group: Advance -> Stand (morale 2)").
    const std::string first = results.front().second.orders;
    const bool shared = !per_unit && results.size() == testers.size() &&
                        std::all_of(results.begin(), results.end(),
                                    [&](const auto& r) { return r.second.orders == first; }) &&
                        first != "rout";
    const std::string tag = log.quiet() ? std::string() : fmt::format("morale {}", score);
    if (shared) set_group_orders(group, orders_named(first), tag, log);
    for (const auto& [u, oc] : results) {
      if (!shared && oc.orders != orders_of(u) && oc.orders != "rout") {
        set_unit_orders(u, orders_named(oc.orders), tag, log);
      }
      if (oc.orders == "rout" && !routing(u)) {
        set_unit_orders(u, OrdersId::kRout, tag, log);
      }
      apply_result(u, oc.result, oc.orders, oc.fall_back_cm, log);
    }
  }
}

void BattleGO::morale_phase(EventLog& log) {
  const bool after_shooting = step_options_.morale_after_shooting;
  for (std::size_t gi = 0; gi < groups_.size(); ++gi) {
    const GroupState& g = groups_[gi];
    if (g.lost_this_turn <= 0) continue;
    if (!after_shooting && g.melee_received <= 0) continue;
    group_test(static_cast<int>(gi),
               log.quiet() ? std::string() : fmt::format("lost {} stands, L162", g.lost_this_turn),
               nullptr, log);
  }
}

// H4-07: rested-turn (default): clears at the end of the unit's own player turn if it moved no
// more than 5 cm, did not shoot and was not in melee; next-turn: at the end of its own turn;
// never.
void BattleGO::clear_disorder(int side, EventLog& log) {
  if (step_options_.disorder_never) return;
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int u = static_cast<int>(i);
    UnitState& s = state_[i];
    if (force_.units[i].side != side || !active(u) || !s.disorganised) continue;
    if (step_options_.disorder_rested_turn && (s.moved_cm > 5.0 || s.shot || s.in_melee)) {
      continue;
    }
    s.disorganised = false;
    touch(u);
    if (counted_quietly(log, EventKind::kStatus)) continue;
    log.append(make_event(EventKind::kStatus, u,
                          fmt::format("{} is no longer Disorganised (H4-07)", name(u))));
  }
}

}  // namespace smoothbore::group_orders
