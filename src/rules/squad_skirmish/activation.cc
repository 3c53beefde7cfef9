// One activation (§3 L7-L11): Morale (when triggered), Action (move / charge / load / fire),
// Melee. An officer's card (SK-01) first makes his field promotions (§5, SK-17), then
// activates his squads within 6" together (their fire can make a volley, SK-23) and rallies
// them (+2, L25, SK-16).
#include <algorithm>

#include <fmt/format.h>

#include "rules/roll_helpers.h"
#include "rules/squad_skirmish/battle_impl.h"
#include "rules/squad_skirmish/resolution_util.h"
#include "rules/squad_skirmish/tables.h"

namespace smoothbore::squad_skirmish {

void BattleSK::activate(int unit, int officer, const std::vector<OrderSource*>& orders,
                        EventLog& log) {
  const int side = force_.units[unit].side;
  std::vector<int> group;
  if (officer >= 0) {
    officer_promotes(unit, officer, log);
    if (!alive(unit, officer)) return;
    if (!squads_[unit].activated) group.push_back(unit);
    const Vec2 at = pos(unit, officer);
    const double reach = option_number("sk_01_officer_card_in") * kMm;
    // His side's squads with a figure within reach (the figures' index, in unit order).
    for (int u : units_near(side, at, reach)) {
      if (u == unit || squads_[u].activated || is_officer_unit(u) || !force_.units[u].on_table()) {
        continue;
      }
      const std::vector<int> figs = living(u);
      if (std::any_of(figs.begin(), figs.end(),
                      [&](int k) { return distance(pos(u, k), at) <= reach; })) {
        group.push_back(u);
      }
    }
    if (group.size() > 1) {
      emit(log, EventKind::kOrder, unit, [&] {
        std::vector<std::string> names;
        for (int g : group) names.push_back(name(g));
        return fmt::format("{} activates {} together (SK-01)", card_name(unit, officer),
                           fmt::join(names, ", "));
      });
    }
  } else {
    group.push_back(unit);
  }
  // SK-16: an officer rallying: the one whose card this is (officer-action), or any officer
  // within 6" (officer-present).
  const double rally_in = hot_.officer_reach_in;
  auto rallying = [&](int g) {
    if (hot_.rally_present) {
      return !officers_near(side, anchor(g), rally_in).empty();
    }
    return officer >= 0 && distance(anchor(g), pos(unit, officer)) <= rally_in * kMm;
  };
  phase_ = "morale";
  std::vector<int> ready;
  bool rallied = false;  // SK-16: the officer spent his action rallying a test
  for (int g : group) {
    squads_[g].activated = true;
    const std::size_t tests = log.count(EventKind::kMorale);
    const bool rally = rallying(g);
    if (morale_step(g, rally, log, false)) ready.push_back(g);
    if (rally && !hot_.rally_present) {
      rallied |= log.count(EventKind::kMorale) > tests;
    }
  }
  after_step("morale");
  phase_ = "action";
  std::vector<Action> chosen;
  for (int g : ready) {
    if (!can_act(g)) continue;
    OrderSource* src = side < static_cast<int>(orders.size()) ? orders[side] : nullptr;
    memo_.on = true;  // nothing moves until the order is chosen
    std::vector<Action> legal = legal_actions(g);
    if (rallied && g == unit && is_officer_unit(unit)) {  // SK-16: he may fire but not move
      std::erase_if(legal, [](const Action& x) {
        return x.kind == ActionKind::kMove || x.kind == ActionKind::kCharge;
      });
    }
    Action a = src != nullptr ? src->choose(*this, g, legal) : legal.front();
    memo_.clear();
    chosen.push_back(a);
  }
  std::vector<std::pair<int, int>> shots;
  for (const Action& a : chosen) {
    if (a.kind == ActionKind::kFire) shots.emplace_back(a.unit, a.target);
  }
  if (!shots.empty()) fire(shots, log);
  std::vector<std::pair<int, int>> contacts;
  for (const Action& a : chosen) {
    if (!can_act(a.unit)) continue;
    SquadState& s = squads_[a.unit];
    touch(a.unit);  // its last action
    switch (a.kind) {
      case ActionKind::kFire:
        break;
      case ActionKind::kMove: {
        s.last = "move";
        if (a.rate == "split") {
          split_move(a.unit, a.destination, log);
          break;
        }
        move_squad(a.unit, a.destination, -1, -1, &log);
        load(a.unit, log, {}, 1);  // SK-07: with more than one action, the rest load
        break;
      }
      case ActionKind::kFormation:
        s.last = a.formation;
        change_formation(a.unit, a.formation, log);
        break;
      case ActionKind::kCharge:
        s.last = "charge";
        charge(a.unit, a.target, log);
        if (s.locked == a.target) contacts.emplace_back(a.unit, a.target);
        break;
      default:
        if (s.locked >= 0) {
          s.last = "melee";
        } else {
          s.last = "load";
          load(a.unit, log);
        }
        break;
    }
  }
  after_step("action");
  // Melee (L83-L87): the charge's contact fights at +1; a tie fought before goes on.
  phase_ = "melee";
  for (int g : group) {
    const int enemy = squads_[g].locked;
    if (enemy < 0 || !can_act(g) || figure_count(enemy) == 0) continue;
    const bool charged =
        std::find(contacts.begin(), contacts.end(), std::pair{g, enemy}) != contacts.end();
    melee(g, enemy, charged, charged && squads_[g].crossed, log);
  }
  after_step("melee");
}

// §4 L15, SK-02, SK-14: a squad that lost figures since its previous activation tests (or, with
// sk_02_casualty_test immediate, tests when hit: `immediate`); a retreating squad tests every
// activation. Returns whether the squad goes on to its action.
bool BattleSK::morale_step(int unit, bool rallying, EventLog& log, bool immediate) {
  SquadState& s = squads_[unit];
  touch(unit);  // its morale
  const bool at_once = hot_.casualty_immediate;
  const bool casualties = s.lost_since > 0 && at_once == immediate;
  if (!immediate || at_once) s.lost_since = 0;
  if (!casualties && !(s.retreating && !immediate)) return !s.retreating;
  if (figure_count(unit) == 0 || !force_.units[unit].on_table()) return false;
  // The `morale` resolution's body on the squad's typed situation (the parameters
  // morale_params() would name, as morale_of() reads them back): the same dice and record.
  std::vector<RollRecord> rolls;
  // The morale.results row's key (the rule set's fixed tables outlive the battle).
  const std::string_view result = with_record(record_for(log, rolls), [&](RollRecord* rec) {
    return std::string_view(
        detail::morale_test(morale_situation(unit, rallying), dice_, rec, "morale").result->key);
  });
  Event e = make_event(log, EventKind::kMorale, unit, {});
  if (!log.quiet()) {
    const std::string why =
        s.retreating ? "retreating, tests to rally (L31, SK-14)" : "casualties (L15, SK-02)";
    e.text = fmt::format("{} tests morale, {}: {}{}", name(unit), why, result,
                         rallying ? " (officer rallying +2)" : "");
    e.rolls = std::move(rolls);
    e.data = {{"result", Value(std::string(result))}};
  }
  log.append(std::move(e));
  if (result == "pass") {
    s.passed_turn = turn_;
    if (s.retreating) {
      s.retreating = false;
      set_status(force_.units[unit], UnitStatus::kActive);
      emit(log, EventKind::kStatus, unit, [&] { return name(unit) + " rallies (L31)"; });
    }
    return true;
  }
  if (result == "falter" && !s.retreating) {
    s.faltered_turn = turn_;  // L29: load / fire / retreat to nearest cover only
    return true;
  }
  retreat(unit, result == "falter" ? "still retreating (L31, SK-14)" : "fails by 3+ (L31)", log);
  return false;
}

// §5 L34-L36: the most central ranker (the least farthest from the others) becomes the squad
// leader, and the squad closes up on him (L48).
void BattleSK::promote(int unit, const std::string& why, EventLog& log) {
  std::vector<int> rankers;
  std::vector<Vec2> at;
  for (int k : living(unit)) {
    if (figures_[unit][k].role != Role::kRanker) continue;
    rankers.push_back(k);
    at.push_back(pos(unit, k));
  }
  const int best = rankers.empty() ? -1 : rankers[most_central(at)];
  if (best < 0) return;
  figures_[unit][best].role = Role::kLeader;
  touch(unit);
  SquadState& s = squads_[unit];
  s.leader = best;
  world_changed();  // ranges may be measured to the squad leader (sk_06_measure)
  s.leaderless_turn = -1;
  if (auto it = std::lower_bound(leaderless_.begin(), leaderless_.end(), unit);
      it != leaderless_.end() && *it == unit) {
    leaderless_.erase(it);
  }
  s.unclosed = !place(unit, pos(unit, best), force_.units[unit].stands[best].rect.facing, -1);
  Event e = make_event(log, EventKind::kStatus, unit, {});
  if (!log.quiet()) {
    e.text = fmt::format("field promotion: a ranker of {} becomes its squad leader; {}", name(unit),
                         why);
    e.data = {{"promotion", Value(true)}};
  }
  log.append(std::move(e));
}

// §5, SK-17: the officer promotes a leaderless squad within 6"; an officer on his own first
// uses his move to come within 6" of the nearest leaderless squad of his side.
void BattleSK::officer_promotes(int unit, int k, EventLog& log) {
  const int side = force_.units[unit].side;
  const double in = hot_.promotion_in;
  // A squad's anchor is one of its figures (or its footprint's centre), inside its footprint's
  // box, which is at least as far from the officer: squads whose boxes are farther than a
  // distance (and a millimetre) cannot be within it.
  auto farther = [&](int u, double mm) {
    const Vec2 at = pos(unit, k);
    return box_gap(fp_box_[static_cast<std::size_t>(u)], Box{at, at}) > mm + 1.0;
  };
  // An officer on his own who has not acted first comes to the nearest leaderless squad; any
  // other only needs one to be left.
  const bool alone = is_officer_unit(unit) && can_act(unit) && !squads_[unit].activated;
  int nearest = -1;
  double nearest_mm = 0;  // distance(anchor(nearest), pos(unit, k)), worked out once
  for (int u : leaderless_) {
    if (force_.units[u].side != side || !can_act(u) || u == unit) continue;
    if (!alone) {
      nearest = u;
      break;
    }
    if (nearest >= 0 && farther(u, nearest_mm)) continue;
    const double d = distance(anchor(u), pos(unit, k));
    if (nearest < 0 || d < nearest_mm) {
      nearest = u;
      nearest_mm = d;
    }
  }
  if (nearest < 0) return;
  if (alone && distance(anchor(nearest), pos(unit, k)) > in * kMm) {
    squads_[unit].activated = true;  // his move is spent coming to the squad (SK-17)
    squads_[unit].last = "promotion";
    touch(unit);
    const Vec2 to = anchor(nearest);
    const Vec2 from = pos(unit, k);
    move_squad(unit, to + (from - to).normalized() * ((in - 1.0) * kMm), -1, -1, &log);
  }
  // promote() takes a squad off the list: a copy is walked.
  const std::vector<int> waiting = leaderless_;
  for (int u : waiting) {
    if (force_.units[u].side == side && !farther(u, in * kMm) && can_act(u) &&
        distance(anchor(u), pos(unit, k)) <= in * kMm) {
      promote(u, fmt::format("by {} within 6\" (L34-L36, SK-17)", name(unit)), log);
    }
  }
}

}  // namespace smoothbore::squad_skirmish
