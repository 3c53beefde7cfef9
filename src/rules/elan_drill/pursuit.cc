// Pursuit after close action (§3 L26, D12-18) and breaking off from it (L85, D12-19).
// Pursuit: when a close action breaks one side, victorious cavalry must pass a 1D Drill test
// not to pursue (option d12_18_cavalry_pursuit: test-not-to, always, never); infantry may
// (option d12_18_infantry_pursuit: its commander decides through OrderSource::react between a
// kHold and a kCharge at the broken unit, never, always). A pursuer moves
// its charge distance after the broken unit; if it makes contact it charges it again in its
// next player turn, and that close action is one round (the broken unit cannot break again)
// with the pursuer at +1D per figure (D12-05) and the broken unit at d12_18_broken_to_hit
// (-2) to hit (D12-18).
// Break-off: a unit in contact ordered to move away takes a 1D Drill test at the start of
// its movement; on success it moves ½ away (d12_19_break_off_move = none: just out of
// contact), otherwise it stays and takes the DMs.
#include <algorithm>

#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

namespace {
bool performed(const Outcome& o) {
  for (const auto& [k, v] : o) {
    if (k == "performed"sv) return std::get<bool>(v);
  }
  return true;
}
}  // namespace

int BattleED::in_contact(int unit) const {
  for (const int o : units_near(unit, kContactIn)) {  // ascending, a superset (proximity.cc)
    const auto i = static_cast<std::size_t>(o);
    if (force_.units[i].side != force_.units[unit].side && force_.units[i].on_table() &&
        within_in(unit, o, kContactIn))
      return o;
  }
  return -1;
}

void BattleED::pursue(int winner, int loser, EventLog& log) {
  if (!active(winner) || !force_.units[loser].on_table() || !broken(loser)) return;
  if (force_.units[winner].arm == Arm::kArtillery) return;
  const bool foot = force_.units[winner].arm == Arm::kFoot;
  const std::string& mode = foot ? opts_.infantry_pursuit : opts_.cavalry_pursuit;
  if (mode == "never"sv) return;
  if (mode == "commander"sv) {  // D12-18: infantry "may pursue"
    Action stay;
    stay.unit = winner;
    stay.target = loser;
    stay.rate = "pursuit";  // assessed as one (actions.cc)
    Action go = stay;
    go.kind = ActionKind::kCharge;
    const int side = force_.units[winner].side;
    OrderSource* src = side < static_cast<int>(sources_.size()) ? sources_[side] : nullptr;
    const Action a = src != nullptr ? src->react(*this, winner, {stay, go}) : stay;
    log.append(event(log, EventKind::kMorale, winner, [&] {
      return fmt::format("{} {} {} (D12-18: infantry may pursue)", name(winner),
                         a.kind == ActionKind::kCharge ? "chooses to pursue" : "does not pursue",
                         name(loser));
    }));
    if (a.kind != ActionKind::kCharge) return;
  }
  if (mode == "test-not-to"sv) {
    std::vector<RollRecord> rolls;
    // 1D (the Break Off row's dice, L85): any failure and the cavalry pursue.
    const Outcome o = drill_test(winner, "break-off", record_for(log, rolls));
    const int failures = outcome_int(o, "failures");
    log.append(event(log, EventKind::kMorale, winner, [&](Event& e) {
      e.text = fmt::format("{} Drill test not to pursue {} (D12-18): {}", name(winner), name(loser),
                           rolls.empty() ? "" : rolls.back().result);
      e.rolls = std::move(rolls);
    }));  // the test only decides: no DMs for holding back
    if (failures == 0) return;
  }
  const Rect lf = force_.units[loser].footprint();
  const double moved =
      move_unit(winner, lf.centre, bearing_of(lf.centre - force_.units[winner].footprint().centre),
                charge_reach_in(winner), loser);
  mark_moved(winner, moved);
  const bool contact = gap_in(winner, loser) <= kContactIn;
  if (contact) state_[winner].pursuing = loser;
  log.append(event(log, EventKind::kMove, winner, [&](Event& e) {
    e.text = fmt::format("{} pursues {} {:.1f}\" (D12-18){}", name(winner), name(loser),
                         moved / kMm, contact ? ": contact" : "");
    e.target = force_.units[loser].id;
  }));
}

// D12-18: the pursuer's new close action with the broken unit: one round.
void BattleED::pursuit_round(int a, int d, EventLog& log) {
  CloseActionSituation pd = close_situation(d, a, false);
  pd.broken = true;  // D12-18: -2 to hit (option d12_18_broken_to_hit)
  pd.broken_to_hit = opts_.broken_to_hit;
  std::vector<RollRecord> rolls;
  const Outcome oa = roll_close_action(close_situation(a, d, true), dice_, record_for(log, rolls));
  const Outcome od = roll_close_action(pd, dice_, record_for(log, rolls));
  const int by_a = outcome_int(oa, "casualties"), sp_a = outcome_int(oa, "special");
  const int by_d = outcome_int(od, "casualties"), sp_d = outcome_int(od, "special");
  log.append(event(log, EventKind::kMelee, a, [&](Event& e) {
    e.text = fmt::format("Pursuit close action (D12-18): {} inflict {}, broken {} {}", name(a),
                         by_a, name(d), by_d);
    e.target = force_.units[d].id;
    e.rolls = std::move(rolls);
    e.data = {{"round", Value(std::int64_t{1})}, {"pursuit", Value(true)}};
  }));
  take_casualties(d, by_a, sp_a, log);
  take_casualties(a, by_d, sp_d, log);
}

// D12-19: returns true when the unit's move is settled here (it was in contact).
bool BattleED::break_off(int unit, const Action& a, EventLog& log) {
  const int enemy = in_contact(unit);
  if (enemy < 0) return false;
  std::vector<RollRecord> rolls;
  const Outcome o = drill_test(unit, "break-off", record_for(log, rolls));
  const bool ok = performed(o);
  Event e = event(log, EventKind::kMove, unit, [&](Event& ev) {
    ev.text = fmt::format("{} tries to break off from {} (L85, D12-19): {}", name(unit),
                          name(enemy), rolls.empty() ? "" : rolls.back().result);
    ev.rolls = std::move(rolls);
    ev.target = force_.units[enemy].id;
  });
  apply_test(unit, o, "break off", std::move(e), log);
  if (!ok || !active(unit)) return true;
  const Vec2 c = force_.units[unit].footprint().centre;
  const Vec2 away = (c - force_.units[enemy].footprint().centre).normalized();
  const double dist = opts_.break_off_half ? move_rate_in(unit) / 2 : kContactIn + 0.5;
  mark_moved(unit, move_unit(unit, c + away * (dist * kMm), a.facing, dist, -1));
  log.append(
      event(log, EventKind::kMove, unit, [&] { return fmt::format("{} breaks off", name(unit)); }));
  return true;
}

}  // namespace smoothbore::elan_drill
