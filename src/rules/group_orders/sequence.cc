// The sequence of play (H4-01, proposed: the text lost it). Default `alternate`: a game turn
// is two player turns, the scenario's first side first; in each the phasing side gives
// orders, rallies, tests to charge, moves, shoots, then every unit in contact fights and
// every Group that lost stands tests. Option `simultaneous`: both sides give orders, rally
// and test to charge; a D6 each for initiative decides who moves first; both sides shoot at
// once (the results apply after every shot); then one melee and one morale step for all.
#include <algorithm>
#include <tuple>
#include <utility>

#include <fmt/format.h>

#include "rules/group_orders/battle_impl.h"
#include "rules/group_orders/resolution_util.h"
#include "rules/roll_helpers.h"

namespace smoothbore::group_orders {

void BattleGO::play_turn(const std::vector<OrderSource*>& orders, EventLog& log) {
  ++turn_;
  phase_.clear();
  if (!counted_quietly(log, EventKind::kTurnStart)) {
    log.append(make_event(EventKind::kTurnStart, -1, fmt::format("Turn {}", turn_)));
  }
  const int sides = static_cast<int>(force_.sides.size());
  if (step_options_.simultaneous) {
    simultaneous_turn(orders, log);
    return;
  }
  for (int k = 0; k < sides; ++k) player_turn((scenario_.first_side + k) % sides, orders, log);
}

// What a player turn (or a simultaneous turn) starts from: nothing moved, shot or fought.
void BattleGO::reset_turn_state() {
  for (std::size_t i = 0; i < state_.size(); ++i) {
    UnitState& s = state_[i];
    s.shot = s.in_melee = s.charge_ok = s.charged = false;
    touch(static_cast<int>(i));  // no longer engaged
    s.moved_cm = 0;
    s.charge_target = -1;
    s.started_on_stand = orders_id(static_cast<int>(i)) == OrdersId::kStand;
    actions_[i] = Action{};
    actions_[i].unit = static_cast<int>(i);
  }
  for (GroupState& g : groups_) {
    g.lost_this_turn = g.melees_won = g.melees_lost = 0;
    g.under_artillery_short = false;
    g.melee_inflicted = g.melee_received = 0;
  }
  settled_.assign(groups_.size(), false);
}

// A phase event; `side` < 0: a step both sides take together (simultaneous).
void BattleGO::phase_event(int side, const std::string& what, EventLog& log) {
  phase_ = what;
  if (counted_quietly(log, EventKind::kPhase)) return;
  std::string who = "both sides";
  if (side >= 0) {
    const Side& sd = force_.sides[side];
    who = sd.name.empty() ? sd.id : sd.name;
  }
  Event e = make_event(EventKind::kPhase, -1, fmt::format("{}: {}", who, what));
  if (side >= 0) e.side = force_.sides[side].id;
  e.data = {{"phase", Value(what)}};
  log.append(std::move(e));
}

void BattleGO::player_turn(int side, const std::vector<OrderSource*>& orders, EventLog& log) {
  acting_ = side;
  reset_turn_state();
  OrderSource* src = side < static_cast<int>(orders.size()) ? orders[side] : nullptr;
  // Each step: its phase event, the step, then after_step (no std::function per step and
  // player turn: issue 9).
  auto step = [&](const char* what, auto&& run) {
    phase_event(side, what, log);
    run();
    after_step(what);
  };
  step("orders", [&] {
    order_step(side, src, log);
    move_generals(side, log);
  });
  step("rally", [&] { rally_step(side, log); });
  step("charge tests", [&] { charge_tests(side, log); });
  step("movement", [&] { movement_phase(side, log); });
  step("shooting", [&] { shooting_phase(side, log); });
  step("melee", [&] { melee_phase(side, log); });
  step("morale", [&] {
    morale_phase(log);
    clear_disorder(side, log);
  });
}

// H4-01 option `simultaneous`: each side throws a D6 for initiative; the highest moves first
// (ties: the scenario's order of sides from its first side, proposed). Orders, rally and
// charge tests go side by side in that order, movement too; shooting is simultaneous (every
// shot rolled against the table as it stood, the kills and disorder applied after); melee
// and morale are single steps for both sides (the initiative winner is the "attacker" of
// h4_10_results = attacker-first).
void BattleGO::simultaneous_turn(const std::vector<OrderSource*>& orders, EventLog& log) {
  reset_turn_state();
  const int sides = static_cast<int>(force_.sides.size());
  phase_event(-1, "initiative", log);
  std::vector<std::tuple<int, int, int>> rolled;  // (-face, place from the first side, side)
  for (int k = 0; k < sides; ++k) {
    const int side = (scenario_.first_side + k) % sides;
    const int face = dice_.roll(kD6);
    rolled.emplace_back(-face, k, side);
    if (counted_quietly(log, EventKind::kInitiative)) continue;
    RollRecord rec;
    start_record(&rec, "initiative", 0, "H4-01 (proposed): the higher D6 moves first");
    note_face(&rec, "d6", face);
    rec.target = face;
    rec.result = fmt::format("d6 {}", face);
    const Side& sd = force_.sides[side];
    Event e = make_event(EventKind::kInitiative, -1,
                         fmt::format("{} throws {} for initiative (H4-01)",
                                     sd.name.empty() ? sd.id : sd.name, face));
    e.side = sd.id;
    e.rolls.push_back(std::move(rec));
    e.data = {{"face", Value(std::int64_t{face})}};
    log.append(std::move(e));
  }
  std::sort(rolled.begin(), rolled.end());
  std::vector<int> order;
  for (const auto& r : rolled) order.push_back(std::get<2>(r));
  if (!counted_quietly(log, EventKind::kInitiative)) {
    const Side& sd = force_.sides[order.front()];
    Event e = make_event(EventKind::kInitiative, -1,
                         fmt::format("{} moves first (H4-01)", sd.name.empty() ? sd.id : sd.name));
    e.side = sd.id;
    log.append(std::move(e));
  }
  auto src = [&](int side) {
    return side < static_cast<int>(orders.size()) ? orders[side] : nullptr;
  };
  for (int side : order) {
    acting_ = side;
    phase_event(side, "orders", log);
    order_step(side, src(side), log);
    move_generals(side, log);
  }
  after_step("orders");
  for (int side : order) {
    phase_event(side, "rally", log);
    rally_step(side, log);
  }
  after_step("rally");
  for (int side : order) {
    phase_event(side, "charge tests", log);
    charge_tests(side, log);
  }
  after_step("charge tests");
  for (int side : order) {
    acting_ = side;
    phase_event(side, "movement", log);
    movement_phase(side, log);
  }
  after_step("movement");
  phase_event(-1, "shooting", log);
  std::vector<ShotEffect> effects;
  for (int side : order) shooting_phase(side, log, &effects);
  for (const ShotEffect& fx : effects) apply_shot(fx, log);
  after_step("shooting");
  acting_ = order.front();
  phase_event(-1, "melee", log);
  melee_phase(order.front(), log);
  after_step("melee");
  phase_event(-1, "morale", log);
  morale_phase(log);
  for (int side : order) clear_disorder(side, log);
  after_step("morale");
}

}  // namespace smoothbore::group_orders
