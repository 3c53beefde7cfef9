#include "rules/fire_and_discipline/objective_combat.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "rules/fire_and_discipline/casualties.h"
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
    it = mine.erase(it);
  }
}

// What a unit looked like before the round, to tell a failed morale check afterwards.
struct Before {
  int halted_until = -1;
  bool fled = false;
  bool on_table = true;
};

bool failed_morale(const FdState& s, int u, const Before& b) {
  const UnitState& st = s.units[z(u)];
  return st.halted_until > b.halted_until || (st.fled_this_turn && !b.fled) ||
         (b.on_table && !s.force.units[z(u)].on_table()) || st.surrendered;
}

// A zone defended in one of the combats: the defending side and their opponents there.
struct Defended {
  int zone = -1;
  int side = -1;
  std::vector<int> attackers;  // in melee order
  std::vector<int> defenders;
};

}  // namespace

bool is_objective_combat(const FdState& s, const Melee& m) {
  for (const StandContact& c : m.contacts) {
    if (occupied_zone(s, c.a) >= 0 || occupied_zone(s, c.b) >= 0) return true;
  }
  return false;
}

UnitPairs objective_combat(FdState& s, MeleeBook& book, Chance& dice, EventLog& log) {
  MeleeBook obj;
  obj.charged = book.charged;
  obj.add_engaged = false;
  std::vector<Melee> rest;
  for (Melee& m : book.melees) {
    (is_objective_combat(s, m) ? obj.melees : rest).push_back(std::move(m));
  }
  book.melees = std::move(rest);
  // Engaged pairs from earlier turns (§8.45) fighting over a zone.
  for (int u = 0; u < static_cast<int>(s.units.size()); ++u) {
    for (int o : s.units[z(u)].engaged_with) {
      if (o < u || !s.force.units[z(u)].on_table() || !s.force.units[z(o)].on_table()) continue;
      auto known = [&](const std::vector<Melee>& ms) {
        return std::any_of(ms.begin(), ms.end(),
                           [&](const Melee& m) { return same_pair(m, u, o); });
      };
      if (known(obj.melees) || known(book.melees)) continue;
      Melee m;
      m.charger = u;
      m.target = o;
      m.engaged = true;
      m.contacts = stand_contacts(s, u, o);
      if (!m.contacts.empty() && is_objective_combat(s, m)) obj.melees.push_back(std::move(m));
    }
  }
  if (obj.melees.empty()) return {};

  // Who defends which zone, and the state before the round.
  std::vector<Defended> defended;
  std::map<int, Before> before;
  std::map<int, std::vector<int>> engaged_before;
  for (const Melee& m : obj.melees) {
    for (int u : {m.charger, m.target}) {
      const UnitState& st = s.units[z(u)];
      before[u] = {st.halted_until, st.fled_this_turn, s.force.units[z(u)].on_table()};
      engaged_before[u] = st.engaged_with;
    }
    for (const StandContact& c : m.contacts) {
      for (const StandRef& r : {c.a, c.b}) {
        const int o = occupied_zone(s, r);
        if (o < 0) continue;
        const int side = s.force.units[z(r.unit)].side;
        const int attacker = r.unit == m.charger ? m.target : m.charger;
        auto it = std::find_if(defended.begin(), defended.end(),
                               [&](const Defended& d) { return d.zone == o && d.side == side; });
        if (it == defended.end()) {
          defended.push_back({o, side, {}, {}});
          it = defended.end() - 1;
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
  for (const Defended& d : defended) {
    emit(s, log, EventKind::kMelee, d.attackers.front(), d.defenders.front(),
         fmt::format("Objective combat at {} (VII.1, FD-49): {} against {} holding it",
                     zone_name(s, d.zone), names(d.attackers), names(d.defenders)),
         {{"objective", Value(s.scenario->objectives[z(d.zone)].id)}});
  }

  resolve_melees(s, obj, dice, log);

  // Engaged pairs outside these combats survive resolve_melees' reset of its units.
  for (const auto& [u, pairs] : engaged_before) {
    for (int o : pairs) {
      const bool fought = std::any_of(obj.melees.begin(), obj.melees.end(),
                                      [&](const Melee& m) { return same_pair(m, u, o); });
      std::vector<int>& now = s.units[z(u)].engaged_with;
      if (fought || !s.force.units[z(o)].on_table() ||
          std::find(now.begin(), now.end(), o) != now.end()) {
        continue;
      }
      now.push_back(o);
    }
  }
  for (const Melee& m : obj.melees) book.fought.emplace_back(m.charger, m.target);

  // Losers that failed morale leave (FD-49).
  for (const Defended& d : defended) {
    Vec2 cause;
    for (int a : d.attackers) cause = cause + s.force.units[z(a)].footprint().centre;
    cause = cause * (1.0 / static_cast<double>(d.attackers.size()));
    for (int u : d.defenders) {
      if (failed_morale(s, u, before[u]) && s.force.units[z(u)].on_table()) {
        leave_zone(s, u, d.zone, cause, log);
        disengage(s, u);
      }
    }
  }
  // The winner may occupy (FD-49): once no defender is left in the zone.
  UnitPairs engaged;
  for (const Defended& d : defended) {
    if (side_in_zone(s, d.side, d.zone)) continue;
    for (int a : d.attackers) {
      const UnitState& st = s.units[z(a)];
      if (!s.force.units[z(a)].on_table() || st.surrendered || !st.engaged_with.empty() ||
          failed_morale(s, a, before[a])) {
        continue;
      }
      if (occupy_zone(s, a, d.zone, log)) break;
    }
  }
  for (const Melee& m : obj.melees) {
    const std::vector<int>& e = s.units[z(m.charger)].engaged_with;
    if (std::find(e.begin(), e.end(), m.target) != e.end())
      engaged.emplace_back(m.charger, m.target);
  }
  return engaged;
}

void keep_engaged(FdState& s, const UnitPairs& pairs) {
  for (const auto& [a, b] : pairs) {
    if (!s.force.units[z(a)].on_table() || !s.force.units[z(b)].on_table() ||
        stand_contacts(s, a, b).empty()) {
      continue;
    }
    for (const auto& [u, o] : {std::pair{a, b}, std::pair{b, a}}) {
      std::vector<int>& e = s.units[z(u)].engaged_with;
      if (std::find(e.begin(), e.end(), o) == e.end()) e.push_back(o);
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
    EventLog scratch;
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
