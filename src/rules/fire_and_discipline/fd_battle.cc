#include "rules/fire_and_discipline/fd_battle.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "core/dice/chance.h"
#include "rules/fire_and_discipline/captured_guns.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/command.h"
#include "rules/fire_and_discipline/fire_phase.h"
#include "rules/fire_and_discipline/fire_resolutions.h"
#include "rules/fire_and_discipline/kill_zone.h"
#include "rules/fire_and_discipline/melee_morale_resolutions.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/movement.h"
#include "rules/fire_and_discipline/objective_combat.h"
#include "rules/fire_and_discipline/objective_zones.h"
#include "rules/fire_and_discipline/state.h"
#include "rules/fire_and_discipline/victory.h"

namespace smoothbore::fire_and_discipline {

namespace {

// Musket range the doctrine closes to before it fires (the 31-60 yd band).
constexpr double kFiringLineYd = 50;

// The brigade doctrine's order for a regiment (§2.41, FD-52): Withdrawal with over half
// its shatter boxes marked; Hold of the objective zone its stands occupy (FD-49: a
// garrison defends its zone); otherwise General Advance.
Order doctrine_order(const FdState& s, int unit) {
  Order o;
  int zone = -1;
  if (s.units[static_cast<std::size_t>(unit)].over_half()) {
    o.kind = OrderKind::kWithdrawal;
  } else if (occupies_zone(s, unit, &zone)) {
    o.kind = OrderKind::kHold;
    o.feature = s.scenario->objectives[static_cast<std::size_t>(zone)].id;
  } else {
    o.kind = OrderKind::kGeneralAdvance;
  }
  return o;
}

class FdBattle final : public Battle {
 public:
  FdBattle(const Scenario& scenario, std::uint64_t seed, std::uint64_t stream)
      : scenario_(scenario), rng_(seed, stream), dice_(rng_) {
    s_ = make_state(scenario_);
  }

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
  bool in_play(int u) const {
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
  void brigade_orders(EventLog& log);
  void declarations(std::vector<ChargeDeclaration>& out, EventLog& log);
  void movement(EventLog& log);

  Scenario scenario_;
  Rng rng_;
  SampledChance dice_;
  FdState s_;
  std::map<int, Action> actions_;
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
    if (s_.force.units[t].side == u.side || !in_play(static_cast<int>(t))) continue;
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
  if (gun && u.formation == "unlimbered") return out;  // prolonge is not offered yet
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
  move_to(
      fp.centre + bearing_vector(edge_bearing(s_.force.sides[u.side].home_edge)) * s_.mm(*field),
      0);
  // A garrison holding its objective zone stays formed in it (FD-52 Hold, FD-49).
  const bool garrison =
      st.order.kind == OrderKind::kHold && !st.order.feature.empty() && occupies_zone(s_, unit);
  if (!gun && u.formation != "open-order" && !garrison) {
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

// Brigade doctrine (§2.4): each brigade commander orders General Advance to every
// regiment of his command, Hold to a regiment garrisoning an objective zone, and
// Withdrawal to a regiment with over half its shatter boxes marked (doctrine_order); an
// order is sent when it differs from the regiment's. Regiments with a regimental
// commander get the order by messenger (120 yd a turn, §2.41); units without one (a gun
// section, a lone regiment whose colonel is the senior commander) are signalled in person
// when he is in contact with them (FD-53), and otherwise keep their last order.
void FdBattle::brigade_orders(EventLog& log) {
  auto wanted = [&](int unit) { return doctrine_order(s_, unit); };
  for (std::size_t b = 0; b < s_.force.leaders.size(); ++b) {
    const Leader& brigade = s_.force.leaders[b];
    if (!brigade.alive || brigade.command < 0) continue;
    for (std::size_t r = 0; r < s_.force.leaders.size(); ++r) {
      const Leader& regimental = s_.force.leaders[r];
      if (!regimental.alive || regimental.command >= 0 || regimental.side != brigade.side) continue;
      const std::vector<int> units = units_of_leader(s_, static_cast<int>(r));
      if (units.empty() || s_.force.units[units.front()].command != brigade.command) continue;
      const Order want = wanted(units.front());
      const Order& now = s_.units[units.front()].order;
      const bool changed = now.kind != want.kind || now.feature != want.feature;
      const bool pending =
          std::any_of(s_.messengers.begin(), s_.messengers.end(), [&](const Messenger& m) {
            return !m.delivered && m.to_leader == static_cast<int>(r) &&
                   m.order.kind == want.kind && m.order.feature == want.feature;
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
      if (s_.units[i].order.kind == want.kind && s_.units[i].order.feature == want.feature) {
        continue;
      }
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

void FdBattle::declarations(std::vector<ChargeDeclaration>& out, EventLog& log) {
  for (const auto& [u, a] : actions_) {
    if (a.kind != ActionKind::kCharge || !in_play(u) || !in_play(a.target)) continue;
    if (auto why = charge_invalid(s_, u, a.target)) {
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
    Event e =
        make_event(EventKind::kCharge, u,
                   fmt::format("{} declares a charge on {}; it holds", name(u), name(a.target)),
                   "V declaration");
    e.target = s_.force.units[a.target].id;
    log.append(std::move(e));
    out.push_back({u, a.target, false});
  }
}

void FdBattle::movement(EventLog& log) {
  for (const auto& [u, a] : actions_) {
    if (!in_play(u) || !s_.units[u].engaged_with.empty()) continue;
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
  artillery_phase(s_, {}, dice_, log);
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
  declarations(charges, log);
  after_step("V declaration");
  log.append(make_event(EventKind::kPhase, -1, "Phase VI: movement", "VI movement"));
  MeleeBook book = charge_moves(s_, charges, dice_, log);
  movement(log);
  capture_guns(s_, log);  // FD-19: unmanned guns an enemy stand reached
  move_messengers(s_, log);
  after_step("VI movement");
  log.append(make_event(EventKind::kPhase, -1, "Phase VII: melees", "VII melee"));
  const UnitPairs held = objective_combat(s_, book, dice_, log);  // VII.1 (FD-49)
  resolve_melees(s_, book, dice_, log);                           // VII.2-4
  keep_engaged(s_, held);
  capture_guns(s_, log);
  after_step("VII melee");
}

}  // namespace

std::unique_ptr<Battle> start_battle(const Scenario& scenario, std::uint64_t seed,
                                     std::uint64_t stream) {
  return std::make_unique<FdBattle>(scenario, seed, stream);
}

}  // namespace smoothbore::fire_and_discipline
