// The Fire and Discipline battle (internal to the rule set): the seven phases of a turn
// (000.md §4) over FdState in fd_battle.cc; the commanders' legal actions, reactions and
// the exact-odds assessments behind them in fd_actions.cc (fd_doctrine.h).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/dice/chance.h"
#include "core/dice/rng.h"
#include "core/events/event.h"
#include "core/force/proximity.h"
#include "rules/battle.h"
#include "rules/fire_and_discipline/brigade_orders.h"
#include "rules/fire_and_discipline/local_memo.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/objective_zones.h"
#include "rules/fire_and_discipline/retire.h"
#include "rules/fire_and_discipline/state.h"
#include "rules/fire_and_discipline/victory.h"
#include "rules/scenario.h"

namespace smoothbore::fire_and_discipline::detail {

// Musket range the doctrine closes to before it fires (the 31-60 yd band).
constexpr double kFiringLineYd = 50;

class FdBattle final : public Battle, public NearestEnemyIndex {
 public:
  FdBattle(const Scenario& scenario, std::uint64_t seed, std::uint64_t stream)
      : scenario_(scenario),
        rng_(seed, stream),
        dice_(rng_),
        s_(make_state(scenario_)),
        brigades_(s_) {
    s_.stands_on_table.track();  // every change of the stands below touches it
  }

  const Scenario& scenario() const override { return scenario_; }
  const Force& force() const override { return s_.force; }
  // The footprint the stand cache keeps while the orders are given, where it still holds
  // (StandCache::footprint: Unit::footprint bit for bit), for the doctrine's questions.
  Rect unit_footprint(int unit) const override {
    return s_.stands_on_table.footprint(s_.force, unit);
  }
  int turn() const override { return s_.turn; }

  std::vector<int> units_to_order(int side) const override {
    std::vector<int> out;
    for (int u : s_.force.units_of(side)) {
      if (in_play(u) && s_.units[u].engaged_with.empty()) out.push_back(u);
    }
    return out;
  }

  std::vector<Action> legal_actions(int unit) const override;
  // legal_actions' list with its moves, shifts and a gun's prolonges and changes of
  // direction unchecked (Action::unchecked; one unchecked shift stands for every shift, one
  // prolonge for both, one change for every change), for a commander that checks offers
  // (OrderSource::checks_offers): the moves' order and first yards (check_moves), the shifts'
  // sweeps (shift_offsets) and the guns' trial moves are the costly part of the list
  // (fd_actions.cc).
  std::vector<Action> offered_actions(int unit) const;
  void check_offers(int unit, ActionKind kind, std::vector<Action>& legal) const override;
  bool offers_unchecked() const override { return true; }
  // The shifts: shifts_may_find_volley (marches.h); every other kind: true.
  bool offers_may_kill(int unit, ActionKind kind) const override;
  // Nonzero while the commanders give their orders (play_turn: nothing moves until every
  // order is given), so the doctrine finds each side's reserve once per step.
  std::uint64_t frozen_force_epoch() const override { return frozen_epoch_; }
  int nearest_active_enemy(int unit, double* gap) const override;  // NearestEnemyIndex
  ActionAssessment assess(const Action& a) const override;
  void play_turn(const std::vector<OrderSource*>& orders, EventLog& log) override;

  // FD-60: the measure is the starting shatter boxes of units shattered or surrendered
  // (option: units).
  double broken_fraction(int side) const override {
    double total = 0, broken = 0;
    for (std::size_t i = 0; i < s_.force.units.size(); ++i) {
      if (s_.force.units[i].side != side) continue;
      const double w = s_.options.army_break_measure == "units" ? 1.0 : s_.units[i].shatter_boxes;
      total += w;
      if (!in_play(static_cast<int>(i))) broken += w;
    }
    return total > 0 ? broken / total : 0.0;
  }
  double loss_fraction(int side) const override {
    double total = 0, marked = 0;
    for (std::size_t i = 0; i < s_.force.units.size(); ++i) {
      if (s_.force.units[i].side != side) continue;
      total += s_.units[i].shatter_boxes;
      marked += std::min(s_.units[i].boxes_marked, s_.units[i].shatter_boxes);
    }
    return total > 0 ? marked / total : 0.0;
  }
  std::vector<std::string> invariant_violations() const override;
  std::uint64_t dice_drawn() const override { return rng_.draws(); }
  UnitReport unit_report(int unit) const override;      // fd_report.cc
  std::vector<int> objective_holders() const override;  // fd_report.cc
  // The units and leaders changed since the recorder last asked (FdState::touched).
  bool take_touched_units(std::vector<int>* out) const override {
    s_.touched.take_units(s_.force.units.size(), s_.force.leaders.size(), out);
    return true;
  }
  void take_touched_leaders(std::vector<int>* out) const override {
    s_.touched.take_leaders(s_.force.units.size(), s_.force.leaders.size(), out);
  }
  // FD-60's holders and points (objective_zones.h, victory.h) are read from what the
  // recorder records: positions within an objective's radius, boxes, status and flags.
  bool standings_follow_presence() const override { return false; }

  // FD-60 points (option victory_points; off: the match's generic points).
  std::optional<VictoryPoints> victory_points() const override {
    if (!s_.options.victory_points) return std::nullopt;
    VictoryPoints vp;
    const std::vector<int> holders = fire_and_discipline::objective_holders(s_);
    for (std::size_t side = 0; side < s_.force.sides.size(); ++side) {
      const VictoryAccount a = victory_account(s_, static_cast<int>(side), holders);
      vp.points.push_back(a.total());
      vp.accounts.push_back(a.describe());
    }
    return vp;
  }

 private:
  // In good order and under command: not fled, surrendered, or shattered and retiring
  // (FD-58; retiring units count as shattered for the army break).
  bool in_play(int u) const {
    return s_.force.units[u].status == UnitStatus::kActive && !s_.units[u].surrendered &&
           !retiring(s_, u);
  }
  // A unit that may be charged: in play, or shattered and retiring (contact makes it
  // surrender, FD-58).
  bool chargeable(int u) const {
    return s_.force.units[u].status == UnitStatus::kActive && !s_.units[u].surrendered;
  }
  std::string name(int u) const {
    const Unit& unit = s_.force.units[u];
    return unit.name.empty() ? unit.id : unit.name;
  }
  Event make_event(EventKind kind, int u, std::string text, std::string phase) const {
    Event e;
    e.kind = kind;
    e.turn = s_.turn;
    e.phase = std::move(phase);
    if (u >= 0) {
      e.unit = s_.force.units[u].id;
      e.side = s_.force.sides[s_.force.units[u].side].id;
    }
    e.text = std::move(text);
    return e;
  }
  // The enemy unit in play whose footprint is nearest u's, ties to the lower index; -1.
  int nearest_enemy(int u) const;
  // Unit `u`'s nearest enemies while the orders are given (StandCache::nearest_memo, found
  // at the first question), else nullptr.
  const StandCache::NearestMemo* nearest_enemies(int u) const;
  // The enemy units (ascending) that could be within `reach` mm of unit u's footprint,
  // edge to edge: every unit that is, and perhaps others (all of them when the state is
  // not frozen, stand_grid.h).
  std::vector<int> enemies_within(int u, double reach) const;
  void administration(EventLog& log);
  void declarations(const std::vector<OrderSource*>& orders, std::vector<ChargeDeclaration>& out,
                    EventLog& log);
  bool rating_zero_test(int u, int toward, const char* what, EventLog& log);
  void artillery(EventLog& log);
  void movement(const MeleeBook& book, EventLog& log);
  void melees(MeleeBook& book, EventLog& log);
  // The prolonges the commanders chose (§6.4b): unit → yards along its facing, made in the
  // step FD-05 names (turn_order.h prolonge_step).
  std::map<int, double> prolonges_wanted() const;
  // FD-02: the chosen actions in the order the normal moves are made.
  std::vector<std::pair<int, Action>> move_order() const;
  Rate march_rate(int u, const Action& a, EventLog& log) const;

  // §8.2a: the legal reactions of `unit` to `charger`'s charge (fd_actions.cc).
  std::vector<Action> reactions(int unit, int charger, bool may_counter) const;
  // The §6.4 options of an unlimbered gun section (fd_actions.cc).
  void gun_options(int unit, std::vector<Action>& out) const;
  // check_offers for the moves, the shifts, a gun's prolonges and its changes of direction
  // (fd_actions.cc).
  void check_moves(int unit, std::vector<Action>& legal) const;
  void check_shifts(int unit, std::vector<Action>& legal) const;
  void check_prolonges(int unit, std::vector<Action>& legal) const;
  void check_faces(int unit, std::vector<Action>& legal) const;
  ActionAssessment assess_gun(const Action& a) const;

  Scenario scenario_;
  Rng rng_;
  SampledChance dice_;
  FdState s_;
  std::map<int, Action> actions_;
  std::uint64_t frozen_epoch_ = 0;  // frozen_force_epoch: set through the orders step only
  BrigadeOrders brigades_;          // the brigade commanders' orders doctrine (§2.4)
  // The changes of direction check_faces found in the orders step of `epoch`
  // (frozen_epoch_): assess reads a kFace's stands from here, not working the plan out
  // again (issue 9 round 23). Only facings the action holds as found (normalize_bearing
  // left them unchanged) are kept, so the plan is the one assess would make.
  struct FacePlan {
    int unit = -1;
    double facing = 0;
    std::vector<Rect> rects;
  };
  mutable std::uint64_t face_plans_epoch_ = 0;
  mutable std::vector<FacePlan> face_plans_;
  // The plan kept for `unit` turning to `facing` in this orders step, or nullptr.
  const std::vector<Rect>* face_plan(int unit, double facing) const;
  // check_moves' probe answers, kept per unit across turns while its LocalMemo holds.
  struct ProbeAnswer {
    Vec2 destination;  // the move asked, bit for bit
    double facing = 0;
    bool offered = false;
    bool blocked = false;  // offered after a blocked wheel: it goes on toward `aim`
    Vec2 aim;
  };
  struct ProbeMemo {
    LocalMemo seen;
    std::vector<ProbeAnswer> answers;
  };
  mutable std::vector<ProbeMemo> probe_memos_;
  // check_moves' answer for move `m` of `unit`: `known` (kept_probe's), else probed on
  // `probes` and kept in `memo` (none: not kept).
  ProbeAnswer probe_answer(int unit, const Action& m, ProbeMemo* memo, const ProbeAnswer* known,
                           MoveProbes& probes) const;
  // The probe of move `m` worked out (checked against its whole plan under the tests'
  // switch).
  ProbeAnswer fresh_probe(int unit, const Action& m, MoveProbes& probes) const;
  // The answer kept in `memo` for move `m` (its destination and facing, bit for bit), or
  // nullptr.
  static const ProbeAnswer* kept_probe(const ProbeMemo* memo, const Action& m);
  // The memo of `unit`, its answers kept only while what the probes read is as it was;
  // nullptr where none is kept (this turn).
  ProbeMemo* probe_memo(int unit) const;
  // tactical_shift_mm of `unit` by `offset`, the runs kept the same way (assess of a shift).
  struct ShiftRun {
    Vec2 offset;  // bit for bit
    std::optional<double> t;
  };
  struct ShiftMemo {
    LocalMemo seen;
    std::vector<ShiftRun> runs;
  };
  mutable std::vector<ShiftMemo> shift_memos_;
  std::optional<double> shift_run(int unit, Vec2 offset) const;
};

}  // namespace smoothbore::fire_and_discipline::detail
