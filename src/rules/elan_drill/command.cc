// The command phase (§3 L5-L12): rally by successes (R-001-2), orders, charge declarations
// and the defender's charge responses with their Drill tests (§6, D12-15, D12-16).
#include <algorithm>
#include <utility>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

namespace {
std::int64_t i64(int v) { return v; }
}  // namespace

// L9, R-001-2: units with DMs and broken units roll their rally dice; stationary (3D) if
// the unit did not move in its last player turn, else moving (1D); broken units flee, so
// they rally moving (D12-05).
void BattleED::rally_step(int side, EventLog& log) {
  for (int u : force_.units_of(side)) {
    UnitState& s = state_[u];
    const Unit& unit = force_.units[u];
    if (!unit.on_table() || (s.dms == 0 && !broken(u))) continue;
    const bool stationary = !broken(u) && !s.moved_last;
    RallySituation p;
    p.stationary = stationary;
    p.factor = elan(u);
    p.dms = std::min(s.dms, 12);
    p.broken = broken(u);
    p.square_or_cover = unit.formation == "square"sv || cover(u) != Cover::kNone;
    // D12-22: the die is a broken unit's (the rally reads it only then).
    p.leader_near = broken(u) && leader_near(u);
    p.successes = opts_.rally_successes;
    p.options = opts_.tests();  // R-001-1, R-001-3, D12-22
    with_leader(u, p.leader);
    std::vector<RollRecord> rolls;
    const Outcome o = roll_rally(p, dice_, record_for(log, rolls));
    int dms = s.dms;
    bool still_broken = broken(u);
    for (const auto& [k, v] : o) {
      if (k == "dms"sv) dms = static_cast<int>(as_number(v));
      if (k == "broken"sv) still_broken = std::get<bool>(v);
    }
    const bool rallied = broken(u) && !still_broken;
    log.append(event(log, EventKind::kStatus, u, [&](Event& e) {
      // A compiled format (issue 9: every unit with DMs, every turn).
      e.text = fmt::format(FMT_COMPILE("{} rallies ({}): {} DM{} left{}"), name(u),
                           stationary ? "stationary 3D" : "moving 1D", dms, dms == 1 ? "" : "s",
                           rallied ? ", no longer broken" : "");
      e.rolls = std::move(rolls);
      e.data = {{"step", Value(std::string("rally"))}, {"dms", Value(i64(dms))}};
    }));
    s.dms = dms;
    touch(u);
    if (rallied) force_.units[u].status = UnitStatus::kActive;
  }
  if (opts_.dm_idle) idle_dm_step(side, log);
}

// D12-06's `rally-and-idle`: besides the rally, a unit in good order that was out of action
// since its side's last rally step (did not move, fire, lose figures, gain DMs or fight; see
// UnitState::in_action) and touches no enemy sheds one DM, once a game turn.
void BattleED::idle_dm_step(int side, EventLog& log) {
  for (int u : force_.units_of(side)) {
    UnitState& s = state_[u];
    const bool idle = !s.in_action;
    s.in_action = false;
    if (!idle || s.dms == 0 || !active(u) || in_contact(u) >= 0) continue;
    --s.dms;
    touch(u);
    log.append(event(log, EventKind::kStatus, u, [&](Event& e) {
      e.text = fmt::format("{} is out of action: -1 DM (D12-06), {} DM{} left", name(u), s.dms,
                           s.dms == 1 ? "" : "s");
      e.data = {{"step", Value(std::string("idle"))}, {"dms", Value(i64(s.dms))}};
    }));
  }
}

void BattleED::order_step(int side, OrderSource* src, EventLog& log) {
  snap_.build(force_);  // no unit moves while orders are given (proximity.h)
  frozen_epoch_ = new_frozen_force_epoch();
  for (int u : units_to_order(side)) {
    std::vector<Action> legal = legal_actions(u);
    const int caught = std::exchange(state_[u].pursuing, -1);
    Action a;
    if (caught >= 0 && force_.units[caught].on_table() && broken(caught) &&
        gap_in(u, caught) <= charge_reach_in(u)) {
      a.unit = u;  // D12-18: the pursuer charges the broken unit it caught
      a.kind = ActionKind::kCharge;
      a.target = caught;
      state_[u].pursuit_charge = true;
    } else {
      a = src != nullptr ? src->choose(*this, u, legal) : legal.front();
    }
    orders_[u] = a;
    if (a.rate == "task"sv && state_[u].engineering.empty() && !state_[u].fortified) {
      state_[u].engineering = "fortify";  // L10, D12-24 (doctrine_actions.cc)
      log.append(event(log, EventKind::kOrder, u, [&] {
        return fmt::format("{} sets to fortify its place (L10, D12-24)", name(u));
      }));
    }
    const bool charge = a.kind == ActionKind::kCharge && a.target >= 0;
    log.append(event(log, charge ? EventKind::kCharge : EventKind::kOrder, u, [&](Event& e) {
      if (charge) {
        e.text = fmt::format("{} declares a charge on {} (L11)", name(u), name(a.target));
      } else {  // "{} orders {}", written in place (issue 9: 20,000 a 10,000-stand turn)
        e.text = unit_label(force_, u);
        e.text += " orders ";
        a.describe_to(e.text);
      }
      if (a.target >= 0) e.target = force_.units[a.target].id;
      e.data = {{"action", Value(std::string(action_kind_name(a.kind)))}};
    }));
    if (charge) {
      state_[u].charging = a.target;
      if (state_[a.target].charged_by < 0) state_[a.target].charged_by = u;
      touch(u);
      touch(a.target);
    }
  }
  frozen_epoch_ = 0;
  snap_.clear();
}

// The responses a charged unit may make (§6, D12-16); the first is the default (stand).
std::vector<Action> BattleED::responses(int unit, int charger) const {
  const Unit& u = force_.units[unit];
  const Unit& c = force_.units[charger];
  std::vector<Action> out;
  Action stand;
  stand.unit = unit;
  stand.target = charger;
  out.push_back(stand);  // Stand and Fire: no roll (L109)
  auto formation = [&](const std::string& f) {
    Action a = stand;
    a.kind = ActionKind::kFormation;
    a.formation = f;
    out.push_back(a);
  };
  if (u.arm == Arm::kFoot && u.formation != "square"sv && u.formation != "skirmish"sv &&
      c.arm == Arm::kCavalry) {
    formation("square");  // Change Formation and Fire (L117, D12-16)
  }
  if (u.formation == "column"sv || u.formation == "wide-column"sv) {
    formation("closed-column");  // Form Closed Column and Fire (L111)
  }
  if (u.arm == Arm::kCavalry) {
    Action cc = stand;
    cc.kind = ActionKind::kCounterCharge;  // L115
    out.push_back(cc);
  }
  if (u.formation == "skirmish"sv || u.arm == Arm::kCavalry) {
    Action ev = stand;  // Evade (L113): away a full move
    ev.kind = ActionKind::kMove;
    ev.moves = true;
    const Vec2 away = (u.footprint().centre - c.footprint().centre).normalized();
    ev.destination = u.footprint().centre + away * (move_rate_in(unit) * kMm);
    ev.facing = u.footprint().facing;
    out.push_back(ev);
  }
  limited_evades(unit, charger, out);  // L119-L125
  return out;
}

std::string BattleED::response_key(const Action& a) {
  if (!a.rate.empty()) return a.rate;  // fire-and-evade, limber-and-evade (evade.cc)
  switch (a.kind) {
    case ActionKind::kFormation:
      return a.formation == "square"sv ? "change-formation-and-fire"
                                       : "form-closed-column-and-fire";
    case ActionKind::kCounterCharge:
      return "counter-charge";
    case ActionKind::kMove:
      return "evade";
    default:
      return "stand-and-fire";
  }
}

// L12, D12-15: the defending side declares responses and rolls their Drill tests now.
void BattleED::response_step(int side, OrderSource* src, EventLog& log) {
  for (int u : force_.units_of(side)) {
    const int charger = state_[u].charged_by;
    if (charger < 0 || !active(u)) continue;
    const std::vector<Action> legal = responses(u, charger);
    Action a = src != nullptr ? src->react(*this, u, legal) : legal.front();
    const std::string key = response_key(a);
    DrillTestSituation p = drill_situation(u, key, a.kind != ActionKind::kHold);
    p.flank_rear = flank_or_rear(charger, u);  // L95
    std::vector<RollRecord> rolls;
    const Outcome o = roll_drill_test(p, dice_, record_for(log, rolls));
    bool performed = true;
    for (const auto& [k, v] : o) {
      if (k == "performed"sv) performed = std::get<bool>(v);
    }
    Event e = event(log, EventKind::kCharge, u, [&](Event& ev) {
      ev.text = fmt::format("{} responds to the charge of {}: {}{}", name(u), name(charger), key,
                            performed ? "" : " (fails)");
      ev.target = force_.units[charger].id;
      ev.data = {{"response", Value(key)}, {"performed", Value(performed)}};
      ev.rolls = std::move(rolls);
    });
    apply_test(u, o, "charge response", std::move(e), log);
    if (!performed || !active(u)) continue;
    state_[u].response = key;
    touch(u);
    if (!a.rate.empty()) {
      perform_evade(u, a, log);
    } else if (a.kind == ActionKind::kFormation) {
      change_formation(u, a.formation, 0, log);
    } else if (a.kind == ActionKind::kMove) {
      mark_moved(u, move_unit(u, a.destination, a.facing, move_rate_in(u), -1));
      log.append(
          event(log, EventKind::kMove, u, [&] { return fmt::format("{} evades", name(u)); }));
    }
  }
}

}  // namespace smoothbore::elan_drill
