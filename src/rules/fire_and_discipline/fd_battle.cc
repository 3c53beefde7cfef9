#include "rules/fire_and_discipline/fd_battle.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/check.h"
#include "core/dice/chance.h"
#include "core/geometry/rect_frame.h"
#include "rules/battle.h"
#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/chits.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fd_battle_impl.h"
#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/melee_morale_resolutions.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/orders.h"
#include "rules/fire_and_discipline/retire.h"
#include "rules/fire_and_discipline/state.h"
#include "rules/fire_and_discipline/turn_order.h"

namespace smoothbore::fire_and_discipline {

namespace detail {

const StandCache::NearestMemo* FdBattle::nearest_enemies(int u) const {
  StandCache::NearestMemo* memo = s_.stands_on_table.nearest_memo(u);
  if (memo == nullptr || memo->set) return memo;
  const int side = s_.force.units[u].side;
  const UnitIndex* index = s_.stands_on_table.frozen_units(side);
  if (index == nullptr) return nullptr;
  // Those of nearest_enemy and nearest_active_enemy below: in play is active and more.
  double in_play_gap = 0;
  index->nearest_other_both(
      side, index->box(u), [&](int i) { return s_.force.units[i].status == UnitStatus::kActive; },
      [&](int i) { return in_play(i); },
      [&](int i) { return distance(index->frame(u), index->frame(i)); }, &memo->active,
      &memo->active_gap, &memo->in_play, &in_play_gap);
  memo->set = true;
  return memo;
}

int FdBattle::nearest_enemy(int u) const {
  if (const StandCache::NearestMemo* memo = nearest_enemies(u)) return memo->in_play;
  const int side = s_.force.units[u].side;
  if (const UnitIndex* index = s_.stands_on_table.frozen_units(side)) {
    // The unit's own footprint as filed holds too (frozen_units of its side): its frame and
    // box as kept (frames: distance(Rect, Rect) bit for bit).
    return index->nearest_other(
        side, index->box(u), [&](int i) { return in_play(i); },
        [&](int i) { return distance(index->frame(u), index->frame(i)); }, nullptr);
  }
  int best = -1;
  double best_d = 1e18;
  const Rect me = s_.force.units[u].footprint();
  for (std::size_t i = 0; i < s_.force.units.size(); ++i) {
    const Unit& e = s_.force.units[i];
    if (e.side == side || !in_play(static_cast<int>(i))) continue;
    const double d = distance(me, e.footprint());
    if (d < best_d) {
      best_d = d;
      best = static_cast<int>(i);
    }
  }
  return best;
}

int FdBattle::nearest_active_enemy(int u, double* gap) const {
  if (const StandCache::NearestMemo* memo = nearest_enemies(u)) {
    if (gap) *gap = memo->active_gap;
    return memo->active;
  }
  const int side = s_.force.units[u].side;
  auto active = [&](int i) { return s_.force.units[i].status == UnitStatus::kActive; };
  if (const UnitIndex* index = s_.stands_on_table.frozen_units(side)) {
    // As nearest_enemy: the unit's own frame and box as filed.
    return index->nearest_other(
        side, index->box(u), active,
        [&](int i) { return distance(index->frame(u), index->frame(i)); }, gap);
  }
  const Rect me = s_.force.units[u].footprint();
  double best = std::numeric_limits<double>::infinity();
  int which = -1;
  for (std::size_t i = 0; i < s_.force.units.size(); ++i) {
    if (s_.force.units[i].side == side || !active(static_cast<int>(i))) continue;
    const double d = distance(me, s_.force.units[i].footprint());
    if (d < best) {
      best = d;
      which = static_cast<int>(i);
    }
  }
  if (gap) *gap = best;
  return which;
}

std::vector<int> FdBattle::enemies_within(int u, double reach) const {
  std::vector<int> out;
  const int side = s_.force.units[u].side;
  const int sides = static_cast<int>(s_.force.sides.size());
  const UnitIndex* index = s_.stands_on_table.frozen_units(side);
  for (int sd = 0; index != nullptr && sd < sides; ++sd) {
    if (sd != side && s_.stands_on_table.frozen_units(sd) == nullptr) index = nullptr;
  }
  if (index == nullptr) {
    for (std::size_t i = 0; i < s_.force.units.size(); ++i) {
      if (s_.force.units[i].side != side) out.push_back(static_cast<int>(i));
    }
    return out;
  }
  const Box& me = index->box(u);  // the unit's own footprint as filed holds (frozen_units)
  for (int sd = 0; sd < sides; ++sd) {
    if (sd != side) index->near(sd, me, reach, out);
  }
  if (sides > 2) std::sort(out.begin(), out.end());
  return out;
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

void FdBattle::administration(EventLog& log) {
  signal_orders(s_, log);
  // §2.34: units whose commander fell last turn check morale (and may not charge).
  for (int u : units_to_test_for_commander_loss(s_)) {
    if (!in_play(u)) continue;
    const int stand = testing_stand(s_, u, {});
    if (stand < 0) continue;
    RollRecord rec;
    const MoraleResult r =
        resolve_morale(morale_situation(s_, u, stand), dice_, record_for(log, rec));
    if (!counted_quietly(log, EventKind::kMorale)) {
      Event e = make_event(
          EventKind::kMorale, u,
          fmt::format("{} checks morale for its fallen commander: {}", name(u), rec.result),
          "I administration");
      e.rolls.push_back(std::move(rec));
      log.append(std::move(e));
    }
    const int enemy = nearest_enemy(u);
    const Vec2 cause = enemy >= 0 ? s_.force.units[enemy].footprint().centre
                                  : s_.force.units[u].footprint().centre;
    if (r != MoraleResult::kPass) apply_morale_result(s_, u, r, cause, true, log);
  }
  brigades_.give(s_, log);         // step 1 (§2.4)
  place_chits(s_, actions_, log);  // step 2 (§2.5, option tactical_chits)
}

// Phase V (§8.2a): chits are revealed (§2.5); each declared charge is checked (§8.11,
// FD-43, a chit that forbids it) and a rating-0 charger tests (§5.3f); its target then
// holds or counter-charges (FD-44): with the optional chits by its revealed C chit (the
// choice was made face down in Phase I), otherwise asked of its side's commander
// (OrderSource::react) among the legal reactions. A unit that declared its own charge is
// not asked (it is charging), and a unit counter-charges one charger at most.
void FdBattle::declarations(const std::vector<OrderSource*>& orders,
                            std::vector<ChargeDeclaration>& out, EventLog& log) {
  reveal_chits(s_, log);  // step 1 (§2.5)
  std::set<int> charging;
  for (const auto& [u, a] : actions_) {
    if (a.kind == ActionKind::kCharge) charging.insert(u);
  }
  std::set<int> countering;
  for (const auto& [u, a] : actions_) {
    if (a.kind != ActionKind::kCharge || !in_play(u) || !chargeable(a.target)) continue;
    std::optional<std::string> why = chit_forbids_charge(s_, u);
    if (!why) why = charge_invalid(s_, u, a.target);
    if (why) {
      if (!counted_quietly(log, EventKind::kCharge))
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
    } else if (!in_play(t)) {
      response = "it holds";  // shattered and retiring (FD-58)
    } else if (s_.options.tactical_chits) {
      // §2.5: a revealed C chit counter-charges where the rules allow (FD-44, FD-52).
      d.counter_charge =
          chit_counter_charges(s_, t) && !countering.count(t) && !counter_charge_invalid(s_, t, u);
      response = d.counter_charge
                     ? fmt::format("{} counter-charges (its C chit, §2.5, FD-44)", name(t))
                     : "it holds";
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
    if (!counted_quietly(log, EventKind::kCharge)) {
      Event e =
          make_event(EventKind::kCharge, u,
                     fmt::format("{} declares a charge on {}; {}", name(u), name(t), response),
                     "V declaration");
      e.target = s_.force.units[t].id;
      e.data = {{"response", std::string(d.counter_charge ? "counter-charge" : "hold")}};
      log.append(std::move(e));
    }
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
  const MoraleResult r =
      resolve_morale(morale_situation(s_, u, stand), dice_, record_for(log, rec));
  if (!counted_quietly(log, EventKind::kMorale)) {
    Event e = make_event(EventKind::kMorale, u,
                         fmt::format("{} tests {} (§5.3f): {}", name(u), what, rec.result),
                         "V declaration");
    e.rolls.push_back(std::move(rec));
    log.append(std::move(e));
  }
  if (r == MoraleResult::kPass) return true;
  apply_morale_result(s_, u, r, s_.force.units[toward].footprint().centre, true, log);
  return false;
}

// Phase II (§6.4): crews back at their guns re-man them (FD-19); the guns fire, each side in
// turn or all at once (FD-02), or hold fire (§6.4d), or instead of firing change their
// direction of fire (§6.4c) or prolonge (§6.4b; here, or in step VI.4 under
// fd_05_prolonge_phase "movement"). Fire is worked out before any gun moves.
void FdBattle::artillery(EventLog& log) {
  recrew_guns(s_, log);
  const bool prolonge_here = s_.options.prolonge_phase != "movement";
  std::set<int> holding, busy;
  for (const auto& [u, a] : actions_) {
    if (a.kind == ActionKind::kHoldFire) holding.insert(u);
    if (a.kind == ActionKind::kFace || (a.kind == ActionKind::kProlonge && prolonge_here)) {
      busy.insert(u);
    }
  }
  for (int side : acting_sides(s_)) artillery_phase(s_, holding, busy, dice_, log, side);
  for (const auto& [u, a] : actions_) {
    if (a.kind != ActionKind::kFace || !in_play(u)) continue;
    if (!change_direction(s_, u, a.facing, log)) {
      if (!counted_quietly(log, EventKind::kMove))
        log.append(
            make_event(EventKind::kMove, u,
                       fmt::format("{} cannot change its direction of fire (§6.4c)", name(u)),
                       "II artillery"));
    }
  }
  prolonge_step(s_, prolonges_wanted(), /*artillery_phase=*/true, log);  // FD-05
}

// FD-02: the normal moves in unit order, or with alternate phases side by side from the
// first side.
std::vector<std::pair<int, Action>> FdBattle::move_order() const {
  std::vector<std::pair<int, Action>> out;
  for (int side : acting_sides(s_)) {
    for (const auto& [u, a] : actions_) {
      if (side < 0 || s_.force.units[u].side == side) out.emplace_back(u, a);
    }
  }
  return out;
}

std::map<int, double> FdBattle::prolonges_wanted() const {
  std::map<int, double> out;
  for (const auto& [u, a] : actions_) {
    if (a.kind != ActionKind::kProlonge || !in_play(u)) continue;
    const Rect fp = s_.force.units[u].footprint();
    out[u] = s_.yd((a.destination - fp.centre).dot(fp.forward()));
  }
  return out;
}

// The rate of a normal move: Road for a road march (§4.2c, §4.3c) whose road test still
// passes now that the enemy may have moved (FD-06, FD-08), else Field (narrated).
Rate FdBattle::march_rate(int u, const Action& a, EventLog& log) const {
  if (a.rate != "road") return Rate::kField;
  const Rect from = s_.force.units[u].footprint();
  Rect to = from;
  to.centre = a.destination;
  if (road_allowed(s_, u, from, to)) return Rate::kRoad;
  if (!counted_quietly(log, EventKind::kMove))
    log.append(make_event(EventKind::kMove, u,
                          fmt::format("{} cannot march by road now (a column more than 300 yd "
                                      "from the enemy, on the road, §4.2c, FD-08): it moves at "
                                      "Field rate",
                                      name(u)),
                          "VI movement"));
  return Rate::kField;
}

// Phase VI.3-4: normal moves, formation changes, unlimbering, in the FD-02 order, as the
// chits allow (§2.5); prolonges in step VI.4 under FD-05 "movement"; then the FD-58 retire
// and the FD-62 leash. Units that charged, counter-charged or were charged into contact in
// VI.2 make no normal move: they are in melee (§8.14: a unit cannot move to evade a
// charge).
void FdBattle::movement(const MeleeBook& book, EventLog& log) {
  std::set<int> in_melee(book.charged.begin(), book.charged.end());
  for (const Melee& m : book.melees) {
    in_melee.insert(m.charger);
    in_melee.insert(m.target);
  }
  for (const auto& [u, a] : move_order()) {
    if (!in_play(u) || !s_.units[u].engaged_with.empty() || in_melee.count(u)) continue;
    if (a.kind == ActionKind::kProlonge) continue;  // made in the step FD-05 names
    if (chit_must_unlimber(s_, u)) {                // a U chit (§2.5)
      change_formation(s_, u, "unlimbered", log);
      continue;
    }
    const bool moving = a.kind == ActionKind::kMove || a.kind == ActionKind::kFormation ||
                        a.kind == ActionKind::kShift;
    const ChitMove chit = chit_move(s_, u, moving ? a.facing : 0);
    if (moving && !chit.allowed) {
      if (!counted_quietly(log, EventKind::kMove))
        log.append(make_event(EventKind::kMove, u, fmt::format("{} stays: {}", name(u), chit.why),
                              "VI movement"));
      continue;
    }
    switch (a.kind) {
      case ActionKind::kMove: {
        const Rect from = s_.force.units[u].footprint();  // worked out once (issue 9)
        Rect to = from;
        to.centre = a.destination;
        if (!may_move(s_, u, from, to, 0)) {
          if (!counted_quietly(log, EventKind::kMove))
            log.append(make_event(EventKind::kMove, u,
                                  fmt::format("{} stays: its {} order forbids the move (FD-52)",
                                              name(u), order_title(s_.units[u].order.kind)),
                                  "VI movement"));
          break;
        }
        if (!chit.why.empty()) {
          if (!counted_quietly(log, EventKind::kMove))
            log.append(make_event(EventKind::kMove, u, fmt::format("{}: {}", name(u), chit.why),
                                  "VI movement"));
        }
        move_unit(s_, u, a.destination, chit.facing, march_rate(u, a, log), log, &from);
        break;
      }
      case ActionKind::kShift:  // §4.6, FD-07: instead of its normal move
        if (!tactical_shift(s_, u, a.destination - s_.force.units[u].footprint().centre, log)) {
          if (!counted_quietly(log, EventKind::kMove))
            log.append(
                make_event(EventKind::kMove, u,
                           fmt::format("{} cannot make its tactical shift (§4.6, FD-07)", name(u)),
                           "VI movement"));
        }
        break;
      case ActionKind::kFormation:
        change_formation(s_, u, a.formation, log);
        break;
      case ActionKind::kUnlimber:
        change_formation(s_, u, "unlimbered", log);
        break;
      default:
        break;
    }
  }
  std::map<int, double> prolonges = prolonges_wanted();  // VI.4 (FD-05), not in melee
  std::erase_if(prolonges, [&](const auto& p) { return in_melee.count(p.first) > 0; });
  prolonge_step(s_, prolonges, /*artillery_phase=*/false, log);
  // FD-58: shattered units retire toward their edge after the normal moves.
  for (std::size_t i = 0; i < s_.force.units.size(); ++i) retire_move(s_, static_cast<int>(i), log);
  for (std::size_t i = 0; i < s_.force.units.size(); ++i) {
    if (in_play(static_cast<int>(i))) leash(s_, static_cast<int>(i), log);
  }
}

// Phase VII. A shattered unit retiring that is contacted surrenders instead of fighting
// (FD-58), before the melees and again after them (a unit shattered in melee).
void FdBattle::melees(MeleeBook& book, EventLog& log) {
  const std::vector<int> gone = surrender_contacted(s_, log);
  std::erase_if(book.melees, [&](const Melee& m) {
    return std::find(gone.begin(), gone.end(), m.charger) != gone.end() ||
           std::find(gone.begin(), gone.end(), m.target) != gone.end();
  });
  resolve_melees(s_, book, dice_, log);
  surrender_contacted(s_, log);
}

void FdBattle::play_turn(const std::vector<OrderSource*>& orders, EventLog& log) {
  ++s_.turn;
  s_.touched.touch_all(s_.units.size());  // unit_report's flags and books read the turn
  if (!counted_quietly(log, EventKind::kTurnStart))
    log.append(make_event(EventKind::kTurnStart, -1, fmt::format("Turn {}", s_.turn), ""));
  for (std::size_t i = 0; i < s_.units.size(); ++i) {
    if (!s_.units[i].fled_this_turn) continue;
    s_.units[i].fled_this_turn = false;
    touch_unit(s_, static_cast<int>(i));
  }
  clear_chits(s_);
  // The commanders' choices for this turn (moves, charges, formations, the §6.4 artillery
  // options; fire targets are the regimental doctrine's, FD-37 in fire_targets.h).
  actions_.clear();
  {
    // Nothing moves until every order is given (stand_grid.h: the filed stands and
    // footprints serve every commander's question).
    const FrozenStands frozen(s_.stands_on_table, s_.force);
    frozen_epoch_ = new_frozen_force_epoch();
    for (std::size_t side = 0; side < s_.force.sides.size(); ++side) {
      OrderSource* src = side < orders.size() ? orders[side] : nullptr;
      for (int u : units_to_order(static_cast<int>(side))) {
        // A commander that checks offers checks those it reads itself (offered_actions).
        const std::vector<Action> legal =
            src && src->checks_offers() ? offered_actions(u) : legal_actions(u);
        actions_[u] = src ? src->choose(*this, u, legal) : legal.front();
        SB_CHECK(!actions_[u].unchecked, "a commander chose an action it had not checked");
      }
    }
    frozen_epoch_ = 0;
  }
  if (!counted_quietly(log, EventKind::kPhase))
    log.append(make_event(EventKind::kPhase, -1, "Phase I: administration", "I administration"));
  administration(log);
  after_step("I administration");
  if (!counted_quietly(log, EventKind::kPhase))
    log.append(make_event(EventKind::kPhase, -1, "Phase II: artillery fire", "II artillery"));
  artillery(log);
  after_step("II artillery");
  if (!counted_quietly(log, EventKind::kPhase))
    log.append(make_event(EventKind::kPhase, -1, "Phase III: volley musketry", "III volley"));
  const std::vector<int> sides = acting_sides(s_);
  const bool skirmish_first = s_.options.skirmish_fire_before_volley;  // FD-03
  for (int side : sides) {
    if (skirmish_first) skirmish_fire_step(s_, dice_, log, side);
  }
  for (int side : sides) musketry_phase(s_, /*platoon_phase=*/false, dice_, log, side);
  for (int side : sides) {
    if (!skirmish_first) skirmish_fire_step(s_, dice_, log, side);
  }
  after_step("III volley");
  if (!counted_quietly(log, EventKind::kPhase))
    log.append(make_event(EventKind::kPhase, -1, "Phase IV: platoon fire", "IV platoon fire"));
  for (int side : sides) musketry_phase(s_, /*platoon_phase=*/true, dice_, log, side);
  after_step("IV platoon fire");
  if (!counted_quietly(log, EventKind::kPhase))
    log.append(
        make_event(EventKind::kPhase, -1, "Phase V: declaration of charges", "V declaration"));
  std::vector<ChargeDeclaration> charges;
  declarations(orders, charges, log);
  after_step("V declaration");
  if (!counted_quietly(log, EventKind::kPhase))
    log.append(make_event(EventKind::kPhase, -1, "Phase VI: movement", "VI movement"));
  MeleeBook book = charge_moves(s_, charges, dice_, log);
  movement(book, log);
  capture_guns(s_, log);  // FD-19: unmanned guns an enemy stand reached
  move_messengers(s_, log);
  after_step("VI movement");
  if (!counted_quietly(log, EventKind::kPhase))
    log.append(make_event(EventKind::kPhase, -1, "Phase VII: melees", "VII melee"));
  melees(book, log);
  capture_guns(s_, log);  // FD-19: unmanned guns a stand reached in the melees
  after_step("VII melee");
}

}  // namespace detail

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream) {
  return std::make_unique<detail::FdBattle>(scenario, seed, stream);
}

}  // namespace smoothbore::fire_and_discipline
