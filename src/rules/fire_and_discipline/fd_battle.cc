#include "rules/fire_and_discipline/fd_battle.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/dice/chance.h"
#include "rules/fire_and_discipline/brigade_orders.h"
#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/chits.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/melee_morale_resolutions.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/objective_combat.h"
#include "rules/fire_and_discipline/objective_zones.h"
#include "rules/fire_and_discipline/orders.h"
#include "rules/fire_and_discipline/retire.h"
#include "rules/fire_and_discipline/state.h"
#include "rules/fire_and_discipline/turn_order.h"
#include "rules/fire_and_discipline/victory.h"

namespace smoothbore::fire_and_discipline {

namespace {

// Musket range the doctrine closes to before it fires (the 31-60 yd band).
constexpr double kFiringLineYd = 50;

class FdBattle final : public Battle {
 public:
  FdBattle(const Scenario& scenario, std::uint64_t seed, std::uint64_t stream)
      : scenario_(scenario),
        rng_(seed, stream),
        dice_(rng_),
        s_(make_state(scenario_)),
        brigades_(s_) {}

  const Scenario& scenario() const override { return scenario_; }
  const Force& force() const override { return s_.force; }
  int turn() const override { return s_.turn; }

  std::vector<int> units_to_order(int side) const override {
    std::vector<int> out;
    for (int u : s_.force.units_of(side)) {
      if (in_play(u) && s_.units[u].engaged_with.empty()) out.push_back(u);
    }
    return out;
  }

  std::vector<Action> legal_actions(int unit) const override;
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

  // FD-60 points (option victory_points; off: the match's generic points).
  std::optional<VictoryPoints> victory_points() const override {
    if (!s_.options.victory_points) return std::nullopt;
    VictoryPoints vp;
    for (std::size_t side = 0; side < s_.force.sides.size(); ++side) {
      const VictoryAccount a = victory_account(s_, static_cast<int>(side));
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
  int nearest_enemy(int u) const;
  void administration(EventLog& log);
  void declarations(std::vector<ChargeDeclaration>& out, EventLog& log);
  void movement(EventLog& log);
  void melees(MeleeBook& book, EventLog& log);
  bool prolonges(int u, const Action& a) const {
    const Unit& unit = s_.force.units[u];
    // A crew walking back to its abandoned guns (FD-19) is not a prolonge.
    return a.kind == ActionKind::kMove && unit.arm == Arm::kArtillery &&
           unit.formation == "unlimbered" && !s_.units[u].guns_abandoned;
  }
  std::map<int, double> prolonges_wanted() const;
  std::vector<std::pair<int, Action>> move_order() const;

  Scenario scenario_;
  Rng rng_;
  SampledChance dice_;
  FdState s_;
  std::map<int, Action> actions_;
  BrigadeOrders brigades_;  // the brigade commanders' orders doctrine (§2.4)
};

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

std::vector<Action> FdBattle::legal_actions(int unit) const {
  std::vector<Action> out;
  Action hold;
  hold.unit = unit;
  out.push_back(hold);
  if (!in_play(unit) || !s_.units[unit].engaged_with.empty()) return out;
  const Unit& u = s_.force.units[unit];
  const UnitState& st = s_.units[unit];
  const Rect fp = u.footprint();
  // Charges (Phase V; the declaration is checked again then).
  for (std::size_t t = 0; t < s_.force.units.size(); ++t) {
    if (s_.force.units[t].side == u.side || !chargeable(static_cast<int>(t))) continue;
    if (charge_invalid(s_, unit, static_cast<int>(t))) continue;
    Action c;
    c.kind = ActionKind::kCharge;
    c.unit = unit;
    c.target = static_cast<int>(t);
    out.push_back(c);
  }
  const bool gun = u.arm == Arm::kArtillery;
  if (gun && u.formation == "limbered") {
    Action un;
    un.kind = ActionKind::kUnlimber;
    un.unit = unit;
    const int e = nearest_enemy(unit);
    un.facing = e >= 0 ? bearing_of(s_.force.units[e].footprint().centre - fp.centre) : fp.facing;
    out.push_back(un);
  }
  // FD-19: a crew away from its uncaptured guns walks back to re-man them.
  if (gun && st.guns_abandoned && !st.captured && st.crew > 0 && !st.halted(s_.turn)) {
    const Rect guns = guns_rect(s_, unit);
    Action back;
    back.kind = ActionKind::kMove;
    back.unit = unit;
    back.moves = true;
    back.destination = guns.centre;
    back.facing = fp.facing;  // no wheel (§4.5 would halve the walk)
    if (distance(fp, guns) > s_.mm(kGunContactYd)) out.push_back(back);
    return out;
  }
  if (gun && u.formation == "unlimbered") {
    // §6.4b, R-000-5: a section with nothing to fire at may prolonge its tactical distance
    // straight ahead (made in the step FD-05 names; its order must permit the move, FD-52).
    const std::optional<double> step = rate_yd(s_, unit, Rate::kTactical);
    if (!st.halted(s_.turn) && !st.guns_abandoned && step && *step > 0 &&
        gun_shot_targets(s_, unit).empty()) {
      Action p;
      p.kind = ActionKind::kMove;
      p.unit = unit;
      p.moves = true;
      p.destination = fp.centre + fp.forward() * s_.mm(*step);
      p.facing = fp.facing;
      Rect to = fp;
      to.centre = p.destination;
      if (may_move(s_, unit, fp, to, 0)) out.push_back(p);
    }
    return out;
  }
  if (st.halted(s_.turn)) return out;
  // Moves: toward the nearest enemy to musket range, toward each objective, back home.
  const std::optional<double> field = rate_yd(s_, unit, Rate::kField);
  if (!field || *field <= 0) return out;
  auto move_to = [&](Vec2 goal, double stop_short_mm) {
    Action m;
    m.kind = ActionKind::kMove;
    m.unit = unit;
    m.moves = true;
    const Vec2 d = goal - fp.centre;
    const double travel = std::clamp(d.length() - stop_short_mm, 0.0, s_.mm(*field));
    m.destination = fp.centre + d.normalized() * travel;
    m.facing = d.length() > 0 ? bearing_of(d) : fp.facing;
    Rect to = fp;
    to.centre = m.destination;
    // Only moves the unit's order permits (FD-52).
    if (travel > s_.mm(1) && may_move(s_, unit, fp, to, 0)) out.push_back(m);
  };
  if (const int e = nearest_enemy(unit); e >= 0) {
    const Rect ef = s_.force.units[e].footprint();
    const double gap = distance(fp, ef);
    const double centre_gap = distance(fp.centre, ef.centre);
    move_to(ef.centre, centre_gap - gap + s_.mm(kFiringLineYd));
  }
  for (const Objective& o : scenario_.objectives) move_to(o.position, 0);
  // Toward the feature the unit's order names (Assault, Hold, Withdrawal; §2.41).
  if (const auto goal = feature_goal(scenario_, st.order.feature, fp.centre)) move_to(*goal, 0);
  move_to(
      fp.centre + bearing_vector(edge_bearing(s_.force.sides[u.side].home_edge)) * s_.mm(*field),
      0);
  // A unit on Hold stands in line to defend: it is not offered column (FD-52 engine
  // reading; a column is for marching). A garrison holding its objective zone stays formed
  // in it (FD-52 Hold, FD-49).
  const bool holding =
      st.order.kind == OrderKind::kHold && s_.options.order_constraints == "enforced";
  const bool garrison =
      st.order.kind == OrderKind::kHold && !st.order.feature.empty() && occupies_zone(s_, unit);
  if (!gun && u.formation != "open-order" && !(holding && u.formation == "line") && !garrison) {
    Action f;
    f.kind = ActionKind::kFormation;
    f.unit = unit;
    f.formation = u.formation == "line" ? "column" : "line";
    f.facing = fp.facing;
    out.push_back(f);
  }
  return out;
}

ActionAssessment FdBattle::assess(const Action& a) const {
  ActionAssessment out;
  if (a.kind != ActionKind::kCharge || a.target < 0) return out;
  // Exact odds of the first melee round if the charge goes home: the front stands of each
  // side meet one to one (FD-46: one d10 per contacting stand), each with its own hit set
  // (FD-47, §8.5); the hit counts are independent binomials, so
  // P(win) = Σ P(ours = i) P(theirs = j) [i > j]; the charger loses (and checks morale,
  // FD-22) when i < j. Charge-in fire (FPF, held guns) and morale to close are not counted.
  const Unit& u = s_.force.units[a.unit];
  const Unit& t = s_.force.units[a.target];
  auto first_live = [](const Unit& unit) {
    for (std::size_t k = 0; k < unit.stands.size(); ++k) {
      if (!unit.stands[k].removed) return static_cast<int>(k);
    }
    return -1;
  };
  const int us = first_live(u), ts = first_live(t);
  if (us < 0 || ts < 0) return out;
  auto live = [](const Unit& unit) {
    return static_cast<int>(std::count_if(unit.stands.begin(), unit.stands.end(),
                                          [](const Stand& st) { return !st.removed; }));
  };
  const int n = std::max(1, std::min(live(u), live(t)));
  Melee m;
  m.charger = a.unit;
  m.target = a.target;
  MeleeBook book;
  book.charged = {a.unit};
  const MeleeHitChance mine =
      melee_hit_chance(melee_situation(s_, m, book, {a.unit, us}, {a.target, ts}));
  const MeleeHitChance theirs =
      melee_hit_chance(melee_situation(s_, m, book, {a.target, ts}, {a.unit, us}));
  const std::vector<double> pa = hit_count_distribution(n, mine.hit_set.faces);
  const std::vector<double> pb = hit_count_distribution(n, theirs.hit_set.faces);
  double win = 0, lose = 0;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    for (std::size_t j = 0; j < pb.size(); ++j) {
      if (i > j) win += pa[i] * pb[j];
      if (i < j) lose += pa[i] * pb[j];
    }
  }
  out.win_probability = win;
  out.risk = lose;
  out.expected_kills = n * mine.hit_set.faces / 10.0 * mine.casualties_per_hit;
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
  brigades_.give(s_, log);         // step 1 (§2.4)
  place_chits(s_, actions_, log);  // step 2 (§2.5, option tactical_chits)
}

void FdBattle::declarations(std::vector<ChargeDeclaration>& out, EventLog& log) {
  reveal_chits(s_, log);  // step 1 (§2.5)
  for (const auto& [u, a] : actions_) {
    if (a.kind != ActionKind::kCharge || !in_play(u) || !chargeable(a.target)) continue;
    std::optional<std::string> why = chit_forbids_charge(s_, u);
    if (!why) why = charge_invalid(s_, u, a.target);
    if (why) {
      log.append(make_event(EventKind::kCharge, u,
                            fmt::format("{} cannot charge {}: {}", name(u), name(a.target), *why),
                            "V declaration"));
      continue;
    }
    if (charge_needs_morale_test(s_, u)) {  // §5.3f: rating 0 tests to charge
      const int stand = testing_stand(s_, u, {});
      RollRecord rec;
      const MoraleResult r = resolve_morale(morale_situation(s_, u, stand), dice_, &rec);
      Event e =
          make_event(EventKind::kMorale, u,
                     fmt::format("{} tests to charge: {}", name(u), rec.result), "V declaration");
      e.rolls.push_back(std::move(rec));
      log.append(std::move(e));
      if (r != MoraleResult::kPass) {
        apply_morale_result(s_, u, r, s_.force.units[a.target].footprint().centre, true, log);
        continue;
      }
    }
    // The target holds, or counter-charges by its C chit where its order allows (§8.2a,
    // §2.5, FD-44, FD-52).
    const bool counter = in_play(a.target) && chit_counter_charges(s_, a.target) &&
                         may_counter_charge(s_, a.target, u);
    Event e = make_event(
        EventKind::kCharge, u,
        counter ? fmt::format("{} declares a charge on {}; {} counter-charges (its C chit, §2.5, "
                              "FD-44)",
                              name(u), name(a.target), name(a.target))
                : fmt::format("{} declares a charge on {}; it holds", name(u), name(a.target)),
        "V declaration");
    e.target = s_.force.units[a.target].id;
    log.append(std::move(e));
    out.push_back({u, a.target, counter});
  }
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
    if (!in_play(u) || !prolonges(u, a)) continue;
    const Rect fp = s_.force.units[u].footprint();
    out[u] = s_.yd((a.destination - fp.centre).dot(fp.forward()));
  }
  return out;
}

void FdBattle::movement(EventLog& log) {
  for (const auto& [u, a] : move_order()) {
    if (!in_play(u) || !s_.units[u].engaged_with.empty()) continue;
    if (prolonges(u, a)) continue;    // made in the step FD-05 names
    if (chit_must_unlimber(s_, u)) {  // a U chit (§2.5)
      change_formation(s_, u, "unlimbered", log);
      continue;
    }
    const bool moving = a.kind == ActionKind::kMove || a.kind == ActionKind::kFormation;
    const ChitMove chit = chit_move(s_, u, moving ? a.facing : 0);
    if (moving && !chit.allowed) {
      log.append(make_event(EventKind::kMove, u, fmt::format("{} stays: {}", name(u), chit.why),
                            "VI movement"));
      continue;
    }
    switch (a.kind) {
      case ActionKind::kMove: {
        Rect to = s_.force.units[u].footprint();
        to.centre = a.destination;
        if (!may_move(s_, u, s_.force.units[u].footprint(), to, 0)) {
          log.append(make_event(EventKind::kMove, u,
                                fmt::format("{} stays: its {} order forbids the move (FD-52)",
                                            name(u), order_title(s_.units[u].order.kind)),
                                "VI movement"));
          break;
        }
        if (!chit.why.empty()) {
          log.append(make_event(EventKind::kMove, u, fmt::format("{}: {}", name(u), chit.why),
                                "VI movement"));
        }
        move_unit(s_, u, a.destination, chit.facing, Rate::kField, log);
        break;
      }
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
  prolonge_step(s_, prolonges_wanted(), /*artillery_phase=*/false, log);  // VI.4 (FD-05)
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
  log.append(make_event(EventKind::kTurnStart, -1, fmt::format("Turn {}", s_.turn), ""));
  for (UnitState& st : s_.units) st.fled_this_turn = false;
  clear_chits(s_);
  // The commanders' choices for this turn (movement and charges; fire is automatic at the
  // best target, FD-37).
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
  recrew_guns(s_, log);  // FD-19: crews back at their guns re-man them
  // FD-05: prolonge here instead of firing; FD-02: each side in turn, or all at once.
  const std::set<int> prolonged = prolonge_step(s_, prolonges_wanted(), true, log);
  const std::vector<int> sides = acting_sides(s_);
  for (int side : sides) artillery_phase(s_, prolonged, dice_, log, side);
  after_step("II artillery");
  log.append(make_event(EventKind::kPhase, -1, "Phase III: volley musketry", "III volley"));
  const bool skirmish_first = s_.options.skirmish_fire_before_volley;  // FD-03
  for (int side : sides) {
    if (skirmish_first) skirmish_fire_step(s_, dice_, log, side);
  }
  for (int side : sides) musketry_phase(s_, /*platoon_phase=*/false, dice_, log, side);
  for (int side : sides) {
    if (!skirmish_first) skirmish_fire_step(s_, dice_, log, side);
  }
  after_step("III volley");
  log.append(make_event(EventKind::kPhase, -1, "Phase IV: platoon fire", "IV platoon fire"));
  for (int side : sides) musketry_phase(s_, /*platoon_phase=*/true, dice_, log, side);
  after_step("IV platoon fire");
  log.append(make_event(EventKind::kPhase, -1, "Phase V: declaration of charges", "V declaration"));
  std::vector<ChargeDeclaration> charges;
  declarations(charges, log);
  after_step("V declaration");
  log.append(make_event(EventKind::kPhase, -1, "Phase VI: movement", "VI movement"));
  MeleeBook book = charge_moves(s_, charges, dice_, log);
  movement(log);
  capture_guns(s_, log);  // FD-19: unmanned guns an enemy stand reached
  move_messengers(s_, log);
  after_step("VI movement");
  log.append(make_event(EventKind::kPhase, -1, "Phase VII: melees", "VII melee"));
  melees(book, log);
  capture_guns(s_, log);  // FD-19: unmanned guns a stand reached in the melees
  after_step("VII melee");
}

}  // namespace

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream) {
  return std::make_unique<FdBattle>(scenario, seed, stream);
}

}  // namespace smoothbore::fire_and_discipline
