// Leaders (§3 L7, D12-22, R-001-4): in the command phase (step 1) each living leader
// attaches to a friendly unit or stays with it; an attached leader gives +leader-bonus
// (option d12_22_leader_bonus, +1) to the unit's Élan and Drill factors, and a leader within
// 4" of a broken unit gives it +1 rally die (d12_22_leader_rally_die). A special casualty
// (natural 12 save, L261) on a unit with a leader hits him (R-001-4: D12 1-6 wounded, 7-12
// killed; either way he leaves the battle) instead of giving the unit +1 DM.
#include <algorithm>

#include <fmt/format.h>

#include "rules/elan_drill/battle_impl.h"

namespace smoothbore::elan_drill {

namespace {
constexpr double kLeaderNearIn = 4.0;  // D12-22
}  // namespace

int BattleED::attached_leader(int unit) const {
  for (std::size_t i = 0; i < force_.leaders.size(); ++i) {
    const Leader& l = force_.leaders[i];
    if (l.alive && l.attached_unit == unit) return static_cast<int>(i);
  }
  return -1;
}

void BattleED::with_leader(int unit, std::map<std::string, Value>& p) const {
  p["leader"] = Value(attached_leader(unit) >= 0);
  p["leader-bonus"] = Value(std::int64_t{static_cast<int>(option_number("d12_22_leader_bonus"))});
}

bool BattleED::leader_near(int unit) const {
  if (!option_flag("d12_22_leader_rally_die")) return false;
  const Rect fp = force_.units[unit].footprint();
  for (const Leader& l : force_.leaders) {
    if (!l.alive || l.side != force_.units[unit].side) continue;
    if (l.attached_unit == unit || distance(fp, l.position) / kMm <= kLeaderNearIn) return true;
  }
  return false;
}

// L7: a leader whose unit left the table detaches where it was; an unattached leader
// attaches to the formed friend nearest the enemy within his move (D12-07, 24"), and rides
// with it. (The commander does not choose: a fixed policy, README.)
void BattleED::leader_step(int side, EventLog& log) {
  for (std::size_t i = 0; i < force_.leaders.size(); ++i) {
    Leader& l = force_.leaders[i];
    if (!l.alive || l.side != side) continue;
    if (l.attached_unit >= 0) {
      const Unit& u = force_.units[l.attached_unit];
      if (u.on_table()) {
        l.position = u.footprint().centre;
        continue;
      }
      log.append(
          make_event(EventKind::kStatus, l.attached_unit,
                     fmt::format("{} detaches from {} (L7)", l.name, name(l.attached_unit))));
      l.attached_unit = -1;
    }
    int best = -1;
    double best_gap = 1e18;
    for (int u : force_.units_of(side)) {
      if (!active(u) || attached_leader(u) >= 0) continue;
      if (distance(force_.units[u].footprint(), l.position) / kMm >
          option_number("d12_07_leader_in"))
        continue;
      const int e = nearest_enemy(u);
      const double g = e >= 0 ? gap_in(u, e) : 0;
      if (g < best_gap) {
        best_gap = g;
        best = u;
      }
    }
    if (best < 0) continue;
    l.attached_unit = best;
    l.position = force_.units[best].footprint().centre;
    Event e = make_event(EventKind::kStatus, best,
                         fmt::format("{} attaches to {} (L7, D12-22)", l.name, name(best)));
    e.data = {{"leader", Value(l.id)}};
    log.append(std::move(e));
  }
}

// R-001-4: the first special casualty on a unit with a leader hits him; returns the
// special casualties left (each +1 DM).
int BattleED::leader_hit(int unit, int special, EventLog& log) {
  const int li = attached_leader(unit);
  if (special <= 0 || li < 0 || option("r001_4_special") != "leader-or-dm") return special;
  Leader& l = force_.leaders[li];
  RollRecord r;
  start_record(&r, "leader hit", 6, "R-001-4");
  r.dice = "1d12";
  const int face = dice_.roll(12);
  r.faces = {face};
  r.result = face <= 6 ? "wounded (1-6)" : "killed (7-12)";
  l.alive = false;
  l.attached_unit = -1;
  Event e = make_event(EventKind::kStatus, unit,
                       fmt::format("{} is {} with {} (special casualty, R-001-4)", l.name,
                                   face <= 6 ? "wounded" : "killed", name(unit)));
  e.rolls = {r};
  e.data = {{"leader", Value(l.id)}};
  log.append(std::move(e));
  return special - 1;
}

}  // namespace smoothbore::elan_drill
