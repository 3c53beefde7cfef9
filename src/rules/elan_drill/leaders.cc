// Leaders (§3 L7, D12-22, R-001-4): in the command phase (step 1) each living leader
// attaches to a friendly unit or stays with it; an attached leader gives +leader-bonus
// (option d12_22_leader_bonus, +1) to the unit's Élan and Drill factors, and a leader within
// 4" of a broken unit gives it +1 rally die (d12_22_leader_rally_die). A special casualty
// (natural 12 save, L261) on a unit with a leader hits him (R-001-4: D12 1-6 wounded, 7-12
// killed; either way he leaves the battle) instead of giving the unit +1 DM.
#include <algorithm>

#include <fmt/format.h>

#include "core/geometry/nearest.h"
#include "rules/elan_drill/battle_impl.h"
#include "rules/elan_drill/text.h"

namespace smoothbore::elan_drill {

namespace {
constexpr double kLeaderNearIn = 4.0;  // D12-22
}  // namespace

int BattleED::attached_leader_scan(int unit) const {
  for (std::size_t i = 0; i < force_.leaders.size(); ++i) {
    const Leader& l = force_.leaders[i];
    if (l.alive && l.attached_unit == unit) return static_cast<int>(i);
  }
  return -1;
}

int BattleED::attached_leader(int unit) const {
  if (leaders_dirty_) {
    // Filed from the last leader to the first, so the first attached to a unit stays.
    leader_of_.assign(force_.units.size(), -1);
    for (std::size_t i = force_.leaders.size(); i-- > 0;) {
      const Leader& l = force_.leaders[i];
      if (l.alive && l.attached_unit >= 0) leader_of_[l.attached_unit] = static_cast<int>(i);
    }
    leaders_dirty_ = false;
  }
  return unit >= 0 && unit < static_cast<int>(leader_of_.size()) ? leader_of_[unit] : -1;
}

void BattleED::with_leader(int unit, ElanFactors& e) const { with_leader(unit, e.leader); }
void BattleED::with_leader(int unit, bool& leader) const { leader = attached_leader(unit) >= 0; }

bool BattleED::leader_near(int unit) const {
  if (!opts_.leader_rally_die) return false;
  const Rect fp = force_.units[unit].footprint();
  // Issue 9: a leader farther from the centre than the half diagonal and 4" (and 1 mm for
  // rounding) is farther than 4" from the footprint: no exact distance (two sines) for him.
  const double bound = half_diagonal(fp) + kLeaderNearIn * kMm + 1.0;
  for (const Leader& l : force_.leaders) {
    if (!l.alive || l.side != force_.units[unit].side) continue;
    if (l.attached_unit == unit) return true;
    const Vec2 d = l.position - fp.centre;
    if (d.dot(d) > bound * bound) continue;
    if (distance(fp, l.position) / kMm <= kLeaderNearIn) return true;
  }
  return false;
}

// L7: a leader whose unit left the table detaches where it was. Each living leader then
// attaches to (or stays with) a formed friend within his move (D12-07, 24") that has no
// other leader: by default the one he is with, else the one nearest the enemy; when he has
// more than one choice his commander is asked through OrderSource::react (a kHold at each
// unit, `rate = "leader"`, the default first; the doctrine keeps the default).
void BattleED::leader_step(int side, EventLog& log) {
  snap_.build(force_);  // leaders move, units do not (proximity.h)
  // attached_leader() of every unit, kept as leaders move (a scan of every leader for each
  // unit near each leader grew as the square of the army).
  std::vector<int> leader_of(force_.units.size(), -1);
  for (std::size_t i = force_.leaders.size(); i-- > 0;) {
    const Leader& l = force_.leaders[i];
    if (l.alive && l.attached_unit >= 0) leader_of[l.attached_unit] = static_cast<int>(i);
  }
  // After leader `me` detaches from `from` and attaches to `pick`: `pick` had no other
  // leader (the candidates below), so its first is now `me`; `from` keeps a first leader
  // other than `me`, and only when that was `me` are the leaders scanned again (issue 9:
  // a scan of every leader, both sides', for each of the 4,000 attaching in the first
  // turn of a 10,000-stand battle, 80 M instructions).
  auto refresh = [&](int unit) {
    leaders_changed();
    if (unit >= 0) leader_of[unit] = attached_leader_scan(unit);
  };
  auto moved = [&](int me, int from, int pick) {
    leaders_changed();
    if (from >= 0 && leader_of[from] == me) leader_of[from] = attached_leader_scan(from);
    leader_of[pick] = me;
  };
  // Each leader's candidate units, in one buffer for the step (issue 9: a vector of
  // actions grown anew for every leader).
  std::vector<Action> legal;
  for (std::size_t i = 0; i < force_.leaders.size(); ++i) {
    Leader& l = force_.leaders[i];
    if (!l.alive || l.side != side) continue;
    const int me = static_cast<int>(i);
    if (l.attached_unit >= 0 && !force_.units[l.attached_unit].on_table()) {
      log.append(event(log, EventKind::kStatus, l.attached_unit, [&] {
        return fmt::format("{} detaches from {} (L7)", l.name, name(l.attached_unit));
      }));
      const int left = l.attached_unit;
      l.attached_unit = -1;
      touch(left);  // its report names its leader
      touches_.touch_leader(me);
      refresh(left);
    }
    if (l.attached_unit >= 0) l.position = force_.units[l.attached_unit].footprint().centre;
    touches_.touch_leader(me);
    const int now = l.attached_unit;  // stays, by default, even with a broken unit
    legal.clear();
    double best_gap = 1e18;
    const double leader_in = opts_.leader_in;
    const IdList near([&](std::vector<int>& out) { snap_.near(l.position, leader_in * kMm, out); });
    for (int u : near) {  // the units within his move
      if (force_.units[u].side != side) continue;
      const int other = leader_of[u];
      if ((!active(u) && u != now) || (other >= 0 && other != me)) continue;
      // On the unit's kept frame, after a centre bound (issue 9: two sines a unit and leader).
      const Rect f = footprint_of(u);
      const double bound = half_diagonal(f) + leader_in * kMm + 1.0;
      const Vec2 d = l.position - f.centre;
      if (d.dot(d) > bound * bound || distance(frame_of(u), l.position) / kMm > leader_in) {
        continue;
      }
      Action a;
      a.unit = u;
      a.target = u;
      a.rate = "leader";
      double g = 0;  // read only by a leader with no unit (issue 9: asked for every unit)
      if (now < 0) {
        const int e = nearest_enemy(u);
        g = e >= 0 ? nearest_gap_mm(u, e) / kMm : 0;  // gap_in(u, e)
      }
      const bool first = u == now || (now < 0 && g < best_gap);
      if (now < 0 && g < best_gap) best_gap = g;
      legal.insert(first ? legal.begin() : legal.end(), a);
    }
    if (legal.empty()) continue;
    OrderSource* src = side < static_cast<int>(sources_.size()) ? sources_[side] : nullptr;
    int pick = legal.front().target;
    if (legal.size() > 1 && src != nullptr) {
      const int chosen = src->react(*this, legal.front().unit, legal).target;
      for (const Action& a : legal) {
        if (a.target == chosen) pick = chosen;
      }
    }
    if (pick == l.attached_unit) continue;
    const int from = l.attached_unit;
    l.attached_unit = pick;
    moved(me, from, pick);
    l.position = force_.units[pick].footprint().centre;
    if (from >= 0) touch(from);
    touch(pick);
    touches_.touch_leader(me);
    log.append(event(log, EventKind::kStatus, pick, [&](Event& e) {
      e.text = from >= 0 ? joined({l.name, " detaches from ", name(from), " and attaches to ",
                                   name(pick), " (L7, D12-22)"})
                         : joined({l.name, " attaches to ", name(pick), " (L7, D12-22)"});
      e.data = {{"leader", Value(l.id)}};
    }));
  }
  snap_.clear();
}

// R-001-4: the first special casualty on a unit with a leader hits him; returns the
// special casualties left (each +1 DM).
int BattleED::leader_hit(int unit, int special, EventLog& log) {
  const int li = attached_leader(unit);
  if (special <= 0 || li < 0 || !opts_.special_leader_or_dm) return special;
  Leader& l = force_.leaders[li];
  const int face = dice_.roll(12);
  l.alive = false;
  l.attached_unit = -1;
  leaders_changed();
  touch(unit);
  touches_.touch_leader(li);
  log.append(event(log, EventKind::kStatus, unit, [&](Event& e) {
    e.text = fmt::format("{} is {} with {} (special casualty, R-001-4)", l.name,
                         face <= 6 ? "wounded" : "killed", name(unit));
    RollRecord& r = e.rolls.emplace_back();
    start_record(&r, "leader hit", 6, "R-001-4");
    r.dice = "1d12";
    r.faces = {face};
    r.result = face <= 6 ? "wounded (1-6)" : "killed (7-12)";
    e.data = {{"leader", Value(l.id)}};
  }));
  return special - 1;
}

}  // namespace smoothbore::elan_drill
