// Detachments (§2.1, L83 "Reform Detachments 2D12", D12-21 "rejoin detached companies or
// skirmishers to their parent unit when in contact"). A unit with `parent = "<id>"` is a
// detached company (its light company, its skirmishers) of that battalion:
//  - rejoin: in contact with its parent (both formed), it takes the 2D Reform Detachments
//    Drill test in its movement phase (L83; DMs by the L101-L103 results); when the action
//    is performed its figures join the parent (start figures too, so losses and the break
//    count stay whole) and it leaves the table, not lost; the battalion keeps the larger of
//    the two DM counts (engine's reading);
//  - detach: a battalion with its detachment inside sends it out again in its movement
//    phase, in skirmish order in front of it, with the detachment's share of the figures the
//    battalion has left (rounded up, at least one left with the battalion). The sheet has no
//    test for it (a change on the spot, D12-08): none is taken.
// Both orders are `kMove` actions that do not move (`rate = "rejoin"` / `"detach"`).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/elan_drill.h"

namespace smoothbore::elan_drill {

namespace {
constexpr double kAheadIn = 0.5;  // the gap left in front of the battalion on detaching
}  // namespace

// Where `det` would stand when `parent` sends it out: in skirmish order just in front.
Rect BattleED::detach_place(int parent, int det) const {
  const Rect pf = force_.units[parent].footprint();
  Unit copy = force_.units[det];
  copy.formation = "skirmish";
  copy.stands.front().figures = detach_figures(parent, det);
  Rect r = ruleset().layout(copy, pf.centre, pf.facing).front().rect;
  r.centre = pf.centre + pf.forward() * ((pf.depth + r.depth) / 2 + kAheadIn * kMm);
  return r;
}

int BattleED::detach_figures(int parent, int det) const {
  const Unit& p = force_.units[parent];
  const int ds = force_.units[det].start_figures;
  const int share = static_cast<int>(
      std::ceil(static_cast<double>(ds) * p.figures() / std::max(1, p.start_figures)));
  return std::min(share, p.figures() - 1);
}

void BattleED::detachment_orders(int unit, std::vector<Action>& out) const {
  Action a;
  a.unit = unit;
  a.kind = ActionKind::kMove;
  const int parent = state_[unit].parent;
  if (parent >= 0 && active(unit) && active(parent) && gap_in(unit, parent) <= kContactIn) {
    a.target = parent;
    a.rate = "rejoin";  // L83, D12-21
    out.push_back(a);
  }
  if (static_cast<std::size_t>(unit) >= children_.size()) return;
  for (const int d : children_[static_cast<std::size_t>(unit)]) {  // ascending, as a scan
    if (state_[d].parent != unit || !state_[d].joined || detach_figures(unit, d) < 1) continue;
    if (!place_ok(d, detach_place(unit, d), -1)) continue;
    a.target = d;
    a.rate = "detach";
    out.push_back(a);
  }
}

// The detachment's figures (and start figures) go into its battalion, which keeps the larger
// DM count; the detachment leaves the table, not lost. `log` null: at the start (`joined`).
void BattleED::join(int det, EventLog* log) {
  const int parent = state_[det].parent;
  Unit& p = force_.units[parent];
  Unit& d = force_.units[det];
  p.stands.front().figures += d.figures();
  p.start_figures += d.start_figures;
  state_[parent].dms = std::max(state_[parent].dms, state_[det].dms);
  state_[det].joined = true;
  d.status = UnitStatus::kOffTable;
  touch(parent);
  touch(det);
  if (log == nullptr) return;
  log->append(event(*log, EventKind::kFormation, parent, [&] {
    return fmt::format("{} rejoins {} (L83, D12-21): {} figures", name(det), name(parent),
                       p.figures());
  }));
}

void BattleED::perform_detachment_order(int unit, const Action& a, EventLog& log) {
  if (a.rate == "rejoin") {
    const int parent = state_[unit].parent;
    if (parent < 0 || !active(parent) || gap_in(unit, parent) > kContactIn) return;
    std::vector<RollRecord> rolls;
    const Outcome o = drill_test(unit, "reform-detachments", record_for(log, rolls));
    bool performed = true;
    for (const auto& [k, v] : o) {
      if (k == "performed") performed = std::get<bool>(v);
    }
    Event e = event(log, EventKind::kFormation, unit, [&](Event& ev) {
      ev.text = fmt::format("{} Drill test to rejoin {} (Reform Detachments): {}", name(unit),
                            name(parent), rolls.empty() ? "" : rolls.back().result);
      ev.rolls = std::move(rolls);
    });
    apply_test(unit, o, "Drill test", std::move(e), log);
    if (!performed || !active(unit)) return;
    join(unit, &log);
    return;
  }
  const int det = a.target;
  if (det < 0 || !state_[det].joined || state_[det].parent != unit) return;
  const int given = detach_figures(unit, det);
  const Rect place = detach_place(unit, det);
  if (given < 1 || !place_ok(det, place, -1)) return;
  Unit& p = force_.units[unit];
  Unit& d = force_.units[det];
  p.stands.front().figures -= given;
  p.start_figures -= d.start_figures;
  d.stands.front().figures = given;
  d.stands.front().rect = place;
  refile(det);
  d.formation = "skirmish";
  d.status = UnitStatus::kActive;
  state_[det].joined = false;
  state_[det].dms = state_[unit].dms;
  mark_moved(det, distance(p.footprint().centre, place.centre));  // from its battalion
  touch(unit);
  touch(det);
  log.append(event(log, EventKind::kFormation, det, [&] {
    return fmt::format("{} detaches {} in skirmish order ({} figures, D12-21)", name(unit),
                       name(det), given);
  }));
}

}  // namespace smoothbore::elan_drill
