// Casualties, Disruption Markers and breaking: test results add DMs (L70-L74, L99-L103),
// 4 DMs break a unit (R-001-3), broken units flee (D12-05), friends within 4" test
// (L45, D12-36), and a unit with no figures or off the table is destroyed.
#include <algorithm>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

using namespace std::string_view_literals;  // literals compared by size first

// L261, R-001-4: special casualties; the first hits an attached leader, the others (or all,
// with none) are +1 DM each.
void BattleED::take_casualties(int unit, int casualties, int special, EventLog& log) {
  Unit& u = force_.units[unit];
  if (casualties <= 0 || !u.on_table()) return;
  Stand& st = u.stands.front();
  touch(unit);
  state_[unit].in_action = true;
  st.figures = std::max(0, st.figures - casualties);
  if (st.figures == 0) {
    st.removed = true;
    destroy(unit, UnitStatus::kRemoved, "its last figures fall", log);
    return;
  }
  special = leader_hit(unit, special, log);  // leaders.cc
  if (special > 0 && opts_.special_leader_or_dm) {
    add_dms(unit, special, "special casualty: officers or colours down (R-001-4)", log);
  }
}

void BattleED::add_dms(int unit, int dms, std::string_view why, EventLog& log) {
  if (dms <= 0 || !force_.units[unit].on_table()) return;
  state_[unit].dms += dms;
  state_[unit].in_action = true;
  touch(unit);
  log.append(event(log, EventKind::kStatus, unit, [&](Event& e) {
    e.text = fmt::format(FMT_COMPILE("{} +{} DM ({}): {} DM{}"), name(unit), dms, why,
                         state_[unit].dms, state_[unit].dms == 1 ? "" : "s");  // compiled: issue 9
    e.data = {{"dms", Value(std::int64_t{state_[unit].dms})}};
  }));
  if (active(unit) && state_[unit].dms >= opts_.break_dms) {
    break_unit(unit, log.quiet() ? "" : fmt::format("{} DMs (R-001-3)", state_[unit].dms), log);
  }
}

// Applies an Élan or Drill test's outcome (dms-added, broken) after logging `e`.
void BattleED::apply_test(int unit, const Outcome& o, std::string_view why, Event e,
                          EventLog& log) {
  int dms = 0;
  bool broke = false;
  for (const auto& [k, v] : o) {
    if (k == "dms-added"sv) dms = static_cast<int>(as_number(v));
    if (k == "broken"sv) broke = std::get<bool>(v);
  }
  log.append(std::move(e));
  add_dms(unit, dms, why, log);
  if (broke && active(unit)) break_unit(unit, why, log);
}

void BattleED::break_unit(int unit, std::string_view why, EventLog& log) {
  if (!active(unit)) return;
  Unit& u = force_.units[unit];
  u.status = UnitStatus::kRouted;
  state_[unit].dms = std::max(state_[unit].dms, opts_.break_dms);
  touch(unit);
  log.append(event(log, EventKind::kRout, unit,
                   [&] { return fmt::format("{} breaks: {}", name(unit), why); }));
  // D12-05: broken units flee at once (a full march move), unless the option says stand.
  if (opts_.broken_flee) flee(unit, opts_.march_column_in, log);
  friends_broken_tests(unit, log);
}

void BattleED::destroy(int unit, UnitStatus status, std::string_view why, EventLog& log) {
  Unit& u = force_.units[unit];
  if (!u.on_table()) return;
  u.status = status;
  touch(unit);
  log.append(event(log, EventKind::kRemoved, unit,
                   [&] { return fmt::format("{} is destroyed: {}", name(unit), why); }));
  friends_broken_tests(unit, log);
}

// L45, D12-36: every formed friend within 4" of a unit broken or destroyed takes a 1D Élan
// test, at most once per step (option every-time: each time).
void BattleED::friends_broken_tests(int unit, EventLog& log) {
  const Unit& b = force_.units[unit];
  const bool once = opts_.friend_broken_once;
  for (std::size_t i = 0; i < force_.units.size(); ++i) {
    const int f = static_cast<int>(i);
    if (f == unit || force_.units[i].side != b.side || !active(f)) continue;
    if (!within_in(f, unit, 4.0)) continue;  // a centre bound, then the kept frames' gap
    if (once && state_[f].tested_step == step_) continue;
    state_[f].tested_step = step_;
    ElanTestSituation p;
    p.friends_broken = 1;
    p.elan.options = opts_.tests();  // R-001-1, R-001-3, D12-22
    p.elan.factor = elan(f);
    p.elan.dms = std::min(state_[f].dms, 12);
    p.elan.square_or_cover = force_.units[i].formation == "square"sv;
    p.elan.below_half = below_half(f);  // D12-29
    with_leader(f, p.elan);
    std::vector<RollRecord> rolls;
    const Outcome o = roll_elan_test(p, dice_, record_for(log, rolls));
    Event e = event(log, EventKind::kMorale, f, [&](Event& ev) {
      ev.text = fmt::format("{} tests Elan: {} broken within 4\" (L45): {}", name(f), name(unit),
                            rolls.empty() ? "" : rolls.back().result);
      ev.rolls = std::move(rolls);
    });
    apply_test(f, o, "Elan test, friend broken", std::move(e), log);
  }
}

}  // namespace smoothbore::elan_drill
