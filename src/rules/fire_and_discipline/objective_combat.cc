#include "rules/fire_and_discipline/objective_combat.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "rules/battle.h"
#include "rules/fire_and_discipline/casualties.h"
#include "rules/fire_and_discipline/melee_phase.h"
#include "rules/fire_and_discipline/objective_zones.h"

namespace smoothbore::fire_and_discipline {
namespace {

constexpr double kLeaveStepYd = 10;
constexpr double kLeaveMaxYd = 100;  // a flee (§5.5)
constexpr int kOccupySteps = 10;

std::size_t z(int i) { return static_cast<std::size_t>(i); }

std::string name_of(const FdState& s, int u) {
  const Unit& unit = s.force.units[z(u)];
  return unit.name.empty() ? unit.id : unit.name;
}

std::string zone_name(const FdState& s, int o) {
  const Objective& obj = s.scenario->objectives[z(o)];
  return obj.name.empty() ? obj.id : obj.name;
}

void emit(const FdState& s, EventLog& log, EventKind kind, int unit, int target, std::string text,
          Fields data = {}) {
  if (counted_quietly(log, kind)) return;
  Event e;
  e.kind = kind;
  e.turn = s.turn;
  e.phase = "VII.1 objective combat";
  if (unit >= 0) {
    e.unit = s.force.units[z(unit)].id;
    e.side = s.force.sides[z(s.force.units[z(unit)].side)].id;
  }
  if (target >= 0) e.target = s.force.units[z(target)].id;
  e.text = std::move(text);
  e.data = std::move(data);
  log.append(std::move(e));
}

bool same_pair(const Melee& m, int a, int b) {
  return (m.charger == a && m.target == b) || (m.charger == b && m.target == a);
}

// Whether any live stand of side `side` (units on the table, not surrendered) has its
// centre in zone `o`.
bool side_in_zone(const FdState& s, int side, int o) {
  for (std::size_t u = 0; u < s.force.units.size(); ++u) {
    const Unit& unit = s.force.units[u];
    if (unit.side != side || !unit.on_table() || s.units[u].surrendered) continue;
    for (const Stand& st : unit.stands) {
      if (!st.removed && st.castings > 0 && in_zone(s, o, st.rect.centre)) return true;
    }
  }
  return false;
}

bool unit_in_zone(const FdState& s, int unit, int o) {
  const Unit& u = s.force.units[z(unit)];
  if (!u.on_table()) return false;
  return std::any_of(u.stands.begin(), u.stands.end(),
                     [&](const Stand& st) { return !st.removed && in_zone(s, o, st.rect.centre); });
}

// A unit that left is no longer locked with opponents it no longer touches (§8.18).
void disengage(FdState& s, int unit) {
  std::vector<int>& mine = s.units[z(unit)].engaged_with;
  for (auto it = mine.begin(); it != mine.end();) {
    if (!stand_contacts(s, unit, *it).empty()) {
      ++it;
      continue;
    }
    std::vector<int>& theirs = s.units[z(*it)].engaged_with;
    theirs.erase(std::remove(theirs.begin(), theirs.end(), unit), theirs.end());
    touch_unit(s, *it);
    touch_unit(s, unit);
    it = mine.erase(it);
  }
}

bool failed_morale(const FdState& s, int u, const ObjectiveDefence::Before& b) {
  const UnitState& st = s.units[z(u)];
  return st.halted_until > b.halted_until || (st.fled_this_turn && !b.fled) ||
         (b.on_table && !s.force.units[z(u)].on_table()) || st.surrendered;
}

}  // namespace

bool is_objective_combat(const FdState& s, const Melee& m) {
  for (const StandContact& c : m.contacts) {
    if (occupied_zone(s, c.a) >= 0 || occupied_zone(s, c.b) >= 0) return true;
  }
  return false;
}

std::vector<Melee> take_objective_combats(const FdState& s, std::vector<Melee>& melees) {
  std::vector<Melee> obj;
  std::vector<Melee> rest;
  for (Melee& m : melees) (is_objective_combat(s, m) ? obj : rest).push_back(std::move(m));
  // Engaged pairs from earlier turns (§8.45) fighting over a zone.
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    for (int o : s.units[z(u)].engaged_with) {
      if (o < u || !s.force.units[z(u)].on_table() || !s.force.units[z(o)].on_table() ||
          s.units[z(u)].surrendered || s.units[z(o)].surrendered) {
        continue;
      }
      auto known = [&](const std::vector<Melee>& ms) {
        return std::any_of(ms.begin(), ms.end(),
                           [&](const Melee& m) { return same_pair(m, u, o); });
      };
      if (known(obj) || known(rest)) continue;
      Melee m;
      m.charger = u;
      m.target = o;
      m.engaged = true;
      m.contacts = stand_contacts(s, u, o);
      if (!m.contacts.empty() && is_objective_combat(s, m)) obj.push_back(std::move(m));
    }
  }
  melees = std::move(rest);
  return obj;
}

ObjectiveDefence defend_objectives(const FdState& s, const std::vector<Melee>& melees,
                                   EventLog& log) {
  ObjectiveDefence d;
  for (const Melee& m : melees) {
    for (int u : {m.charger, m.target}) {
      const UnitState& st = s.units[z(u)];
      d.before[u] = {st.halted_until, st.fled_this_turn, s.force.units[z(u)].on_table()};
    }
    for (const StandContact& c : m.contacts) {
      for (const StandRef& r : {c.a, c.b}) {
        const int o = occupied_zone(s, r);
        if (o < 0) continue;
        const int side = s.force.units[z(r.unit)].side;
        const int attacker = r.unit == m.charger ? m.target : m.charger;
        auto it = std::find_if(
            d.zones.begin(), d.zones.end(),
            [&](const ObjectiveDefence::Zone& x) { return x.zone == o && x.side == side; });
        if (it == d.zones.end()) {
          d.zones.push_back({o, side, {}, {}});
          it = d.zones.end() - 1;
        }
        if (std::find(it->attackers.begin(), it->attackers.end(), attacker) ==
            it->attackers.end()) {
          it->attackers.push_back(attacker);
        }
        if (std::find(it->defenders.begin(), it->defenders.end(), r.unit) == it->defenders.end()) {
          it->defenders.push_back(r.unit);
        }
      }
    }
  }
  auto names = [&](const std::vector<int>& units) {
    std::string out;
    for (int u : units) out += (out.empty() ? "" : " and ") + name_of(s, u);
    return out;
  };
  for (const ObjectiveDefence::Zone& zd : d.zones) {
    emit(s, log, EventKind::kMelee, zd.attackers.front(), zd.defenders.front(),
         fmt::format("Objective combat at {} (VII.1, FD-49): {} against {} holding it",
                     zone_name(s, zd.zone), names(zd.attackers), names(zd.defenders)),
         {{"objective", Value(s.scenario->objectives[z(zd.zone)].id)}});
  }
  return d;
}

void conclude_objective_combats(FdState& s, const ObjectiveDefence& d, EventLog& log) {
  auto before = [&](int u) {
    auto it = d.before.find(u);
    return it != d.before.end() ? it->second : ObjectiveDefence::Before{};
  };
  // Losers that failed morale leave (FD-49).
  for (const ObjectiveDefence::Zone& zd : d.zones) {
    Vec2 cause;
    for (int a : zd.attackers) cause = cause + s.force.units[z(a)].footprint().centre;
    cause = cause * (1.0 / static_cast<double>(zd.attackers.size()));
    for (int u : zd.defenders) {
      if (failed_morale(s, u, before(u)) && s.force.units[z(u)].on_table()) {
        leave_zone(s, u, zd.zone, cause, log);
        disengage(s, u);
      }
    }
  }
  // The winner may occupy (FD-49): once no defender is left in the zone.
  for (const ObjectiveDefence::Zone& zd : d.zones) {
    if (side_in_zone(s, zd.side, zd.zone)) continue;
    for (int a : zd.attackers) {
      const UnitState& st = s.units[z(a)];
      if (!s.force.units[z(a)].on_table() || st.surrendered || !st.engaged_with.empty() ||
          failed_morale(s, a, before(a))) {
        continue;
      }
      if (occupy_zone(s, a, zd.zone, log)) break;
    }
  }
}

bool occupy_zone(FdState& s, int unit, int objective, EventLog& log) {
  Unit& u = s.force.units[z(unit)];
  const Objective& obj = s.scenario->objectives[z(objective)];
  const Vec2 c = u.footprint().centre;
  const Vec2 to = obj.position - c;
  const double reach = std::min(to.length(), s.mm(charge_rate_yd(s, unit)));
  if (reach < s.mm(1)) return false;  // already at the centre
  const Vec2 dir = to.normalized();
  for (int k = kOccupySteps; k >= 1; --k) {
    const Vec2 shift = dir * (reach * k / kOccupySteps);
    bool ok = true;
    bool inside = false;
    for (const Stand& st : u.stands) {
      if (st.removed) continue;
      Rect r = st.rect;
      r.centre = r.centre + shift;
      inside = inside || in_zone(s, objective, r.centre);
      ok = ok && s.table().contains(r);
      for (std::size_t o = 0; o < s.force.units.size() && ok; ++o) {
        if (static_cast<int>(o) == unit || !s.force.units[o].on_table()) continue;
        for (const Stand& other : s.force.units[o].stands) {
          ok = ok && (other.removed || !overlaps(r, other.rect, s.mm(0.1)));
        }
      }
    }
    if (!ok || !inside) continue;
    for (Stand& st : u.stands) st.rect.centre = st.rect.centre + shift;
    touch_stands(s, unit);
    emit(s, log, EventKind::kMove, unit, -1,
         fmt::format("{} occupies {}, {:.0f} yd forward (VII.1, FD-49)", name_of(s, unit),
                     zone_name(s, objective), s.yd(shift.length())),
         {{"objective", Value(obj.id)}, {"distance_yd", Value(s.yd(shift.length()))}});
    return true;
  }
  return false;
}

void leave_zone(FdState& s, int unit, int objective, Vec2 cause, EventLog& log) {
  if (!unit_in_zone(s, unit, objective)) return;
  // The least whole 10 yd along the flee (FD-26) that clears the zone, tried on a copy.
  double yards = kLeaveMaxYd;
  for (double y = kLeaveStepYd; y < kLeaveMaxYd; y += kLeaveStepYd) {
    FdState trial = s;
    EventLog scratch(/*quiet=*/true);
    flee(trial, unit, cause, /*before_movement=*/false, scratch, y);
    if (!trial.force.units[z(unit)].on_table() || !unit_in_zone(trial, unit, objective)) {
      yards = y;
      break;
    }
  }
  emit(s, log, EventKind::kMove, unit, -1,
       fmt::format("{} failed its morale and leaves {} (VII.1, FD-49)", name_of(s, unit),
                   zone_name(s, objective)),
       {{"objective", Value(s.scenario->objectives[z(objective)].id)}});
  flee(s, unit, cause, /*before_movement=*/false, log, yards);
}

}  // namespace smoothbore::fire_and_discipline
